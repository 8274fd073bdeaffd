// The reader's way into the archive (zip-parts.ts: the central directory, then each part inflated
// by fflate, as in the browser). The same workbook stored, deflated, with an archive comment, or
// as ZIP64-like garbage in its directory reads the same, or fails clearly.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { unzipSync, zipSync } from "fflate";
import { openFastXlsx } from "../../src/workbook/xlsx-read";

let dir: string;
let original: Buffer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-zip-"));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sales");
  ws.addRows([["documentKey", "Customer", "Qty"], ["A1", "Acme ไทย", 2], ["A2", "Beta", 3.5]]);
  ws.getCell("D2").value = new Date(Date.UTC(2026, 0, 15));
  ws.getCell("D2").numFmt = "yyyy-mm-dd";
  const path = join(dir, "book.xlsx");
  await wb.xlsx.writeFile(path);
  original = readFileSync(path);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(data: Uint8Array) {
  return (await openFastXlsx(data)).read();
}

it("reads the same workbook stored, deflated and with an archive comment", async () => {
  const expected = await read(original);
  expect(expected.values[1]).toEqual(["A1", "Acme ไทย", 2, expect.any(Number)]);
  const entries = unzipSync(original);
  expect(await read(zipSync(entries, { level: 0 }))).toEqual(expected);
  expect(await read(zipSync(entries, { level: 9 }))).toEqual(expected);
  const commented = Buffer.from(zipSync(entries, { level: 6 }));
  // An archive comment after the end record: the reader must look past it.
  commented.writeUInt16LE(5, commented.length - 2);
  expect(await read(Buffer.concat([commented, Buffer.from("hello")]))).toEqual(expected);
});

it("leaves an archive whose directory it cannot follow to fflate, which reads it or says what is wrong", async () => {
  const entries = unzipSync(original);
  const zip = Buffer.from(zipSync(entries, { level: 6 }));
  // The end record's directory offset pointing nowhere (as a ZIP64 archive's 0xFFFFFFFF does).
  const broken = Buffer.from(zip);
  broken.writeUInt32LE(0xffffffff, broken.length - 22 + 16);
  await expect(openFastXlsx(broken)).rejects.toThrow(/zip|xlsx/);
  // One entry's data damaged: fflate's error names it.
  const damaged = Buffer.from(zip);
  const at = damaged.indexOf("xl/workbook.xml") + "xl/workbook.xml".length;
  damaged.fill(0xff, at, at + 40);
  await expect(openFastXlsx(damaged)).rejects.toThrow(/corrupt zip archive \(xl\/workbook\.xml|no xl\/workbook\.xml/);
});
