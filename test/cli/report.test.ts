// `docsheet report vat` end to end: a month of mixed documents on the local service, reported by the
// real bin (the first report) and the command's main (runner.js) into .xlsx and read back with
// ExcelJS: tables with page totals and totals rows of sum formulas whose cached values equal the
// documents' VAT, printed as the form (A4 landscape, print titles),
// the summary's formulas, tax ids as text, the void invoice apart; the Thai version (Buddhist-era date format, Thai names); usage errors.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { cliRunner, runCli } from "./run";
import { cliSession } from "./session";
import { seedVatMonth, seedZeroRatedMonth, total, type VatMonth } from "../helpers/vat-month";

jest.setTimeout(180_000);

const s = cliSession("report");
const docsheet = cliRunner();
let month: VatMonth;

beforeAll(async () => {
  month = await seedVatMonth(s.client);
});

/** The output and input reports open with the form's header block (5 rows and an empty one): an
 * address of their table as if it started at A1, moved down below the block. */
const TOP = 6;
const at = (a1: string): string => a1.replace(/\d+$/, (row) => String(Number(row) + TOP));

async function load(path: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

describe("docsheet report vat", () => {
  it("writes the output-tax and input-tax reports, the void documents and the summary, totals as formulas", async () => {
    const out = join(s.dir, "vat.xlsx");
    const r = await runCli(["report", "vat", "--month", "2026-03", "--base-url", s.service.root, ...s.auth, "--out", out]);
    expect(r.stderr).not.toMatch(/docsheet:/);
    expect(r.stderr).toContain("report: Tax invoices, page 1: 4 of 4 documents");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`VAT report for 2026-03: output VAT 279.54 on 4 documents, input VAT 175.00 on 2 documents, payable 104.54; 1 void document listed apart; wrote ${out}\n`);

    const wb = await load(out);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Output tax 2026-03", "Input tax 2026-03", "Void 2026-03", "VAT summary 2026-03", "DocSheet records"]);
    const ws = wb.getWorksheet("Output tax 2026-03")!;
    const table = ws.getTable(Object.keys((ws as unknown as { tables: Record<string, unknown> }).tables)[0]);
    expect((table as unknown as { table: { totalsRow: boolean } }).table.totalsRow).toBe(true);
    // The form's header block above the table, as text (the company's tax id keeps its leading zero).
    expect([1, 2, 3, 4, 5].map((r) => [ws.getCell(`A${r}`).value, ws.getCell(`B${r}`).value])).toEqual([
      ["Output tax report", null], ["Tax month", "March 2026"], ["Name of operator", "Demo Co., Ltd."], ["Taxpayer identification no.", "0105559000000"],
      ["Establishment", "Head office"],
    ]);
    expect(ws.getCell("B4").numFmt).toBe("@");
    expect(ws.getRow(TOP + 1).values).toEqual([undefined, "No.", "Date", "Document no.", "Document type", "Customer", "Tax id", "Head office", "Branch no.", "Value of goods or services", "VAT"]);
    expect(ws.getCell(at("F2")).value).toBe("0105556000009");
    expect(ws.getCell(at("F2")).numFmt).toBe("@");
    expect(ws.getCell(at("B2")).numFmt).toBe("dd/mm/yyyy");
    // The one printed page's total (a SUBTOTAL of its rows, in bold), then the grand total.
    expect(ws.getCell(at("A6")).value).toBe("Page total");
    expect(ws.getCell(at("J6")).value).toEqual({ formula: `SUBTOTAL(109,${at("J2")}:${at("J5")})`, result: 279.54 });
    expect(ws.getCell(at("J6")).font?.bold).toBe(true);
    const totals = ws.getCell(at("J7")).value as ExcelJS.CellFormulaValue;
    expect(totals.formula).toMatch(/^SUBTOTAL\(109,DocSheet_\w+\[VAT\]\)$/);
    expect(totals.result).toBe(Number(total(month.output, "vatAmount")));
    expect(ws.getCell(at("A7")).value).toBe("Grand total");
    // Printed as the form: A4 landscape, one page wide, the header block and the table's header on
    // every page; one page, so no break.
    expect(ws.pageSetup).toMatchObject({ paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `1:${TOP + 1}` });
    expect(ws.headerFooter.oddHeader).toBe("&RPage &P of &N");

    const summary = wb.getWorksheet("VAT summary 2026-03")!;
    expect(summary.getCell("B3").value).toEqual({ formula: `'Output tax 2026-03'!${at("J7")}`, result: 279.54 });
    expect(summary.getCell("B6").value).toEqual({ formula: "MAX(B3-B5,0)", result: 104.54 });
    expect(summary.getCell("C5").value).toBe(175);
    // (exceljs leaves a cached 0 out; the file asks Excel to calculate on open.)
    expect((summary.getCell("D3").value as ExcelJS.CellFormulaValue).formula).toBe("B3-C3");
    const voided = wb.getWorksheet("Void 2026-03")!;
    expect(voided.getCell("C2").value).toBe(month.voided[0].documentSerial);
  });

  it("lists zero-rated values in the value column with VAT 0.00 (a mixed document on two rows), and the summary's 0% and exempt lines, reconciled in the .xlsx", async () => {
    const august = await seedZeroRatedMonth(s.client);
    const out = join(s.dir, "vat-zero.xlsx");
    const r = await runCli(["report", "vat", "--month", august.month, "--base-url", s.service.root, ...s.auth, "--out", out]);
    expect(r.stdout).toBe(`VAT report for ${august.month}: output VAT 140.00 on 2 documents, input VAT 70.00 on 1 document, payable 70.00; 0 void documents listed apart; wrote ${out}\n`);
    expect(r.code).toBe(0);
    const wb = await load(out);
    const ws = wb.getWorksheet(`Output tax ${august.month}`)!;
    expect([ws.getCell(at("I1")).value, ws.getCell(at("J1")).value, ws.getCell(at("K1")).value]).toEqual(["Value of goods or services", "VAT", null]);
    const row = (n: number) => ["C", "G", "I", "J"].map((c) => ws.getCell(at(`${c}${n}`)).value);
    expect([row(2), row(3), row(4)]).toEqual([
      [august.zeroRated.documentSerial, "✓", 5000, 0], [august.mixed.documentSerial, null, 2000, 140], [august.mixed.documentSerial, null, 1000, 0],
    ]);
    expect((ws.getCell(at("I5")).value as ExcelJS.CellFormulaValue).result).toBe(8000);
    expect((ws.getCell(at("I6")).value as ExcelJS.CellFormulaValue).result).toBe(8000);
    const summary = wb.getWorksheet(`VAT summary ${august.month}`)!;
    const range = (sheet: string, col: string, from: number, to: number) => `'${sheet} ${august.month}'!${at(`${col}${from}`)}:${at(`${col}${to}`)}`;
    expect([2, 8, 9, 10, 11].map((row) => [summary.getCell(`A${row}`).value, summary.getCell(`B${row}`).value])).toEqual([
      ["Sales subject to VAT (before VAT)", { formula: `'Output tax ${august.month}'!${at("I6")}-B8`, result: 2000 }],
      ["Sales at 0% (zero-rated)", { formula: `SUMIFS(${range("Output tax", "I", 2, 5)},${range("Output tax", "J", 2, 5)},0,${range("Output tax", "A", 2, 5)},">0")`, result: 6000 }],
      ["Exempt sales", 1700],
      ["Purchases at 0% (zero-rated)", { formula: `SUMIFS(${range("Input tax", "I", 2, 4)},${range("Input tax", "J", 2, 4)},0,${range("Input tax", "A", 2, 4)},">0")`, result: 300 }],
      ["Exempt purchases", 200],
    ]);
  });

  it("writes the Thai version with Buddhist-era dates, and takes a Buddhist-era month", async () => {
    const out = join(s.dir, "vat-th.xlsx");
    const r = await docsheet(["report", "vat", "--month", "2569-03", "--base-url", s.service.root, ...s.auth, "--out", out, "--lang", "th"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^รายงานภาษีมูลค่าเพิ่มเดือน มี\.ค\. 2569: ภาษีขาย 279\.54 จาก 4 เอกสาร, ภาษีซื้อ 175\.00 จาก 2 เอกสาร, ภาษีที่ต้องชำระ 104\.54;/);
    const wb = await load(out);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["ภาษีขาย มี.ค. 2569", "ภาษีซื้อ มี.ค. 2569", "ยกเลิก มี.ค. 2569", "สรุปภาษี มี.ค. 2569", "DocSheet records"]);
    const ws = wb.getWorksheet("ภาษีขาย มี.ค. 2569")!;
    expect(ws.getCell(at("B2")).numFmt).toBe("dd/mm/bbbb");
    expect(ws.getCell(at("B2")).value).toEqual(new Date(Date.UTC(2026, 2, 3)));
    expect(ws.getCell(at("A6")).value).toBe("รวมหน้านี้");
    expect(ws.getCell(at("A7")).value).toBe("รวมทั้งสิ้น");
    expect(ws.headerFooter.oddHeader).toBe("&Rหน้าที่ &P / &N");
    expect([ws.getCell("A1").value, ws.getCell("B2").value, ws.getCell("B5").value]).toEqual(["รายงานภาษีขาย", "มีนาคม 2569", "สำนักงานใหญ่"]);
  });

  it("writes the ภ.พ.30 file for RD Prep with --rd-prep, its amounts those of the summary", async () => {
    const out = join(s.dir, "vat-rd.xlsx");
    const dir = join(s.dir, "rd");
    const r = await docsheet(["report", "vat", "--month", "2026-03", "--base-url", s.service.root, ...s.auth, "--out", out, "--rd-prep", dir]);
    expect(r.code).toBe(0);
    const text = readFileSync(join(dir, "PP30-2026-03.txt"), "utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    const fields = text.slice(0, -2).split("|");
    // sequence|branch|address|zip, then the return's lines 1-9 as the summary's ภ.พ.30 rows hold them.
    expect(fields).toHaveLength(13);
    const summary = (await load(out)).getWorksheet("VAT summary 2026-03")!;
    const cell = (a: string) => summary.getCell(a).value as ExcelJS.CellFormulaValue;
    expect(summary.getCell("A12").value).toBe("ภ.พ.30 1. Total sales");
    expect(fields.slice(4)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20].map((row) => Number(cell(`B${row}`).result ?? 0).toFixed(2)));
    expect(fields.slice(4, 8).map(Number)).toEqual([Number(cell("B2").result) + 100, 0, 100, cell("B2").result]);
    expect(fields.slice(8).map(Number)).toEqual([cell("B3").result, cell("B4").result, cell("B5").result, cell("B6").result, 0]);
  });

  it("reports a month with no documents: empty reports, zero totals, no finding", async () => {
    const out = join(s.dir, "empty.xlsx");
    const r = await docsheet(["report", "vat", "--month", "2025-07", "--base-url", s.service.root, ...s.auth, "--out", out]);
    expect(r.stdout).toBe(`VAT report for 2025-07: output VAT 0.00 on 0 documents, input VAT 0.00 on 0 documents, payable 0.00; 0 void documents listed apart; wrote ${out}\n`);
    expect(r.code).toBe(0);
    expect((await load(out)).getWorksheet("Input tax 2025-07")!.getCell(at("I3")).value).toEqual({ formula: expect.stringMatching(/^SUBTOTAL\(109,/) });
  });

  it("refuses a missing or malformed month and another report, exit 2", async () => {
    const base = ["--base-url", s.service.root, ...s.auth, "--out", join(s.dir, "x.xlsx")];
    const noMonth = await docsheet(["report", "vat", ...base]);
    expect(noMonth.code).toBe(2);
    expect(noMonth.stderr).toMatch(/^docsheet: --month is required/);
    const bad = await docsheet(["report", "vat", "--month", "2026-13", ...base]);
    expect(bad.stderr).toMatch(/^docsheet: --month must be a month YYYY-MM/);
    const other = await docsheet(["report", "sales", "--month", "2026-03", ...base]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^docsheet: "sales" is not a report; the reports are vat and wht/);
  });
});
