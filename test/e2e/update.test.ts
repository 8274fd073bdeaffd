// The pane's Update in Chromium (the preview page, test/e2e/preview-support.ts): quotations posted
// from an opened workbook, a unit price and a remark corrected in the grid (pasted, as a user
// does), one document changed on the service meanwhile; the preview lists each change (service →
// sheet, side by side) and the document that will not be sent, nothing is sent until Send, then only the changed
// document is. Screenshots of the preview in English and Thai in test-artifacts/. A pulled tax
// invoice's credit days moved 0 -> 30 and sent: the row shows the due date the service computed, the
// next preview has nothing to send and Refresh finds nothing edited; a Send clicked on another tab
// than the one previewed asks for a new preview and sends nothing (in English and Thai). A contacts
// sheet's edited phone is previewed and sent the same way (test-artifacts/update-preview-contacts.png).
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { createClient } from "../../src/api/client";
import { ARTIFACTS, cell, connect, headerColumn, openPreview, pasteAt, previewSession } from "./preview-support";
import { asUpdate } from "../helpers/wire-bodies";

jest.setTimeout(240_000);

const session = previewSession();

async function quotationsFile(dir: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet("Quotations");
  ws.addRow(["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit", "remarks"]);
  ws.addRow(["Q1", "Update Acme", new Date(Date.UTC(2026, 0, 5)), "TRUE", "Pens", 2, 100, "as quoted"]);
  ws.addRow(["Q1", null, null, null, "Ink", 1, 50, null]);
  ws.addRow(["Q2", "Update Beta", new Date(Date.UTC(2026, 0, 6)), "TRUE", "Paper", 3, 80, "as quoted"]);
  ws.addRow(["Q3", "Update Gamma", new Date(Date.UTC(2026, 0, 7)), "TRUE", "Stapler", 1, 250, "as quoted"]);
  for (const c of ["C2", "C4", "C5"]) ws.getCell(c).numFmt = "yyyy-mm-dd";
  const file = join(dir, "quotations.xlsx");
  await book.xlsx.writeFile(file);
  return file;
}

/** Selects a cell of the grid and pastes text into it, as a user does. */
async function pasteInto(page: Page, address: string, text: string): Promise<void> {
  await pasteAt(page, address, text);
  await page.waitForFunction(([a, v]) => document.querySelector(`.grid td[data-cell='${a}']`)?.textContent === v, [address, text]);
}

/** The preview with `file` open, connected as Demo, its sheet posted as `family`: `created` made. */
async function postedFrom(file: string, sheet: string, family: string, records: string, created: number): Promise<Page> {
  const page = await openPreview(session, "en");
  await page.setInputFiles(".grid-tools input[type=file]", file);
  await page.waitForSelector(`.tab.on:has-text('${sheet}')`);
  await page.selectOption("#ds-family", family);
  await connect(page);
  await page.click("#post summary");
  await page.click(`button:has-text('Post ${records}')`);
  await page.waitForSelector("#post .msg:has-text('created')", { timeout: 60_000 });
  expect(await page.textContent("#post .msg.ok")).toBe(`${created} created`);
  return page;
}

const rowsOf = (page: Page) => page.$$eval("#update table.changes tbody tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));

test("Update previews the corrections field by field, then sends only the changed document", async () => {
  const page = await postedFrom(await quotationsFile(session.dist), "Quotations", "quotations", "documents", 3);
  const idCol = await headerColumn(page, "recordId");
  const [q1, q2, q3] = await Promise.all(["2", "4", "5"].map(async (r) => Number(await cell(page, `${idCol}${r}`))));

  // Corrections in the sheet: Q1's ink costs 55, Q2 gets a new remark; Q3 is edited on the service
  // by someone else, and in the sheet too.
  await pasteInto(page, "G3", "55");
  await pasteInto(page, "H4", "please deliver by Friday");
  await pasteInto(page, "H5", "mine");
  const client = createClient({ root: session.service.root, ...session.demo });
  const theirs = await client.documents("quotations").get(q3);
  await client.documents("quotations").update(q3, asUpdate({ ...theirs, projectName: "Their project", documentStructureType: "UpdateSimpleDocument" }));

  await page.click("#update summary");
  await page.click("button:has-text('Preview changes')");
  await page.waitForSelector("#update .msg:has-text('to update')", { timeout: 60_000 });
  expect(await page.textContent("#update .msg.info")).toBe("2 to update, 0 unchanged, 1 changed on the service, 0 refused, 0 not sent");
  expect(await rowsOf(page)).toEqual([
    ["Row 2, document Q1", "Line 2 unit price", "50.00", "55.00"],
    ["Subtotal", "250.00", "255.00"],
    ["Total after discount", "250.00", "255.00"],
    ["VAT amount", "17.50", "17.85"],
    ["Grand total", "267.50", "272.85"],
    ["Row 4, document Q2", "Remarks", "as quoted", "please deliver by Friday"],
  ]);
  expect(await page.$$eval("#update ul.rows button", (bs) => bs.map((b) => b.textContent))).toEqual([
    "Row 5, document Q3:not sent: changed on the service since the sheet last saw it (Project); pull it again to see the service's copy",
  ]);
  await page.locator("#update").screenshot({ path: join(ARTIFACTS, "update-preview.png") });
  // Nothing sent by the preview.
  expect((await client.documents("quotations").get(q1)).grandTotal).toBe(267.5);

  await page.selectOption("#ds-lang", "th");
  await page.click("button:has-text('ดูตัวอย่างการแก้ไข')");
  await page.waitForSelector("#update .msg:has-text('จะแก้ไข 2')", { timeout: 60_000 });
  expect((await rowsOf(page))[0]).toEqual(["แถว 2 เอกสาร Q1", "ราคาต่อหน่วยของรายการที่ 2", "50.00", "55.00"]);
  await page.locator("#update").screenshot({ path: join(ARTIFACTS, "update-preview-th.png") });
  await page.selectOption("#ds-lang", "en");
  await page.click("button:has-text('Preview changes')");
  await page.waitForSelector("#update .msg:has-text('2 to update')", { timeout: 60_000 });

  await page.click("button:has-text('Send 2 changed documents')");
  await page.waitForSelector("#update .msg:has-text('updated')", { timeout: 60_000 });
  expect(await page.textContent("#update .msg.error")).toBe("2 updated, 0 unchanged, 1 changed on the service, 0 refused, 0 not sent");
  await page.locator("#update").screenshot({ path: join(ARTIFACTS, "update-sent.png") });
  expect((await client.documents("quotations").get(q1)).grandTotal).toBe(272.85);
  expect((await client.documents("quotations").get(q2)).remarks).toBe("please deliver by Friday");
  expect((await client.documents("quotations").get(q3))).toMatchObject({ projectName: "Their project", remarks: "as quoted" });
  const resultCol = await headerColumn(page, "result");
  expect(await cell(page, `${resultCol}2`)).toBe("updated: Line 2 unit price, Subtotal, Total after discount, VAT amount, Grand total");
  expect(await cell(page, `${resultCol}5`)).toMatch(/^not sent: changed on the service/);
  await page.close();
});

test("a contacts sheet's Update is the documents' preview then Send: the edited phone from the service's value to the sheet's", async () => {
  const tag = `E2E Contact ${Date.now()}`;
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet("Contacts");
  ws.addRow(["Code", "Name", "Type", "Phone"]);
  ws.addRow([`${tag}-1`, `${tag} One`, "Customer", "02-000-0001"]);
  ws.addRow([`${tag}-2`, `${tag} Two`, "Customer", "02-000-0002"]);
  const file = join(session.dist, "contacts.xlsx");
  await book.xlsx.writeFile(file);
  const page = await postedFrom(file, "Contacts", "contacts", "contacts", 2);
  await pasteInto(page, "D3", "02-999-0002");

  await page.click("#update summary");
  await page.click("button:has-text('Preview changes')");
  await page.waitForSelector("#update button:has-text('Send 1 changed contact')", { timeout: 60_000 });
  expect(await page.textContent("#update .msg.info")).toBe("1 to update, 1 unchanged, 0 changed on the service, 0 refused, 0 not sent");
  expect(await rowsOf(page)).toEqual([[`Row 3, contact ${tag}-2`, "Phone", "02-000-0002", "02-999-0002"]]);
  await page.locator("#update").screenshot({ path: join(ARTIFACTS, "update-preview-contacts.png") });
  const client = createClient({ root: session.service.root, ...session.demo });
  const id = Number(await cell(page, `${await headerColumn(page, "recordId")}3`));
  expect((await client.contacts.get(id)).contactMobile).toBe("02-000-0002");

  await page.click("button:has-text('Send 1 changed contact')");
  await page.waitForSelector("#update .msg:has-text('updated')", { timeout: 60_000 });
  expect(await page.textContent("#update .msg.ok")).toBe("1 updated, 1 unchanged, 0 changed on the service, 0 refused, 0 not sent");
  expect((await client.contacts.get(id)).contactMobile).toBe("02-999-0002");
  await page.close();
});

const WORDS = {
  en: {
    pull: "Pull into a new sheet", preview: "Preview changes", send: "Send 1 changed document", refresh: "Refresh this sheet",
    nothing: "0 to update, 1 unchanged, 0 changed on the service, 0 refused, 0 not sent", edited: /: 0 refreshed, 0 added, 1 unchanged, 0 deleted or void, 0 edited in the sheet/,
    other: (a: string, b: string) => `The changes were previewed on sheet “${a}”, not on “${b}”: nothing was sent. Go back to “${a}”, or preview the changes of this sheet.`,
  },
  th: {
    pull: "ดึงลงชีตใหม่", preview: "ดูตัวอย่างการแก้ไข", send: "ส่งเอกสารที่แก้ไข 1 รายการ", refresh: "รีเฟรชชีตนี้",
    nothing: "จะแก้ไข 0, ไม่เปลี่ยน 1, ถูกแก้บนระบบ 0, ปฏิเสธ 0, ไม่ได้ส่ง 0", edited: /: รีเฟรช 0, เพิ่ม 0, ไม่เปลี่ยน 1, ถูกลบหรือยกเลิก 0, แก้ไขในชีตแล้วไม่ได้รีเฟรช 0/,
    other: (a: string, b: string) => `ดูตัวอย่างการแก้ไขไว้ที่ชีต “${a}” ไม่ใช่ชีต “${b}” จึงยังไม่ได้ส่งอะไร กลับไปที่ชีต “${a}” หรือดูตัวอย่างการแก้ไขของชีตนี้`,
  },
};

/** Pulls the contact's tax invoices into a new sheet through the pane; answers the sheet's name. */
async function pullInto(page: Page, words: (typeof WORDS)["en"]): Promise<string> {
  const before = await page.$$eval(".tabs [role=tab]", (tabs) => tabs.length);
  await page.click(`button:has-text('${words.pull}')`);
  await page.waitForFunction((n) => document.querySelectorAll(".tabs [role=tab]").length === n, before + 1, { timeout: 60_000 });
  return (await page.textContent(".tabs .tab.on")) ?? "";
}

test.each(["en", "th"] as const)("a pulled invoice after Send tells the truth; Send on another tab asks for a new preview (%s)", async (lang) => {
  const words = WORDS[lang];
  const customer = `E2E Truth ${lang} Co`;
  const client = createClient({ root: session.service.root, ...session.demo });
  const invoices = client.documents("tax-invoices");
  const made = await invoices.create({
    contactName: customer, publishedOn: "2026-04-03", creditDays: 0, isVat: true, items: [{ name: "Pen", quantity: 3, pricePerUnit: 100, total: 300 }],
    subTotal: 300, totalAfterDiscount: 300, vatAmount: 21, grandTotal: 321,
  });
  const page = await openPreview(session, lang);
  await page.selectOption("#ds-family", "tax-invoices");
  await connect(page);
  await page.click("#pull summary");
  await page.fill("#ds-contact", customer);
  // The same invoice on two tabs, its credit days edited otherwise on each.
  const first = await pullInto(page, words);
  const second = await pullInto(page, words);
  const creditDays = await headerColumn(page, "creditDays");
  await pasteInto(page, `${creditDays}2`, "45");
  await page.getByRole("tab", { name: first, exact: true }).click();
  await pasteInto(page, `${creditDays}2`, "30");

  await page.click("#update summary");
  await page.click(`button:has-text('${words.preview}')`);
  await page.waitForSelector(`#update button:has-text('${words.send}')`, { timeout: 60_000 });
  await page.getByRole("tab", { name: second, exact: true }).click();
  await page.click(`button:has-text('${words.send}')`);
  await page.waitForSelector("#update .msg.error, #update .msg.ok", { timeout: 60_000 });
  expect(await page.textContent("#update .msg.error, #update .msg.ok")).toBe(words.other(first, second));
  expect(await page.$(`#update button:has-text('${words.send}')`)).toBeNull();
  expect((await invoices.get(made.recordId)).creditDays).toBe(0);

  // On the previewed tab, previewed again: sent, and the row takes the due date the service computed.
  await page.getByRole("tab", { name: first, exact: true }).click();
  await page.click(`button:has-text('${words.preview}')`);
  await page.waitForSelector(`#update button:has-text('${words.send}')`, { timeout: 60_000 });
  await page.click(`button:has-text('${words.send}')`);
  await page.waitForFunction((send) => ![...document.querySelectorAll("#update button")].some((b) => b.textContent === send)
    && document.querySelector("#update .msg.ok, #update .msg.error") !== null, words.send, { timeout: 60_000 });
  expect(await invoices.get(made.recordId)).toMatchObject({ creditDays: 30, dueDate: "2026-05-03" });
  expect(await cell(page, `${await headerColumn(page, "dueDate")}2`)).toMatch(/^(2026-05-03|03\/05\/2569)$/);

  await page.click(`button:has-text('${words.preview}')`);
  await page.waitForSelector(`#update .msg.info:has-text('${words.nothing}')`, { timeout: 60_000 });
  expect(await page.$(`#update button:has-text('${words.send}')`)).toBeNull();
  expect(await rowsOf(page)).toEqual([]);
  await page.click(`button:has-text('${words.refresh}')`);
  // The refresh's summary names the sheet: “Tax invoices”: ...
  const said = () => page.$$eval("#pull .msg", (ms) => ms.map((m) => m.textContent ?? "").join("\n"));
  await page.waitForFunction((name) => [...document.querySelectorAll("#pull .msg")].some((m) => m.textContent?.includes(`“${name}”:`)), first, { timeout: 60_000 });
  expect(await said()).toMatch(words.edited);
  expect(await page.$$("#pull ul.rows button")).toEqual([]);
  await page.close();
});
