// The preview page in Thai, in Chromium against the local service (preview-support.ts): text typed
// through an input method (composition events, as Thai keyboards and phones send them) is kept
// whole in a selected cell; picking ไทย in the pane redraws the grid's toolbar and hints; a sheet
// pulled in Thai shows its dates day first in the Buddhist era (16/12/2569) and keeps its
// fingerprint column hidden, as Excel does. Screenshots in test-artifacts/ are for a person's look.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ARTIFACTS, cell, openPreview, postedPreview, previewSession } from "./preview-support";

jest.setTimeout(240_000);

const session = previewSession();

async function newWorkbook(page: Page, yes: string): Promise<void> {
  await page.click(".grid-tools .new-book");
  await page.click(`.grid-wrap [role=alertdialog] button:has-text('${yes}')`);
  await page.waitForFunction(() => document.querySelector(".grid td[data-cell='A1']")?.textContent === "");
}

/** Types `words` as an input method does: each word composed letter by letter (compositionupdate),
 * then committed (compositionend), a space typed between words. */
async function compose(page: Page, words: string[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  for (const [i, word] of words.entries()) {
    if (i > 0) await page.keyboard.insertText(" ");
    for (let n = 1; n <= word.length; n++) {
      await cdp.send("Input.imeSetComposition", { text: word.slice(0, n), selectionStart: n, selectionEnd: n });
    }
    await cdp.send("Input.insertText", { text: word });
  }
  await cdp.detach();
}

test("text composed through an input method into a selected cell keeps every word", async () => {
  const page = await openPreview(session, "th");
  await newWorkbook(page, "เริ่มใหม่");
  // A selected cell, not being edited: the first word composed starts the edit and is kept.
  await page.click(".grid td[data-cell='B2']");
  await compose(page, ["บริษัท", "สยามการค้า", "จำกัด"]);
  // Enter while composing confirms the word, not the cell: the cell is still being edited.
  await page.keyboard.press("Enter");
  expect(await cell(page, "B2")).toBe("บริษัท สยามการค้า จำกัด");
  expect(await page.getAttribute(".grid", "data-selection")).toBe("B3:B3");

  // Typed over again in another cell, and through plain keys as before.
  await page.click(".grid td[data-cell='A2']");
  await compose(page, ["ลูกค้า"]);
  await page.keyboard.press("Tab");
  await page.keyboard.type("abc");
  await page.keyboard.press("Enter");
  expect([await cell(page, "A2"), await cell(page, "B2")]).toEqual(["ลูกค้า", "abc"]);
  await page.screenshot({ path: join(ARTIFACTS, "preview-composed-th.png"), clip: { x: 0, y: 0, width: 700, height: 200 } });
  await page.close();
});

test("switching to Thai redraws the grid's words; a Thai pull shows 16/12/2569 and hides the fingerprint", async () => {
  const page = await postedPreview(session, "Dates", [
    ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit", "contactAddress"],
    ["D1", "Thai Dates Co", new Date(Date.UTC(2026, 11, 16)), "TRUE", "Pens", 2, 100, "1 Silom Rd, Bangkok 10500"],
  ], 1);
  expect(await page.textContent(".grid-tools")).toContain("Open .xlsx");

  await page.selectOption("#ds-lang", "th");
  await page.waitForSelector(".grid-tools .file:has-text('เปิด .xlsx')");
  const tools = await page.textContent(".grid-tools");
  for (const words of ["ล้างชีต", "สมุดงานใหม่", "วางแถวที่คัดลอกจาก Excel"]) expect(tools).toContain(words);
  for (const words of ["Open .xlsx", "Clear sheet", "New workbook", "Paste rows"]) expect(tools).not.toContain(words);
  await page.click(".grid-tools .new-book");
  expect(await page.textContent(".grid-wrap [role=alertdialog]")).toContain("เก็บสมุดงานนี้ไว้");
  await page.click(".grid-wrap [role=alertdialog] button:has-text('เก็บสมุดงานนี้ไว้')");

  // Pulled in Thai: the date day first in the Buddhist era; the fingerprint column not drawn.
  await page.click("#pull summary");
  await page.fill("#ds-search", "Thai Dates Co");
  await page.click("#pull button.primary");
  await page.waitForSelector("#pull .msg.ok", { timeout: 60_000 });
  const headers = await page.$$eval(".grid tbody tr:first-child td", (tds) => tds.map((td) => td.textContent ?? ""));
  expect(headers).toContain("วันที่");
  expect(headers).not.toContain("รหัสตรวจสอบฉบับบนระบบ");
  const texts = await page.$$eval(".grid tbody td", (tds) => tds.map((td) => td.textContent ?? ""));
  expect(texts).toContain("16/12/2569");
  expect(texts.some((t) => /^\d{4}-\d{2}-\d{2}$/.test(t))).toBe(false);
  // The hidden column's letter is skipped, as Excel skips it.
  const letters = await page.$$eval(".grid thead th", (ths) => ths.map((th) => th.textContent ?? "").filter(Boolean));
  const codes = letters.map((l) => l.charCodeAt(0) - 65);
  expect(codes.some((c, i) => i > 0 && c - codes[i - 1] > 1)).toBe(true);
  await page.screenshot({ path: join(ARTIFACTS, "preview-pulled-th.png") });
  await page.close();
});

test("a PDF and a share link are named in the pane, in English and Thai, the share link with a copy button", async () => {
  const page = await postedPreview(session, "Links", [
    ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit", "contactAddress"],
    ["L1", "Named Links Co", new Date(Date.UTC(2026, 11, 16)), "TRUE", "Pens", 2, 100, "1 Silom Rd, Bangkok 10500"],
  ], 1);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: session.origin });
  await page.click(".grid td[data-cell='A2']");
  await page.click("#actions summary");
  await page.selectOption("#ds-action", "pdf");
  await page.click("#actions button.primary:has-text('Run on selected rows')");
  await page.waitForSelector("#actions ul.links a", { timeout: 60_000 });
  const pdf = await page.$eval("#actions ul.links li.pdf a", (a) => ({ text: a.textContent, href: a.getAttribute("href"), download: a.getAttribute("download") }));
  expect(pdf.text).toBe("Download PDF");
  expect(pdf.href).toMatch(/^blob:/);
  expect(pdf.download).toMatch(/\.pdf$/);
  expect(await page.textContent("#actions")).not.toContain("blob:");

  await page.selectOption("#ds-lang", "th");
  await page.selectOption("#ds-action", "share");
  await page.click("#actions button.primary:has-text('ทำกับแถวที่เลือก')");
  await page.waitForSelector("#actions ul.links li.share a", { timeout: 60_000 });
  const share = await page.$eval("#actions ul.links li.share a", (a) => ({ text: a.textContent, href: a.getAttribute("href") }));
  expect(share.text).toBe("ลิงก์แชร์");
  // Its row named as the pane's row lists name rows.
  expect(await page.textContent("#actions ul.links li.share .cell")).toBe("แถว 2 เอกสาร L1");
  expect(share.href).toMatch(/^https?:\/\//);
  expect(await page.textContent("#actions")).not.toContain(share.href!);
  await page.click("#actions ul.links li.share button:has-text('คัดลอก')");
  await page.waitForSelector("#actions ul.links li.share [role=status]:has-text('คัดลอกแล้ว')");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(share.href);
  await page.locator("#actions").screenshot({ path: join(ARTIFACTS, "actions-links-th.png") });
  await page.close();
});
