// The service dies in the middle of a job (SIGKILL from the job's own progress callback): the job
// stops at once instead of trying every row left, says what it did and did not send, and the sheet
// tells the truth for every row. Real local service over HTTP, killed for real.
import { createClient, type DocSheetClient } from "../../src/api";
import { defaultSleep } from "../../src/api/backoff";
import { actJob } from "../../src/jobs/act";
import { postJob, READ_BACK_MAX } from "../../src/jobs/post";
import { ConnectionError } from "../../src/jobs/stop";
import { loadPostRecord } from "../../src/jobs/post-record";
import { undoJob } from "../../src/jobs/undo";
import { updateJob } from "../../src/jobs/update";
import type { Progress } from "../../src/jobs/types";
import { describeError } from "../../src/taskpane/errors";
import { translator } from "../../src/taskpane/i18n";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { LOCAL_STORE, startTestService, type TestService } from "../helpers/service";
import { cell, now } from "./service";

jest.setTimeout(120_000);

const HEADER = ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"];
const CONCURRENCY = 4;

function sheet(prefix: string, n: number): CellValue[][] {
  const rows: CellValue[][] = [HEADER];
  for (let i = 1; i <= n; i++) rows.push([`${prefix}${i}`, `${prefix} customer ${i}`, "2026-03-01", true, "Widget", i, 100]);
  return rows;
}

/** The client retries a lost answer (4 times) as always, but without the backoff's waits between
 * attempts, which on a dead service only delay the stop these tests are about by seconds. */
const noWait = (_ms: number, signal?: AbortSignal): Promise<void> => defaultSleep(0, signal);
const clientOf = (service: TestService): DocSheetClient =>
  createClient({ root: service.root, clientId: "demo", clientSecret: "demo-secret", sleep: noWait });

/** SIGKILL, no shutdown of any kind; the test's service object still cleans up its store later. */
const kill = (service: TestService): void => {
  process.kill(service.pid, "SIGKILL");
};

/**
 * Progress that kills the service once `after` rows are reported, and sorts the rows the job reports
 * after that: `answered` ones the service did before it died (at most the documents on their way
 * when it was killed), `tried` ones that met the dead service (at most one per worker: then the job
 * stops). Rows said "not sent" at the end are in neither; with no stop, every row left was tried.
 */
function killingProgress(service: TestService, after: number, notSent: RegExp, done: RegExp) {
  const seen: Progress[] = [];
  let killedAt = -1;
  return {
    onProgress: (p: Progress) => {
      seen.push(p);
      if (killedAt < 0 && p.done === after) {
        killedAt = seen.length;
        kill(service);
      }
    },
    afterKill: () => {
      const reported = seen.slice(killedAt).map((p) => p.message ?? "").filter((m) => !notSent.test(m));
      return { answered: reported.filter((m) => done.test(m)), tried: reported.filter((m) => !done.test(m)) };
    },
    killed: () => killedAt >= 0,
  };
}

/** Rows reported after the kill: bounded by the concurrency, not by the rows left. A post's created
 * documents on their way also include those being read back (the race guard, at most 2 × CONCURRENCY). */
function expectStoppedAtOnce(after: { answered: string[]; tried: string[] }, readBack = 0): void {
  expect(after.answered.length).toBeLessThanOrEqual(CONCURRENCY + readBack);
  expect(after.tried.length).toBeLessThanOrEqual(CONCURRENCY);
}

/** Each row's result text. */
const resultsOf = (wb: MemoryWorkbook, n: number): string[] => Array.from({ length: n }, (_, i) => String(cell(wb, i + 1, "result")));

/** Rows done: at least those before the kill, at most one more per worker (answers already on their
 * way may still arrive); rows left alone: all but those and at most one unknown per worker. */
function expectDoneAndLeft(done: number, left: number, n: number, beforeKill: number, readBack = 0): void {
  expect(done).toBeGreaterThanOrEqual(beforeKill);
  expect(done).toBeLessThanOrEqual(beforeKill + CONCURRENCY + readBack);
  expect(left).toBeGreaterThanOrEqual(n - done - CONCURRENCY);
}

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("the job finished although the service was killed");
}

describe("a job whose service dies part way", () => {
  const started: TestService[] = [];
  afterAll(async () => {
    for (const s of started) await s.stop();
  });

  /** A service of its own and a sheet of `n` quotations posted to it. */
  async function postedSheet(prefix: string, n: number) {
    const service = await startTestService({ store: LOCAL_STORE });
    started.push(service);
    const wb = new MemoryWorkbook({ S: sheet(prefix, n) });
    const client = clientOf(service);
    expect((await postJob(wb, client, { family: "quotations", now })).counts.created).toBe(n);
    return { service, wb, client };
  }

  it("post stops at once, every row says what became of it, and posting again creates only the rest", async () => {
    // PostgreSQL, as the other tests here: a start costs half the CPU of the embedded store's, and a
    // start on a loaded machine takes as long as its CPU time is stretched (service-process.ts).
    const service = await startTestService({ store: LOCAL_STORE });
    started.push(service);
    // More than the documents a post may have created ahead of their read-back (READ_BACK_MAX).
    const n = 60;
    const wb = new MemoryWorkbook({ S: sheet("g", n) });
    const watch = killingProgress(service, 5, /not sent/, /: created( \(could not be checked .*\))?$/);

    const err = await caught(postJob(wb, clientOf(service), { family: "quotations", now, concurrency: CONCURRENCY, onProgress: watch.onProgress }));
    expect(watch.killed()).toBe(true);
    expect(err).toBeInstanceOf(ConnectionError);
    // Stopped within the documents already on their way, not after trying all 25 left.
    expectStoppedAtOnce(watch.afterKill(), READ_BACK_MAX);

    const created: number[] = [];
    const unknown: number[] = [];
    const notSent: number[] = [];
    for (let r = 1; r <= n; r++) {
      const result = String(cell(wb, r, "result"));
      // Created, and read back or not (the service died during its read-back).
      if (/^created( \(could not be checked .*\))?$/.test(result)) {
        expect(typeof cell(wb, r, "recordId")).toBe("number");
        created.push(r);
      } else {
        expect(cell(wb, r, "recordId")).toBeNull();
        if (/^outcome unknown/.test(result)) unknown.push(r);
        else {
          expect(result).toBe("not sent: the service could not be reached");
          notSent.push(r);
        }
      }
    }
    expectDoneAndLeft(created.length, notSent.length, n, 5, READ_BACK_MAX);
    const message = (err as Error).message;
    expect(message).toMatch(/^stopped: the service could not be reached at http:\/\/127\.0\.0\.1:\d+\/test: (nothing answers there \(ECONNREFUSED\)|the connection was cut \(ECONNRESET\))\. /);
    expect(message).toContain(`Posted in this run: ${created.length}; `);
    expect(message).toContain(unknown.length > 0
      ? `outcome unknown: ${unknown.length}; not sent: ${notSent.length}. Posting again is safe and settles the unknown: documents already created are found, not created twice`
      : `not sent: ${notSent.length}. Posting again is safe: documents already created are found, not created twice`);

    // The pane shows the same account, in English and in Thai.
    expect(describeError(err, translator("en"))).toBe(message);
    expect(describeError(err, translator("th"))).toMatch(new RegExp(`^หยุดแล้ว: ติดต่อบริการที่ http://127\\.0\\.0\\.1:\\d+/test ไม่ได้: (ไม่มีบริการรอรับการเชื่อมต่อที่นั่น|การเชื่อมต่อถูกตัดกลางทาง) ส่งแล้วในรอบนี้: ${created.length} `));

    // The service back on the same store: posting again finds what was created and sends the rest, once each.
    await service.restart();
    const again = service;
    const second = await postJob(wb, clientOf(again), { family: "quotations", now, concurrency: CONCURRENCY });
    expect(second.counts.skipped).toBe(created.length);
    expect(second.counts.created + second.counts.found).toBe(n - created.length);
    const names: string[] = [];
    for await (const page of clientOf(again).documents("quotations").listAll({ searchString: "g customer" })) {
      names.push(...page.list.map((d) => String(d.contactName)));
    }
    expect(names.sort()).toEqual(Array.from({ length: n }, (_, i) => `g customer ${i + 1}`).sort());
  });

  it("act (in Thai) stops at once and leaves the rows it did not reach as they were", async () => {
    const n = 24;
    const { service, wb, client } = await postedSheet("a", n);
    const watch = killingProgress(service, 3, /ไม่ได้ส่ง/, /: เปลี่ยนสถานะเป็น/);

    const err = await caught(actJob(wb, client, {
      family: "quotations", action: { kind: "status", statusId: "approved" }, concurrency: CONCURRENCY, lang: "th", onProgress: watch.onProgress,
    }));
    expect(err).toBeInstanceOf(ConnectionError);
    expectStoppedAtOnce(watch.afterKill());
    const results = resultsOf(wb, n);
    const approved = results.filter((r) => r.startsWith("เปลี่ยนสถานะเป็น")).length;
    const untouched = results.filter((r) => r === "created").length;
    expectDoneAndLeft(approved, untouched, n, 3);
    // Every other row says its request's outcome (unknown), none claims what it cannot know.
    for (const r of results) if (r !== "created" && !r.startsWith("เปลี่ยนสถานะ")) expect(r).toMatch(/outcome unknown|ไม่ทราบผล/);
    expect((err as Error).message).toMatch(new RegExp(`^หยุดแล้ว: ติดต่อบริการที่ http://127\\.0\\.0\\.1:\\d+/test ไม่ได้: [^A-Za-z]* ทำแล้ว: ${approved} ไม่ได้ส่ง: ${n - results.filter((r) => r !== "created").length}$`));
  });

  it("undo stops at once; the documents it did not reach keep their rows and stay recorded for a later undo", async () => {
    const n = 24;
    const { service, wb, client } = await postedSheet("d", n);
    // Undo reads every document (progress 1..n), then deletes them (n+1..2n), with no message to
    // tell a deletion done from one tried: rows after the kill are bounded by both kinds at once.
    let killedAt = -1;
    const after: number[] = [];
    const err = await caught(undoJob(wb, client, {
      family: "quotations", concurrency: CONCURRENCY,
      onProgress: (p) => {
        if (killedAt >= 0) after.push(p.done);
        else if (p.done === n + 3) {
          killedAt = p.done;
          kill(service);
        }
      },
    }));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(after.length).toBeLessThanOrEqual(2 * CONCURRENCY);
    const rows = Array.from({ length: n }, (_, i) => ({ id: cell(wb, i + 1, "recordId"), result: String(cell(wb, i + 1, "result")) }));
    const undone = rows.filter((r) => r.id === null);
    const left = rows.filter((r) => r.id !== null);
    for (const r of undone) expect(r.result).toMatch(/^Undone: \S+ deleted$/);
    for (const r of left) expect(r.result).toBe("created");
    expect(undone.length).toBeGreaterThanOrEqual(3);
    expect(left.length).toBeGreaterThanOrEqual(n - 3 - 2 * CONCURRENCY);
    expect((err as Error).message).toMatch(new RegExp(`^stopped: the service could not be reached at http://127\\.0\\.0\\.1:\\d+/test: [^.]+\\. Done: ${undone.length}; not sent: ${left.length}$`));
    expect((await loadPostRecord(wb, "quotations"))?.documents.map((d) => d.recordId).sort()).toEqual(left.map((r) => r.id).sort());
  });

  it("a products post (in Thai) stops at once like the documents' post, every row left says in Thai that it was not sent", async () => {
    // It went on row by row, each saying "productMasters.create: เครือข่ายขัดข้อง (ECONNREFUSED): fetch failed".
    const service = await startTestService({ store: LOCAL_STORE });
    started.push(service);
    const n = 40;
    const rows: CellValue[][] = [["Product code", "Product name", "Sell price", "VAT"]];
    for (let i = 1; i <= n; i++) rows.push([`SG-P${i}`, `Gone product ${i}`, 100 + i, "7%"]);
    const wb = new MemoryWorkbook({ S: rows });
    const watch = killingProgress(service, 3, /ไม่ได้ส่ง/, /: สร้างแล้ว/);
    const err = await caught(postJob(wb, clientOf(service), { family: "products", now, concurrency: CONCURRENCY, lang: "th", onProgress: watch.onProgress }));
    expect(watch.killed()).toBe(true);
    expect(err).toBeInstanceOf(ConnectionError);
    // Rows that met the dead service: one per worker, then the run stops. (The ones created before
    // the kill still report as the race guard settles them, which the pool does not wait for.)
    expect(watch.afterKill().tried.length).toBeLessThanOrEqual(CONCURRENCY);
    const header = wb.sheet("S").values[0];
    const resultCol = header.indexOf("Result");
    expect(resultCol).toBeGreaterThan(0);
    const results = Array.from({ length: n }, (_, i) => String(wb.sheet("S").values[i + 1][resultCol]));
    for (const r of results) {
      expect(r).not.toMatch(/[A-Za-z]{3,}/);
      expect(r).toMatch(/^สร้างแล้ว|^ไม่ได้ส่ง: ติดต่อบริการไม่ได้$|^ไม่ทราบผล/);
    }
    const created = results.filter((r) => r.startsWith("สร้างแล้ว")).length;
    const notSent = results.filter((r) => r === "ไม่ได้ส่ง: ติดต่อบริการไม่ได้").length;
    expect(created).toBeGreaterThanOrEqual(3);
    expect(notSent).toBeGreaterThanOrEqual(n - created - CONCURRENCY);
    expect((err as Error).message).toMatch(new RegExp(`^หยุดแล้ว: ติดต่อบริการที่ http://127\\.0\\.0\\.1:\\d+/test ไม่ได้: [^A-Za-z]+ ส่งแล้วในรอบนี้: ${created} `));
    expect((err as Error).message).not.toMatch(/productMasters|fetch failed/);
  });

  it("update stops at once; rows not sent say so", async () => {
    const n = 20;
    const { service, wb, client } = await postedSheet("u", n);
    for (let r = 1; r <= n; r++) wb.sheet("S").values[r][5] = 1000 + r; // a new quantity on every row
    // Reading the service's copies reports one step per document, then sending one per document.
    const watch = killingProgress(service, 3, /not sent/, /: updated: /);
    let sending = false;
    const err = await caught(updateJob(wb, client, {
      family: "quotations", now, concurrency: CONCURRENCY,
      onProgress: (p) => {
        if (sending) watch.onProgress(p);
        else if (p.done === n) sending = true;
      },
    }));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(watch.killed()).toBe(true);
    expectStoppedAtOnce(watch.afterKill());
    const results = resultsOf(wb, n);
    const updated = results.filter((r) => r.startsWith("updated: ")).length;
    const notSent = results.filter((r) => r === "not sent: the service could not be reached").length;
    expectDoneAndLeft(updated, notSent, n, 3);
    for (const r of results) expect(r).toMatch(/^updated: |^not sent: the service could not be reached$|^outcome unknown: /);
    expect((err as Error).message).toMatch(new RegExp(`^stopped: the service could not be reached at http://127\\.0\\.0\\.1:\\d+/test: [^.]+\\. Done: ${updated}; not sent: ${notSent}$`));
  });
});
