// The action forms in Chromium (the preview page, test/e2e/preview-support.ts), in English and Thai:
// the payment form follows the grid's selection and the payment lands on the invoice it shows
// (checked on the local service), an invoice made into a receipt asks for nothing more and refuses
// an amount at the field, and the forms on Demo's sheet connected as Other Co. say the company
// message Run gives, never "Document not found".
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { createClient } from "../../src/api/client";
import { ruleMsg } from "../../src/rules/messages";
import { render } from "../../src/sheet/i18n/render";
import { translator, type Lang } from "../../src/taskpane/i18n";
import { formatMoney } from "../../src/taskpane/money";
import { cell, connect, headerColumn, openPreview, previewSession } from "./preview-support";

jest.setTimeout(240_000);

const session = previewSession();

async function invoicesFile(lang: Lang): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet("Forms");
  ws.addRow(["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit", "contactAddress"]);
  ws.addRow(["F1", `Form One ${lang}`, new Date(Date.UTC(2026, 11, 1)), "TRUE", "Pens", 1, 2000, "1 Silom Rd, Bangkok 10500"]);
  ws.addRow(["F2", `Form Two ${lang}`, new Date(Date.UTC(2026, 11, 1)), "TRUE", "Ink", 2, 1500, "2 Silom Rd, Bangkok 10500"]);
  ws.addRow(["F3", `Form Three ${lang}`, new Date(Date.UTC(2026, 11, 1)), "TRUE", "Paper", 5, 5000, "3 Silom Rd, Bangkok 10500"]);
  for (const c of ["C2", "C3", "C4"]) ws.getCell(c).numFmt = "yyyy-mm-dd";
  const file = join(session.dist, `forms-${lang}.xlsx`);
  await book.xlsx.writeFile(file);
  return file;
}

const dueLine = (page: Page) => page.textContent("#ds-pay-due").then((t) => t ?? "");
const waitText = (page: Page, selector: string, text: string) =>
  page.waitForFunction(([s, x]) => (document.querySelector(s)?.textContent ?? "").includes(x), [selector, text] as const, { timeout: 60_000 });
const run = (page: Page) => page.click("#actions .body > button.primary");

test.each<Lang>(["en", "th"])("the action forms act on what they show, in Chromium (%s)", async (lang) => {
  const t = translator(lang);
  const money = (v: number) => formatMoney(v, lang);
  const page = await openPreview(session, lang);
  await page.setInputFiles(".grid-tools input[type=file]", await invoicesFile(lang));
  await page.waitForSelector(".tab.on:has-text('Forms')");
  await connect(page);
  await page.click("#post summary");
  await page.click("#post button.primary");
  await page.waitForSelector("#post .msg.ok", { timeout: 60_000 });
  const [idCol, serialCol] = [await headerColumn(page, "recordId"), await headerColumn(page, "documentSerial")];
  const docs = await Promise.all([2, 3, 4].map(async (r) => ({ id: Number(await cell(page, `${idCol}${r}`)), serial: await cell(page, `${serialCol}${r}`) })));
  const invoices = createClient({ root: session.service.root, ...session.demo }).documents("tax-invoices");

  // The second invoice becomes a receipt, from the pane.
  await page.click(".grid td[data-cell='A3']");
  await page.click("#actions summary");
  await page.selectOption("#ds-action", "upgrade");
  await waitText(page, "#ds-shown", docs[1].serial);
  await run(page);
  await waitText(page, "#actions .msg.ok", t("actDone", { ok: 1, skipped: 0, failed: 0 }));
  const receipt = (await invoices.get(docs[1].id)).referencedToMe?.[0]?.documentSerial ?? "";
  expect(receipt).toMatch(/^RE/);

  // The payment form shows the first invoice, then follows the click on the third.
  await page.click(".grid td[data-cell='A2']");
  await page.selectOption("#ds-action", "payment");
  await waitText(page, "#ds-pay-due", t("payDueOne", { serial: docs[0].serial, customer: `Form One ${lang}`, due: money(2140), base: money(2000) }));
  await page.click(".grid td[data-cell='B4']");
  await waitText(page, "#ds-pay-due", t("payDueOne", { serial: docs[2].serial, customer: `Form Three ${lang}`, due: money(26750), base: money(25000) }));
  expect(await dueLine(page)).not.toContain(docs[0].serial);
  await page.selectOption("#ds-pay-wht-rate", "3");
  await waitText(page, "#ds-pay-settles", t("paySettles", { withheld: money(750), collected: money(26000) }));
  await run(page);
  await waitText(page, "#actions .msg.ok", t("actDone", { ok: 1, skipped: 0, failed: 0 }));
  expect(await invoices.get(docs[2].id)).toMatchObject({ statusString: "paid", payments: expect.objectContaining({ collected: 26000, withheldAmount: 750 }) });
  expect((await invoices.get(docs[0].id)).statusString).toBe("awaiting");
  expect((await invoices.get(docs[1].id)).payments ?? null).toBeFalsy();

  // The invoice made into a receipt: nothing is left to collect on it, said at the amount field.
  await page.click(".grid td[data-cell='A3']");
  await waitText(page, "#ds-pay-due", t("payDueOwing", { serial: docs[1].serial, customer: `Form Two ${lang}`, due: money(0), base: money(0), total: money(3210), receipts: receipt }));
  const settled = render(ruleMsg("paymentSettledByReceipts", { receipts: receipt }), lang);
  await waitText(page, "#ds-pay-amount-msg", settled);
  await page.fill("#ds-pay-amount", "3210");
  await waitText(page, "#ds-pay-amount-msg", settled);
  await run(page);
  await waitText(page, "#actions .body > p.msg.error:not([id])", settled);
  expect((await invoices.get(docs[1].id)).statusString).toBe("awaiting");

  // Connected as Other Co. on Demo's sheet: every form says the company message Run gives.
  await connect(page, "other", "Other Co., Ltd.");
  if (!(await page.$("#actions[open]"))) await page.click("#actions summary");
  await page.click(".grid td[data-cell='A2']");
  // Before any Run: the forms' own read says it.
  const errors = () => page.$$eval("#actions .body > p.msg.error", (ps) => ps.map((p) => p.textContent ?? ""));
  await page.selectOption("#ds-action", "status");
  await page.waitForFunction(() => [...document.querySelectorAll("#actions .body > p.msg.error")].some((p) => p.textContent?.includes("Other Co., Ltd.")), null, { timeout: 60_000 });
  const [company] = await errors();
  expect(company).toContain("Demo Co., Ltd.");
  for (const kind of ["payment", "upgrade", "email", "share", "attach", "status"]) {
    await page.selectOption("#ds-action", kind);
    expect(await errors()).toEqual([company]);
  }
  // Run says the same.
  await run(page);
  await page.waitForFunction(() => document.querySelectorAll("#actions .body > p.msg.error").length === 2, null, { timeout: 60_000 });
  expect(await errors()).toEqual([company, company]);
  const pane = (await page.textContent("#actions")) ?? "";
  expect(pane).not.toMatch(/not found/i);
  expect(pane).not.toContain("เกิดข้อผิดพลาด");
  await page.close();
});
