// The records DocSheet keeps in a workbook, in all three hosts: the same keyed store, kept on a very
// hidden sheet that survives a save of the file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { ExcelPort } from "../../src/workbook/excel";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { WorkbookPort } from "../../src/workbook/port";
import { RECORDS_SHEET, RECORD_CHUNK, parseRecords, recordRows } from "../../src/workbook/records";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { FakeExcel } from "./excel-fake";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-records-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Long enough for several cells, with Thai and an emoji (a surrogate pair) across the cut.
const LONG = `${"ก".repeat(RECORD_CHUNK - 1)}😀${"x".repeat(RECORD_CHUNK)}end`;
const TRICKY = ["TRUE", "=SUM(A1)", "-5", "0105556000009", "2026-01-15", "", LONG];

const hosts: Array<[string, () => WorkbookPort]> = [
  ["memory", () => new MemoryWorkbook({ Sales: [["a"]] })],
  ["xlsx", () => {
    const wb = XlsxWorkbook.empty();
    void wb.model().then((m) => m.addWorksheet("Sales"));
    return wb;
  }],
  ["excel", () => new ExcelPort(new FakeExcel("1.18", ["Sales"]).host())],
];

describe.each(hosts)("records in the %s host", (_name, make) => {
  test("none until saved; saved, replaced and removed by key; other keys untouched", async () => {
    const port = make();
    expect(await port.loadRecord("post.last")).toBeNull();
    await port.saveRecord("post.last", '{"rows":[2,3]}');
    await port.saveRecord("fingerprints", '{"INV-1":"abc"}');
    expect(await port.loadRecord("post.last")).toBe('{"rows":[2,3]}');
    await port.saveRecord("post.last", '{"rows":[4]}');
    expect(await port.loadRecord("post.last")).toBe('{"rows":[4]}');
    await port.saveRecord("post.last", null);
    expect(await port.loadRecord("post.last")).toBeNull();
    expect(await port.loadRecord("fingerprints")).toBe('{"INV-1":"abc"}');
    await port.saveRecord("never.saved", null);
    expect(await port.loadRecord("never.saved")).toBeNull();
  });

  test.each(TRICKY.map((t) => [t.length > 40 ? `${t.length} characters` : JSON.stringify(t), t]))("%s comes back as it was", async (_label, text) => {
    const port = make();
    await port.saveRecord("k", text);
    expect(await port.loadRecord("k")).toBe(text);
  });
});

test("the layout: a header, then [key, text] rows, a long text over several rows, no half surrogate pair in a cell", () => {
  const rows = recordRows(new Map([["a", "1"], ["b", LONG]]));
  expect(rows[0]).toEqual(["key", "text"]);
  expect(rows.slice(1).map((r) => r[0])).toEqual(["a", "b", "b", "b"]);
  for (const [, text] of rows.slice(1)) {
    expect((text as string).length).toBeLessThanOrEqual(RECORD_CHUNK);
    expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(text as string)).toBe(false);
  }
  expect(parseRecords(rows).get("b")).toBe(LONG);
  // A damaged row loses itself only.
  expect(parseRecords([...rows, [null, "x"], [7, "y"]])).toEqual(parseRecords(rows));
});

test("an .xlsx keeps its records on a very hidden sheet through a save, read fast or through exceljs, and the active sheet stays", async () => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Sales").getCell("A1").value = "documentKey";
  book.addWorksheet("Notes");
  book.views = [{ activeTab: 1 } as ExcelJS.WorkbookView];
  const path = join(dir, "book.xlsx");
  await book.xlsx.writeFile(path);

  const first = await XlsxWorkbook.load(path);
  await first.saveRecord("post.last", LONG);
  await first.save(path);
  const second = await XlsxWorkbook.load(path);
  expect(await second.loadRecord("post.last")).toBe(LONG); // the fast reader
  await second.saveRecord("other", "1");
  await second.saveRecord("post.last", "short");
  await second.save(path);

  const back = new ExcelJS.Workbook();
  await back.xlsx.readFile(path);
  expect(back.worksheets.map((w) => [w.name, w.state])).toEqual([["Sales", "visible"], ["Notes", "visible"], [RECORDS_SHEET, "veryHidden"]]);
  expect(back.views[0].activeTab).toBe(1);
  // Rewritten in place: no rows of the longer record left below the new ones.
  expect(back.getWorksheet(RECORDS_SHEET)!.actualRowCount).toBe(3);
  const third = await XlsxWorkbook.load(path);
  expect([await third.loadRecord("post.last"), await third.loadRecord("other")]).toEqual(["short", "1"]);
  expect((await third.read()).sheet).toBe("Notes");
});

test("in Excel the sheet is very hidden, its cells text, a save is one Excel.run, and a load of a workbook without records costs one sync", async () => {
  const excel = new FakeExcel("1.18", ["Sales"]);
  const port = new ExcelPort(excel.host());
  const runs = excel.runs;
  expect(await port.loadRecord("k")).toBeNull();
  expect(excel.syncsOfRun(runs + 1)).toBe(1);
  await port.saveRecord("k", "42");
  expect(excel.runs).toBe(runs + 2);
  const sheet = excel.sheet(RECORDS_SHEET);
  expect(sheet.visibility).toBe("VeryHidden");
  expect(sheet.value(1, 1)).toBe("42");
  expect(excel.active.name).toBe("Sales");
});
