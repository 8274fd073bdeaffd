// PDF export read back the way a person would (test/service/pdf-readback.ts): text as a viewer
// copies it (Thai as typed), page 1 rendered and checked to have ink, fonts embedded, pages numbered.
import { companyFromInfo, renderDocumentPdf, validateExportOptions } from "../../src/service/pdf";
import { documentView } from "../../src/service/pdf/view";
import { sampleDocument, SAMPLE_COMPANY } from "../fixtures/files/sample-document";
import { firstPageGrey, inkOnFirstPage, pdfFonts, pdfPages, pdfText } from "./pdf-readback";

/** Whitespace-insensitive containment: table cells are read with line breaks between them. */
const flat = (s: string) => s.replace(/\s+/g, " ");

const input = { family: "tax-invoices" as const, doc: sampleDocument(5), company: SAMPLE_COMPANY, culture: "th" as const };

describe("document PDF", () => {
  test("a Thai tax invoice carries every part of the document, Thai text extracting as typed", async () => {
    const pdf = await renderDocumentPdf(input);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = flat(await pdfText(pdf));
    for (const expected of [
      "ใบกำกับภาษี", "ต้นฉบับ", "บริษัท เดโม่ จำกัด", "เลขประจำตัวผู้เสียภาษี 0105551234567 สำนักงานใหญ่",
      "INV2026110001", "21/11/2569", "21/12/2569", "QT2026110007",
      "ลูกค้า", "ห้างหุ้นส่วนจำกัด ผู้ซื้อใหญ่ <script>alert(1)</script>", "0103559876543", "สาขาที่ 00001",
      "ค่าที่ปรึกษาด้านบัญชี", "ประจำเดือนพฤศจิกายน (ที่ปรึกษาอาวุโส)", "ค่าบริการจัดทำงบการเงิน", "กระดาษ A4 ชนิดพิเศษ",
      "ค่าน้ำมันเชื้อเพลิง", "ปากกาลูกลื่น", "ชิ้น", "1,234.50", "2,369.00", "6,172.50",
      "รวมเป็นเงิน", "18,517.50", "ราคาหลังหักส่วนลด", "18,417.50", "ภาษีมูลค่าเพิ่ม 7%", "1,289.23",
      "จำนวนเงินรวมทั้งสิ้น", "19,706.73", "หักภาษี ณ ที่จ่าย 3%", "552.53", "ยอดชำระ", "19,154.20",
      "หนึ่งหมื่นเก้าพันหนึ่งร้อยห้าสิบสี่บาทยี่สิบสตางค์", "หมายเหตุ", "ชำระเงินภายใน 30 วัน", "Thank you for your business.",
      "หน้า 1/1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(await inkOnFirstPage(pdf)).toBeGreaterThan(0.01);
    expect(text).not.toContain("สาขา สำนักงานใหญ่");
  });

  test("the head office is printed by name, never as branch 00000; other branches by their number", () => {
    const view = (culture: "th" | "en", contactBranch: string) =>
      documentView({ ...input, culture, doc: { ...sampleDocument(1), contactBranch } }).contact.lines.join(" | ");
    expect(view("th", "00000")).toContain("สำนักงานใหญ่");
    expect(view("th", "00000")).not.toMatch(/00000|สาขา/);
    expect(view("en", "00000")).toContain("Head office");
    expect(view("en", "สำนักงานใหญ่")).toContain("Head office");
    expect(view("th", "00001")).toContain("สาขา 00001");
    expect(view("en", "00001")).toContain("Branch 00001");
    expect(view("th", "สาขาที่ 00001")).toContain("สาขาที่ 00001");
    expect(view("th", "สาขาที่ 00001")).not.toContain("สาขา สาขา");
  });

  test("the font is embedded, so the PDF does not depend on fonts installed on the machine", async () => {
    const fonts = await pdfFonts(await renderDocumentPdf(input));
    expect(fonts.size).toBeGreaterThan(0);
    for (const [name, embedded] of fonts) {
      expect(name).toMatch(/Waree/);
      expect(embedded).toBe(true);
    }
  });

  test("English culture prints English labels and the company's English name", async () => {
    const text = flat(await pdfText(await renderDocumentPdf({ ...input, culture: "en" })));
    for (const expected of ["Tax Invoice", "Original", "Demo Co., Ltd.", "Head office", "Customer", "21 Nov 2026", "Grand total", "19,706.73", "Withholding tax 3%", "Amount to pay", "Page 1/1"]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("ใบกำกับภาษี");
  });

  test("original and copy come as two sets of pages; copy alone is marked as the copy", async () => {
    const both = await renderDocumentPdf({ ...input, culture: "en", versions: ["original", "copy"] });
    expect(await pdfPages(both)).toBe(2);
    const text = await pdfText(both);
    expect(text.indexOf("Original")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("Copy")).toBeGreaterThan(text.indexOf("Original"));
    const copy = flat(await pdfText(await renderDocumentPdf({ ...input, copy: true })));
    expect(copy).toContain("สำเนา");
    expect(copy).not.toContain("ต้นฉบับ");
  });

  test("a long document flows over pages with the table header repeated and pages numbered", async () => {
    const pdf = await renderDocumentPdf({ ...input, culture: "en", doc: sampleDocument(60) });
    const pages = await pdfPages(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = flat(await pdfText(pdf));
    expect(text).toContain(`Page ${pages}/${pages}`);
    expect(text.split("Description").length - 1).toBe(pages); // the header on every page
    expect(text).toContain("74,070.00"); // line 60: 60 × 1,234.50
  });

  test("renders after the first (shaping cached across documents) draw exactly the same page", async () => {
    const page = (pdf: Buffer) => firstPageGrey(pdf, 60);
    const [a, b] = await Promise.all([renderDocumentPdf(input), renderDocumentPdf(input)]);
    const c = await renderDocumentPdf(input);
    expect((await page(a)).equals(await page(c))).toBe(true);
    expect((await page(b)).equals(await page(c))).toBe(true);
    expect(await pdfText(c)).toBe(await pdfText(a));
  });

  test("odd stored data prints what it can and never throws", async () => {
    const odd = { documentSerial: 5, items: [null, "x", { name: "Only a name", quantity: "abc", total: "1,000" }], grandTotal: "n/a", remarks: 7 };
    const pdf = await renderDocumentPdf({ family: "expenses", doc: odd, company: { name: "" }, culture: "en" });
    const text = flat(await pdfText(pdf));
    expect(text).toContain("Only a name");
    expect(text).toContain("1,000.00");
    expect(text).toContain("Vendor");
    const empty = await renderDocumentPdf({ family: "quotations", doc: {}, company: { name: "X" }, culture: "th" });
    expect(flat(await pdfText(empty))).toContain("ใบเสนอราคา");
  });
});

describe("export options", () => {
  test("accepts the real service's body and an empty one", () => {
    expect(validateExportOptions({})).toEqual({ ok: true, options: { culture: undefined, versions: ["original"] } });
    expect(validateExportOptions(undefined)).toEqual({ ok: true, options: { culture: undefined, versions: ["original"] } });
    expect(validateExportOptions({ culture: "en", document: { original: true, copy: true }, receipt: { original: true } })).toEqual({
      ok: true,
      options: { culture: "en", versions: ["original", "copy"] },
    });
    expect(validateExportOptions({ document: { original: false, copy: true } })).toEqual({ ok: true, options: { culture: undefined, versions: ["copy"] } });
  });

  test("refuses bad options with a message", () => {
    for (const bad of [{ culture: "fr" }, { document: "yes" }, { document: { copy: "maybe" } }, { document: { original: false, copy: false } }, [], null, "x"]) {
      const result = validateExportOptions(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message.length).toBeGreaterThan(5);
    }
    expect(validateExportOptions({ culture: "fr" })).toEqual({ ok: false, message: 'culture must be "th" or "en"' });
  });
});

describe("company block", () => {
  test("built from company information as the service stores it", () => {
    expect(companyFromInfo({ companyName: "ก", companyNameEn: "A", companyAddress: "1 ถนน", companyZipCode: "10110", companyTaxId: "1", companyBranch: "สำนักงานใหญ่", companyMobile: "081" })).toEqual({
      name: "ก", nameEn: "A", address: "1 ถนน 10110", addressEn: undefined, taxId: "1", branch: "สำนักงานใหญ่", branchEn: undefined,
      phone: "081", email: undefined, website: undefined,
    });
    expect(companyFromInfo({}).name).toBe("");
  });
});
