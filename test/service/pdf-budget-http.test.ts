// PDF rendering never holds the service, over real HTTP on PostgreSQL: while the largest
// documents render (in the service's worker threads), an unrelated request is answered within a
// second; and a render over the time budget (DOCSHEET_PDF_BUDGET_MS, set tiny here) is stopped and
// answered with the envelope on every route that prints a document (export, share link, e-mail),
// the service answering as before afterwards.
import { availableParallelism } from "node:os";
import { LONG_TEXT_MAX } from "../../src/rules/limits";
import { oneStore, type StoreKind } from "../helpers/service";
import { serviceForFile, simpleBody, type Client } from "./support";

jest.setTimeout(180_000);

const LINES = 500;
/** Renders at once: one for each thread of the service's PDF pool (as src/service/exports/pdf-pool.ts
 * sizes it) and one waiting in its queue; more would only add CPU. */
const RENDERS = Math.max(1, Math.min(4, availableParallelism() - 1)) + 1;
const THAI = "ชำระเงินภายในสามสิบวันโอนเข้าบัญชีธนาคารกสิกรไทยขอบคุณที่ใช้บริการ";

/** The most a document may hold: LONG_TEXT_MAX of Thai without a space in its remarks, 500 lines. */
const largest = () =>
  simpleBody({
    remarks: THAI.repeat(Math.ceil(LONG_TEXT_MAX / THAI.length)).slice(0, LONG_TEXT_MAX),
    totalAfterDiscount: 10 * LINES,
    vatAmount: (7 * LINES) / 10,
    grandTotal: 10 * LINES + (7 * LINES) / 10,
    items: Array.from({ length: LINES }, (_, i) => ({
      name: `ค่าบริการที่ปรึกษาด้านบัญชี ${i + 1}`, description: "ประจำเดือนพฤศจิกายน (ที่ปรึกษาอาวุโส)", quantity: 1, pricePerUnit: 10, unitName: "ชิ้น",
    })),
  });

async function create(api: Client, body: Record<string, unknown>): Promise<number> {
  const a = await api.post("/tax-invoices", body);
  if (a.http !== 200) throw new Error(JSON.stringify(a.body));
  return a.body.data.recordId;
}

/** A service for this file with this PDF budget (the service reads DOCSHEET_PDF_BUDGET_MS as it starts). */
function serviceWithBudget(store: StoreKind, budgetMs: number): ReturnType<typeof serviceForFile> {
  const before = process.env.DOCSHEET_PDF_BUDGET_MS;
  beforeAll(() => {
    process.env.DOCSHEET_PDF_BUDGET_MS = String(budgetMs);
  });
  const ctx = serviceForFile(store);
  beforeAll(() => {
    if (before === undefined) delete process.env.DOCSHEET_PDF_BUDGET_MS;
    else process.env.DOCSHEET_PDF_BUDGET_MS = before;
  });
  return ctx;
}

const exportPdf = (api: Client, id: number) => api.post(`/tax-invoices/${id}/export-pdf/base64`, { document: { original: true, copy: true } });

describe.each(oneStore("postgres"))("PDF rendering off the event loop (%s)", (store) => {
  // The budget is not what this part is about: generous, so every render on a busy machine ends.
  const ctx = serviceWithBudget(store, 120_000);

  it("answers an unrelated request in under a second while the largest documents render", async () => {
    // The rendering thread started and warm (fonts loaded) on a small document: the largest are
    // rendered only while they are the point.
    expect((await exportPdf(ctx.demo, await create(ctx.demo, simpleBody({ remarks: "Warm-up" })))).http).toBe(200);
    const id = await create(ctx.demo, largest());
    let finished = 0;
    const renders = Array.from({ length: RENDERS }, () => exportPdf(ctx.demo, id).finally(() => finished++));
    await new Promise((r) => setTimeout(r, 300)); // the renders are under way
    const started = performance.now();
    const contacts = await ctx.demo.get("/contacts");
    const took = performance.now() - started;
    const renderingMeanwhile = finished < renders.length;
    const answers = await Promise.all(renders);
    expect(contacts.http).toBe(200);
    expect(renderingMeanwhile).toBe(true);
    expect(took).toBeLessThan(1_000);
    for (const a of answers) {
      expect(a.http).toBe(200);
      expect(Buffer.from(a.body.data, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    }
  });
});

describe.each(oneStore("postgres"))("PDF time budget (%s)", (store) => {
  const ctx = serviceWithBudget(store, 1);

  const expectBudgetEnvelope = (http: number, body: unknown) => {
    expect(http).toBe(503);
    expect(body).toEqual({ status: false, message: expect.stringMatching(/^PDF export took longer than 0\.001 s and was stopped/), code: 503, data: null });
  };

  it("a render over budget is stopped and answered with the envelope on every route that prints, and the service answers on", async () => {
    const id = await create(ctx.demo, simpleBody({ remarks: "Thank you" }));
    const exported = await exportPdf(ctx.demo, id);
    expectBudgetEnvelope(exported.http, exported.body);
    expect(exported.headers.get("retry-after")).toBe("5");

    const link: string = (await ctx.demo.post("/tax-invoices/sharedocument", { documentId: id })).body.data.link;
    const shared = await fetch(`${link}/pdf`);
    expectBudgetEnvelope(shared.status, await shared.json());

    const mailed = await ctx.demo.post("/tax-invoices/email-document", { documentId: id, fromemail: "accounts@demo.example", toemail: "buyer@customer.example", subject: "Tax invoice" });
    expectBudgetEnvelope(mailed.http, mailed.body);

    const contacts = await ctx.demo.get("/contacts");
    expect(contacts.http).toBe(200);
    expect(contacts.body.status).toBe(true);
    const again = await exportPdf(ctx.demo, id);
    expectBudgetEnvelope(again.http, again.body);
  });
});
