// The PDF pool renders in worker threads within a time budget: a render over budget is stopped
// (piscina terminates its thread) and answered with the 503 envelope error, never a hang, and
// the pool renders again afterwards. Worker threads get the tsx loader when the worker file is
// TypeScript, whether the parent runs under `node --import tsx`, the tsx command or a test runner.
import { PdfPool, workerExecArgv } from "../../src/service/exports/pdf-pool";
import { ServiceError } from "../../src/service/envelope";
import { sampleDocument, SAMPLE_COMPANY } from "../fixtures/files/sample-document";

jest.setTimeout(120_000);

const small = { family: "tax-invoices" as const, doc: sampleDocument(5), company: SAMPLE_COMPANY, culture: "th" as const };
/** Far more than any document may hold: minutes of layout, so it is over any budget on any machine. */
const huge = {
  ...small,
  doc: { ...sampleDocument(5), items: Array.from({ length: 5_000 }, (_, i) => ({ name: `Line ${i}`, description: "ค่าบริการที่ปรึกษา ".repeat(60), quantity: 1, total: 1 })) },
  versions: ["original" as const, "copy" as const],
};

describe("worker threads' node options", () => {
  test("a TypeScript worker gets tsx unless the parent already loads it; a JavaScript worker gets the parent's options", () => {
    expect(workerExecArgv([], "/app/src/service/exports/pdf-worker.ts")).toEqual(["--import", "tsx"]);
    expect(workerExecArgv(["--import", "tsx"], "/app/pdf-worker.ts")).toEqual(["--import", "tsx"]);
    const tsxCommand = ["--require", "/app/node_modules/tsx/dist/preflight.cjs", "--import", "file:///app/node_modules/tsx/dist/loader.mjs"];
    expect(workerExecArgv(tsxCommand, "/app/pdf-worker.ts")).toEqual(tsxCommand);
    expect(workerExecArgv(["--enable-source-maps"], "/app/build/service/exports/pdf-worker.js")).toEqual(["--enable-source-maps"]);
  });
});

describe("PDF pool", () => {
  const pools: PdfPool[] = [];
  afterAll(() => Promise.all(pools.map((p) => p.close())));
  const pool = (budgetMs: number) => {
    const p = new PdfPool({ budgetMs, threads: 1 });
    pools.push(p);
    return p;
  };

  /** The pool of the first test, its thread started (a thread's start under tsx is seconds). */
  let rendered: PdfPool | undefined;

  test("renders a document in a worker thread", async () => {
    rendered = pool(60_000);
    const pdf = await rendered.render(small);
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("a render over budget is stopped with a 503 error, on time, and the pool renders again afterwards", async () => {
    const p = pool(2_000);
    const started = performance.now();
    const err = await p.render(huge).then(() => null, (e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(2_000 + 3_000);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ httpStatus: 503, code: 503, data: null, message: expect.stringMatching(/PDF export took longer than 2 s/) });
    // A new thread starts for the next render; on a loaded machine its first render (a thread
    // started, fonts read, layout warmed up) may take seconds itself, so it gets a budget of its own:
    // what matters is that the pool recovers, not how fast.
    const again = await p.render(small, 60_000);
    expect(again.subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("close() stops the threads; a later render starts them again", async () => {
    const p = rendered ?? pool(60_000);
    await p.render(small);
    await p.close();
    expect((await p.render(small)).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
