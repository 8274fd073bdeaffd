// `docsheet calc` end to end on .xlsx against the local service: every DOCSHEET formula's value is
// stored as the cell's cached result with the formula kept (named as Excel saves an add-in's
// function, `_xldudf_DOCSHEET_VAT`), equal to the VAT report's, the
// withholding report's and the lists' figures; a table is saved as Excel 365 saves a formula that
// spills (a dynamic array: the anchor flagged in xl/metadata.xml, over the cells it fills, each a
// plain value), as our own reader and LibreOffice read it, and the same again when calculated
// again; #SPILL! where other values stand in its place; a formula filled down (a shared
// formula) is calculated at each of its cells; a cell's error is stored and listed; other formulas
// are left and listed; where the output goes; another company's workbook is refused whole.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { withDynamicArrays } from "../../src/workbook/dynamic-arrays";
import { openFastXlsx } from "../../src/workbook/xlsx-read";
import { figureReads } from "../../src/jobs/figures";
import { readVatReport } from "../../src/jobs/vat-report";
import { cliRunner, runCli } from "./run";
import { cliSession } from "./session";
import { seedVatMonth } from "../helpers/vat-month";

jest.setTimeout(180_000);

const s = cliSession("calc");
// The first calc runs the real bin; the others, about what calc does, run its main in the file's runner.
const docsheet = cliRunner();

beforeAll(async () => {
  await seedVatMonth(s.client, "CALC");
  await s.client.withholdingTaxes.create({
    contactName: "Gamma Co., Ltd.", contactTaxId: "0107537002443", contactBranch: "00000", publishedOn: "2026-03-09", entity: 3, taxPayment: 1,
    withholdingTaxItems: [{ incomeType: 27, description: "ค่าบริการ (ม.40(8))", taxRate: 3, taxAmount: 2500 }],
  });
});

async function load(path: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

/** The archive's text parts by name. */
function xmlParts(path: string): Record<string, string> {
  const parts = unzipSync(readFileSync(path));
  return Object.fromEntries(Object.entries(parts).map(([name, data]) => [name, strFromU8(data)]));
}

/** A sheet part's cell element ("A1" → `<c r="A1" …>…</c>`). */
const cellXml = (sheet: string, address: string): string | undefined =>
  new RegExp(`<c r="${address}"[^>]*?(?:/>|>[\\s\\S]*?</c>)`).exec(sheet)?.[0];

/** What Excel 365 needs to open a table as spilled: the dynamic-array metadata, its relationship
 * and content type, the anchor flagged with the range it fills, the cells it fills plain values. */
function expectDynamicArray(parts: Record<string, string>, sheetPart: string, anchor: string, range: string, inside: string): void {
  expect(parts["xl/metadata.xml"]).toContain('<metadataType name="XLDAPR"');
  expect(parts["xl/metadata.xml"]).toContain('<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/>');
  expect(parts["xl/metadata.xml"]).toContain('<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata>');
  expect(parts["xl/_rels/workbook.xml.rels"].match(/relationships\/sheetMetadata" Target="metadata.xml"/g)).toHaveLength(1);
  expect(parts["[Content_Types].xml"].match(/<Override PartName="\/xl\/metadata.xml" ContentType="application\/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata\+xml"\/>/g)).toHaveLength(1);
  expect(cellXml(parts[sheetPart], anchor)).toMatch(new RegExp(`^<c r="${anchor}"[^>]* cm="1"><f t="array" ref="${range}">`));
  expect(cellXml(parts[sheetPart], inside)).toMatch(/^<c [^>]*><v>[^<]*<\/v><\/c>$/);
}

const f = (formula: string, result?: ExcelJS.CellValue): ExcelJS.CellFormulaValue => ({ formula, result } as ExcelJS.CellFormulaValue);

async function writePack(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const pack = wb.addWorksheet("Pack");
  pack.getCell("A1").value = "03/2569";
  pack.getCell("B1").value = f("DOCSHEET.VAT(A1,\"output tax\")");
  pack.getCell("B2").value = f("DOCSHEET.VAT(\"2026-03\",\"input tax\")");
  pack.getCell("B3").value = f("_xldudf_DOCSHEET_WHT(\"2026-03\",\"PND53\")");
  pack.getCell("B4").value = f("DOCSHEET.TOTAL(\"tax invoices\",\"grand total\",\"2026-03\",\"2026-03\")");
  pack.getCell("B5").value = f("DOCSHEET.VAT(\"13/2569\")");
  pack.getCell("B6").value = f("DOCSHEET.TOTAL(\"tax invoices\",\"VAT\")*2");
  pack.getCell("B7").value = f("SUM(B1:B2)", 0);
  wb.addWorksheet("Accounts").getCell("A1").value = f("DOCSHEET.ACCOUNTS()");
  // A dynamic array of Excel's own, saved as Excel 365 saves it.
  (pack.fillFormula as (range: string, formula: string, results: unknown[][], shareType: string) => void)("G1:G2", "_xlfn.SEQUENCE(2)", [[7], [8]], "array");
  writeFileSync(path, withDynamicArrays(new Uint8Array(await wb.xlsx.writeBuffer()), new Map([["Pack", new Map([["G1", "G1:G2"]])]])));
}

describe("docsheet calc", () => {
  it("stores each DOCSHEET formula's value as its result, the formulas kept as Excel saves them, equal to the reports' and lists' figures", async () => {
    const book = join(s.dir, "pack.xlsx");
    await writePack(book);
    const r = await runCli(["calc", book, "--base-url", s.service.root, ...s.auth]);
    const out = join(s.dir, "pack.calculated.xlsx");
    expect(r.stdout.split("\n")).toEqual([
      "Pack!B5: #VALUE! month: \"13/2569\" is no month (2026-11, 11/2569)",
      "Pack!B6: left as it is: a formula that does more than call one DOCSHEET function is not calculated here",
      `calculated 6 DOCSHEET formulas, 1 of them errors; wrote ${out}`,
      "",
    ]);
    expect(r.code).toBe(1);
    const report = await readVatReport(s.client, { month: "2026-03" });
    const wb = await load(out);
    const pack = wb.getWorksheet("Pack")!;
    // Saved as Excel saves an add-in's function, the name it binds to the add-in when it opens the file.
    expect(pack.getCell("B1").value).toEqual({ formula: "_xldudf_DOCSHEET_VAT(A1,\"output tax\")", result: report.figures.output.cellVat.toNumber() });
    expect(report.figures.output.cellVat.toNumber()).toBe(279.54);
    expect(pack.getCell("B2").value).toEqual({ formula: "_xldudf_DOCSHEET_VAT(\"2026-03\",\"input tax\")", result: report.figures.input.cellVat.toNumber() });
    expect(pack.getCell("B3").value).toEqual({ formula: "_xldudf_DOCSHEET_WHT(\"2026-03\",\"PND53\")", result: 75 });
    expect(pack.getCell("B4").value).toEqual({ formula: "_xldudf_DOCSHEET_TOTAL(\"tax invoices\",\"grand total\",\"2026-03\",\"2026-03\")", result: 1670 });
    expect(pack.getCell("B5").value).toEqual({ formula: "_xldudf_DOCSHEET_VAT(\"13/2569\")", result: { error: "#VALUE!" } });
    // Left as it is.
    expect(pack.getCell("B6").value).toEqual({ formula: "DOCSHEET.TOTAL(\"tax invoices\",\"VAT\")*2" });
    // The chart of accounts as an array formula over the cells it fills, the header row first.
    const accounts = wb.getWorksheet("Accounts")!;
    const chart = await s.client.chartOfAccounts.list();
    const a1 = accounts.getCell("A1").value as { formula: string; shareType: string; ref: string; result: unknown };
    expect(a1).toMatchObject({ formula: "_xldudf_DOCSHEET_ACCOUNTS()", shareType: "array", ref: `A1:C${chart.length + 1}`, result: "Code" });
    expect(accounts.getCell("B1").value).toBe("Name");
    expect(accounts.getCell(`A${chart.length + 1}`).value).toBe(chart[chart.length - 1].code);
    expect(accounts.getCell(`B2`).value).toBe(chart[0].nameLocal);
    const range = `A1:C${chart.length + 1}`;
    const parts = xmlParts(out);
    expectDynamicArray(parts, "xl/worksheets/sheet2.xml", "A1", range, "B2");
    // The scalar figures stay ordinary formulas; Excel's own dynamic array stays one.
    expect(cellXml(parts["xl/worksheets/sheet1.xml"], "B1")).not.toContain("cm=");
    expectDynamicArray(parts, "xl/worksheets/sheet1.xml", "G1", "G1:G2", "G2");
    // Our own reader (the preview's) reads the table as the anchor's.
    const read = (await openFastXlsx(readFileSync(out), { formulas: true })).sheet("Accounts");
    expect(read.arrays?.get("0,0")).toEqual({ top: 0, left: 0, bottom: chart.length, right: 2 });
    expect(read.values[1][0]).toBe(chart[0].code);

    // Calculated again from its own output, in Thai, into the file itself.
    const again = await docsheet(["calc", out, "--in-place", "--lang", "th", "--base-url", s.service.root, ...s.auth]);
    expect(again.stdout).toContain(`คำนวณสูตร DOCSHEET 6 สูตร เป็นข้อผิดพลาด 1 สูตร; เขียน ${out} แล้ว`);
    const th = await load(out);
    expect(th.getWorksheet("Accounts")!.getCell("A1").value).toMatchObject({ ref: `A1:C${chart.length + 1}`, result: "รหัสบัญชี" });
    expect(th.getWorksheet("Pack")!.getCell("B4").value).toEqual({ formula: "_xldudf_DOCSHEET_TOTAL(\"tax invoices\",\"grand total\",\"2026-03\",\"2026-03\")", result: 1670 });
    // The same parts as the first calculation's, but the values.
    const thParts = xmlParts(out);
    expectDynamicArray(thParts, "xl/worksheets/sheet2.xml", "A1", range, "B2");
    const formOnly = (xml: string): string => xml.replace(/<v>[^<]*<\/v>/g, "<v/>").replace(/ t="[a-z]+"/g, "");
    for (const part of ["xl/metadata.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/workbook.xml"]) expect(thParts[part]).toBe(parts[part]);
    for (const sheet of ["xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"]) expect(formOnly(thParts[sheet])).toBe(formOnly(parts[sheet]));
  });

  it("a table that would cover other cells is #SPILL!, as Excel stores it, saying which, the formula kept, and spills once they are cleared; --out writes there", async () => {
    const book = join(s.dir, "blocked.xlsx");
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Lists");
    ws.getCell("A1").value = f("DOCSHEET.PRODUCTS()");
    ws.getCell("B3").value = "mine";
    await wb.xlsx.writeFile(book);
    const out = join(s.dir, "elsewhere.xlsx");
    const r = await docsheet(["calc", book, "--out", out, "--base-url", s.service.root, ...s.auth]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Lists!A1: #SPILL! the table needs A1:E\d+, where other cells hold values: clear them\n/);
    expect(existsSync(join(s.dir, "blocked.calculated.xlsx"))).toBe(false);
    const back = (await load(out)).getWorksheet("Lists")!;
    expect(back.getCell("A1").value).toEqual({ formula: "_xldudf_DOCSHEET_PRODUCTS()", shareType: "array", ref: "A1", result: { error: "#SPILL!" } });
    expect(back.getCell("B3").value).toBe("mine");
    // A dynamic array that cannot spill, as Excel 365 saves it: over its anchor alone.
    const parts = xmlParts(out);
    expect(cellXml(parts["xl/worksheets/sheet1.xml"], "A1")).toBe('<c r="A1" t="e" cm="1"><f t="array" ref="A1">_xldudf_DOCSHEET_PRODUCTS()</f><v>#SPILL!</v></c>');
    expect(parts["xl/metadata.xml"]).toContain("fDynamic=\"1\"");

    // Cleared, the table spills the next time.
    const cleared = await load(out);
    cleared.getWorksheet("Lists")!.getCell("B3").value = null;
    await cleared.xlsx.writeFile(out);
    const again = await docsheet(["calc", out, "--in-place", "--base-url", s.service.root, ...s.auth]);
    expect(again.code).toBe(0);
    const products = await figureReads(s.client).products();
    const spilled = xmlParts(out);
    expectDynamicArray(spilled, "xl/worksheets/sheet1.xml", "A1", `A1:E${products.length + 1}`, "B3");
  });

  it("calculates a formula filled down as Excel saves it (once, named in the cells below), each cell with its own references", async () => {
    const book = join(s.dir, "filled.xlsx");
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Months");
    ws.getCell("A1").value = "2026-03";
    ws.getCell("A2").value = "2026-04";
    ws.getCell("B1").value = { formula: "DOCSHEET.VAT(A1,\"output tax\")", shareType: "shared", ref: "B1:B2", result: 0 } as ExcelJS.CellFormulaValue;
    ws.getCell("B2").value = { sharedFormula: "B1", result: 0 } as ExcelJS.CellSharedFormulaValue;
    await wb.xlsx.writeFile(book);
    const r = await runCli(["calc", book, "--in-place", "--base-url", s.service.root, ...s.auth]);
    expect(r.stdout).toBe(`calculated 2 DOCSHEET formulas, 0 of them errors; wrote ${book}\n`);
    const back = (await load(book)).getWorksheet("Months")!;
    const march = await readVatReport(s.client, { month: "2026-03" });
    const april = await readVatReport(s.client, { month: "2026-04" });
    expect(back.getCell("B1").value).toMatchObject({ result: march.figures.output.cellVat.toNumber() });
    expect(back.getCell("B2").formula).toBe("_xldudf_DOCSHEET_VAT(A2,\"output tax\")");
    expect(back.getCell("B2").result).toBe(april.figures.output.cellVat.toNumber());
    expect(april.figures.output.cellVat.toNumber()).not.toBe(march.figures.output.cellVat.toNumber());
  });

  it("refuses another company's workbook, writing nothing", async () => {
    const pulled = join(s.dir, "other.xlsx");
    const pull = await docsheet(["pull", "tax-invoices", "--base-url", s.service.root, ...s.otherAuth, "--out", pulled]);
    expect(pull.code).toBe(0);
    const wb = await load(pulled);
    wb.addWorksheet("Pack").getCell("A1").value = f("DOCSHEET.VAT(\"2026-03\")");
    await wb.xlsx.writeFile(pulled);
    const r = await docsheet(["calc", pulled, "--base-url", s.service.root, ...s.auth]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^docsheet: This workbook is Other Co\., Ltd\.'s; DocSheet is connected to Demo Co\., Ltd\.: connect to Other Co\., Ltd\.\n$/);
    expect(existsSync(join(s.dir, "other.calculated.xlsx"))).toBe(false);
  });
});
