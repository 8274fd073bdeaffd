// PDF export over real HTTP on PostgreSQL: a real PDF of the document (read back as a viewer reads it,
// first page rendered and checked to carry ink), Thai and English, original and copy, the 415 of a
// body that is not JSON, the 400 export error of bad options, and company isolation.
import { oneStore } from "../helpers/service";
import { sharedServiceFor, simpleBody, type Client } from "./support";
import { inkOnFirstPage, pdfPages, pdfText } from "./pdf-readback";

jest.setTimeout(120_000);

describe.each(oneStore("postgres"))("PDF export over HTTP (%s)", (store) => {
  const ctx = sharedServiceFor(store);
  let demo: Client;
  let other: Client;
  let id: number;
  let serial: string;
  beforeAll(async () => {
    ({ demo, other } = ctx);
    const a = await demo.post("/tax-invoices/inline", {
      contactName: "บริษัท ลูกค้าดี จำกัด", publishedOn: "2026-11-10", creditDays: 30, projectName: "Audit 2026",
      documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 3,
      totalAfterDiscount: 3700, vatAmount: 203, grandTotal: 3903,
      items: [
        { name: "ค่าบริการที่ปรึกษา", quantity: 2, pricePerUnit: 1500, discountAmount: 100, vatRate: 7 },
        { name: "Travel", quantity: 1, pricePerUnit: 800, vatRate: -1 },
      ],
    });
    if (a.http !== 200) throw new Error(JSON.stringify(a.body));
    ({ recordId: id, documentSerial: serial } = a.body.data);
  });

  const exportPdf = async (body: unknown, api = demo, path = `/tax-invoices/${id}/export-pdf/base64`) => {
    const a = await api.post(path, body);
    return { a, pdf: a.http === 200 ? Buffer.from(a.body.data, "base64") : Buffer.alloc(0) };
  };

  it("answers the document as a real PDF in Thai by default: company, contact, serial, lines, totals", async () => {
    const { a, pdf } = await exportPdf({});
    expect(a.http).toBe(200);
    expect(a.body).toMatchObject({ status: true, code: 0, message: "" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    for (const expected of [serial, "Demo Co., Ltd.", "บริษัท ลูกค้าดี จำกัด", "ค่าบริการที่ปรึกษา", "Travel", "Audit 2026", "ต้นฉบับ"]) {
      expect(text).toContain(expected);
    }
    // 2 × 1,500 − 100 = 2,900 taxed (+203.00 VAT), 800 exempt: 3,903.00 in all
    expect(text).toContain("2,900.00");
    expect(text).toContain("203.00");
    expect(text).toContain("3,903.00");
    expect(text).toContain("หักภาษี ณ ที่จ่าย");
    expect(await inkOnFirstPage(pdf)).toBeGreaterThan(0.002);
  });

  it("prints in English when asked, the copy after the original when asked", async () => {
    const { a, pdf } = await exportPdf({ culture: "en", document: { original: true, copy: true } });
    expect(a.http).toBe(200);
    const text = await pdfText(pdf);
    expect(text).toMatch(/Tax invoice/i);
    expect(text).toMatch(/Original/);
    expect(text).toMatch(/Copy/);
    expect(text).toContain("Withholding tax");
    expect(await pdfPages(pdf)).toBe(2);
    const copyOnly = await pdfText((await exportPdf({ document: { original: false, copy: true } })).pdf);
    expect(copyOnly).toContain("สำเนา");
    expect(copyOnly).not.toContain("ต้นฉบับ");
  });

  it("bad options: HTTP 400 with an export error envelope", async () => {
    for (const body of [{ culture: "fr" }, { document: { original: false, copy: false } }, { document: "yes" }, [1, 2]]) {
      const { a } = await exportPdf(body);
      expect(a.http).toBe(400);
      expect(a.body.status).toBe(false);
      expect(a.body.message).toMatch(/^PDF export failed: /);
      expect(a.body.data.validationErrors.length).toBeGreaterThan(0);
    }
    const broken = await demo.raw(`/tax-invoices/${id}/export-pdf/base64`, { method: "POST", headers: { "content-type": "application/json" }, body: "{culture" });
    expect(broken.http).toBe(400);
    expect(broken.body.status).toBe(false);
  });

  it("a body that is not JSON is HTTP 415, as the real service answers", async () => {
    for (const init of [{}, { headers: { "content-type": "text/plain" }, body: "{}" }, { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "culture=th" }]) {
      const a = await demo.raw(`/tax-invoices/${id}/export-pdf/base64`, { method: "POST", ...init });
      expect(a.http).toBe(415);
      expect(a.body).toMatchObject({ status: false, code: 415 });
    }
  });

  it("another company's or a missing document is 404; a wrong family is 404", async () => {
    expect((await exportPdf({}, other)).a.http).toBe(404);
    expect((await exportPdf({}, demo, "/tax-invoices/999999/export-pdf/base64")).a.http).toBe(404);
    expect((await exportPdf({}, demo, `/quotations/${id}/export-pdf/base64`)).a.http).toBe(404);
  });

  it("every family exports", async () => {
    for (const family of ["quotations", "billing-notes", "cash-invoices", "purchases-orders", "purchases"]) {
      const made = await demo.post(`/${family}`, simpleBody());
      const { a, pdf } = await exportPdf({ culture: "en" }, demo, `/${family}/${made.body.data.recordId}/export-pdf/base64`);
      expect(a.http).toBe(200);
      expect(await pdfText(pdf)).toContain(made.body.data.documentSerial);
    }
  });

  it("a withholding tax certificate exports as the 50 ทวิ: both copies, เล่มที่ and เลขที่, ลำดับที่ in its form, the fixed rows, funds, conditions, warning and signature", async () => {
    const made = await demo.post("/withholding-taxes", {
      contactName: "บริษัท รับจ้าง จำกัด", contactTaxId: "0105556000009", contactBranch: "00001", contactAddress: "1 ถนนสีลม บางรัก กรุงเทพฯ",
      publishedOn: "2026-11-15", entity: 3, taxPayment: 3,
      withholdingTaxItems: [
        { incomeType: 27, description: "ค่าบริการ (ม.40(8))", taxRate: 3, taxAmount: 10000 },
        { incomeType: 27, description: "ค่าเช่า (ม.40(5))", taxRate: 5, taxAmount: 2500.5 },
      ],
    });
    expect(made.http).toBe(200);
    const { recordId, documentSerial } = made.body.data;
    const path = `/withholding-taxes/${recordId}/export-pdf/base64`;
    const { a, pdf } = await exportPdf({}, demo, path);
    expect(a.http).toBe(200);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    for (const expected of [
      "หนังสือรับรองการหักภาษี ณ ที่จ่าย", "มาตรา 50 ทวิ", documentSerial, "ผู้มีหน้าที่หักภาษี ณ ที่จ่าย", "Demo Co., Ltd.", "0105559000000",
      "ผู้ถูกหักภาษี ณ ที่จ่าย", "บริษัท รับจ้าง จำกัด", "0105556000009", "สาขาที่ 00001", "ภ.ง.ด.53", "ภ.ง.ด.3",
      "ค่าบริการ (ม.40(8))", "ค่าเช่า (ม.40(5))", "15/11/2569", "10,000.00", "300.00", "2,500.50", "125.03", "12,500.50", "425.03",
      "สี่ร้อยยี่สิบห้าบาทสามสตางค์", "X (2) ออกให้ตลอดไป",
    ]) expect(text).toContain(expected);
    expect(await inkOnFirstPage(pdf)).toBeGreaterThan(0.002);
    // Copy 1 and copy 2 by default, one page each, each with the book (the serial's month) and number.
    const pages = text.split("\f");
    expect(pages.length).toBe(2);
    expect(pages[0]).toContain("ฉบับที่ 1 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย ใช้แนบพร้อมกับแบบแสดงรายการภาษี)");
    expect(pages[1]).toContain("ฉบับที่ 2 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย เก็บไว้เป็นหลักฐาน)");
    for (const page of pages) {
      expect(page).toContain(`เล่มที่ ${documentSerial.slice(0, -4)}`);
      expect(page).toContain(`เลขที่ ${documentSerial}`);
    }
    // ลำดับที่ in the form's attachment for the month, the form ticked among the seven boxes.
    expect(text).toContain("ลำดับที่ 1 ในแบบ (1) ภ.ง.ด.1ก (2) ภ.ง.ด.1ก พิเศษ (3) ภ.ง.ด.2 (4) ภ.ง.ด.3 (5) ภ.ง.ด.2ก (6) ภ.ง.ด.3ก X (7) ภ.ง.ด.53");
    // The form's fixed rows; the lines fall on row 5 (payments under s.3 tredecim), the others stay empty.
    const lines = pages[0].split(/\r?\n/);
    for (const row of ["1. เงินเดือน ค่าจ้าง เบี้ยเลี้ยง โบนัส ฯลฯ ตามมาตรา 40 (1)", "2. ค่าธรรมเนียม ค่านายหน้า ฯลฯ ตามมาตรา 40 (2)", "3. ค่าแห่งลิขสิทธิ์ ฯลฯ ตามมาตรา 40 (3)", "4. (ก) ดอกเบี้ย ฯลฯ ตามมาตรา 40 (4) (ก)", "(1.1) อัตราร้อยละ 30 ของกำไรสุทธิ", "(2.5) อื่น ๆ (ระบุ)", "6. อื่น ๆ (ระบุ)"]) {
      expect(lines).toContain(row);
    }
    expect(text).toMatch(/^5\. การจ่ายเงินได้ที่ต้องหักภาษี ณ ที่จ่าย ตามคำสั่งกรมสรรพากรที่ออกตามมาตรา 3 เตรส/m);
    expect(lines).toContain("15/11/2569 12,500.50 425.03");
    expect(lines).toContain("ค่าบริการ (ม.40(8)) 3% 10,000.00 300.00");
    expect(lines).toContain("รวมเงินที่จ่ายและภาษีที่หักนำส่ง 12,500.50 425.03");
    // The fund lines, the payer's conditions, the warning and the signature and seal box.
    const flat = pages[0].replace(/\s+/g, "");
    for (const expected of [
      "เงินที่จ่ายเข้ากบข./กสจ./กองทุนสงเคราะห์ครูโรงเรียนเอกชน", "กองทุนประกันสังคม", "กองทุนสำรองเลี้ยงชีพ",
      "ผู้จ่ายเงิน(1)หักณที่จ่ายX(2)ออกให้ตลอดไป(3)ออกให้ครั้งเดียว(4)อื่นๆ(ระบุ)",
      "คำเตือน", "ผู้มีหน้าที่ออกหนังสือรับรองการหักภาษีณที่จ่ายฝ่าฝืนไม่ปฏิบัติตามมาตรา50ทวิแห่งประมวลรัษฎากรต้องรับโทษทางอาญาตามมาตรา35แห่งประมวลรัษฎากร",
      "ขอรับรองว่าข้อความและตัวเลขดังกล่าวข้างต้นถูกต้องตรงกับความจริงทุกประการ", "ลงชื่อ", "ผู้จ่ายเงิน", "(วันเดือนปีที่ออกหนังสือรับรองฯ)", "ประทับตรานิติบุคคล(ถ้ามี)",
    ]) expect(flat).toContain(expected);
    const en = await pdfText((await exportPdf({ culture: "en", document: { original: true, copy: true } }, demo, path)).pdf);
    for (const expected of ["Withholding Tax Certificate", "Services (s.40(8))", "Rent (s.40(5))", "X (7) PND53", "Copy 1", "Copy 2", "Tax ID", "Warning", "Company"]) expect(en).toContain(expected);
    // The total withheld in English words, as the Thai copy has it in Thai words.
    expect(en).toContain("(Four hundred twenty-five baht and three satang)");
    // Asked for copy 2 alone, that is what prints.
    const copy = await pdfText((await exportPdf({ document: { original: false, copy: true } }, demo, path)).pdf);
    expect(copy.split("\f").length).toBe(1);
    expect(copy).toContain("ฉบับที่ 2");

    // A salary paid to a person on ภ.ง.ด.1, with the funds and another condition: row 1 carries it,
    // the form's ภ.ง.ด.1ก box is ticked, and it is the first of its form that month.
    const salary = await demo.post("/withholding-taxes", {
      contactName: "นาย สมชาย ใจดี", contactTaxId: "1103700012345", publishedOn: "2026-11-20", entity: 15, taxPayment: 7, taxPaymentOthers: "ตามสัญญา",
      socialSecurityAmount: "750", providentFundAmount: "1200.5", providentFundNumber: "2/2535",
      withholdingTaxItems: [{ incomeType: 1, description: "เงินเดือน", taxRate: 5, taxAmount: 30000 }],
    });
    expect(salary.http).toBe(200);
    const salaryPath = `/withholding-taxes/${salary.body.data.recordId}/export-pdf/base64`;
    const salaryText = (await pdfText((await exportPdf({ document: { original: true, copy: false } }, demo, salaryPath)).pdf));
    const salaryLines = salaryText.split(/\r?\n/);
    expect(salaryLines).toContain("1. เงินเดือน ค่าจ้าง เบี้ยเลี้ยง โบนัส ฯลฯ ตามมาตรา 40 (1) 20/11/2569 30,000.00 1,500.00");
    expect(salaryText).toContain("ลำดับที่ 1 ในแบบ X (1) ภ.ง.ด.1ก (2) ภ.ง.ด.1ก พิเศษ");
    expect(salaryText).toContain("กองทุนประกันสังคม 750.00 บาท");
    expect(salaryText).toContain("กองทุนสำรองเลี้ยงชีพ ใบอนุญาตเลขที่ 2/2535 1,200.50 บาท");
    expect(salaryText).toContain("X (4) อื่น ๆ (ระบุ) ตามสัญญา");
    // Interest to a person is on ภ.ง.ด.2 and transport to a person on ภ.ง.ด.3: each ticks its own box
    // (the four forms DocSheet files: 1, 2, 3 and 53; the annual 1ก พิเศษ, 2ก and 3ก stay empty).
    for (const [entity, incomeType, description, box] of [[9, 7, "ดอกเบี้ย", "X (3) ภ.ง.ด.2 (4) ภ.ง.ด.3"], [1, 27, "ค่าขนส่ง", "(3) ภ.ง.ด.2 X (4) ภ.ง.ด.3"]] as const) {
      const made = await demo.post("/withholding-taxes", {
        contactName: "นางสาว มาลี ดีงาม", contactTaxId: "1103700012353", publishedOn: "2026-11-21", entity, taxPayment: 1,
        withholdingTaxItems: [{ incomeType, description, taxRate: 1, taxAmount: 1000 }],
      });
      expect(made.http).toBe(200);
      const formText = await pdfText((await exportPdf({ document: { original: true, copy: false } }, demo, `/withholding-taxes/${made.body.data.recordId}/export-pdf/base64`)).pdf);
      expect(formText).toContain(box);
      expect(formText).toContain("ลำดับที่ 1 ในแบบ (1) ภ.ง.ด.1ก (2) ภ.ง.ด.1ก พิเศษ");
      expect(formText).not.toMatch(/X \((1|2|5|6|7)\) ภ\.ง\.ด\./);
    }
    // A second ภ.ง.ด.53 certificate of the month is the second on its form, and the first once the
    // first is void (as the return numbers them); the void one has no place.
    const second = await demo.post("/withholding-taxes", {
      contactName: "บริษัท ขนส่ง จำกัด", contactTaxId: "0105556000017", publishedOn: "2026-11-16", entity: 3, taxPayment: 1,
      withholdingTaxItems: [{ incomeType: 27, description: "ค่าขนส่ง (ม.40(8))", taxRate: 1, taxAmount: 5000 }],
    });
    const secondPath = `/withholding-taxes/${second.body.data.recordId}/export-pdf/base64`;
    expect(await pdfText((await exportPdf({}, demo, secondPath)).pdf)).toContain("ลำดับที่ 2 ในแบบ");

    // A live certificate carries no void mark; a void one is marked on every page of both copies.
    expect(text).not.toContain("ยกเลิก");
    expect((await demo.post(`/withholding-taxes/${recordId}/status/void`)).body.data.statusString).toBe("void");
    expect(await pdfText((await exportPdf({}, demo, secondPath)).pdf)).toContain("ลำดับที่ 1 ในแบบ");
    const both = (await exportPdf({ document: { original: true, copy: true } }, demo, path)).pdf;
    const voidPages = (await pdfText(both)).split("\f");
    expect(voidPages.length).toBe(await pdfPages(both));
    expect(voidPages.length).toBeGreaterThanOrEqual(2);
    for (const page of voidPages) expect(page).toContain("ยกเลิก");
    expect(voidPages.some((p) => p.includes("ฉบับที่ 1")) && voidPages.some((p) => p.includes("ฉบับที่ 2"))).toBe(true);
    expect(voidPages[0]).toContain("ลำดับที่ ........ ในแบบ");
    expect(await pdfText((await exportPdf({ culture: "en" }, demo, path)).pdf)).toContain("VOID");
    // The documents' rules: JSON or 415, another company's certificate is not found.
    expect((await demo.raw(path, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" })).http).toBe(415);
    expect((await exportPdf({}, other, path)).a.http).toBe(404);
  });
});
