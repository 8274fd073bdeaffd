// The withholding tax report's pure parts: certificates into forms, void ones apart; a difference
// between the attachment's totals and the certificates' own is a finding; purchases and expenses
// that withheld tax are matched to their certificates; the rules' income types, rates and forms.
import { Decimal } from "../../src/rules/money";
import { formOfTaxId, incomeTypeOf, withheldOf } from "../../src/rules/certificate-forms";
import { missingCertificates, whtReport, whtTexts } from "../../src/sheet/wht-report";
import { rdDate, rdPrepPp30, splitName } from "../../src/sheet/rd-prep";
import { pp30Lines } from "../../src/sheet/vat-entries";
import { writeWhtReport } from "../../src/jobs/wht-report";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";

const cert = (id: number, entity: number, tax: number, extra: Record<string, unknown> = {}) => ({
  recordId: id, documentSerial: `WT${id}`, entity, contactName: `Payee ${id}`, contactTaxId: entity === 3 ? "0105556000009" : "1101700123456",
  publishedOn: "2026-05-02", statusString: "processed", taxPayment: 1, total: tax * 100 / 3, totalTaxWithheld: tax,
  withholdingTaxItems: [{ incomeType: 27, description: "ค่าบริการ (ม.40(8))", taxRate: 3, taxAmount: tax * 100 / 3, withheld: tax }], ...extra,
});
const company = { name: "Demo Co., Ltd.", taxId: "0105556000009", branch: "00000" };

describe("withholding tax report", () => {
  it("sorts certificates into their forms, keeps void ones apart, and finds a total that differs from the certificates'", async () => {
    const report = whtReport("2026-05", company, [cert(1, 1, 30), cert(2, 3, 60), cert(3, 3, 90, { statusString: "void" })], []);
    expect([report.lines[1].length, report.lines[3].length, report.voided.length]).toEqual([1, 1, 1]);
    expect(report.figures[3].tax.toFixed(2)).toBe("60.00");
    const clean = await writeWhtReport(new MemoryWorkbook(), report, {});
    expect(clean.findings).toEqual([]);
    // A certificate whose own total is not the sum of its lines: the attachment's total differs.
    const off = whtReport("2026-05", company, [cert(1, 1, 30, { totalTaxWithheld: 30.01 })], []);
    const outcome = await writeWhtReport(new MemoryWorkbook(), off, {});
    expect(outcome.findings).toEqual([{ kind: "totalDiffers", form: 1, what: "tax", report: "30.00", certificates: "30.01" }]);
  });

  it.each(["en", "th"] as const)("writes the return's count of certificates as a whole number among its amounts, in the grid and the file (%s)", async (lang) => {
    const report = whtReport("2026-05", company, [cert(1, 1, 30), cert(2, 3, 60)], []);
    const memory = new MemoryWorkbook();
    const out = await writeWhtReport(memory, report, { lang });
    const ret = memory.sheet(out.sheets.return);
    const countRows = ret.values.flatMap((r, i) => (typeof r[0] === "string" && r[0].endsWith(whtTexts(lang).header.certificates) ? [i] : []));
    expect(countRows).toHaveLength(2);
    for (const r of countRows) {
      expect(ret.values[r].slice(1, 3)).toEqual([1, 1]);
      expect(ret.formats[r].slice(1, 4)).toEqual(["#,##0", "#,##0", "#,##0"]);
    }
    // The amounts keep two decimals.
    expect(ret.formats[countRows[0] + 1][1]).toBe("#,##0.00");
    // A file says the same: 1, not 1.00.
    const dir = mkdtempSync(join(tmpdir(), "wht-count-"));
    try {
      const book = XlsxWorkbook.empty();
      const written = await writeWhtReport(book, report, { lang });
      await book.save(join(dir, "r.xlsx"));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(join(dir, "r.xlsx"));
      const ws = wb.getWorksheet(written.sheets.return)!;
      expect(ws.getRow(countRows[0] + 1).getCell(2).numFmt).toBe("#,##0");
      expect(ws.getRow(countRows[0] + 2).getCell(2).numFmt).toBe("#,##0.00");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("matches a purchase's withholding to its certificate by serial or by payee and tax, else lists it", () => {
    const doc = (serial: string, name: string, tax: number) => ({
      family: "purchases" as const,
      doc: { documentSerial: serial, contactName: name, publishedOn: "2026-05-03", totalAfterDiscount: tax * 100 / 3, documentWithholdingTaxPercentage: 3, documentWithholdingTaxAmount: tax },
    });
    const certificates = [cert(1, 3, 30, { remarks: "From RI1" }), cert(2, 1, 45, { contactTaxId: "", contactName: "Shop" })];
    const missing = missingCertificates([doc("RI1", "Acme", 30), doc("RI2", "Shop", 45), doc("RI3", "Shop", 45), doc("RI4", "None", 0)], certificates);
    expect(missing.map((m) => [m.serial, m.tax.toFixed(2), m.lines[0].amount.toFixed(2)])).toEqual([["RI3", "45.00", "1500.00"]]);
  });

  it("knows income types in words, their rates, the form of a tax id, and the tax to the satang", () => {
    expect(incomeTypeOf("ค่าเช่า (ม.40(5))")?.id).toBe("rent");
    expect(incomeTypeOf("Services s.40(8)")?.rates).toEqual([3]);
    expect(incomeTypeOf("professional fees")?.section).toBe("40(6)");
    expect(incomeTypeOf("lunch")).toBeUndefined();
    expect([formOfTaxId("0105556000009"), formOfTaxId("1101700123456")]).toEqual([3, 1]);
    expect(withheldOf(new Decimal("999.99"), 5).toFixed(2)).toBe("50.00");
    expect(withheldOf(new Decimal("12345.67"), 3).toFixed(2)).toBe("370.37");
  });

  it("names every sheet within Excel's 31 characters, in both languages and every month", () => {
    for (const lang of ["en", "th"] as const) {
      const t = whtTexts(lang).sheet;
      for (let m = 1; m <= 12; m++) {
        const month = `2026-${String(m).padStart(2, "0")}`;
        for (const name of [t.form(1, month), t.form(3, month), t.void(month), t.return(month), t.missing(month)]) expect(name.length).toBeLessThanOrEqual(31);
      }
    }
  });

  it("writes RD Prep's dates, names and the ภ.พ.30 line", () => {
    expect(rdDate("2026-04-05")).toBe("05042569");
    expect(splitName("นางสาว สมศรี รักดี")).toEqual(["นางสาว", "สมศรี", "รักดี"]);
    expect(splitName("Somchai")).toEqual(["", "Somchai", ""]);
    const d = (v: string) => new Decimal(v);
    // The return's nine lines: 1 total sales = 2 zero-rated + 3 exempt + 4 taxable; 8 payable or 9 overpaid, never negative.
    const payable = pp30Lines({ base: d("28345.58"), vat: d("1984.19"), zero: d("50000"), exempt: d("300.5") }, { base: d("1540"), vat: d("107.8") });
    expect(rdPrepPp30({ branch: "", address: "1 Road|Bangkok", zip: "10500", lines: payable }))
      .toBe("1|00000|1 Road Bangkok|10500|78646.08|50000.00|300.50|28345.58|1984.19|1540.00|107.80|1876.39|0.00\r\n");
    const refund = pp30Lines({ base: d("1000"), vat: d("70"), zero: d("0"), exempt: d("0") }, { base: d("5000"), vat: d("350.004") });
    expect(refund.map((x) => x.toFixed(2))).toEqual(["1000.00", "0.00", "0.00", "1000.00", "70.00", "5000.00", "350.00", "0.00", "280.00"]);
  });
});
