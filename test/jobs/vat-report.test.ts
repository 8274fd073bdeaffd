// The monthly VAT report against the real local service (the embedded store): a month of mixed documents
// into the output-tax and input-tax reports whose totals equal the documents' VAT to the satang,
// void documents left out and listed apart, other months, non-VAT documents and a receipt of a tax
// invoice left out; the Thai version with Buddhist-era dates; and a total that differs from its
// documents (amounts that are not satang) reported as a finding.
import { createClient, type DocSheetClient, type DocumentRecord } from "../../src/api";
import { readVatReport, vatReportJob, writeVatReport, type VatReport } from "../../src/jobs/vat-report";
import { Decimal } from "../../src/rules/money";
import { pp30Lines, sums, vatEntry } from "../../src/sheet/vat-entries";
import { rdPrepPp30 } from "../../src/sheet/rd-prep";
import { vatTexts, type VatFinding } from "../../src/sheet/i18n/vat-report";
import { MemoryWorkbook } from "../../src/workbook/memory";
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

/** What a summary's SUMIF(criteria range,0,sum range) over a report comes to on the sheet's values, as
 * Excel works it out: the formula's ranges are read, not trusted. */
function sumIfZero(wb: MemoryWorkbook, formula: string): number {
  const m = /^=SUMIF\('([^']+)'!([A-Z])(\d+):([A-Z])(\d+),0,'([^']+)'!([A-Z])(\d+):([A-Z])(\d+)\)$/.exec(formula);
  if (!m) throw new Error(`not a SUMIF over one sheet: ${formula}`);
  const col = (letter: string) => letter.charCodeAt(0) - 65;
  const values = rowsOf(wb, m[1]);
  let sum = new Decimal(0);
  for (let r = Number(m[3]); r <= Number(m[5]); r++) {
    const vat = values[r - 1][col(m[2])];
    if (typeof vat === "number" && vat === 0) sum = sum.plus(values[r - 1 - Number(m[3]) + Number(m[8])][col(m[7])] as number);
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

    // The totals row: a sum formula whose value is the documents' VAT to the satang.
    const totals = output[n + 1];
    expect(totals[0]).toBe("Total");
    expect(totals[9]).toBe(Number(total(month.output, "vatAmount")));
    expect(new Decimal(totals[9] as number).toFixed(2)).toBe("279.54");
    expect(wb.sheet(out.sheets.output).formulas.get(`${TOP + n + 1},9`)).toBe("=SUBTOTAL(109,[VAT])");
    const base = month.output.reduce((s, d) => s.plus(Number(d.grandTotal)).minus(Number(d.vatAmount)), new Decimal(0)).minus(100);
    expect(totals[8]).toBe(base.toNumber());
    expect(totals).toHaveLength(10);

    const input = tableOf(wb, out.sheets.input);
    expect(input[0][4]).toBe("Supplier");
    expect(input.slice(1, 3).map((r) => [r[3], r[4], r[6], r[7], r[8], r[9]])).toEqual([
      ["Purchase", "VAT Supplier Co", null, "00001", 2000, 140],
      ["Expense", "VAT Taxi Co", null, null, 500, 35],
    ]);
    expect(input[3][9]).toBe(Number(total(month.input, "vatAmount")));

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
    expect(summary.formulas.get("1,1")).toBe(`='Output tax 2026-03'!I${TOP + n + 2}-B8`);
    expect(summary.formulas.get("2,1")).toBe(`='Output tax 2026-03'!J${TOP + n + 2}`);
    expect(summary.formulas.get("4,1")).toBe(`='Input tax 2026-03'!J${TOP + 4}`);
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
      ["Total", null, null, 8000, 140],
    ]);
    expect(output[0]).toHaveLength(10);
    expect(wb.sheet(out.sheets.output).formulas.get(`${TOP + 4},8`)).toBe("=SUBTOTAL(109,[Value of goods or services])");
    const input = tableOf(wb, out.sheets.input);
    expect(input[0].slice(8)).toEqual(["Value of goods or services", "VAT"]);
    expect(input.slice(1).map((r) => [r[2], r[8], r[9]])).toEqual([[august.purchase.documentSerial, 1000, 70], [august.purchase.documentSerial, 300, 0], [null, 1300, 70]]);
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
    expect(summary.formulas.get("7,1")).toBe(`=SUMIF(${out0}!J${TOP + 2}:J${TOP + 4},0,${out0}!I${TOP + 2}:I${TOP + 4})`);
    expect(sumIfZero(wb, summary.formulas.get("7,1")!)).toBe(6000);
    expect(sumIfZero(wb, summary.formulas.get("9,1")!)).toBe(300);
    expect(summary.formulas.get("1,1")).toBe(`=${out0}!I${TOP + 5}-B8`);
    expect(summary.formulas.get("3,1")).toBe(`='Input tax ${august.month}'!I${TOP + 4}-B10`);
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
    expect(sheet.values[TOP + month.output.length + 1][0]).toBe("รวม");
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
    expect(wb.sheet(out.sheets.input).values[TOP + 206][9]).toBe(143.5);
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
