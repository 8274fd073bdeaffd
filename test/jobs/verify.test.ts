// Update and act act only on the document a row names, on the in-memory grid against the real local
// service: a record id typed over (the serial still naming another document) is refused before
// anything is sent, as is one with neither a serial nor a fingerprint to check it by; a row without a
// fingerprint is updated, its result saying changes on the service could not be checked.
import { actJob } from "../../src/jobs/act";
import { postJob } from "../../src/jobs/post";
import { updateJob } from "../../src/jobs/update";
import type { Family } from "../../src/rules/codes";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { cell, col, jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

/** n posted documents of two lines each (keys prefix1..n, rows 1-2, 3-4, ...). */
async function posted(prefix: string, n: number, family: Family): Promise<MemoryWorkbook> {
  const rows: CellValue[][] = [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "Remarks"]];
  for (let i = 1; i <= n; i++) rows.push([`${prefix}${i}`, `${prefix} Co ${i}`, "2026-03-01", true, "Pen", 3, 100, "first"], [`${prefix}${i}`, null, null, null, "Ink", 2, 12.5, null]);
  const wb = new MemoryWorkbook({ S: rows });
  expect((await postJob(wb, svc.client, { family, now })).counts.created).toBe(n);
  return wb;
}

/** Sets a cell in both rows of the document starting at `row` (the result columns are in every row). */
const set = (wb: MemoryWorkbook, row: number, header: string, value: CellValue): void => {
  for (const r of [row, row + 1]) wb.sheet("S").values[r][col(wb, header)] = value;
};

describe("update and act refuse a row whose record id they cannot verify", () => {
  it("update: a record id typed over is refused and the other document left as it was; a row without a fingerprint is sent with a warning", async () => {
    const wb = await posted("vu", 4, "quotations");
    const api = svc.client.documents("quotations");
    const [id1, id2, id3] = [1, 3, 5].map((r) => cell(wb, r, "recordId") as number);
    const [serial1, serial2] = [1, 3].map((r) => String(cell(wb, r, "documentSerial")));
    // vu1: the record id of vu2, the fingerprint cleared; vu3: the fingerprint cleared; vu4: vu2's id, no serial, no fingerprint.
    set(wb, 1, "recordId", id2);
    set(wb, 1, "fingerprint", null);
    set(wb, 5, "fingerprint", null);
    set(wb, 7, "recordId", id2);
    set(wb, 7, "documentSerial", null);
    set(wb, 7, "fingerprint", null);
    for (const r of [1, 5, 7]) wb.sheet("S").values[r][col(wb, "Remarks")] = "edited";

    const dry = await updateJob(wb, svc.client, { family: "quotations", now, dryRun: true });
    const other = `refused: record id ${id2} is ${serial2} on the service, not ${serial1} as the row says; correct the record id or the document serial`;
    const unverified = `refused: record id ${id2} (${serial2} on the service) cannot be checked against this row: it has no document serial and no fingerprint that matches; fill in the document serial`;
    expect(dry.results.map((r) => [r.key, r.kind, r.message, r.unchecked ?? false])).toEqual([
      ["vu1", "refused", other, false],
      ["vu2", "unchanged", "no changes", false],
      ["vu3", "update", "to update: Remarks; changes made on the service since cannot be checked (the row has no fingerprint)", true],
      ["vu4", "refused", unverified, false],
    ]);
    expect(dry.results[2].changes).toEqual([{ field: "Remarks", from: "first", to: "edited" }]);

    const run = await updateJob(wb, svc.client, { family: "quotations", now, lang: "th" });
    expect(run.counts).toMatchObject({ updated: 1, refused: 2 });
    expect(cell(wb, 1, "result")).toBe(`ปฏิเสธ: รหัสในระบบ ${id2} คือ ${serial2} ไม่ใช่ ${serial1} ตามที่แถวนี้ระบุ แก้รหัสเอกสารในระบบหรือเลขที่เอกสารในระบบให้ถูกต้อง`);
    expect(cell(wb, 5, "result")).toBe("แก้ไขแล้ว: หมายเหตุ แต่ตรวจไม่ได้ว่าข้อมูลบนระบบถูกแก้ไขไปก่อนหรือไม่ (แถวไม่มีรหัสตรวจสอบฉบับบนระบบ)");
    expect(cell(wb, 5, "fingerprint")).toMatch(/^2\./);
    expect(cell(wb, 7, "result")).toMatch(/^ปฏิเสธ: ตรวจไม่ได้ว่ารหัสในระบบ/);
    for (const id of [id1, id2]) expect((await api.get(id)).remarks).toBe("first");
    expect((await api.get(id3)).remarks).toBe("edited");
  });

  it("act delete: a row whose serial names another document is refused, as is one with neither serial nor fingerprint; a row without a serial but with its fingerprint is deleted", async () => {
    const wb = await posted("vd", 4, "quotations");
    const api = svc.client.documents("quotations");
    const ids = [1, 3, 5, 7].map((r) => cell(wb, r, "recordId") as number);
    const serials = [1, 3, 5, 7].map((r) => String(cell(wb, r, "documentSerial")));
    set(wb, 1, "documentSerial", serials[1]);
    set(wb, 5, "documentSerial", null);
    set(wb, 7, "documentSerial", null);
    set(wb, 7, "fingerprint", null);

    const out = await actJob(wb, svc.client, { family: "quotations", action: { kind: "delete" }, now });
    // Answered in the order the documents finish: compared by key.
    expect(out.results.map((r) => [r.key, r.ok, r.message]).sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual([
      ["vd1", false, `refused: record id ${ids[0]} is ${serials[0]} on the service, not ${serials[1]} as the row says; correct the record id or the document serial`],
      ["vd2", true, "deleted"],
      ["vd3", true, "deleted"],
      ["vd4", false, `refused: record id ${ids[3]} (${serials[3]} on the service) cannot be checked against this row: it has no document serial and no fingerprint that matches; fill in the document serial`],
    ]);
    expect(out).toMatchObject({ done: 2, failed: 2 });
    for (const i of [0, 3]) expect((await api.get(ids[i])).statusString).toBe("awaiting");
    for (const i of [1, 2]) await expect(api.get(ids[i])).rejects.toThrow(/not found/i);
  });
});
