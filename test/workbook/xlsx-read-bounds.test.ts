// The reader's bounds, in process and through fflate as in the browser (the CLI's runs under a
// memory limit are test/cli/hostile.test.ts): storage that follows the cells present, merged areas
// cleared by their cells, refusals that name the bound, and the XML forms real writers use.
import { HOSTILE, workbook } from "../helpers/hostile-xlsx";
import { openFastXlsx } from "../../src/workbook/xlsx-read";
import { XlsxWorkbook } from "../../src/workbook/xlsx";

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
