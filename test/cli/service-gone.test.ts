// `docsheet post` when the service dies part way (SIGKILL once the run has reported a few rows):
// the command stops within the documents already on their way, exits 2 with a message counting
// what was posted and not sent, and the saved workbook tells the truth for every row.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { READ_BACK_MAX } from "../../src/jobs/post";
import { BIN, REPO } from "./run";
import { cliOwnSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

// A service of the file's own: the test kills it.
const s = cliOwnSession("service-gone");
const CONCURRENCY = 4;

interface Run {
  code: number | null;
  stderr: string;
  /** Progress lines ("post: g1 (row 2): created (1/30)") printed after the service was killed. */
  afterKill: string[];
}

/** Runs the bin, killing the service once `after` progress lines have been printed. */
function runKillingService(args: string[], after: number): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let seen = 0;
    let killed = false;
    const afterKill: string[] = [];
    child.stderr.on("data", (chunk: Buffer) => {
      const start = stderr.length;
      stderr += chunk.toString();
      // Whole lines only: a chunk may end mid-line.
      const from = stderr.lastIndexOf("\n", start - 1) + 1;
      const lines = stderr.slice(from, stderr.lastIndexOf("\n") + 1).split("\n").filter((l) => l.startsWith("post: "));
      for (const line of lines.slice(from < start ? 1 : 0)) {
        if (killed) afterKill.push(line);
        else if (++seen === after) {
          killed = true;
          process.kill(s.service.pid, "SIGKILL");
        }
      }
    });
    child.stdout.resume();
    child.on("error", fail);
    child.on("close", (code) => done({ code, stderr, afterKill }));
  });
}

it("post stops at once when the service dies, exits 2 and says what was posted and that posting again is safe", async () => {
  // More rows than a post creates ahead of their read-back (READ_BACK_MAX).
  const n = 60;
  const rows: unknown[][] = [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"]];
  for (let i = 1; i <= n; i++) rows.push([`g${i}`, `gone customer ${i}`, "2026-03-01", true, "Widget", i, 100]);
  const book = await writeBook(join(s.dir, "gone.xlsx"), rows);
  const out = join(s.dir, "gone.posted.xlsx");

  const run = await runKillingService(
    ["post", book, "--family", "quotations", "--base-url", s.service.root, ...s.auth, "--out", out, "--concurrency", String(CONCURRENCY)], 5,
  );
  expect(run.code).toBe(2);
  // Rows reported after the kill, but for those said "not sent" at the end: answered by the service
  // before it died (at most the ones on their way), or tried against the dead service (at most one
  // per worker: then the run stops), not every row left. Created documents on their way include
  // those waiting for their read-back against a racing post's copy (the race guard: at most
  // READ_BACK_MAX), which the dead service leaves "created (could not be checked …)".
  const reported = run.afterKill.filter((l) => !/not sent/.test(l));
  expect(reported.filter((l) => /: created\b.*\(\d+\/\d+\)$/.test(l)).length).toBeLessThanOrEqual(CONCURRENCY + READ_BACK_MAX);
  expect(reported.filter((l) => !/: created\b.*\(\d+\/\d+\)$/.test(l)).length).toBeLessThanOrEqual(CONCURRENCY);

  const sheet = await sheetRows(out);
  expect(sheet).toHaveLength(n);
  const created = sheet.filter((r) => /^created\b/.test(String(r.result)));
  const notSent = sheet.filter((r) => r.result === "not sent: the service could not be reached");
  const unknown = sheet.filter((r) => /^outcome unknown/.test(String(r.result)));
  expect(created.length + notSent.length + unknown.length).toBe(n);
  expect(created.length).toBeGreaterThanOrEqual(5);
  for (const r of created) expect(typeof r.recordId).toBe("number");
  for (const r of [...notSent, ...unknown]) expect(r.recordId ?? null).toBeNull();

  const said = run.stderr.split("\n").find((l) => l.startsWith("docsheet: cannot post: "));
  expect(said).toMatch(/^docsheet: cannot post: stopped: the service could not be reached at http:\/\/127\.0\.0\.1:\d+\/test: [^.]+ \(ECONN\w+\)\. /);
  expect(said).toContain(`Posted in this run: ${created.length}; `);
  expect(said).toContain(`not sent: ${notSent.length}. Posting again is safe`);
  expect(said).toContain("documents already created are found, not created twice");
});
