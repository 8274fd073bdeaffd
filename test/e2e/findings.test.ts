// Findings a person can work with, in Chromium against the local service (preview-support.ts): a
// post of 1,200 rows lists what it marked, errors first, then warnings, counted by kind, a page at a
// time, so the pane keeps a bounded height (the whole list made it some 36,700 px tall); its
// warnings are listed too, each with its cell and reason; picking another family clears the
// results. Screenshots in test-artifacts/ are for a person's look.
import { join } from "node:path";
import ExcelJS from "exceljs";
import { ARTIFACTS, connect, openPreview, previewSession } from "./preview-support";

jest.setTimeout(300_000);

const session = previewSession();
const ROWS = 1_200;
const GOOD = 5;

/** 1,200 tax invoices without the buyer's address (a warning); all but the last five with a
 * quantity that is no number (an error). */
async function bigFile(dir: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet("Big");
  ws.addRow(["contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"]);
  for (let i = 0; i < ROWS; i++) ws.addRow([`Findings Co ${i + 1}`, "2026-01-05", "TRUE", "Pens", i < ROWS - GOOD ? "abc" : 1, 100]);
  const file = join(dir, "big.xlsx");
  await book.xlsx.writeFile(file);
  return file;
}

test("a post of 1,200 rows lists its findings errors first, counted by kind, a page at a time; the pane stays short", async () => {
  const page = await openPreview(session, "en");
  await page.setInputFiles(".grid-tools input[type=file]", await bigFile(session.dist));
  await page.waitForSelector(".tab.on:has-text('Big')");
  await connect(page);
  await page.click("#post summary");
  await page.click("button:has-text('Post documents')");
  await page.waitForSelector(`#post .msg:has-text('${GOOD} created')`, { timeout: 120_000 });

  const counts = await page.$$eval("#post .finding-list .counts span", (ss) => ss.map((s) => [s.className, s.textContent]));
  expect(counts[0]).toEqual(["error", `${(ROWS - GOOD).toLocaleString("en-US")} errors`]);
  // A document with errors is not built, so only the five sent are told their warning.
  expect(counts[1]).toEqual(["warning", `${GOOD} warnings`]);
  // Errors first, each with its cell and a one-line reason.
  const first = await page.$$eval("#post ul.findings:not(.rows) li", (lis) => lis.map((li) => [li.className, li.querySelector(".cell")?.textContent, li.querySelector(".why")?.textContent]));
  expect(first.length).toBe(25);
  expect(first[0]).toEqual(["error", "E2", expect.stringMatching(/number/i)]);
  expect(first.every(([kind]) => kind === "error")).toBe(true);
  const line = await page.$eval("#post ul.findings:not(.rows) li button", (b) => ({ height: b.getBoundingClientRect().height, whiteSpace: getComputedStyle(b).whiteSpace }));
  expect(line.whiteSpace).toBe("nowrap");
  expect(await page.textContent("#post .finding-list .pager [role=status]")).toBe("1–25 of 1,200");

  // The pane's height is bounded, whatever the list's length.
  const height = await page.$eval(".pane", (p) => p.scrollHeight);
  expect(height).toBeLessThan(4_000);
  await page.screenshot({ path: join(ARTIFACTS, "findings-post-1200.png") });

  // The warnings are listed after the errors: the page that holds the first of them.
  const warningsAt = Math.floor((ROWS - GOOD) / 25);
  for (let i = 0; i < warningsAt; i++) await page.click("#post .finding-list .pager button:has-text('Next')");
  const later = await page.$$eval("#post ul.findings:not(.rows) li", (lis) => lis.map((li) => [li.className, li.querySelector(".cell")?.textContent, li.textContent]));
  const firstWarning = later.findIndex(([kind]) => kind === "warning");
  expect(firstWarning).toBe((ROWS - GOOD) % 25);
  expect(later.slice(0, firstWarning).every(([kind]) => kind === "error")).toBe(true);
  expect(later[firstWarning][2]).toMatch(/Warning.*address/i);
  await page.locator("#post").screenshot({ path: join(ARTIFACTS, "findings-post-warnings.png") });

  // Another family: the post's results are gone, not left under the new family's sections.
  await page.selectOption("#ds-family", "quotations");
  await page.waitForFunction(() => !document.querySelector("#post .finding-list") && !document.querySelector("#post .msg"));
  await page.close();
});
