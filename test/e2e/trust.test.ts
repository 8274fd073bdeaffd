// Every posted document right, once, in the right company: the pane in real Chromium on the preview
// page (test/e2e/preview-support.ts), against the real local service. The company guard: posted as
// Demo Co., then connected as Other Co., the pane no longer shows Demo's results or offers Undo of
// Demo's post, and Post is refused naming both companies, with nothing sent to Other and the rows
// as they were; both connections are remembered. A Thai sheet whose ภาษีมูลค่าเพิ่ม column holds
// VAT amounts: the one-satang error is the only problem, the s.86/4 warning and the restored
// leading zero are listed apart, and a header row alone posts nothing. A quotation template acted
// on as tax invoices is refused; a payment takes the 3% the payer withheld. Screenshots in
// test-artifacts/.
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { createClient } from "../../src/api/client";
import { ARTIFACTS, cell, connect, headerColumn, openPreview, postedPreview, previewSession } from "./preview-support";

jest.setTimeout(240_000);

const session = previewSession();

test("posted as Demo, connected as Other: Demo's results and Undo are gone, Post is refused by name", async () => {
  const page = await postedPreview(session, "Guarded", [
    ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"],
    ["G-1", "Guard Browser Co", "2026-02-11", "TRUE", "Pens", 2, 100],
  ], 1);
  await page.waitForSelector("button:has-text('Undo this post')");
  const idCol = await headerColumn(page, "recordId");
  const id = await cell(page, `${idCol}2`);
  const other = createClient({ root: session.service.root, ...session.other });
  const before = (await other.documents("tax-invoices").list({})).total;

  await connect(page, "other", "Other Co., Ltd.");
  expect(await page.$("button:has-text('Undo this post')")).toBeNull();
  expect(await page.$("#post .msg.ok")).toBeNull();
  expect(await page.textContent("#connect .msg.error")).toBe("This workbook was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.");
  await page.click("#post summary");
  await page.click("button:has-text('Post documents')");
  await page.waitForSelector("#post .msg.error", { timeout: 60_000 });
  expect(await page.textContent("#post .msg.error")).toBe("This sheet was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.");
  await page.screenshot({ path: join(ARTIFACTS, "company-refused.png") });
  expect(await cell(page, `${idCol}2`)).toBe(id);
  expect((await other.documents("tax-invoices").list({})).total).toBe(before);
  expect(await page.$$eval("#ds-remembered option", (os) => os.map((o) => o.textContent))).toEqual([
    "Choose one…", `Other Co., Ltd. · ${session.other.clientId} · Local service (this computer)`, `Demo Co., Ltd. · ${session.demo.clientId} · Local service (this computer)`,
  ]);
  await page.close();
});

/** Text in Latin letters the Thai page shows outside the sheet's own cells and tab names, with
 * every section open (its texts, options, tooltips and placeholders): none but names, codes, units
 * and data the user gave (`data`: the sheet's own values; the company, its client id, cell references). */
async function latinOnPage(page: Page, data: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const closed = [...document.querySelectorAll("details")].filter((d) => !d.open);
    for (const d of closed) d.open = true;
    const out: string[] = [];
    const skip = (el: Element | null): boolean => !!el?.closest(".grid, .tabs");
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n.parentElement)) out.push(n.textContent ?? "");
    for (const el of document.querySelectorAll("[title],[placeholder],[aria-label]")) {
      if (skip(el)) continue;
      for (const a of ["title", "placeholder", "aria-label"]) out.push(el.getAttribute(a) ?? "");
    }
    for (const d of closed) d.open = false;
    return out;
  });
  const allowed = /PND\d+(?::\s*[\w.]+(?:\|[\w.]+)*)?|DocSheet|DOCSHEET(\.[A-Z]+)?|English|Excel|PDF|RD Prep|\.xlsx|Ctrl\+V|A–Z|VAT|Demo Co\., Ltd\.|\b[A-Z]{1,3}\d+\b|https?:\/\/\S+/g;
  return texts.map((t) => data.reduce((rest, d) => rest.split(d).join(""), t).replace(allowed, "")).filter((t) => /[A-Za-z]/.test(t));
}

/** A Thai-headed sheet: VAT as amounts (T-2's is one satang off), T-3 without the buyer's address, T-4's tax id a number that lost its leading zero. */
async function thaiVatAmounts(dir: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet("ภาษีขาย");
  ws.addRow(["เลขที่เอกสาร", "ชื่อลูกค้า", "วันที่", "ที่อยู่", "เลขประจำตัวผู้เสียภาษี", "สาขา", "รายการ", "จำนวน", "ราคาต่อหน่วย", "ภาษีมูลค่าเพิ่ม"]);
  ws.addRow(["T-1", "บริษัท หนึ่ง จำกัด", new Date(Date.UTC(2026, 10, 2)), "1 ถนนสีลม กรุงเทพฯ 10500", "0105556000017", "00000", "ปากกา", 2, 100, 14]);
  ws.addRow(["T-2", "บริษัท สอง จำกัด", new Date(Date.UTC(2026, 10, 3)), "2 ถนนสาทร กรุงเทพฯ 10120", "0105556000025", "00000", "กระดาษ", 3, 33.33, 7.01]);
  ws.addRow(["T-3", "บริษัท สาม จำกัด", new Date(Date.UTC(2026, 10, 4)), null, "0105556000033", "00000", "หมึก", 1, 500, 35]);
  ws.addRow(["T-4", "บริษัท สี่ จำกัด", new Date(Date.UTC(2026, 10, 5)), "4 ถนนพระราม 4 กรุงเทพฯ 10110", 105551234567, "00000", "แฟ้ม", 4, 25, 7]);
  for (const c of ["C2", "C3", "C4", "C5"]) ws.getCell(c).numFmt = "dd/mm/yyyy";
  const file = join(dir, "thai-vat.xlsx");
  await book.xlsx.writeFile(file);
  return file;
}

test("a Thai VAT-amount column: one problem at its cell, the warning and the note apart; a header row alone posts nothing", async () => {
  const page = await openPreview(session, "th");
  await page.setInputFiles(".grid-tools input[type=file]", await thaiVatAmounts(session.dist));
  await page.waitForSelector(".tab.on:has-text('ภาษีขาย')");
  await connect(page, "demo", "Demo Co., Ltd.");
  await page.click("button:has-text('ตรวจแถว')");
  await page.waitForSelector("ul.findings");
  const listed = (kind: string) => page.$$eval(`ul.findings li.${kind} button`, (bs) => bs.map((b) => b.textContent ?? ""));
  // Read as amounts, not as a yes/no flag: no "not a yes/no value", and the satang is caught.
  expect(await listed("error")).toEqual([expect.stringMatching(/^J3\D.*7\.01.*7\.00/)]);
  expect((await listed("warning")).map((f) => f.slice(0, 2))).toEqual(["D4"]);
  expect((await listed("note")).map((f) => f.slice(0, 2))).toEqual(["E5"]);
  // Each in its own colour on the grid, as in Excel.
  const tones = async (at: string) => ((await page.getAttribute(`.grid td[data-cell='${at}']`, "class")) ?? "").split(" ").filter((c) => c !== "num");
  expect(await tones("J3")).toEqual(["marked"]);
  expect(await tones("D4")).toEqual(["marked", "warning"]);
  expect(await tones("E5")).toEqual(["marked", "note"]);
  await page.locator("ul.findings").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, "trust-thai-check.png") });
  // The client id is the user's own text, as the rows are.
  expect(await latinOnPage(page, ["T-1", "T-2", "T-3", "T-4", session.demo.clientId])).toEqual([]);

  // The header row alone: nothing is sent, and no green count says otherwise.
  const before = (await createClient({ root: session.service.root, ...session.demo }).documents("tax-invoices").list({})).total;
  await page.click(".grid td[data-cell='A1']");
  await page.click(".grid td[data-cell='J1']", { modifiers: ["Shift"] });
  await page.click("#post summary");
  await page.click("button:has-text('สร้างเอกสาร')");
  await page.waitForSelector("#post .msg.error");
  expect(await page.textContent("#post .msg.error")).toMatch(/^ไม่ได้ส่งอะไร/);
  expect(await page.$("#post .msg.ok")).toBeNull();
  expect((await createClient({ root: session.service.root, ...session.demo }).documents("tax-invoices").list({})).total).toBe(before);
  await page.close();
});

test("actions follow the sheet: a quotation template acted on as tax invoices is refused; a payment takes the tax withheld", async () => {
  const page = await postedPreview(session, "Paid", [
    ["documentKey", "contactName", "publishedOn", "isVat", "contactAddress", "item.name", "item.quantity", "item.pricePerUnit"],
    ["P-1", "Withheld Browser Co", "2026-03-04", "TRUE", "5 Wireless Rd, Bangkok 10330", "Consulting", 10, 1000],
  ], 1);
  const id = await cell(page, `${await headerColumn(page, "recordId")}2`);

  // Paid with 3% withheld: 10,700.00 due, 300.00 withheld, 10,400.00 collected.
  await page.click(".grid td[data-cell='A2']");
  await page.click("#actions summary");
  await page.selectOption("#ds-action", "payment");
  await page.waitForSelector("#ds-pay-due:has-text('amount due 10,700.00')");
  await page.selectOption("#ds-pay-wht-rate", "3");
  expect(await page.textContent("#ds-pay-settles")).toBe("Tax withheld 300.00; amount collected 10,400.00.");
  await page.locator("#ds-pay-settles").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, "trust-payment.png") });
  await page.click("button:has-text('Run on selected rows')");
  await page.waitForSelector("#actions .msg.ok:has-text('1 done')", { timeout: 60_000 });
  const client = createClient({ root: session.service.root, ...session.demo });
  expect((await client.documents("tax-invoices").get(id)).payments).toMatchObject({ collected: 10400, withheldPercentage: 3, withheldAmount: 300 });

  // A quotation template, while the Document type says tax invoices: nothing is sent.
  await page.selectOption("#ds-family", "quotations");
  await page.click("button:has-text('Insert template')");
  await page.waitForSelector(".tab.on:not(:has-text('Paid'))");
  const sheet = (await page.textContent(".tab.on"))!;
  await page.selectOption("#ds-family", "tax-invoices");
  await page.selectOption("#ds-action", "pdf");
  await page.click("button:has-text('Run on selected rows')");
  await page.waitForSelector("#actions .msg.error");
  expect(await page.textContent("#actions .msg.error")).toContain(`sheet "${sheet}" holds quotation documents, but the document type chosen is tax invoice`);
  await page.close();
});
