// The worksheet functions in the preview's grid, in real Chromium against the real local service (a
// month of mixed documents): DOCSHEET formulas typed or pasted into cells are calculated through the
// pane's connection with the same figures the functions give in Node (callFunction), #N/A before
// connecting, #VALUE! naming a bad argument; tables spill below and right of their cell, #SPILL!
// where values stand in the way (their message the cell's tooltip) and spilled again once cleared;
// editing a formula's cell shows the formula; Refresh figures reads the service again; in Thai, Thai
// headers and messages; a working paper opened (Open .xlsx) is calculated again, its tables spilled
// anew, Excel's own formulas keeping their values, and a sheet past 100,000 rows is refused. The
// sheet of functions is kept as test-artifacts/functions-preview.png (the README's picture, docs/).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { createClient } from "../../src/api/client";
import { figureReads } from "../../src/jobs/figures";
import type { ArgValue } from "../../src/functions/args";
import { callFunction } from "../../src/functions/run";
import { HOSTILE } from "../helpers/hostile-xlsx";
import { seedVatMonth, simpleDoc } from "../helpers/vat-month";
import { ARTIFACTS, cell, connect, openPreview, pasteAt, previewSession } from "./preview-support";

jest.setTimeout(240_000);

const preview = previewSession();

beforeAll(async () => {
  const client = createClient({ root: preview.service.root, ...preview.demo });
  await seedVatMonth(client);
  await client.withholdingTaxes.create({
    contactName: "Gamma Co., Ltd.", contactTaxId: "0107537002443", contactBranch: "00000", publishedOn: "2026-03-09", entity: 3, taxPayment: 1,
    withholdingTaxItems: [{ incomeType: 27, description: "ค่าบริการ (ม.40(8))", taxRate: 3, taxAmount: 2500 }],
  });
});

/** What a function answers in Node, over a client of its own (the same code the page loads). */
async function inNode(name: string, ...args: ArgValue[]): Promise<unknown> {
  const reads = figureReads(createClient({ root: preview.service.root, ...preview.demo }));
  return callFunction(name, args, { reads, lang: "en", today: () => new Date().toISOString().slice(0, 10) });
}

/** Waits until the cell shows `text` (a formula's answer arrives after #BUSY!). */
async function shows(page: Page, address: string, text: string): Promise<void> {
  await page.waitForFunction(([a, t]) => document.querySelector(`.grid td[data-cell='${a}']`)?.textContent === t, [address, text] as const, { timeout: 60_000 })
    .catch(async (err: unknown) => {
      throw new Error(`${address} shows "${await cell(page, address)}", not "${text}" (${String(err)})`);
    });
}

const tooltip = (page: Page, address: string): Promise<string | null> => page.getAttribute(`.grid td[data-cell='${address}']`, "title");

async function typeAt(page: Page, address: string, text: string): Promise<void> {
  await page.click(`.grid td[data-cell='${address}']`);
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

async function emptySheet(page: Page, button = "Clear sheet"): Promise<void> {
  await page.click(`button:has-text('${button}')`);
  await page.waitForFunction(() => document.querySelector(".grid td[data-cell='A1']")?.textContent === "");
}

const TOTAL = "=DOCSHEET.TOTAL(\"tax invoices\",\"grand total\",\"2026-03\",\"2026-03\")";

test("a sheet of functions, pasted (the README's picture)", async () => {
  const page = await openPreview(preview, "en");
  await emptySheet(page);
  await connect(page);
  const rows = [
    ["Working paper, March 2026", ""],
    ["Tax month", "2026-03"],
    ["Sales (tax invoices)", "=DOCSHEET.TOTAL(\"tax invoices\",\"grand total\",B2,B2)"],
    ["Output VAT", "=DOCSHEET.VAT(B2,\"output tax\")"],
    ["Input VAT", "=DOCSHEET.VAT(B2,\"input tax\")"],
    ["VAT payable", "=DOCSHEET.VAT(B2)"],
    ["Withheld (PND53)", "=DOCSHEET.WHT(B2,\"PND53\")"],
    ["Aging at 30 April 2026", ""],
    ["=DOCSHEET.AGING(\"2026-04-30\")", ""],
  ];
  await pasteAt(page, "A1", rows.map((r) => r.join("\t")).join("\n"));
  await shows(page, "B3", String(await inNode("TOTAL", "tax invoices", "grand total", "2026-03", "2026-03")));
  await shows(page, "B4", String(await inNode("VAT", "2026-03", "output tax")));
  await shows(page, "B6", String(await inNode("VAT", "2026-03")));
  await shows(page, "B7", String(await inNode("WHT", "2026-03", "PND53")));
  const aging = (await inNode("AGING", "2026-04-30")) as unknown[][];
  await shows(page, "A9", "Customer");
  expect(await cell(page, "G9")).toBe("Total");
  expect(await cell(page, "A10")).toBe(String(aging[1][0]));
  expect(await cell(page, `G${8 + aging.length}`)).toBe(String(aging[aging.length - 1][6]));
  // The selected cell's formula is shown beside the sheet's tab; the pane shows Refresh figures.
  await page.click(".grid td[data-cell='B3']");
  expect(await page.textContent(".tabs .formula")).toBe("B3 =DOCSHEET.TOTAL(\"tax invoices\",\"grand total\",B2,B2)");
  await page.click("#connect summary");
  await page.click("#figures summary");
  await page.locator("#figures").scrollIntoViewIfNeeded();
  await page.click(".grid td[data-cell='B3']");
  await page.screenshot({ path: join(ARTIFACTS, "functions-preview.png") });
});

test("formulas typed into the grid are calculated, tables spill, #SPILL! where blocked, Refresh figures reads again", async () => {
  const page = await openPreview(preview, "en");
  await emptySheet(page);

  // Not connected: #N/A saying so.
  await typeAt(page, "A1", TOTAL);
  await shows(page, "A1", "#N/A");
  expect(await tooltip(page, "A1")).toContain("not connected");

  // Connected, the cell is calculated: the figure the function gives in Node.
  await connect(page);
  await shows(page, "A1", String(await inNode("TOTAL", "tax invoices", "grand total", "2026-03", "2026-03")));
  expect(await tooltip(page, "A1") ?? "").toBe("");
  // Editing the cell shows its formula, not its value.
  await page.click(".grid td[data-cell='A1']");
  await page.keyboard.press("F2");
  expect(await page.inputValue(".grid input.cell-edit")).toBe(TOTAL);
  await page.keyboard.press("Escape");

  // A month in a cell, referred to; a bad argument is #VALUE! naming it.
  await typeAt(page, "A2", "2026-03");
  await typeAt(page, "B2", "=DOCSHEET.VAT(A2,\"output tax\")");
  await shows(page, "B2", String(await inNode("VAT", "2026-03", "output tax")));
  await typeAt(page, "B3", "=DOCSHEET.VAT(\"13/2569\")");
  await shows(page, "B3", "#VALUE!");
  expect(await tooltip(page, "B3")).toBe("month: \"13/2569\" is no month (2026-11, 11/2569)");
  // The referred cell changed: the formula is calculated again.
  await typeAt(page, "A2", "2026-04");
  await shows(page, "B2", String(await inNode("VAT", "2026-04", "output tax")));

  // A table spills below and right of its cell.
  const products = (await inNode("PRODUCTS")) as unknown[][];
  await typeAt(page, "D1", "=DOCSHEET.PRODUCTS()");
  await shows(page, "D1", "Code");
  expect(await cell(page, "E1")).toBe("Name");
  expect(await cell(page, `D${products.length}`)).toBe(String(products[products.length - 1][0]));
  expect(await cell(page, `D${products.length + 1}`)).toBe("");

  // A value typed into the table's place: #SPILL!, saying which cells to clear; cleared, it spills again.
  await typeAt(page, "E2", "mine");
  await shows(page, "D1", "#SPILL!");
  expect(await tooltip(page, "D1")).toBe(`the table needs D1:H${products.length}, where other cells hold values: clear them`);
  expect(await cell(page, "D2")).toBe("");
  await page.click(".grid td[data-cell='E2']");
  await page.keyboard.press("Delete");
  await shows(page, "D1", "Code");
  expect(await cell(page, "E2")).toBe(String(products[1][1]));

  // A table whose place is taken from the start.
  await typeAt(page, "K3", "in the way");
  await typeAt(page, "K1", "=DOCSHEET.ACCOUNTS()");
  await shows(page, "K1", "#SPILL!");
  // The formula cleared, its table goes with it; typed again, it spills once the way is clear.
  await page.click(".grid td[data-cell='K3']");
  await page.keyboard.press("Delete");
  await typeAt(page, "K1", "=DOCSHEET.ACCOUNTS()");
  await shows(page, "K1", "Code");
  expect(await cell(page, "L1")).toBe("Name");
  await page.click(".grid td[data-cell='K1']");
  await page.keyboard.press("Delete");
  await shows(page, "L1", "");
  expect(await cell(page, "K2")).toBe("");

  // The documents of the month spill with their header row of labels (below the products' table).
  expect(products.length).toBeLessThan(20);
  await typeAt(page, "A20", "=DOCSHEET.DOCUMENTS(\"tax invoices\",\"2026-03\",\"2026-03\")");
  const documents = (await inNode("DOCUMENTS", "tax invoices", "2026-03", "2026-03")) as unknown[][];
  await shows(page, "A20", String(documents[0][0]));
  expect(await cell(page, "B20")).toBe(String(documents[0][1]));
  expect(await cell(page, `A${20 + documents.length - 1}`)).toBe(String(documents[documents.length - 1][0]));
  expect(await cell(page, `A${20 + documents.length}`)).toBe("");

  // A new invoice on the service: the cell keeps the figure it read until Refresh figures.
  const before = await cell(page, "A1");
  await createClient({ root: preview.service.root, ...preview.demo }).documents("tax-invoices").create(simpleDoc("2026-03-30", "E2E Refresh Co", 1000, "exclusive"));
  await typeAt(page, "A5", "anything");
  expect(await cell(page, "A1")).toBe(before);
  await page.click("#figures summary");
  await page.click("button:has-text('Refresh figures')");
  await page.waitForSelector("#figures .msg.ok");
  expect(await page.textContent("#figures .msg.ok")).toBe("Figures refreshed: the workbook was recalculated with the service's figures as they are now.");
  await shows(page, "A1", String(Number(before) + 1070));
});

/** A working paper as Excel keeps one: its DOCSHEET formulas with the values of their last
 * calculation (stale), one as Excel saves an add-in's function, one filled down (saved once, named
 * in the cell below), a table as an array formula over more cells than it fills now; and formulas
 * of Excel's own, which keep their values. */
async function workingPaper(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Pack");
  const f = (formula: string, result?: ExcelJS.CellValue) => ({ formula, result } as ExcelJS.CellFormulaValue);
  ws.getCell("A1").value = "2026-03";
  ws.getCell("B1").value = f("DOCSHEET.TOTAL(\"tax invoices\",\"grand total\",A1,A1)", 1);
  ws.getCell("B2").value = f("_xldudf_DOCSHEET_VAT(A1,\"output tax\")", 2);
  ws.getCell("C1").value = f("SUM(B1:B2)", 42);
  ws.getCell("A4").value = "2026-03";
  ws.getCell("A5").value = "2026-04";
  ws.getCell("B4").value = { formula: "DOCSHEET.VAT(A4,\"output tax\")", shareType: "shared", ref: "B4:B5", result: 4 } as ExcelJS.CellFormulaValue;
  ws.getCell("B5").value = { sharedFormula: "B4", result: 5 } as ExcelJS.CellSharedFormulaValue;
  const fill = (ws.fillFormula as (range: string, formula: string, results: unknown[][], shareType: string) => void).bind(ws);
  fill("D1:E60", "DOCSHEET.ACCOUNTS()", Array.from({ length: 60 }, () => ["stale", "stale"]), "array");
  fill("G1:G2", "SEQUENCE(2)", [[7], [8]], "array");
  const file = join(preview.dist, "working-paper.xlsx");
  await wb.xlsx.writeFile(file);
  return file;
}

test("Open .xlsx: a working paper's DOCSHEET formulas show the figures it was saved with until the pane connects, then are calculated again and their tables spilled anew; a sheet past 100,000 rows is refused", async () => {
  const page = await openPreview(preview, "en");
  // The command line's refusal, said at once: the reading stops at the limit.
  const big = join(preview.dist, "rows.xlsx");
  writeFileSync(big, HOSTILE["999,000 one-cell rows"].file());
  await page.setInputFiles(".grid-tools input[type=file]", big);
  await page.waitForSelector(".grid-wrap p.msg.error[role='alert']", { timeout: 60_000 });
  expect(await page.textContent(".grid-wrap p.msg.error")).toMatch(/^Could not open the file: sheet "Sales" holds values in more than 100,000 rows, the most DocSheet reads of one sheet as a table/);

  await page.setInputFiles(".grid-tools input[type=file]", await workingPaper());
  await page.waitForSelector(".tab.on:has-text('Pack')");
  // Not connected: the figures the file was saved with, as Excel shows them until it calculates.
  await shows(page, "B1", "1");
  expect([await cell(page, "B2"), await cell(page, "B4"), await cell(page, "B5")]).toEqual(["2", "4", "5"]);
  expect([await cell(page, "D1"), await cell(page, "E2"), await cell(page, "E20")]).toEqual(["stale", "stale", "stale"]);
  expect(await cell(page, "C1")).toBe("42");
  // A formula typed now has nothing to calculate it with.
  await typeAt(page, "J1", "=DOCSHEET.VAT(\"2026-03\")");
  await shows(page, "J1", "#N/A");
  expect(await cell(page, "B1")).toBe("1");
  expect([await cell(page, "G1"), await cell(page, "G2")]).toEqual(["7", "8"]);

  await connect(page);
  await shows(page, "B1", String(await inNode("TOTAL", "tax invoices", "grand total", "2026-03", "2026-03")));
  await shows(page, "B2", String(await inNode("VAT", "2026-03", "output tax")));
  await shows(page, "B4", String(await inNode("VAT", "2026-03", "output tax")));
  await shows(page, "B5", String(await inNode("VAT", "2026-04", "output tax")));
  const accounts = (await inNode("ACCOUNTS")) as unknown[][];
  expect(accounts.length).toBeLessThan(60);
  await shows(page, "D1", "Code");
  expect(await cell(page, "E1")).toBe("Name");
  expect(await cell(page, `D${accounts.length}`)).toBe(String(accounts[accounts.length - 1][0]));
  expect(await cell(page, `D${accounts.length + 1}`)).toBe("");
  expect(await cell(page, "E20")).toBe("");
  expect(await cell(page, "C1")).toBe("42");
  // The formulas are the cells' own: shown as typed (Excel's saved name too), the filled-down one moved.
  await page.click(".grid td[data-cell='B2']");
  expect(await page.textContent(".tabs .formula")).toBe("B2 =DOCSHEET.VAT(A1,\"output tax\")");
  await page.click(".grid td[data-cell='B5']");
  expect(await page.textContent(".tabs .formula")).toBe("B5 =DOCSHEET.VAT(A5,\"output tax\")");
  await page.screenshot({ path: join(ARTIFACTS, "functions-open-xlsx.png") });
});

test("in Thai: a table headed in Thai, an error said in Thai", async () => {
  const page = await openPreview(preview, "th");
  await emptySheet(page, "ล้างชีต");
  await connect(page);
  await typeAt(page, "A1", "=DOCSHEET.PRODUCTS()");
  await shows(page, "A1", "รหัสสินค้า");
  expect(await cell(page, "B1")).toBe("ชื่อสินค้า");
  await typeAt(page, "H1", "=DOCSHEET.VAT(\"13/2569\")");
  await shows(page, "H1", "#VALUE!");
  expect(await tooltip(page, "H1")).toBe("month: \"13/2569\" ไม่ใช่เดือน (2026-11, 11/2569)");
});
