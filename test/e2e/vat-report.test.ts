// The VAT report in real Chromium: the preview page (pane + in-browser grid) against the real local
// service with a month of mixed documents: Pull → VAT report writes the output-tax, input-tax, void
// and summary sheets into the grid, the pane shows the return's figures and a clean reconciliation;
// in Thai the sheets are named in Thai with Buddhist-era months and the dates show Buddhist-era
// years; a withholding tax certificate sheet made from the pane's template in Thai, filled, checked
// (a wrong tax amount pinned at its cell) and posted. Screenshots in test-artifacts/. The page and
// its helpers: preview-support.ts.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createClient } from "../../src/api/client";
import { seedVatMonth } from "../helpers/vat-month";
import { ARTIFACTS, cell, connect, openPreview, pasteAt, previewSession } from "./preview-support";

jest.setTimeout(240_000);

const preview = previewSession();

beforeAll(async () => {
  await seedVatMonth(createClient({ root: preview.service.root, ...preview.demo }));
});

async function report(page: Page, button: string): Promise<void> {
  await page.click("#pull summary");
  await page.fill("#ds-vat-month", "2026-03");
  await page.click(`button:has-text('${button}')`);
  await page.waitForSelector("#vat-report table, #vat-report .msg.error", { timeout: 60_000 });
}

const cells = (page: Page, addresses: string[]): Promise<string[]> => Promise.all(addresses.map((a) => cell(page, a)));
/** The cells among `addresses` whose text is wider than the cell shows (cut off). */
const labelsCut = async (page: Page, addresses: string[]): Promise<string[]> => {
  const cut = await Promise.all(addresses.map((a) => page.$eval(`td[data-cell='${a}']`, (td) => {
    const span = td.querySelector("span") ?? td;
    return span.scrollWidth > td.clientWidth + 1;
  })));
  return addresses.filter((_, i) => cut[i]);
};

const figures = (page: Page) => page.$$eval("#vat-report tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));

test("the VAT report of a month, in English", async () => {
  const page = await openPreview(preview, "en");
  await connect(page);
  await report(page, "Make the VAT report");
  expect(await figures(page)).toEqual([["Output VAT", "279.54"], ["Input VAT", "175.00"], ["VAT payable", "104.54"], ["Exempt sales", "100.00"]]);
  expect(await page.textContent("#vat-report .vat-result .msg.ok:last-child")).toBe("Every total equals the sum of its documents.");
  expect(await page.$$eval(".tab", (ts) => ts.map((t) => t.textContent))).toEqual(["Sheet1", "Output tax 2026-03", "Input tax 2026-03", "Void 2026-03", "VAT summary 2026-03"]);
  // The summary is shown: its amounts are what the formulas over the two reports' totals come to.
  expect(await cell(page, "A3")).toBe("Output VAT");
  expect(await cell(page, "B3")).toBe("279.54");
  expect(await cell(page, "B6")).toBe("104.54");
  await page.screenshot({ path: join(ARTIFACTS, "vat-report-en.png") });
  await page.locator("#vat-report").screenshot({ path: join(ARTIFACTS, "vat-report-pane-en.png") });

  // Each report opens with the form's header block, the table below it (row 7 on).
  await page.click(".tab:has-text('Output tax 2026-03')");
  expect(await cells(page, ["A1", "A2", "B2", "B3", "B4", "B5"])).toEqual(["Output tax report", "Tax month", "March 2026", "Demo Co., Ltd.", "0105559000000", "Head office"]);
  expect(await cell(page, "C7")).toBe("Document no.");
  expect(await cell(page, "B8")).toBe("03/03/2026");
  expect(await cell(page, "F8")).toBe("0105556000009");
  // The printed page's total, then the grand total under it.
  expect(await cells(page, ["A12", "J12", "A13", "J13"])).toEqual(["Page total", "279.54", "Grand total", "279.54"]);
  // The customer's establishment as the RD's report has it: head office marked, or the branch number.
  expect(await cells(page, ["G7", "H7", "G8", "H8"])).toEqual(["Head office", "Branch no.", "✓", ""]);
  // The header block's labels fit column A beside their values (none cut); the title spills over
  // the empty cells right of it, as in Excel.
  expect(await labelsCut(page, ["A1", "A2", "A3", "A4", "A5"])).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, "vat-report-output-en.png") });
  // The input-tax report as the file has it: its header block, the supplier's branch, the expense without a tax id.
  await page.click(".tab:has-text('Input tax 2026-03')");
  expect(await cells(page, ["A1", "B2", "E7", "E8", "H8", "J8", "E9", "H9", "J10"])).toEqual(["Input tax report", "March 2026", "Supplier", "VAT Supplier Co", "00001", "140.00", "VAT Taxi Co", "", "175.00"]);
  await page.screenshot({ path: join(ARTIFACTS, "vat-report-input-en.png") });
  await page.close();
});

test("the VAT report in Thai: Thai sheets, Buddhist-era dates", async () => {
  const page = await openPreview(preview, "th");
  await page.fill("#ds-client-id", preview.demo.clientId);
  await page.fill("#ds-secret", preview.demo.clientSecret);
  await page.click("#connect button.primary");
  await page.waitForSelector(".status.on", { timeout: 30_000 });
  await report(page, "ทำรายงานภาษี");
  expect(await figures(page)).toEqual([["ภาษีขาย", "279.54"], ["ภาษีซื้อ", "175.00"], ["ภาษีที่ต้องชำระ", "104.54"], ["ยอดขายที่ได้รับยกเว้น", "100.00"]]);
  await page.click(".tab:has-text('ภาษีขาย มี.ค. 2569')");
  expect(await cells(page, ["A1", "A2", "B2", "A4", "B5"])).toEqual(["รายงานภาษีขาย", "เดือนภาษี", "มีนาคม 2569", "เลขประจำตัวผู้เสียภาษีอากร", "สำนักงานใหญ่"]);
  expect(await cell(page, "B7")).toBe("วัน เดือน ปี");
  expect(await cell(page, "B8")).toBe("03/03/2569");
  expect(await cells(page, ["A12", "A13"])).toEqual(["รวมหน้านี้", "รวมทั้งสิ้น"]);
  await page.screenshot({ path: join(ARTIFACTS, "vat-report-th.png") });
  await page.click(".tab:has-text('ภาษีซื้อ มี.ค. 2569')");
  expect(await cells(page, ["A1", "B2", "E8", "G7", "H7", "H8"])).toEqual(["รายงานภาษีซื้อ", "มีนาคม 2569", "VAT Supplier Co", "สำนักงานใหญ่", "สาขาที่", "00001"]);
  await page.screenshot({ path: join(ARTIFACTS, "vat-report-input-th.png") });
  await page.locator("#vat-report").screenshot({ path: join(ARTIFACTS, "vat-report-pane-th.png") });
  await page.close();
});

test("the withholding tax report in Thai: one sheet per form, the tax of each, the RD Prep files", async () => {
  const client = createClient({ root: preview.service.root, ...preview.demo });
  const cert = (name: string, taxId: string, entity: number, taxAmount: number) => client.withholdingTaxes.create({
    contactName: name, contactTaxId: taxId, contactBranch: entity === 3 ? "00000" : "", publishedOn: "2026-03-09", entity, taxPayment: 1,
    withholdingTaxItems: [{ incomeType: 27, description: "ค่าบริการ (ม.40(8))", taxRate: 3, taxAmount }],
  });
  await cert("นาย สมชาย ใจดี", "1101700123456", 1, 1000);
  await cert("Gamma Co., Ltd.", "0107537002443", 3, 2500);
  const page = await openPreview(preview, "th");
  await page.fill("#ds-client-id", preview.demo.clientId);
  await page.fill("#ds-secret", preview.demo.clientSecret);
  await page.click("#connect button.primary");
  await page.waitForSelector(".status.on", { timeout: 30_000 });
  await page.click("#pull summary");
  // The month as Thai accountants write it: month/Buddhist-era year.
  expect(await page.getAttribute("#ds-wht-month", "placeholder")).toBe("ดด/ปปปป");
  await page.fill("#ds-wht-month", "03/2569");
  await page.click("button:has-text('ทำรายงานภาษีหัก ณ ที่จ่าย')");
  await page.waitForSelector("#wht-report table, #wht-report .msg.error", { timeout: 60_000 });
  const rows = await page.$$eval("#wht-report tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
  expect(rows).toEqual([["ภ.ง.ด.3", "1 ราย", "30.00"], ["ภ.ง.ด.53", "1 ราย", "75.00"]]);
  expect(await page.textContent("#wht-report .wht-result .msg.ok:last-child")).toBe("ยอดรวมทุกยอดตรงกับหนังสือรับรอง และใบรับสินค้าและค่าใช้จ่ายที่หักภาษีไว้มีหนังสือรับรองครบ");
  expect(await page.$$eval("#wht-report a.download", (as) => as.map((a) => a.getAttribute("download")))).toEqual(["PND3-2026-03.txt", "PND53-2026-03.txt"]);
  await page.click(".tab:has-text('ภ.ง.ด.53 มี.ค. 2569')");
  // The header block above the attachment, in Thai with the Buddhist-era month.
  expect([await cell(page, "A1"), await cell(page, "B1"), await cell(page, "B4"), await cell(page, "B5")]).toEqual(["ชื่อผู้มีหน้าที่หักภาษี ณ ที่จ่าย", "Demo Co., Ltd.", "มี.ค. 2569", "ภ.ง.ด.53"]);
  expect(await cell(page, "D8")).toBe("Gamma Co., Ltd.");
  expect(await cell(page, "G8")).toBe("09/03/2569");
  expect(await cell(page, "K9")).toBe("75.00");
  // The block's long Thai labels fit column A beside their values.
  expect(await labelsCut(page, ["A1", "A2", "A3", "A4", "A5"])).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, "wht-report-form-th.png") });
  await page.locator("#wht-report").screenshot({ path: join(ARTIFACTS, "wht-report-pane-th.png") });
  await page.close();
});

test("a certificate sheet in Thai: the template, filled, checked (a wrong tax pinned at its cell), posted", async () => {
  const page = await openPreview(preview, "th");
  await connect(page);
  await page.selectOption("#ds-family", "withholding-taxes");
  expect(await page.$eval("#ds-family", (s: HTMLSelectElement) => s.selectedOptions[0].textContent)).toBe("หนังสือรับรองการหักภาษี ณ ที่จ่าย");
  await page.click("button:has-text('แทรกแม่แบบ')");
  await page.waitForSelector(".tab.on:has-text('หนังสือรับรองหัก ณ ที่จ่าย')");
  expect([await cell(page, "B1"), await cell(page, "H1"), await cell(page, "K1")]).toEqual(["ชื่อผู้มีเงินได้", "ประเภทเงินได้", "ภาษีที่หักและนำส่ง"]);
  // Two payees over the template's example: an individual (ภ.ง.ด.3) and a company whose tax is 1 satang off.
  await pasteAt(page, "A2", [
    ["ก1", "นาย สมชาย ใจดี", "1101700123456", "", "9 ถนนสุขุมวิท กรุงเทพฯ", "", "05/03/2569", "ค่าวิชาชีพอิสระ (ม.40(6))", "3", "10000", "300", "หัก ณ ที่จ่าย"],
    ["ก2", "บริษัท เอ จำกัด", "0105556000009", "00000", "1 ถนนสีลม กรุงเทพฯ", "", "07/03/2569", "ค่าบริการ (ม.40(8))", "3", "5000", "151", "หัก ณ ที่จ่าย"],
  ].map((r) => r.join("\t")).join("\n"));
  await page.waitForFunction(() => /^151(\.00)?$/.test(document.querySelector(".grid td[data-cell='K3']")?.textContent ?? ""));

  await page.click("#check button.primary");
  await page.waitForSelector("#check .findings li", { timeout: 60_000 });
  // The one problem, at its cell.
  expect(await page.$$eval("#check .findings li.error .cell", (cs) => cs.map((c) => c.textContent))).toEqual(["K3"]);
  expect(await page.textContent("#check .findings li.error")).toContain("ภาษีที่หัก 151.00 ไม่เท่ากับ 5000.00 × 3% = 150.00");
  expect(await page.textContent("#check .msg.error")).toBe("ตรวจหนังสือรับรองการหักภาษี ณ ที่จ่าย 2 ฉบับ: พบ 1 ปัญหา");
  expect((await page.getAttribute(".grid td[data-cell='K3']", "class"))?.split(/\s+/)).toContain("marked");

  await page.click("#post summary");
  await page.click("#post button.primary");
  await page.waitForSelector("#post .msg:has-text('สร้าง 1 รายการ')", { timeout: 60_000 });
  expect(await page.textContent("#post .msg:has-text('สร้าง 1 รายการ')")).toContain("ไม่ได้ส่ง 1");
  const client = createClient({ root: preview.service.root, ...preview.demo });
  const made = (await client.withholdingTaxes.list({ searchString: "สมชาย ใจดี", pageSize: 50 })).list.filter((c) => c.publishedOn?.toString().startsWith("2026-03-05"));
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ entity: 1, contactTaxId: "1101700123456", totalTaxWithheld: 300 });
  expect((await client.withholdingTaxes.list({ searchString: "บริษัท เอ จำกัด", pageSize: 50 })).list).toHaveLength(0);
  // The results in the sheet's words: its record id and serial written back under Thai headers.
  expect(await page.$$eval(".grid tbody tr:first-child td", (tds) => tds.map((td) => td.textContent))).toEqual(expect.arrayContaining(["รหัสเอกสารในระบบ", "เลขที่เอกสารในระบบ"]));
  await page.screenshot({ path: join(ARTIFACTS, "wht-certificates-th.png") });
  await page.close();
});
