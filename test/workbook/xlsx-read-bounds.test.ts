// The reader's bounds, in process and through fflate as in the browser (the CLI's runs under a
// memory limit are test/cli/hostile.test.ts): storage that follows the cells present, merged areas
// cleared by their cells, refusals that name the bound, and the XML forms real writers use; the
// cells' formulas for the preview (shared ones read at each of their cells, array formulas' ranges).
import { HOSTILE, workbook } from "../helpers/hostile-xlsx";
import { openFastXlsx } from "../../src/workbook/xlsx-read";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { shiftFormula } from "../../src/workbook/formula-shift";
import ExcelJS from "exceljs";

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const sheet = (rows: string, tail = ""): string => `<worksheet ${NS}><sheetData>${rows}</sheetData>${tail}</worksheet>`;

async function read(data: Buffer) {
  return (await openFastXlsx(data)).read();
}

it("keeps a stray cell at XFD1048576 as one cell: the block's rows and cells are only those present", async () => {
  const book = await openFastXlsx(HOSTILE["cells A1 and XFD1048576"].file());
  const block = await book.read();
  expect(block.values.length).toBe(1_048_576);
  expect(Object.keys(block.values)).toEqual(["0", "1", "1048575"]);
  expect(block.values[1048575][16383]).toBe(7);
  expect(Object.keys(block.values[1048575])).toEqual(["16383"]);
  expect(block.values[1].slice(0, 6)).toEqual(["1", "Acme", "2026-01-15", "Pen", 2, 100]);
});

it("clears the cells a merged area covers by the cells present, and refuses areas that overlap", async () => {
  const rows = '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c></row><row r="2"><c r="A2"><v>4</v></c><c r="B2"><v>5</v></c></row>';
  const block = await read(workbook(sheet(rows, '<mergeCells><mergeCell ref="A1:B1048576"/></mergeCells>')));
  expect(block.values).toEqual([[1, null, 3], [null, null, null]]);
  expect(block.merged).toEqual([{ top: 0, left: 0, bottom: 1048575, right: 1 }]);
  await expect(read(workbook(sheet(rows, '<mergeCells><mergeCell ref="A1:B2"/><mergeCell ref="B2:C3"/></mergeCells>'))))
    .rejects.toThrow('sheet "Sales" has merged areas that overlap (A1:B2 and B2:C3): the file is damaged');
});

it("stops a bomb that lies about its size at 50 MB through fflate too (the browser's way)", async () => {
  const data = HOSTILE["a zip bomb that lies about its size (80 MB sheet declared 1 KB)"].file();
  await expect(read(data)).rejects.toThrow("xl/worksheets/sheet1.xml unpacks to more than 50 MB, the most DocSheet reads of one part of a workbook");
});

it("reads cells without addresses, prefixed elements, rich text without its phonetic guide, entities and _x escapes", async () => {
  const strings = `<sst ${NS}><si><r><t>Ac</t></r><r><rPr/><t xml:space="preserve">me &amp; co</t></r><rPh><t>アクメ</t></rPh></si><si><t>a_x000D_b</t></si></sst>`;
  const xml = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>`
    + '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c><x:c t="inlineStr"><x:is><x:t>&#x0E44;&#3607;&lt;</x:t></x:is></x:c></x:row>'
    + '<x:row><x:c><x:v>1.5</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c><x:c t="str"><x:v><![CDATA[<b>]]></x:v></x:c></x:row>'
    + "</x:sheetData></x:worksheet>";
  const block = await read(workbook(xml, { sharedStrings: strings }));
  expect(block.values).toEqual([["Acme & co", "a\rb", "ไท<", null], [1.5, true, { error: "#N/A" }, "<b>"]]);
});

it("refuses malformed XML with the part and where, never as an empty sheet", async () => {
  await expect(read(workbook(sheet('<row r="1"><c r="A1"><v>1</v></row>')))).rejects.toThrow(
    /^sheet "Sales" is not well-formed XML \(xl\/worksheets\/sheet1\.xml, at character [\d,]+: <\/row> closes <c>\): the file is damaged$/,
  );
  await expect(read(workbook(sheet('<row r="1"><c r="A1"><v>&bogus;</v></c></row>')))).rejects.toThrow(/an unknown entity "&bogus;"/);
  await expect(read(workbook(sheet('<row r="1"><c r="A1" r="B1"><v>1</v></c></row>')))).rejects.toThrow(/the attribute r twice/);
});

it("refuses before writing a sheet whose merged areas cover more cells than the writer (exceljs) can hold", async () => {
  // post, act, update and undo write results through exceljs, which makes a cell of each covered cell.
  const wb = await XlsxWorkbook.fromBuffer(HOSTILE["a merge A3:XFD1048576"].file());
  expect((await wb.read()).values.length).toBeGreaterThan(0); // reading stays bounded and works
  const started = process.cpuUsage();
  await expect(wb.write("Sales", [{ row: 0, col: 0, values: [["x"]] }]))
    .rejects.toThrow(/^sheet "Sales" has merged areas covering 17,179,836,416 cells; DocSheet writes results into sheets whose merged areas cover at most 1,000,000/);
  const cpu = process.cpuUsage(started);
  expect((cpu.user + cpu.system) / 1000).toBeLessThan(5000);
});

it("keeps the cells' formulas when asked: a shared formula's other cells read moved, array formulas with the cells they fill", async () => {
  // As exceljs writes them: a formula filled down (shared), an array formula over its table.
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Pack");
  ws.getCell("A1").value = "2026-03";
  ws.getCell("B1").value = { formula: 'DOCSHEET.VAT(A1,"out, A2")', shareType: "shared", ref: "B1:C3", result: 1 } as ExcelJS.CellFormulaValue;
  ws.getCell("B2").value = { sharedFormula: "B1", result: 2 } as ExcelJS.CellSharedFormulaValue;
  ws.getCell("C3").value = { sharedFormula: "B1", result: 3 } as ExcelJS.CellSharedFormulaValue;
  (ws.fillFormula as (range: string, formula: string, results: unknown[][], shareType: string) => void)("E1:F2", "DOCSHEET.ACCOUNTS()", [["Code", "Name"], ["1000", "Cash"]], "array");
  const data = Buffer.from(await wb.xlsx.writeBuffer() as unknown as Uint8Array);
  const book = await openFastXlsx(data, { formulas: true });
  const pack = book.sheet("Pack");
  expect(Object.fromEntries(pack.formulas!)).toEqual({
    "0,1": '=DOCSHEET.VAT(A1,"out, A2")', "1,1": '=DOCSHEET.VAT(A2,"out, A2")', "2,2": '=DOCSHEET.VAT(B3,"out, A2")', "0,4": "=DOCSHEET.ACCOUNTS()",
  });
  expect(Object.fromEntries(pack.arrays!)).toEqual({ "0,4": { top: 0, left: 4, bottom: 1, right: 5 } });
  expect(pack.values[1]).toEqual([undefined, 2, undefined, undefined, "1000", "Cash"]);
  // Without asking, none are kept (the command line's reads).
  expect((await openFastXlsx(data)).sheet("Pack").formulas).toBeUndefined();

  // As Excel writes a spilled table (cm: dynamic array), and a shared formula with fixed and moved references.
  const excel = sheet('<row r="2"><c r="B2" cm="1"><f t="array" ref="B2:C3">_xldudf_DOCSHEET_PRODUCTS()</f><v>0</v></c><c r="C2"><v>1</v></c></row>'
    + '<row r="5"><c r="A5"><f t="shared" ref="A5:A7" si="0">SUM($B$2:B2,Sheet2!B3,\'My sheet\'!C$1,LOG10(A1))+"B2"</f><v>1</v></c></row>'
    + '<row r="7"><c r="A7"><f t="shared" si="0"/><v>1</v></c></row>');
  const read = (await openFastXlsx(workbook(excel), { formulas: true })).sheet("Sales");
  expect(Object.fromEntries(read.formulas!)).toEqual({
    "1,1": "=_xldudf_DOCSHEET_PRODUCTS()",
    "4,0": '=SUM($B$2:B2,Sheet2!B3,\'My sheet\'!C$1,LOG10(A1))+"B2"',
    "6,0": '=SUM($B$2:B4,Sheet2!B5,\'My sheet\'!C$1,LOG10(A3))+"B2"',
  });
  expect(read.arrays!.get("1,1")).toEqual({ top: 1, left: 1, bottom: 2, right: 2 });
  expect(shiftFormula("A1+$A1+A$1+XFD1+A1048576", 1, 1)).toBe("B2+$A2+B$1+#REF!+#REF!");
});

it("refuses a sheet read whole as a table past 100,000 rows holding values (the preview's Open .xlsx)", async () => {
  const book = await openFastXlsx(HOSTILE["999,000 one-cell rows"].file());
  expect(() => book.sheet("Sales", { table: true })).toThrow(/^sheet "Sales" holds values in more than 100,000 rows, the most DocSheet reads of one sheet as a table/);
});
