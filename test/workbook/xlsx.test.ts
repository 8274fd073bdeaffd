import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { readFileSync } from "node:fs";
import { strToU8, unzipSync, zipSync } from "fflate";
import { LISTS_SHEET } from "../../src/workbook/port";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { readDocuments } from "../../src/sheet/read";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-xlsx-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function fileWith(build: (ws: ExcelJS.Worksheet) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  build(wb.addWorksheet("Sales"));
  const path = join(dir, `f${Math.random().toString(36).slice(2)}.xlsx`);
  await wb.xlsx.writeFile(path);
  return path;
}

describe("the .xlsx port", () => {
  it("reads values, formats, dates, formulas, rich text, errors and merged areas from a real file", async () => {
    const path = await fileWith((ws) => {
      ws.getCell("B2").value = "documentKey";
      ws.getCell("C2").value = "Date";
      ws.getCell("D2").value = "Unit price";
      ws.getCell("B3").value = "A";
      ws.getCell("C3").value = new Date(Date.UTC(2026, 0, 15));
      ws.getCell("C3").numFmt = "dd/mm/yyyy";
      ws.getCell("D3").value = { formula: "1+1", result: 2 };
      ws.getCell("B4").value = { richText: [{ text: "B" }, { text: "2" }] };
      ws.getCell("C4").value = { error: "#N/A" } as ExcelJS.CellErrorValue;
      ws.getCell("D4").value = 1234.5;
      ws.getCell("D4").numFmt = "#,##0.00";
      ws.getCell("B5").value = "C";
      ws.mergeCells("C5:D6");
      ws.getCell("C5").value = "2026-02-01";
    });
    const wb = await XlsxWorkbook.load(path);
    // First through the fast reader (no exceljs model yet), then through exceljs: the same sheet.
    const fast = await wb.read();
    await wb.model();
    const full = await wb.read();
    for (const block of [fast, full]) {
      expect(block.sheet).toBe("Sales");
      expect([block.top, block.left]).toEqual([1, 1]);
      expect(block.formats[1][1]).toBe("dd/mm/yyyy");
      expect(block.values[1][2]).toBe(2);
      expect(block.values[2][0]).toBe("B2");
      expect(block.values[2][1]).toEqual({ error: "#N/A" });
      expect(block.values[2][2]).toBe(1234.5);
      expect(block.formats[2][2]).toBe("#,##0.00");
      expect(block.values[3][1]).toBe("2026-02-01");
      expect(block.values[3][2]).toBeNull();
      expect(block.merged).toEqual([{ top: 4, left: 2, bottom: 5, right: 3 }]);
      const r = readDocuments(block);
      expect(r.findings.map((f) => f.cell).sort()).toEqual(["C4", "C5"]);
      expect(r.documents[0].fields.publishedOn.value).toBe("2026-01-15");
    }
    // exceljs hands a date cell as a Date, the fast reader as its serial with the date format.
    expect(full.values[1][1]).toEqual(new Date(Date.UTC(2026, 0, 15)));
    expect(fast.values[1][1]).toBe(46037);
    expect(JSON.stringify(readDocuments(fast).documents)).toBe(JSON.stringify(readDocuments(full).documents));
  });

  it("writes text that looks like a formula as text, saves atomically and reads it back", async () => {
    const path = await fileWith((ws) => {
      ws.getCell("A1").value = "Customer";
    });
    const wb = await XlsxWorkbook.load(path);
    await wb.write("Sales", [{ row: 1, col: 0, values: [["=1+1", "-5 discount", 12.5, true, null]], formats: [[null, null, "#,##0.00", null, null]] }]);
    await wb.save(path);
    const again = await XlsxWorkbook.load(path);
    const block = await again.read({ sheet: "Sales", range: "A2:D2" });
    expect(block.values[0]).toEqual(["=1+1", "-5 discount", 12.5, true]);
    expect(block.formats[0][2]).toBe("#,##0.00");
  });

  it("refuses a file that is not an .xlsx with a clear error", async () => {
    await expect(XlsxWorkbook.fromBuffer(Buffer.from("name,amount\nAcme,1\n"))).rejects.toThrow(/not a zip archive/);
  });

  it("refuses a zip that is not an .xlsx, or a corrupt one, with a clear error", async () => {
    const other = Buffer.from(zipSync({ "readme.txt": strToU8("hello") }));
    await expect(XlsxWorkbook.fromBuffer(other)).rejects.toThrow(/no xl\/workbook\.xml \(not an \.xlsx file, or a corrupt one\)/);
    const corrupt = Buffer.from(zipSync({ "xl/workbook.xml": [strToU8("<workbook/>".repeat(50)), { level: 6 }] }));
    corrupt[30 + "xl/workbook.xml".length] = 0xff; // the first deflate block now has the invalid block type 3
    await expect(XlsxWorkbook.fromBuffer(corrupt)).rejects.toThrow(/^corrupt zip archive \(xl\/workbook\.xml: invalid block type\)$/);
  });

  it("keeps every write when writes race the first load of the model", async () => {
    const path = await fileWith((ws) => {
      ws.getCell("A1").value = "x";
    });
    const wb = await XlsxWorkbook.load(path);
    await wb.read();
    await Promise.all([0, 1, 2, 3].map((i) => wb.write("Sales", [{ row: i + 1, col: 0, values: [[`w${i}`]] }])));
    await wb.save(path);
    const block = await (await XlsxWorkbook.load(path)).read({ sheet: "Sales", range: "A2:A5" });
    expect(block.values.map((r) => r[0])).toEqual(["w0", "w1", "w2", "w3"]);
  });

  it("marks cells with a note and a fill, and clears only its own marks", async () => {
    const path = await fileWith((ws) => {
      ws.getCell("A1").value = "x";
      ws.getCell("B1").value = "y";
      ws.getCell("B1").note = "the user's own note";
    });
    const wb = await XlsxWorkbook.load(path);
    await wb.mark("Sales", [{ row: 0, col: 0, message: "wrong" }]);
    await wb.save(path);
    const again = await XlsxWorkbook.load(path);
    expect(await again.note("Sales", 0, 0)).toBe("DocSheet: wrong");
    await again.clearMarks("Sales");
    expect(await again.note("Sales", 0, 0)).toBeUndefined();
    expect(await again.note("Sales", 0, 1)).toBe("the user's own note");
  });

  it("adds a table sheet with formats and validation lists under a unique name", async () => {
    const wb = XlsxWorkbook.empty();
    await wb.addTableSheet("Pull", [{ header: "Customer", kind: "text" }], []);
    const name = await wb.addTableSheet(
      "pull",
      [{ header: "Customer", kind: "text" }, { header: "Total", kind: "money" }, { header: "VAT rate", kind: "integer", allowed: [7, 0, -1] }],
      [["Acme", 107, 7]],
    );
    expect(name).toBe("pull (2)");
    expect(await wb.validations(name)).toEqual({
      "C2:C1000": expect.objectContaining({ type: "list", formulae: ['"7,0,-1"'] }),
    });
    const path = join(dir, "table.xlsx");
    await wb.save(path);
    const again = await XlsxWorkbook.load(path);
    expect(await again.sheetNames()).toEqual(["Pull", "pull (2)"]);
    const block = await again.read({ sheet: name });
    expect(block.values).toEqual([["Customer", "Total", "VAT rate"], ["Acme", 107, 7]]);
    expect(block.formats[1][1]).toBe("#,##0.00");
    await again.select(name, 1, 1);
    expect((await again.model()).views[0].activeTab).toBe(1);
  });

  it("extends a table over rows appended below it (refresh), in the file read again", async () => {
    const made = XlsxWorkbook.empty();
    const name = await made.addTableSheet("Pulled", [{ header: "Customer", kind: "text" }, { header: "Total", kind: "money" }], [["Acme", 107], ["Beta", 214]]);
    const path = join(dir, "extend.xlsx");
    await made.save(path);
    const wb = await XlsxWorkbook.load(path);
    // A cell beside the table, or above its last row: no table to extend.
    await wb.extendTable(name, { row: 2, col: 5 }, 2);
    await wb.extendTable(name, { row: 1, col: 0 }, 2);
    await wb.extendTable(name, { row: 2, col: 1 }, 2);
    await wb.write(name, [{ row: 3, col: 0, values: [["Gamma", 321], ["Delta", 428]] }]);
    await wb.save(path);
    const again = new ExcelJS.Workbook();
    await again.xlsx.readFile(path);
    const tables = Object.values((again.getWorksheet(name) as unknown as { tables: Record<string, { table: { tableRef: string; autoFilterRef?: string } }> }).tables);
    expect(tables.map((t) => [t.table.tableRef, t.table.autoFilterRef])).toEqual([["A1:B5", "A1:B5"]]);
  });

  it("writes a template's lists on a hidden sheet its drop-downs refer to, reads them with the sheet and replaces them whole", async () => {
    const wb = XlsxWorkbook.empty();
    const columns = [
      { header: "Customer", kind: "text" as const, lookup: { sheet: LISTS_SHEET, col: 0 } },
      { header: "Tax id", kind: "text" as const },
      { header: "Bank account id", kind: "integer" as const, lookup: { sheet: LISTS_SHEET, col: 2 } },
    ];
    const lists = [["Contacts", "Contacts id", "Bank accounts", "Bank accounts id"], ["Acme", 1, "Bangkok Bank 123", 7], ["Siam", 2, null, null]];
    const name = await wb.addTableSheet("Tax invoice", columns, [["Acme", "0105556000009", "Bangkok Bank 123"]], { hidden: { name: LISTS_SHEET, rows: lists } });
    const path = join(dir, "lists.xlsx");
    await wb.save(path);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    // The template is the first sheet (the one a new workbook opens on); the lists come after it, hidden.
    expect(book.worksheets.map((w) => [w.name, w.state])).toEqual([[name, "visible"], [LISTS_SHEET, "hidden"]]);
    const model = (book.getWorksheet(name) as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }).dataValidations.model;
    expect(model.A2).toMatchObject({ type: "list", errorStyle: "warning", formulae: ["OFFSET('DocSheet lists'!$A$2,0,0,MAX(1,COUNTA('DocSheet lists'!$A:$A)-1),1)"] });
    expect(model.C1000?.formulae).toEqual(["OFFSET('DocSheet lists'!$C$2,0,0,MAX(1,COUNTA('DocSheet lists'!$C:$C)-1),1)"]);
    expect(model.B2).toBeUndefined();
    expect(book.getWorksheet(name)!.getCell("B2").numFmt).toBe("@");

    // Read through the fast reader and through the model: the block carries the lists.
    const loaded = await XlsxWorkbook.load(path);
    const block = await loaded.read();
    expect(block.sheet).toBe(name);
    expect(block.lists).toEqual(lists);
    await loaded.writeHiddenSheet(LISTS_SHEET, [["Contacts", "Contacts id"], ["Globex", 3]]);
    expect((await loaded.read()).lists).toEqual([["Contacts", "Contacts id"], ["Globex", 3]]);
    expect(await loaded.sheetNames()).toEqual([name, LISTS_SHEET]);
    expect((await loaded.read({ sheet: LISTS_SHEET })).lists).toBeUndefined();
  });

  it("keeps a loaded sheet's manual page breaks when it saves again, the <rowBreaks> tag cut between two pieces of the inflated part", async () => {
    const wb = XlsxWorkbook.empty();
    const rows = Array.from({ length: 50 }, (_, i) => [i + 1, 10]);
    await wb.addTableSheet("Report", [{ header: "No.", kind: "integer" }, { header: "Value", kind: "money" }], rows, {
      totals: [{ label: "Total" }, { sum: 500 }], print: { orientation: "landscape", pageEnds: [19, 39], strong: [19, 39] },
    });
    const first = join(dir, "breaks.xlsx");
    await wb.save(first);
    const parts = unzipSync(readFileSync(first));
    const xml = new TextDecoder().decode(parts["xl/worksheets/sheet1.xml"]);
    expect(xml).toContain('<rowBreaks count="2" manualBreakCount="2"><brk id="21" max="16383" man="1"/><brk id="41" max="16383" man="1"/></rowBreaks>');
    // Spaces before the tag (XML allows them between elements) put it across the reader's first 1 MB piece.
    const at = xml.indexOf("<rowBreaks");
    const padded = `${xml.slice(0, at)}${" ".repeat(1024 * 1024 - 4 - at)}${xml.slice(at)}`;
    const again = await XlsxWorkbook.fromBuffer(Buffer.from(zipSync({ ...parts, "xl/worksheets/sheet1.xml": strToU8(padded) })));
    await again.write("Report", [{ row: 1, col: 1, values: [[11]] }]);
    const second = join(dir, "breaks2.xlsx");
    await again.save(second);
    const saved = new TextDecoder().decode(unzipSync(readFileSync(second))["xl/worksheets/sheet1.xml"]);
    expect([...saved.matchAll(/<brk id="(\d+)" max="16383" man="1"\/>/g)].map((m) => Number(m[1]))).toEqual([21, 41]);
    // A sheet without breaks gets none; column breaks are not row breaks.
    const colBreaks = xml.replace(/<rowBreaks.*<\/rowBreaks>/, '<colBreaks count="1" manualBreakCount="1"><brk id="3" max="1048575" man="1"/></colBreaks>');
    const third = await XlsxWorkbook.fromBuffer(Buffer.from(zipSync({ ...parts, "xl/worksheets/sheet1.xml": strToU8(colBreaks) })));
    await third.write("Report", [{ row: 1, col: 1, values: [[11]] }]);
    await third.save(join(dir, "breaks3.xlsx"));
    expect(new TextDecoder().decode(unzipSync(readFileSync(join(dir, "breaks3.xlsx")))["xl/worksheets/sheet1.xml"])).not.toContain("<rowBreaks");
  });

  it("saves a loaded workbook's validation lists without overlapping ranges", async () => {
    const wb = XlsxWorkbook.empty();
    await wb.addTableSheet("S", [{ header: "Paid by", kind: "text", allowed: ["Cash", "Cheque"] }, { header: "VAT", kind: "text", allowed: ["Yes", "No"] }], [["Cash", "Yes"]]);
    const first = join(dir, "dv1.xlsx");
    await wb.save(first);
    // exceljs alone would write "A10:A1000" and "A2:A1000" here (it sorts cell addresses as text).
    const again = await XlsxWorkbook.load(first);
    await again.write("S", [{ row: 1, col: 0, values: [["Cheque"]] }]);
    const second = join(dir, "dv2.xlsx");
    await again.save(second);
    const xml = new TextDecoder().decode(unzipSync(readFileSync(second))["xl/worksheets/sheet1.xml"]);
    const sqrefs = [...xml.matchAll(/sqref="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(sqrefs).toEqual(["A2:A1000", "B2:B1000"]);
  });
});
