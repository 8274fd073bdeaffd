// The jobs on the in-memory grid against the real local service (child process): progress,
// cancel, bounded concurrency, write-back, and acting on posted rows.
import { actJob } from "../../src/jobs/act";
import { checkJob } from "../../src/jobs/check";
import { postJob, READ_BACK_MAX } from "../../src/jobs/post";
import { pullJob } from "../../src/jobs/pull";
import type { Progress } from "../../src/jobs/types";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

const HEADER = ["documentKey", "ชื่อลูกค้า", "วันที่", "isVat", "item.name", "จำนวน", "ราคาต่อหน่วย", "Line discount", "VAT rate", "contactEmail"];

function sheet(prefix: string, n: number): CellValue[][] {
  const rows: CellValue[][] = [HEADER];
  for (let i = 1; i <= n; i++) {
    rows.push([`${prefix}${i}`, `${prefix} ${i}`, "2026-03-01", true, "Widget", i, "1,000.00", null, null, "buyer@example.com"]);
    rows.push([`${prefix}${i}`, null, null, null, "Fee", 1, 10, null, null, null]);
  }
  return rows;
}

describe("jobs on the memory grid", () => {
  it("check marks the cells of its findings and clears them when fixed", async () => {
    const wb = new MemoryWorkbook({ S: sheet("c", 1) });
    wb.sheet("S").values[1][5] = "many";
    const out = await checkJob(wb, { family: "quotations", mark: true, now });
    expect(out.findings.map((f) => f.cell)).toEqual(["F2"]);
    expect(wb.sheet("S").marks.get("1,5")).toMatch(/not a number/);
    wb.sheet("S").values[1][5] = 1;
    expect((await checkJob(wb, { family: "quotations", mark: true, now })).findings).toEqual([]);
    expect(wb.sheet("S").marks.size).toBe(0);
  });

  it("post picks inline for lines with their own discount or VAT rate, reports progress and writes results on every row", async () => {
    const rows = sheet("p", 3);
    rows[3][7] = 5; // line discount on p2's first line → inline
    const wb = new MemoryWorkbook({ S: rows });
    const progress: Progress[] = [];
    const out = await postJob(wb, svc.client, { family: "quotations", now, onProgress: (p) => progress.push(p) });
    expect(out.counts.created).toBe(3);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3]);
    expect(progress.every((p) => p.total === 3)).toBe(true);
    const s = wb.sheet("S").values;
    expect(s[0].slice(10)).toEqual(["recordId", "documentSerial", "status", "result", "fingerprint"]);
    for (let r = 1; r <= 6; r++) expect(s[r][13]).toBe("created");
    const inline = await svc.client.documents("quotations").get(s[3][10] as number);
    expect(inline.documentStructureType).toBe("InlineDocument");
    expect(inline.discountAmount).toBe(5);
    const simple = await svc.client.documents("quotations").get(s[1][10] as number);
    expect(simple.documentStructureType).toBe("SimpleDocument");
  });

  it("post stops starting documents when cancelled, and a second run creates only the rest", async () => {
    // More rows than a post creates ahead of their read-back (READ_BACK_MAX).
    const n = 45;
    const wb = new MemoryWorkbook({ S: sheet("k", n) });
    const ctl = new AbortController();
    // Workbook writes counted: in Excel each is a sync.
    let writes = 0;
    const write = wb.write.bind(wb);
    wb.write = (name, cells) => {
      writes++;
      return write(name, cells);
    };
    const lines: string[] = [];
    const first = await postJob(wb, svc.client, {
      family: "quotations", now, concurrency: 2, signal: ctl.signal,
      onProgress: (p) => {
        lines.push(p.message ?? "");
        if (p.done === 3) ctl.abort();
      },
    });
    expect(first.counts.created).toBeGreaterThanOrEqual(3);
    expect(first.counts.created).toBeLessThanOrEqual(3 + 2 + READ_BACK_MAX);
    const left = n - first.counts.created;
    expect(first.counts.cancelled).toBe(left);
    // Written in batches: the result headers with the first results, the documents not sent with
    // the rest at the stop (and one batch the clock may have closed), reported in one line; each row
    // still says so.
    expect(writes).toBeLessThanOrEqual(2);
    expect(wb.sheet("S").values.slice(1).filter((r) => r[13] === "not sent: cancelled")).toHaveLength(2 * left);
    expect(lines.at(-1)).toBe(`${left} documents left: not sent: cancelled`);
    expect(first.results.filter((r) => r.kind === "cancelled").map((r) => r.message)).toEqual(Array(left).fill("not sent: cancelled"));
    const second = await postJob(wb, svc.client, { family: "quotations", now });
    expect(second.counts.skipped).toBe(first.counts.created);
    expect(second.counts.created).toBe(n - first.counts.created);
    const all = [];
    for await (const page of svc.client.documents("quotations").listAll({ searchString: "k " })) all.push(...page.list);
    expect(all).toHaveLength(n);
  });

  it("acts on posted rows: status, delete", async () => {
    const wb = new MemoryWorkbook({ S: sheet("a", 2) });
    await postJob(wb, svc.client, { family: "quotations", now });
    const status = await actJob(wb, svc.client, { family: "quotations", action: { kind: "status", statusId: "approved" }, rows: [1] });
    expect(status).toMatchObject({ done: 1, failed: 0 });
    const s = () => wb.sheet("S").values;
    // Statuses as people say them for quotations.
    expect([s()[1][12], s()[2][12], s()[3][12]]).toEqual(["approved", "approved", "awaiting approval"]);

    const bad = await actJob(wb, svc.client, { family: "quotations", action: { kind: "status", statusId: "paid" } });
    expect(bad.failed).toBe(2);
    expect(String(s()[1][13])).toMatch(/cannot be set on quotation; use one of awaiting approval, approved, processed, cancelled/);

    const del = await actJob(wb, svc.client, { family: "quotations", action: { kind: "delete" }, rows: [3] });
    expect(del).toMatchObject({ done: 1, failed: 0 });
    await expect(svc.client.documents("quotations").get(s()[3][10] as number)).rejects.toThrow();
  });

  it("post creates with payment and upgrades; act records a payment", async () => {
    const wb = new MemoryWorkbook({ S: [
      ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "paymentMethod"],
      ["w1", "Paid Co", "2026-03-01", true, "Pen", 2, 50, "cash"],
    ] });
    const paid = await postJob(wb, svc.client, { family: "tax-invoices", now });
    expect(paid.results[0]).toMatchObject({ kind: "created" });
    expect(wb.sheet("S").values[1][10]).toBe("paid");

    const qt = new MemoryWorkbook({ S: [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"], ["u1", "Raise Co", "2026-03-01", true, "Pen", 1, 100]] });
    await postJob(qt, svc.client, { family: "quotations", now });
    const [qtId, qtSerial] = [qt.sheet("S").values[1][7], qt.sheet("S").values[1][8]];
    const bl = new MemoryWorkbook({ S: [
      ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "source.recordId", "Source document"],
      ["b1", "Raise Co", "2026-03-02", true, "Pen", 1, 100, qtId, qtSerial],
    ] });
    const up = await postJob(bl, svc.client, { family: "billing-notes", now });
    expect(up.results[0]).toMatchObject({ kind: "created" });
    const billing = await svc.client.documents("billing-notes").get(bl.sheet("S").values[1][9] as number);
    expect(billing.referencedToMe ?? billing.referencedByMe).toBeDefined();

    const ti = new MemoryWorkbook({ S: [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "grandTotal"], ["t1", "Later Co", "2026-03-01", true, "Pen", 1, 100, 107]] });
    await postJob(ti, svc.client, { family: "tax-invoices", now });
    const pay = await actJob(ti, svc.client, { family: "tax-invoices", action: { kind: "payment", paymentMethod: 1 }, now });
    expect(pay).toMatchObject({ done: 1, failed: 0 });
    expect(ti.sheet("S").values[1][10]).toBe("paid");
    expect(ti.sheet("S").values[1][11]).toBe("paid 107");
  });

  it("pull fills a table sheet from every page", async () => {
    const wb = new MemoryWorkbook({ S: [] });
    // The service trims the search to "p": only the three "p N" quotations of the post test hold a "p".
    const out = await pullJob(wb, svc.client, { family: "quotations", query: { searchString: "p " }, lines: true });
    expect(out.documents).toBe(3);
    expect(out.rows).toBe(6);
    const rows = wb.sheet(out.sheet).values;
    expect(rows[0]).toContain("Unit price");
    expect(wb.sheet(out.sheet).validations.size).toBeGreaterThan(0);
  });
});
