// The monthly VAT report against the real local service (the embedded store): a month of mixed documents
// into the output-tax and input-tax reports whose totals equal the documents' VAT to the satang,
// void documents left out and listed apart, other months, non-VAT documents and a receipt of a tax
// invoice left out; the Thai version with Buddhist-era dates; and a total that differs from its
// documents (amounts that are not satang) reported as a finding.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { createClient, type DocSheetClient, type DocumentRecord } from "../../src/api";
import { readVatReport, vatReportJob, writeVatReport, type VatReport } from "../../src/jobs/vat-report";
import { Decimal } from "../../src/rules/money";
import { pp30Lines, sums, vatEntry } from "../../src/sheet/vat-entries";
import { rdPrepPp30 } from "../../src/sheet/rd-prep";
import { vatTexts, type VatFinding } from "../../src/sheet/i18n/vat-report";
import { ROWS_PER_PAGE } from "../../src/sheet/vat-tables";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import type { CellValue } from "../../src/workbook/port";
import { startTestService, oneStore, type TestService } from "../helpers/service";
import { seedVatMonth, seedZeroRatedMonth, total, type VatMonth, type ZeroRatedMonth } from "../helpers/vat-month";

jest.setTimeout(180_000);

const rowsOf = (wb: MemoryWorkbook, sheet: string): CellValue[][] => wb.sheet(sheet).values;
/** The demo company's address with its postal code, as the service's company information has them. */
const ADDRESS = "99 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110";

/** The output and input reports open with the form's header block (5 rows and an empty one): their table below it. */
const TOP = 6;
const tableOf = (wb: MemoryWorkbook, sheet: string): CellValue[][] => rowsOf(wb, sheet).slice(TOP);

/** A report's table rows (under its header) cut at its page totals: each page's document rows, its
 * total, and the 0-based sheet row of that total. */
function pagesOf(table: CellValue[][]): { rows: CellValue[][]; total: CellValue[]; at: number }[] {
  const pages: { rows: CellValue[][]; total: CellValue[]; at: number }[] = [];
  let rows: CellValue[][] = [];
  table.forEach((r, i) => {
    if (typeof r[0] === "number") rows.push(r);
    else {
      pages.push({ rows, total: r, at: TOP + 1 + i });
      rows = [];
    }
  });
  expect(rows).toEqual([]);
  return pages;
}

/** What a summary's SUMIFS(sum range,criteria range,0,sequence range,">0") over a report comes to on
 * the sheet's values, as Excel works it out: the formula's ranges are read, not trusted; a page
 * total's row (its label where a document has its number) is left out as Excel's ">0" leaves text out. */
function sumIfZero(wb: MemoryWorkbook, formula: string): number {
  const range = `'([^']+)'!([A-Z])(\\d+):([A-Z])(\\d+)`;
  const m = new RegExp(`^=SUMIFS\\(${range},${range},0,${range},">0"\\)$`).exec(formula);
  if (!m) throw new Error(`not a SUMIFS over one sheet: ${formula}`);
  const col = (letter: string) => letter.charCodeAt(0) - 65;
  const values = rowsOf(wb, m[1]);
  const [first, last] = [Number(m[3]), Number(m[5])];
  // The three ranges are of the same rows.
  expect([m[8], m[10], m[13], m[15]].map(Number)).toEqual([first, last, first, last]);
  let sum = new Decimal(0);
  for (let r = first; r <= last; r++) {
    const [value, vat, sequence] = [values[r - 1][col(m[2])], values[r - 1][col(m[7])], values[r - 1][col(m[12])]];
    if (typeof vat === "number" && vat === 0 && typeof sequence === "number" && sequence > 0) sum = sum.plus(value as number);
  }
  return sum.toNumber();
}

describe.each(oneStore("pglite"))("VAT report on %s", (store) => {
  let service: TestService;
  let client: DocSheetClient;
  let month: VatMonth;
  let august: ZeroRatedMonth;
  beforeAll(async () => {
    service = await startTestService({ store });
    client = createClient({ root: service.root, clientId: "demo", clientSecret: "demo-secret" });
    month = await seedVatMonth(client);
    august = await seedZeroRatedMonth(client);
  });
  afterAll(() => service?.stop());

  it("lists the month's VAT documents once each, totals equal to the documents' VAT to the satang", async () => {
    const wb = new MemoryWorkbook();
    const out = await vatReportJob(wb, client, { month: "2026-03" });
    expect(out.findings).toEqual([]);
    expect(out.sheets).toEqual({ output: "Output tax 2026-03", input: "Input tax 2026-03", void: "Void 2026-03", summary: "VAT summary 2026-03" });

    // The header block of the Revenue Department's form: the company, its tax id, head office, the tax month,
    // the establishment's name and address beside them.
    expect(rowsOf(wb, out.sheets.output).slice(0, TOP)).toEqual([
      ["Output tax report"], ["Tax month", "March 2026"], ["Name of operator", "Demo Co., Ltd.", "Name of establishment", "Demo Co., Ltd."],
      ["Taxpayer identification no.", "0105559000000", "Address of establishment", ADDRESS],
      ["Establishment", "Head office"], [null],
    ]);
    expect(rowsOf(wb, out.sheets.input)[0]).toEqual(["Input tax report"]);
    const output = tableOf(wb, out.sheets.output);
    // The RD's columns: the establishment as head office (marked) or branch number, value and VAT.
    expect(output[0]).toEqual(["No.", "Date", "Document no.", "Document type", "Customer", "Tax id", "Head office", "Branch no.", "Value of goods or services", "VAT"]);
    const serials = (docs: DocumentRecord[]) => docs.map((d) => d.documentSerial).sort();
    const n = month.output.length;
    expect(output.slice(1, n + 1).map((r) => r[2]).sort()).toEqual(serials(month.output));
    // Sequence, dates in order, tax id as text, head office marked, a branch as 5 digits.
    expect(output.slice(1, n + 1).map((r) => r[0])).toEqual([1, 2, 3, 4]);
    const first = output[1];
    expect(first[1]).toEqual(new Date(Date.UTC(2026, 2, 3)));
    expect(first.slice(4, 10)).toEqual(["VAT Exclusive Co", "0105556000009", "✓", null, 1000, 70]);
    expect(output.find((r) => r[4] === "VAT Inclusive Co")?.slice(5, 10)).toEqual(["0105556000009", null, "00002", 93.46, 6.54]);
    // The cash invoice's exempt line (100) is no part of its value.
    expect(output.find((r) => r[4] === "VAT Cash Co")?.slice(3, 10)).toEqual(["Cash invoice", "VAT Cash Co", null, null, null, 900, 63]);
    expect(output.find((r) => r[3] === "Receipt")?.[4]).toBe("VAT Billed Co");
    // Left out: non-VAT, other months, the receipt of a tax invoice, the void invoice.
    const listed = new Set(output.map((r) => r[2]));
    for (const d of [...month.excluded, ...month.voided]) expect(listed.has(d.documentSerial)).toBe(false);

    // The one printed page's total, then the totals row: a sum formula whose value is the documents'
    // VAT to the satang.
    expect(output[n + 1][0]).toBe("Page total");
    expect(output[n + 1][9]).toBe(Number(total(month.output, "vatAmount")));
    expect(wb.sheet(out.sheets.output).formulas.get(`${TOP + n + 1},9`)).toBe(`=SUBTOTAL(109,J${TOP + 2}:J${TOP + n + 1})`);
    const totals = output[n + 2];
    expect(totals[0]).toBe("Grand total");
    expect(totals[9]).toBe(Number(total(month.output, "vatAmount")));
    expect(new Decimal(totals[9] as number).toFixed(2)).toBe("279.54");
    expect(wb.sheet(out.sheets.output).formulas.get(`${TOP + n + 2},9`)).toBe("=SUBTOTAL(109,[VAT])");
    const base = month.output.reduce((s, d) => s.plus(Number(d.grandTotal)).minus(Number(d.vatAmount)), new Decimal(0)).minus(100);
    expect(totals[8]).toBe(base.toNumber());
    expect(totals).toHaveLength(10);

    const input = tableOf(wb, out.sheets.input);
    expect(input[0][4]).toBe("Supplier");
    expect(input.slice(1, 3).map((r) => [r[3], r[4], r[6], r[7], r[8], r[9]])).toEqual([
      ["Purchase", "VAT Supplier Co", null, "00001", 2000, 140],
      ["Expense", "VAT Taxi Co", null, null, 500, 35],
    ]);
    expect(input[3][0]).toBe("Page total");
    expect(input[4][9]).toBe(Number(total(month.input, "vatAmount")));

    const voided = rowsOf(wb, out.sheets.void);
    expect(voided.slice(1)).toEqual([[1, new Date(Date.UTC(2026, 2, 12)), month.voided[0].documentSerial, "Tax invoice", "Output tax", "VAT Void Co", 300, 21]]);

    // The return's summary: formulas over the two totals rows, the documents' sums beside them.
    const summary = wb.sheet(out.sheets.summary);
    expect(summary.values.slice(1).map((r) => [r[0], r[1], r[2], r[3]])).toEqual([
      ["Sales subject to VAT (before VAT)", base.toNumber(), base.toNumber(), 0],
      ["Output VAT", 279.54, 279.54, 0],
      ["Purchases and expenses with VAT (before VAT)", 2500, 2500, 0],
      ["Input VAT", 175, 175, 0],
      ["VAT payable", 104.54, 104.54, 0],
      ["VAT refundable (input over output)", 0, 0, 0],
      ["Sales at 0% (zero-rated)", 0, 0, 0],
      ["Exempt sales", 100, 100, 0],
      ["Purchases at 0% (zero-rated)", 0, 0, 0],
      ["Exempt purchases", 0, 0, 0],
      ["ภ.พ.30 1. Total sales", base.plus(100).toNumber(), base.plus(100).toNumber(), 0],
      ["ภ.พ.30 2. Zero-rated sales", 0, 0, 0],
      ["ภ.พ.30 3. Exempt sales", 100, 100, 0],
      ["ภ.พ.30 4. Taxable sales (1 − 2 − 3)", base.toNumber(), base.toNumber(), 0],
      ["ภ.พ.30 5. Output tax", 279.54, 279.54, 0],
      ["ภ.พ.30 6. Purchases eligible for input tax credit", 2500, 2500, 0],
      ["ภ.พ.30 7. Input tax", 175, 175, 0],
      ["ภ.พ.30 8. Tax payable (5 − 7)", 104.54, 104.54, 0],
      ["ภ.พ.30 9. Tax overpaid (7 − 5)", 0, 0, 0],
    ]);
    expect(summary.formulas.get("11,1")).toBe("=B2+B8+B9");
    expect(summary.formulas.get("18,1")).toBe("=MAX(B16-B18,0)");
    expect(summary.formulas.get("1,1")).toBe(`='Output tax 2026-03'!I${TOP + n + 3}-B8`);
    expect(summary.formulas.get("2,1")).toBe(`='Output tax 2026-03'!J${TOP + n + 3}`);
    expect(summary.formulas.get("4,1")).toBe(`='Input tax 2026-03'!J${TOP + 5}`);
    expect(sumIfZero(wb, summary.formulas.get("7,1")!)).toBe(0);
    expect(summary.formulas.get("5,1")).toBe("=MAX(B3-B5,0)");
    expect(summary.formulas.get("2,3")).toBe("=B3-C3");
    expect(out.net.toFixed(2)).toBe("104.54");
  });

  it("lists zero-rated and mixed inline documents with their base split, leaves exempt-only ones out, and sums 0% and exempt in the summary", async () => {
    const wb = new MemoryWorkbook();
    const out = await vatReportJob(wb, client, { month: august.month });
    expect(out.findings).toEqual([]);
    const output = tableOf(wb, out.sheets.output);
    // Zero-rated values in the value column with VAT 0.00, the mixed invoice's 7% and 0% parts on two
    // rows; the exempt-only invoice is not listed, the mixed one's exempt line is on no row.
    expect(output.slice(1).map((r) => [r[0], r[2], r[4], r[8], r[9]])).toEqual([
      [1, august.zeroRated.documentSerial, "ZR Export Co", 5000, 0],
      [2, august.mixed.documentSerial, "ZR Mixed Co", 2000, 140],
      [3, august.mixed.documentSerial, "ZR Mixed Co", 1000, 0],
      ["Page total", null, null, 8000, 140],
      ["Grand total", null, null, 8000, 140],
    ]);
    expect(output[0]).toHaveLength(10);
    expect(wb.sheet(out.sheets.output).formulas.get(`${TOP + 5},8`)).toBe("=SUBTOTAL(109,[Value of goods or services])");
    const input = tableOf(wb, out.sheets.input);
    expect(input[0].slice(8)).toEqual(["Value of goods or services", "VAT"]);
    expect(input.slice(1).map((r) => [r[2], r[8], r[9]])).toEqual([[august.purchase.documentSerial, 1000, 70], [august.purchase.documentSerial, 300, 0], [null, 1300, 70], [null, 1300, 70]]);
    // The grand totals hold: base + VAT + 0% + exempt.
    expect(Number(august.mixed.grandTotal)).toBe(2000 + 140 + 1000 + 500);

    const summary = wb.sheet(out.sheets.summary);
    expect(summary.values.slice(1).map((r) => [r[0], r[1], r[2], r[3]])).toEqual([
      ["Sales subject to VAT (before VAT)", 2000, 2000, 0],
      ["Output VAT", 140, 140, 0],
      ["Purchases and expenses with VAT (before VAT)", 1000, 1000, 0],
      ["Input VAT", 70, 70, 0],
      ["VAT payable", 70, 70, 0],
      ["VAT refundable (input over output)", 0, 0, 0],
      ["Sales at 0% (zero-rated)", 6000, 6000, 0],
      ["Exempt sales", 1700, 1700, 0],
      ["Purchases at 0% (zero-rated)", 300, 300, 0],
      ["Exempt purchases", 200, 200, 0],
      ["ภ.พ.30 1. Total sales", 9700, 9700, 0],
      ["ภ.พ.30 2. Zero-rated sales", 6000, 6000, 0],
      ["ภ.พ.30 3. Exempt sales", 1700, 1700, 0],
      ["ภ.พ.30 4. Taxable sales (1 − 2 − 3)", 2000, 2000, 0],
      ["ภ.พ.30 5. Output tax", 140, 140, 0],
      ["ภ.พ.30 6. Purchases eligible for input tax credit", 1000, 1000, 0],
      ["ภ.พ.30 7. Input tax", 70, 70, 0],
      ["ภ.พ.30 8. Tax payable (5 − 7)", 70, 70, 0],
      ["ภ.พ.30 9. Tax overpaid (7 − 5)", 0, 0, 0],
    ]);
    // The 0% lines add up the rows whose VAT is 0; the value at 7% is the value total less them.
    const out0 = `'Output tax ${august.month}'`;
    // Its page total's VAT is 140: the 0% rows are the documents' rows (a number in the sequence column).
    expect(summary.formulas.get("7,1")).toBe(`=SUMIFS(${out0}!I${TOP + 2}:I${TOP + 5},${out0}!J${TOP + 2}:J${TOP + 5},0,${out0}!A${TOP + 2}:A${TOP + 5},">0")`);
    expect(sumIfZero(wb, summary.formulas.get("7,1")!)).toBe(6000);
    expect(sumIfZero(wb, summary.formulas.get("9,1")!)).toBe(300);
    expect(summary.formulas.get("1,1")).toBe(`=${out0}!I${TOP + 6}-B8`);
    expect(summary.formulas.get("3,1")).toBe(`='Input tax ${august.month}'!I${TOP + 5}-B10`);
    expect(summary.formulas.get("8,1")).toBeUndefined();
    expect(summary.formulas.get("8,3")).toBe("=B9-C9");

    const th = new MemoryWorkbook();
    const thai = await vatReportJob(th, client, { month: august.month, lang: "th" });
    expect(th.sheet(thai.sheets.output).values[TOP].slice(6)).toEqual(["สำนักงานใหญ่", "สาขาที่", "มูลค่าสินค้าหรือบริการ", "จำนวนเงินภาษีมูลค่าเพิ่ม"]);
    expect(th.sheet(thai.sheets.output).values[TOP + 1].slice(8)).toEqual([5000, 0]);
    expect(th.sheet(thai.sheets.summary).values.slice(7, 12).map((r) => r[0])).toEqual([
      "ยอดขายที่เสียภาษีในอัตราร้อยละ 0", "ยอดขายที่ได้รับยกเว้น", "ยอดซื้อที่เสียภาษีในอัตราร้อยละ 0", "ยอดซื้อที่ได้รับยกเว้น", "ภ.พ.30 1. ยอดขายในเดือนนี้",
    ]);
  });

  it("writes the Thai version: Thai headers and sheet names, Buddhist-era dates", async () => {
    const wb = new MemoryWorkbook();
    const out = await vatReportJob(wb, client, { month: "2026-03", lang: "th" });
    expect(out.sheets.output).toBe("ภาษีขาย มี.ค. 2569");
    const sheet = wb.sheet(out.sheets.output);
    // The form's header block in Thai: the tax month in the Buddhist era.
    expect(sheet.values.slice(0, TOP)).toEqual([
      ["รายงานภาษีขาย"], ["เดือนภาษี", "มีนาคม 2569"], ["ชื่อผู้ประกอบการ", "Demo Co., Ltd.", "ชื่อสถานประกอบการ", "Demo Co., Ltd."],
      ["เลขประจำตัวผู้เสียภาษีอากร", "0105559000000", "ที่อยู่สถานประกอบการ", ADDRESS],
      ["สถานประกอบการ", "สำนักงานใหญ่"], [null],
    ]);
    expect(wb.sheet(out.sheets.input).values[0]).toEqual(["รายงานภาษีซื้อ"]);
    expect(sheet.values[TOP]).toEqual([
      "ลำดับ", "วัน เดือน ปี", "เลขที่เอกสาร", "ประเภทเอกสาร", "ชื่อผู้ซื้อสินค้า/ผู้รับบริการ", "เลขประจำตัวผู้เสียภาษีอากร", "สำนักงานใหญ่", "สาขาที่",
      "มูลค่าสินค้าหรือบริการ", "จำนวนเงินภาษีมูลค่าเพิ่ม",
    ]);
    expect(sheet.values[TOP + 1][3]).toBe("ใบกำกับภาษี");
    expect(sheet.formats[TOP + 1][1]).toBe("dd/mm/bbbb");
    expect(sheet.values[TOP + month.output.length + 1][0]).toBe("รวมหน้านี้");
    expect(sheet.values[TOP + month.output.length + 2][0]).toBe("รวมทั้งสิ้น");
    expect(sheet.print?.pageHeader).toBe("หน้าที่ &P / &N");
    expect(wb.sheet(out.sheets.summary).values[2][0]).toBe("ภาษีขาย");
  });

  it("leaves a month with no documents empty, with zero totals", async () => {
    const wb = new MemoryWorkbook();
    const out = await vatReportJob(wb, client, { month: "2025-07" });
    expect(out.findings).toEqual([]);
    expect(wb.sheet(out.sheets.output).values[TOP + 2].slice(8)).toEqual([0, 0]);
    expect(out.net.isZero()).toBe(true);
  });

  it("reads every page of a family (more than 200 documents)", async () => {
    const wb = new MemoryWorkbook();
    const api = client.documents("purchases");
    const body = (i: number) => ({ contactName: `Paged ${i}`, publishedOn: "2026-06-15", dueDate: "2026-06-15", isVat: true, isVatInclusive: false, documentStructureType: "SimpleDocument" as const,
      items: [{ name: "x", quantity: 1, pricePerUnit: 10, total: 10 }], subTotal: 10, discountAmount: 0, totalAfterDiscount: 10, vatAmount: 0.7, grandTotal: 10.7 });
    for (let i = 0; i < 205; i += 5) await Promise.all([0, 1, 2, 3, 4].map((k) => api.create(body(i + k))));
    const report = await readVatReport(client, { month: "2026-06" });
    expect(report.input).toHaveLength(205);
    const out = await writeVatReport(wb, report);
    expect(out.findings).toEqual([]);
    // 205 documents on 11 printed pages (10 of 20, 1 of 5), each page's rows then its total.
    const sheet = wb.sheet(out.sheets.input);
    const table = sheet.values.slice(TOP + 1, TOP + 1 + 205 + 11);
    const pages = pagesOf(table);
    expect(pages.map((p) => p.rows.length)).toEqual([...new Array<number>(10).fill(ROWS_PER_PAGE), 5]);
    pages.forEach((p, i) => {
      // The page total is the sum of its page's rows, as a SUBTOTAL over exactly those rows.
      expect(p.total[0]).toBe("Page total");
      expect(p.total[9]).toBe(new Decimal(0.7).times(p.rows.length).toNumber());
      expect(p.total[8]).toBe(10 * p.rows.length);
      const first = TOP + 2 + i * (ROWS_PER_PAGE + 1);
      expect(sheet.formulas.get(`${p.at},9`)).toBe(`=SUBTOTAL(109,J${first}:J${first + p.rows.length - 1})`);
      expect(sheet.formulas.get(`${p.at},8`)).toBe(`=SUBTOTAL(109,I${first}:I${first + p.rows.length - 1})`);
    });
    // Documents are numbered 1..205 across the pages; the grand total is still their sum (the totals
    // row's SUBTOTAL leaves the page totals' SUBTOTALs out), under the last page's total.
    expect(pages.flatMap((p) => p.rows.map((r) => r[0]))).toEqual(Array.from({ length: 205 }, (_, i) => i + 1));
    expect(sheet.values[TOP + 217].slice(8)).toEqual([2050, 143.5]);
    expect(sheet.values[TOP + 217][0]).toBe("Grand total");
    // Printed as the form: a page break under each page's total but the last (the grand total stays
    // on that page), those rows in bold, A4 landscape with the page's number.
    const ends = pages.map((p) => p.at - TOP - 1);
    expect(sheet.print).toEqual({ orientation: "landscape", pageEnds: ends.slice(0, -1), strong: ends, pageHeader: "Page &P of &N" });
    // The 0% sum reads the documents' rows only.
    expect(sumIfZero(wb, wb.sheet(out.sheets.summary).formulas.get("9,1")!)).toBe(0);

    // The same report in a .xlsx: the breaks, print titles and page set-up as Excel reads them.
    const book = XlsxWorkbook.empty();
    const written = await writeVatReport(book, report);
    const file = join(mkdtempSync(join(tmpdir(), "vat-pages-")), "report.xlsx");
    await book.save(file);
    const parts = unzipSync(readFileSync(file));
    const xml = (name: string) => strFromU8(parts[name]);
    const sheetXml = xml("xl/worksheets/sheet2.xml");
    // Excel's row numbers (1-based): the header row is TOP + 1, a page's total ends it.
    expect([...sheetXml.matchAll(/<brk id="(\d+)" max="16383" man="1"\/>/g)].map((m) => Number(m[1]))).toEqual(ends.slice(0, -1).map((e) => TOP + 2 + e));
    expect(sheetXml).toMatch(/<pageSetup [^>]*paperSize="9" orientation="landscape"[^>]*fitToWidth="1" fitToHeight="0"/);
    expect(sheetXml).toContain('<pageSetUpPr fitToPage="1"/>');
    expect(sheetXml).toContain("<oddHeader>&amp;RPage &amp;P of &amp;N</oddHeader>");
    expect(xml("xl/workbook.xml")).toContain(`<definedName name="_xlnm.Print_Titles" localSheetId="1">&apos;${written.sheets.input}&apos;!$1:$${TOP + 1}</definedName>`);
    // Opened and saved again with a sheet added (another month's report into the same file): the
    // breaks are kept (exceljs alone reads none), the print titles and page set-up too.
    const again = await XlsxWorkbook.load(file);
    await again.addTableSheet("More", [{ header: "x", kind: "text" }], [["y"]]);
    await again.save(`${file}.2.xlsx`);
    const parts2 = unzipSync(readFileSync(`${file}.2.xlsx`));
    const breaks2 = [...strFromU8(parts2["xl/worksheets/sheet2.xml"]).matchAll(/<brk id="(\d+)" max="16383" man="1"\/>/g)].map((m) => Number(m[1]));
    expect(breaks2).toEqual(ends.slice(0, -1).map((e) => TOP + 2 + e));
    expect(strFromU8(parts2["xl/workbook.xml"])).toContain(`localSheetId="1">&apos;${written.sheets.input}&apos;!$1:$${TOP + 1}</definedName>`);
    expect(strFromU8(parts2["xl/worksheets/sheet2.xml"])).toMatch(/<pageSetup [^>]*paperSize="9" orientation="landscape"[^>]*fitToWidth="1" fitToHeight="0"/);
    // The page totals' cells are bold, a document's not.
    const back = new ExcelJS.Workbook();
    await back.xlsx.readFile(file);
    const ws = back.getWorksheet(written.sheets.input)!;
    expect(ws.getCell(`J${TOP + 2 + ends[0]}`).font?.bold).toBe(true);
    expect(ws.getCell(`J${TOP + 1 + ends[0]}`).font?.bold).toBeFalsy();
  });
});

describe("VAT report findings", () => {
  const doc = (id: number, vat: number, grand: number): DocumentRecord => ({
    recordId: id, documentSerial: `INV-${id}`, publishedOn: "2026-03-02", contactName: "Odd Co", vatAmount: vat, grandTotal: grand, statusString: "awaiting",
  });

  it("reports amounts that are not satang and a total that differs from its documents", async () => {
    const findings: VatFinding[] = [];
    // Two documents whose VAT has a third decimal: the cells round each, their sum no longer equals the documents'.
    const output = [doc(1, 0.005, 1.075), doc(2, 0.005, 1.075)].map((d) => vatEntry("output", "tax-invoices", d, findings)!);
    const report: VatReport = { month: "2026-03", output, input: [], voided: [], figures: { output: sums(output), input: sums([]) }, findings };
    const out = await writeVatReport(new MemoryWorkbook(), report);
    expect(out.findings).toEqual(expect.arrayContaining([
      { kind: "notMoney", family: "tax-invoices", serial: "INV-1", field: "vatAmount", value: "0.005" },
      { kind: "totalDiffers", side: "output", what: "vat", report: "0.02", documents: "0.01" },
    ]));
    expect(vatTexts("en").finding(out.findings.find((f) => f.kind === "totalDiffers")!)).toBe("Output tax: the total VAT is 0.02 but the documents add up to 0.01");
    expect(vatTexts("th").finding(out.findings.find((f) => f.kind === "totalDiffers")!)).toBe("ภาษีขาย: ยอดรวมภาษีมูลค่าเพิ่มเป็น 0.02 แต่ผลรวมจากเอกสารเป็น 0.01");
  });

  it("a refund month: ภ.พ.30 line 9 holds what input tax is over output tax and line 8 is 0, in the summary and its file, never negative", async () => {
    const findings: VatFinding[] = [];
    const output = [vatEntry("output", "tax-invoices", doc(1, 70, 1070), findings)!];
    const input = [vatEntry("input", "purchases", { ...doc(2, 350, 5350), contactTaxId: "0105556000009", contactBranch: "00003" }, findings)!];
    const report: VatReport = { month: "2026-04", output, input, voided: [], figures: { output: sums(output), input: sums(input) }, findings };
    const wb = new MemoryWorkbook();
    const out = await writeVatReport(wb, report);
    expect(out.findings).toEqual([]);
    const lines = wb.sheet(out.sheets.summary).values.slice(11, 20).map((r) => [r[1], r[2]]);
    expect(lines).toEqual([[1000, 1000], [0, 0], [0, 0], [1000, 1000], [70, 70], [5000, 5000], [350, 350], [0, 0], [280, 280]]);
    // The supplier's branch under สาขาที่, its head office column empty (no header block: no company given).
    expect(rowsOf(wb, out.sheets.input)[1].slice(6, 10)).toEqual([null, "00003", 5000, 350]);
    const file = rdPrepPp30({ branch: "00000", address: "1 Road", zip: "10110", lines: pp30Lines(report.figures.output, report.figures.input) });
    expect(file.trimEnd().split("|").slice(4)).toEqual(["1000.00", "0.00", "0.00", "1000.00", "70.00", "5000.00", "350.00", "0.00", "280.00"]);
  });

  it("leaves a person's branch blank, never 00000; a company's branch is 5 digits, 00000 its head office", () => {
    const findings: VatFinding[] = [];
    const branchOf = (fields: Partial<DocumentRecord>) => vatEntry("output", "tax-invoices", { ...doc(9, 7, 107), ...fields }, findings)!.branch;
    expect(branchOf({ contactTaxId: "1101700203451", contactBranch: "00000" })).toBe("");
    expect(branchOf({ contactTaxId: "1101700203451" })).toBe("");
    expect(branchOf({ contactGroup: 1, contactBranch: "00000" })).toBe("");
    expect(branchOf({ contactGroup: 1, contactTaxId: "0105559000000", contactBranch: "00001" })).toBe("00001");
    expect(branchOf({ contactTaxId: "0105556000009" })).toBe("00000");
    expect(branchOf({ contactGroup: 3, contactTaxId: "0105556000009", contactBranch: "2" })).toBe("00002");
  });

  it("reconciles the zero-rated values in the value column too", async () => {
    const findings: VatFinding[] = [];
    // Inline documents with one 0% line of a third decimal: each cell rounds it up.
    const zeroRated = (id: number): DocumentRecord => ({
      ...doc(id, 0, 0.005), documentStructureType: "InlineDocument", isVat: true, items: [{ name: "Export", vatRate: 0, total: 0.005 }],
    });
    const output = [zeroRated(1), zeroRated(2)].map((d) => vatEntry("output", "tax-invoices", d, findings)!);
    expect(output.map((e) => [e.base.toString(), e.zero.toString()])).toEqual([["0", "0.005"], ["0", "0.005"]]);
    const report: VatReport = { month: "2026-03", output, input: [], voided: [], figures: { output: sums(output), input: sums([]) }, findings };
    const out = await writeVatReport(new MemoryWorkbook(), report);
    const differs = out.findings.filter((f) => f.kind === "totalDiffers");
    expect(differs).toEqual([{ kind: "totalDiffers", side: "output", what: "value", report: "0.02", documents: "0.01" }]);
    expect(vatTexts("en").finding(differs[0])).toBe("Output tax: the total value of goods or services is 0.02 but the documents add up to 0.01");
    expect(vatTexts("th").finding(differs[0])).toBe("ภาษีขาย: ยอดรวมมูลค่าสินค้าหรือบริการเป็น 0.02 แต่ผลรวมจากเอกสารเป็น 0.01");
  });
});
