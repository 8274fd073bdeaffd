// End to end in Chromium from npm (test/helpers/chromium.ts): the preview page (task pane +
// in-browser grid) built by webpack, served with the relay, against the real local service started
// as a child process. Opens a workbook, checks it (marks the right cells), posts (ids and serials
// come back), pulls into a new sheet, changes a status; maps a sheet with the user's own headers,
// checks and posts it through the saved mapping; keeps screenshots of the pane in English and Thai
// in test-artifacts/, Thai drawn with the project's own font. The grid as a place to work: cells
// typed into, edited and cleared (check sees it), the workbook kept through a reload (IndexedDB),
// New workbook, and a 2,000-row paste with every row reachable (only the rows in view drawn).
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { createClient } from "../../src/api/client";
import { ARTIFACTS, cell, connect, fontsDrawn, headerColumn, openPreview as open, previewSession } from "./preview-support";

jest.setTimeout(240_000);

const session = previewSession();
const openPreview = (lang: "en" | "th") => open(session, lang);

async function workbookFile(dir: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet("Invoices");
  ws.addRow(["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit", "contactAddress"]);
  // Full tax invoices: the buyer's address too (Revenue Code s.86/4), so A has no finding at all.
  ws.addRow(["A", "Acme Trading", new Date(Date.UTC(2026, 0, 5)), "TRUE", "Pens", 2, 100, "1 Silom Rd, Bangkok 10500"]);
  ws.addRow(["A", "", null, null, "Ink", 1, 50, null]);
  ws.addRow(["B", "Beta Ltd", new Date(Date.UTC(2026, 0, 6)), "TRUE", "Paper", "abc", 80, "2 Sathorn Rd, Bangkok 10120"]);
  ws.getCell("C2").numFmt = "yyyy-mm-dd";
  ws.getCell("C4").numFmt = "yyyy-mm-dd";
  const file = join(dir, "invoices.xlsx");
  await book.xlsx.writeFile(file);
  return file;
}

/** A sheet headed the way people head their own: no field names anywhere. */
async function ownHeadersFile(dir: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet("Sales");
  ws.addRow(["Invoice No", "Customer", "Date", "Item", "Qty", "Unit price", "Colour"]);
  ws.addRow(["S-1", "Mapped Trading Co", new Date(Date.UTC(2026, 1, 3)), "Pens", 10, 100, "blue"]);
  ws.addRow(["S-1", null, null, "Ink", 2, 35.35, "black"]);
  ws.addRow(["S-2", "Second Mapped Co", new Date(Date.UTC(2026, 1, 4)), "Paper", 3, 1_190, "white"]);
  for (const c of ["C2", "C4"]) ws.getCell(c).numFmt = "dd/mm/yyyy";
  const file = join(dir, "own-headers.xlsx");
  await book.xlsx.writeFile(file);
  return file;
}

test("open, check, post, pull and change a status from the preview page", async () => {
  const page = await openPreview("en");
  await page.setInputFiles(".grid-tools input[type=file]", await workbookFile(session.dist));
  await page.waitForSelector(".tab.on:has-text('Invoices')");
  expect(await cell(page, "E2")).toBe("Pens");
  expect(await cell(page, "C2")).toBe("2026-01-05");

  // Check: the bad quantity is found and its cell marked; the good document is not.
  await page.click("button:has-text('Check rows')");
  await page.waitForSelector("ul.findings");
  // Problems only: the s.86/4 warnings (no buyer's address) are listed apart, with their own mark.
  const findings = await page.$$eval("ul.findings li.error button", (bs) => bs.map((b) => b.textContent ?? ""));
  expect(findings.some((f) => f.startsWith("F4"))).toBe(true);
  expect(findings.some((f) => /^[A-G][23]/.test(f))).toBe(false);
  expect(await page.getAttribute(".grid td[data-cell='F4']", "class")).toContain("marked");
  expect(await page.getAttribute(".grid td[data-cell='F2']", "class") ?? "").not.toContain("marked");
  await page.click("ul.findings button:has-text('F4')");
  expect(await page.getAttribute(".grid", "data-selection")).toBe("F4:F4");

  // Post: document A is created and its id and serial come back; B is refused at its row.
  await connect(page);
  await page.click("#post summary");
  await page.click("button:has-text('Post documents')");
  await page.waitForSelector("#post .msg:has-text('created')", { timeout: 60_000 });
  expect(await page.textContent("#post .msg.error, #post .msg.ok")).toMatch(/^1 created, 1 not sent$/);
  // The token, the company and the post went over the relay's socket: no fetch to the relay.
  expect(await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((p) => p.startsWith("/relay/")))).toEqual([]);
  const idCol = await headerColumn(page, "recordId");
  const serialCol = await headerColumn(page, "documentSerial");
  const recordId = await cell(page, `${idCol}2`);
  expect(recordId).toMatch(/^\d+$/);
  expect(await cell(page, `${serialCol}2`)).toMatch(/^INV/);
  expect(await cell(page, `${idCol}4`)).toBe("");

  // The document exists on the service with both lines.
  const client = createClient({ root: session.service.root, ...session.demo });
  const created = await client.documents("tax-invoices").get(recordId);
  expect(created.items?.length).toBe(2);

  // Action: change the status of the selected row's document.
  await page.click(".grid td[data-cell='A2']");
  await page.click("#actions summary");
  await page.selectOption("#ds-action", "status");
  await page.selectOption("#ds-status", "invoicedelivered");
  await page.click("button:has-text('Run on selected rows')");
  await page.waitForSelector("#actions .msg:has-text('done')", { timeout: 60_000 });
  expect(await page.textContent("#actions .msg.ok")).toMatch(/1 done, 0 skipped, 0 failed/);
  const after = await client.documents("tax-invoices").get(recordId);
  expect(after.statusString).toMatch(/invoicedelivered/i);

  // Pull: the family's list into a new sheet, as a table with the posted document in it.
  await page.click("#pull summary");
  await page.click("button:has-text('Pull into a new sheet')");
  await page.waitForSelector("#pull .msg.ok", { timeout: 60_000 });
  const tabs = await page.$$eval(".tab", (ts) => ts.map((t) => t.textContent));
  expect(tabs.length).toBe(2);
  expect(await page.textContent(".tab.on")).not.toBe("Invoices");
  const pulled = await page.$$eval(".grid td", (tds) => tds.map((td) => td.textContent));
  expect(pulled.some((v) => v?.startsWith("INV"))).toBe(true);

  await page.screenshot({ path: join(ARTIFACTS, "pane-en.png"), fullPage: false });
  await page.close();
});

test("map the user's own headers, then check and post through the saved mapping", async () => {
  const page = await openPreview("en");
  await page.setInputFiles(".grid-tools input[type=file]", await ownHeadersFile(session.dist));
  await page.waitForSelector(".tab.on:has-text('Sales')");

  // The suggestion: every header but Colour is a field; only VAT is missing (no column says it).
  await page.click("#mapping summary");
  await page.click("button:has-text('Read the header row')");
  await page.waitForSelector("#ds-map-A");
  const fields = await page.$$eval("#mapping select[id^='ds-map-']", (ss) => ss.map((s) => (s as HTMLSelectElement).value));
  expect(fields).toEqual(["documentKey", "contactName", "publishedOn", "item.name", "item.quantity", "item.pricePerUnit", ""]);
  expect(await page.textContent("#mapping p.status")).toContain("not saved yet");
  expect(await page.textContent("#mapping .msg.error")).toMatch(/^Required, not mapped yet: VAT or VAT rate/);
  await page.locator("#mapping").screenshot({ path: join(ARTIFACTS, "mapping-suggested.png") });

  // Colour becomes each line's description: saved with the workbook at once.
  await page.selectOption("#ds-map-G", "item.description");
  await page.waitForSelector("#mapping p.status:has-text('Saved with the workbook')");
  // VAT Yes for every row: saved with the mapping, and nothing required is missing any more.
  await page.selectOption("#ds-value-field", "isVat");
  await page.selectOption("#ds-value-value", { label: "Yes" });
  await page.click("button:has-text('Set for every row')");
  await page.waitForSelector("table.values td:has-text('Yes')");
  await page.waitForFunction(() => document.querySelector("#mapping .msg.error") === null);
  await page.locator("#mapping").screenshot({ path: join(ARTIFACTS, "mapping-saved.png") });

  // Check reads the sheet through the mapping: two documents, totals as money.
  await page.click("button:has-text('Check rows')");
  await page.waitForSelector("#check .msg.ok");
  expect(await page.textContent("#check .msg.ok")).toBe("2 documents checked: no problems found.");
  const totals = await page.$$eval("#check table tbody tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
  expect(totals).toEqual([["S-1", "74.95", "1,145.65"], ["S-2", "249.90", "3,819.90"]]);
  await page.locator("#check").screenshot({ path: join(ARTIFACTS, "mapping-checked.png") });

  // Post: both documents, ids and serials written back beside the user's columns.
  await connect(page);
  await page.click("#post summary");
  await page.click("button:has-text('Post documents')");
  await page.waitForSelector("#post .msg:has-text('created')", { timeout: 60_000 });
  // Neither names its buyer's address (s.86/4): both sent, the warnings counted apart.
  expect(await page.textContent("#post .msg.ok")).toBe("2 created, warnings marked on the sheet: 2");
  const idCol = await headerColumn(page, "recordId");
  const recordId = await cell(page, `${idCol}2`);
  expect(recordId).toMatch(/^\d+$/);
  expect(await cell(page, `${idCol}4`)).toMatch(/^\d+$/);
  await page.screenshot({ path: join(ARTIFACTS, "mapping-posted.png") });
  await page.locator("#post").screenshot({ path: join(ARTIFACTS, "mapping-post-section.png") });

  const client = createClient({ root: session.service.root, ...session.demo });
  const first = await client.documents("tax-invoices").get(recordId);
  expect(first).toMatchObject({ contactName: "Mapped Trading Co", publishedOn: expect.stringMatching(/^2026-02-03/), isVat: true, vatAmount: 74.95 });
  expect(first.items?.map((i) => [i.name, i.description, i.quantity, i.pricePerUnit])).toEqual([["Pens", "blue", 10, 100], ["Ink", "black", 2, 35.35]]);

  // Kept through a reload: the write-backs, and the post's record (a hidden sheet of its own in the
  // browser's copy, saved apart from the sheet it posted).
  await page.waitForSelector(".tabs .saved:has-text('Saved in this browser')");
  await page.reload();
  await page.waitForSelector("#connect summary");
  expect(await cell(page, `${idCol}2`)).toBe(recordId);
  const records = await page.evaluate(() => new Promise<string>((resolve, reject) => {
    const open = indexedDB.open("docsheet-preview");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction("workbook").objectStore("workbook").get("sheet:DocSheet records");
      get.onsuccess = () => resolve(JSON.stringify((get.result as { values: unknown[][] } | undefined)?.values ?? []));
      get.onerror = () => reject(get.error);
    };
  }));
  expect(records).toContain("docsheet.post.last.tax-invoices");
  expect(records).toContain(recordId);
  await connect(page);
  await page.click("#post summary");

  // Posted again: nothing is created twice, and each row says why in the list under the summary.
  await page.click("button:has-text('Post documents')");
  await page.waitForSelector("#post .msg:has-text('already posted')", { timeout: 60_000 });
  expect(await page.$$eval("#post ul.rows button", (bs) => bs.map((b) => b.textContent))).toEqual(["Row 2, document S-1:already posted", "Row 4, document S-2:already posted"]);
  await page.locator("#post").screenshot({ path: join(ARTIFACTS, "post-rows.png") });

  // Actions on the first document: the payment form offers the company's bank account for a
  // transfer; Delete names the document it would delete, and Keep them keeps it.
  await page.click(".grid td[data-cell='A2']");
  await page.click("#actions summary");
  await page.selectOption("#ds-action", "payment");
  await page.selectOption("#ds-pay-method", "5");
  await page.waitForSelector("#ds-pay-bank option:has-text('Bangkok Bank')", { state: "attached" });
  await page.locator("#actions").screenshot({ path: join(ARTIFACTS, "actions-payment.png") });
  await page.selectOption("#ds-action", "delete");
  await page.click("button:has-text('Run on selected rows')");
  await page.waitForSelector("#actions [role=alertdialog]");
  const serial = await cell(page, `${await headerColumn(page, "documentSerial")}2`);
  expect(await page.textContent("#ds-confirm-text")).toBe(`Delete 1 document: ${serial}? This cannot be undone.`);
  await page.locator("#actions").screenshot({ path: join(ARTIFACTS, "actions-delete.png") });
  await page.click("button:has-text('Keep them')");

  // The same pane in Thai.
  await page.selectOption("#ds-lang", "th");
  await page.selectOption("#ds-action", "payment");
  await page.locator("#mapping").screenshot({ path: join(ARTIFACTS, "mapping-th.png") });
  await page.locator("#actions").screenshot({ path: join(ARTIFACTS, "actions-payment-th.png") });
  await page.close();
});

test("the books in the family selector: each template inserted in Thai, with the documents' sections as the card says; the journal's example checks clean against the chart", async () => {
  const page = await openPreview("th");
  await connect(page);
  const books = await page.$$eval("#ds-family optgroup:last-of-type option", (os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  expect(books).toEqual([["journal-entries", "ใบสำคัญ"], ["contacts", "ผู้ติดต่อ"], ["products", "สินค้า"]]);
  const headers = {
    "journal-entries": ["เลขที่ใบสำคัญ", "วันที่", "ประเภทใบสำคัญ", "ผู้ติดต่อ", "คำอธิบาย", "อ้างอิง", "รหัสบัญชี", "ชื่อบัญชี", "เดบิต", "เครดิต", "คำอธิบายรายการ"],
    contacts: ["รหัส", "ชื่อ", "ประเภท", "ประเภทบุคคล", "เลขประจำตัวผู้เสียภาษี", "สาขา", "ที่อยู่", "รหัสไปรษณีย์", "ผู้ประสานงาน", "อีเมล", "เบอร์โทร", "จำนวนวันเครดิต"],
    products: ["รหัสสินค้า", "ชื่อสินค้า", "ประเภทสินค้า", "รายละเอียด", "หน่วย", "ราคาขาย", "ราคาซื้อ", "ภาษีมูลค่าเพิ่ม", "บัญชีขาย", "บัญชีซื้อ"],
  };
  for (const [family, sheet] of [["journal-entries", "ใบสำคัญ"], ["contacts", "ผู้ติดต่อ"], ["products", "สินค้า"]] as const) {
    await page.selectOption("#ds-family", family);
    // The sections every family has, Update where the card updates; a book is pulled whole (no
    // filters) and has no acts.
    await page.waitForSelector("#post");
    expect([await page.$("#check"), await page.$("#pull")].every((s) => s !== null)).toBe(true);
    expect(await page.$("#update") !== null).toBe(family !== "journal-entries");
    expect([await page.$("#actions"), await page.$("#ds-start"), await page.$("#ds-search")]).toEqual([null, null, null]);
    await page.click("button:has-text('แทรกแม่แบบ')");
    await page.waitForSelector(`.tab.on:has-text('${sheet}')`);
    const row1 = await page.$$eval(".grid tbody tr:first-child td[data-cell]", (tds) => tds.map((td) => td.textContent));
    expect(row1.slice(0, headers[family].length)).toEqual(headers[family]);
    expect(row1).toContain("รหัสเอกสารในระบบ");
  }
  await page.screenshot({ path: join(ARTIFACTS, "books-templates-th.png") });

  // The journal voucher's example: its accounts are in the chart the lists sheet holds.
  await page.click(".tab:has-text('ใบสำคัญ')");
  await page.selectOption("#ds-family", "journal-entries");
  await page.click("#check button:has-text('ตรวจแถว')");
  await page.waitForSelector("#check .msg.ok");
  expect(await page.textContent("#check .msg.ok")).toBe("ตรวจใบสำคัญ 1 ฉบับ: ไม่พบปัญหา");
  await page.close();
});

test("the first visit's example: a tax id typed over it stays text, all 13 digits", async () => {
  const page = await openPreview("en");
  const taxId = `${await headerColumn(page, "contactTaxId")}2`;
  expect(await cell(page, taxId)).toBe("0105556000009");
  await page.click(`.grid td[data-cell='${taxId}']`);
  await page.keyboard.type("3101200456789");
  await page.keyboard.press("Enter");
  // Text, as in Excel's text cell (a number there would show 3.1012E+12): left-aligned, not a number.
  expect(await cell(page, taxId)).toBe("3101200456789");
  expect((await page.getAttribute(`.grid td[data-cell='${taxId}']`, "class")) ?? "").not.toMatch(/\bnum\b/);
  // Pasted from another workbook into it: text too.
  await page.click(`.grid td[data-cell='${taxId}']`);
  await paste(page, [["3101200456790"]]);
  expect(await cell(page, taxId)).toBe("3101200456790");
  expect((await page.getAttribute(`.grid td[data-cell='${taxId}']`, "class")) ?? "").not.toMatch(/\bnum\b/);
  await page.close();
});

test("the pane in Thai, with a clear message for a wrong secret", async () => {
  const page = await openPreview("th");
  // A first visit's example sheet is Thai too: Thai headers, a Buddhist-era date.
  expect(await cell(page, "A1")).toBe("เลขที่เอกสาร");
  expect(await cell(page, `${await headerColumn(page, "publishedOn")}2`)).toMatch(/^\d{2}\/\d{2}\/25\d\d$/);
  expect(await page.textContent("#connect summary")).toBe("เชื่อมต่อ");
  expect(await page.$$eval(".grid-tools button, .grid-tools .file", (bs) => bs.map((b) => b.textContent))).toEqual(["เปิด .xlsx", "ล้างชีต", "สมุดงานใหม่"]);
  // Every glyph from assets/fonts, none from fonts the machine may or may not have.
  expect(await fontsDrawn(page, "#connect summary")).toEqual([expect.objectContaining({ familyName: "Waree" })]);
  await page.fill("#ds-client-id", session.demo.clientId);
  await page.fill("#ds-secret", "not-the-secret");
  await page.click("#connect button.primary");
  await page.waitForSelector("#connect .msg.error", { timeout: 30_000 });
  expect(await page.textContent("#connect .msg.error")).toBe("รหัสไคลเอนต์หรือรหัสลับไม่ถูกต้อง");
  expect(await page.content()).not.toContain("not-the-secret\"");
  await page.screenshot({ path: join(ARTIFACTS, "pane-th.png"), fullPage: false });
  await page.close();
});

/** Rows pasted into the grid as Excel puts them on the clipboard (tab-separated lines). */
async function paste(page: Page, rows: unknown[][]): Promise<void> {
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.querySelector(".grid")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, rows.map((r) => r.join("\t")).join("\r\n") + "\r\n");
}

async function newWorkbook(page: Page): Promise<void> {
  await page.click("button:has-text('New workbook')");
  await page.click(".grid-wrap [role=alertdialog] button:has-text('Start over')");
  await page.waitForFunction(() => document.querySelector(".grid td[data-cell='A1']")?.textContent === "");
}

const HEADER = ["Document key", "Customer", "Date", "Address", "Item", "Quantity", "Unit price", "VAT"];

test("the grid as a place to work: type, edit and clear cells, kept through a reload, New workbook", async () => {
  const page = await openPreview("en");
  await newWorkbook(page);
  await paste(page, [HEADER, ["A", "Typed Co", "2026-01-05", "1 Silom Rd, Bangkok 10500", "Pens", 2, 100, "Yes"], ["B", "Cleared Co", "2026-01-06", "2 Sathorn Rd, Bangkok 10120", "Ink", 1, 50, "Yes"]]);
  expect(await cell(page, "B2")).toBe("Typed Co");

  // Typed over: a quantity that is no number, Enter keeps it and moves down, as in Excel.
  await page.click(".grid td[data-cell='F2']");
  await page.keyboard.type("abc");
  await page.keyboard.press("Enter");
  expect(await cell(page, "F2")).toBe("abc");
  expect(await page.getAttribute(".grid", "data-selection")).toBe("F3:F3");
  // Escape leaves a cell as it was; Delete clears the selected cell.
  await page.click(".grid td[data-cell='E2']");
  await page.keyboard.type("zzz");
  await page.keyboard.press("Escape");
  expect(await cell(page, "E2")).toBe("Pens");
  await page.click(".grid td[data-cell='B3']");
  await page.keyboard.press("Delete");
  expect(await cell(page, "B3")).toBe("");

  // Check reads the grid as typed: the quantity and the cleared customer are the problems.
  await page.click("button:has-text('Check rows')");
  await page.waitForSelector("ul.findings");
  let findings = await page.$$eval("ul.findings li.error button", (bs) => bs.map((b) => (b.textContent ?? "").slice(0, 2)));
  expect(findings.sort()).toEqual(["B3", "F2"]);

  // Edited again (F2, then Tab moves right): the quantity is a number and its finding goes.
  await page.click(".grid td[data-cell='F2']");
  await page.keyboard.press("F2");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("3");
  await page.keyboard.press("Tab");
  expect(await cell(page, "F2")).toBe("3");
  expect(await page.getAttribute(".grid", "data-selection")).toBe("G2:G2");
  await page.click("button:has-text('Check rows')");
  await page.waitForFunction(() => [...document.querySelectorAll("ul.findings li.error button")].map((b) => b.textContent?.slice(0, 2)).join() === "B3");
  findings = await page.$$eval("ul.findings li.error button", (bs) => bs.map((b) => (b.textContent ?? "").slice(0, 2)));
  expect(findings).toEqual(["B3"]);
  await page.waitForSelector(".tabs .saved:has-text('Saved in this browser')");
  await page.screenshot({ path: join(ARTIFACTS, "preview-typed.png") });

  // A reload finds the workbook as it was left.
  await page.reload();
  await page.waitForSelector("#connect summary");
  expect([await cell(page, "A1"), await cell(page, "F2"), await cell(page, "B2"), await cell(page, "B3")]).toEqual(["Document key", "3", "Typed Co", ""]);

  // New workbook asks first; kept when the user says so, empty (and empty after a reload) when not.
  await page.click("button:has-text('New workbook')");
  expect(await page.textContent(".grid-wrap [role=alertdialog]")).toContain("Everything in this one is lost");
  await page.click(".grid-wrap [role=alertdialog] button:has-text('Keep this one')");
  expect(await cell(page, "B2")).toBe("Typed Co");
  await newWorkbook(page);
  expect(await page.$$eval(".tab", (ts) => ts.map((t) => t.textContent))).toEqual(["Sheet1"]);
  await page.reload();
  await page.waitForSelector("#connect summary");
  expect([await cell(page, "A1"), await cell(page, "B2")]).toEqual(["", ""]);
  await page.close();
});

test("a 2,000-row paste shows every row: only the rows in view are drawn, the last one reached by scrolling", async () => {
  const page = await openPreview("en");
  await newWorkbook(page);
  const rows = Array.from({ length: 2_000 }, (_, i) => [`K${i + 1}`, `Customer ${i + 1}`, "2026-01-05", "1 Silom Rd", "Pens", 1, 1_234_567.5, "Yes"]);
  await paste(page, [HEADER, ...rows]);
  expect(await page.getAttribute(".grid", "data-rows")).toBe("2006");
  expect(await page.$$eval(".grid tbody tr:not(.spacer)", (trs) => trs.length)).toBeLessThan(100);
  // Amounts keep to one line, whole.
  const amount = await page.$eval(".grid td[data-cell='G2']", (td) => ({ nowrap: getComputedStyle(td).whiteSpace, fits: td.scrollWidth <= td.clientWidth, text: td.textContent }));
  expect(amount).toEqual({ nowrap: "nowrap", fits: true, text: "1234567.5" });
  await page.$eval(".grid", (g) => { g.scrollTop = g.scrollHeight; });
  await page.waitForSelector(".grid td[data-cell='A2001']");
  expect([await cell(page, "A2001"), await cell(page, "B2001")]).toEqual(["K2000", "Customer 2000"]);
  expect(await page.$$eval(".grid tbody tr:not(.spacer)", (trs) => trs.length)).toBeLessThan(100);
  expect(await page.$(".grid td[data-cell='A2']")).toBeNull();
  await page.screenshot({ path: join(ARTIFACTS, "preview-2000-rows.png") });
  await page.screenshot({ path: join(ARTIFACTS, "preview-2000-rows-top.png"), clip: { x: 0, y: 60, width: 600, height: 120 } });
  await page.close();
});
