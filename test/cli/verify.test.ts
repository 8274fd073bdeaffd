// Nothing acts on what it cannot verify, on real .xlsx files through the command's main (runner.js)
// against the real local service: `undo` of a workbook whose "DocSheet records" sheet was edited by
// hand (ids of other documents added, a serial changed) refuses those and undoes the rest; `update`
// of a row whose record id was typed over and whose fingerprint was cleared sends nothing to the other
// document; `act delete` of a row whose serial names another document deletes nothing.
import { join } from "node:path";
import { loadPostRecord, savePostRecord } from "../../src/jobs/post-record";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { cliRunner } from "./run";
import { cliSession, editCells, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("verify");
const docsheet = cliRunner();
const conn = (family: string): string[] => ["--family", family, "--base-url", s.service.root, ...s.auth];

/** A workbook of one-line documents, one per key, posted as `family` in place. */
async function postedBook(name: string, family: string, keys: string[]): Promise<string> {
  const rows: unknown[][] = [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "Remarks"]];
  for (const k of keys) rows.push([k, `CLI verify ${k} Co`, "2026-03-04", true, "Pen", 3, 100, "first"]);
  const path = await writeBook(join(s.dir, name), rows);
  const post = await docsheet(["post", path, ...conn(family), "--in-place"]);
  expect(post.code).toBe(0);
  return path;
}

describe("commands refuse what they cannot verify on the service", () => {
  it("undo: a records sheet edited by hand is refused where edited, the rest undone", async () => {
    const other = await sheetRows(await postedBook("other.xlsx", "tax-invoices", ["o1", "o2"]));
    const path = await postedBook("undo.xlsx", "tax-invoices", ["h1", "h2", "h3"]);
    const rows = await sheetRows(path);
    const book = await XlsxWorkbook.load(path);
    const record = (await loadPostRecord(book, "tax-invoices"))!;
    record.documents = [
      ...record.documents.map((d) => (d.recordId === rows[1].recordId ? { ...d, serial: "INV-TYPED" } : d)),
      ...other.map((r, i) => ({ key: `added${i + 1}`, rows: [], recordId: r.recordId as number, serial: String(r.documentSerial), created: true })),
    ];
    await savePostRecord(book, record, "tax-invoices");
    await book.save(path);

    const undo = await docsheet(["undo", path, ...conn("tax-invoices"), "--in-place"]);
    expect(undo.stderr).toBe("");
    expect(undo.code).toBe(1);
    expect(undo.stdout).toContain("h2 (row 3): Not undone: INV-TYPED: this post's record of it was changed by hand");
    expect(undo.stdout).toContain(`added1: Not undone: ${String(other[0].documentSerial)} cannot be verified as this post's document (the record keeps neither its marker nor a fingerprint that matches)`);
    expect(undo.stdout).toMatch(/^undone: 0 deleted, 2 voided, 0 already deleted or void, 0 left alone, 3 refused \(not verified as this post's\), 0 failed; wrote /m);
    const api = s.client.documents("tax-invoices");
    for (const r of [...other, rows[1]]) expect((await api.get(r.recordId as number)).statusString).toBe("awaiting");
    for (const r of [rows[0], rows[2]]) expect((await api.get(r.recordId as number)).statusString).toBe("void");
    const after = await sheetRows(path);
    expect(after.map((r) => r.recordId ?? null)).toEqual([null, rows[1].recordId, null]);
  });

  it("update: a record id typed over, fingerprint cleared, is refused and the other document is left as it was", async () => {
    const path = await postedBook("update.xlsx", "quotations", ["u1", "u2"]);
    const rows = await sheetRows(path);
    await editCells(path, [[0, "recordId", rows[1].recordId as number], [0, "fingerprint", null], [0, "Remarks", "overwrite"]]);

    const run = await docsheet(["update", path, ...conn("quotations"), "--lang", "th"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`u1 (แถว 2): ปฏิเสธ: รหัสในระบบ ${String(rows[1].recordId)} คือ ${String(rows[1].documentSerial)} ไม่ใช่ ${String(rows[0].documentSerial)} ตามที่แถวนี้ระบุ`);
    for (const r of rows) expect((await s.client.documents("quotations").get(r.recordId as number)).remarks).toBe("first");
  });

  it("act delete: a row whose serial names another document deletes nothing", async () => {
    const path = await postedBook("delete.xlsx", "quotations", ["d1", "d2"]);
    const rows = await sheetRows(path);
    await editCells(path, [[0, "documentSerial", String(rows[1].documentSerial)]]);

    const run = await docsheet(["act", path, ...conn("quotations"), "--action", "delete", "--rows", "2", "--in-place"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`d1 (row 2): refused: record id ${String(rows[0].recordId)} is ${String(rows[0].documentSerial)} on the service, not ${String(rows[1].documentSerial)} as the row says`);
    for (const r of rows) expect((await s.client.documents("quotations").get(r.recordId as number)).statusString).toBe("awaiting");
  });
});
