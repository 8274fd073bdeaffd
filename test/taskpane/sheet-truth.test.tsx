// The pane tells the truth about the sheet (jsdom; the in-memory port and the strict Excel fake,
// the real local service): a sheet whose only findings are notes (a leading zero restored) is
// clean, its notes listed and counted apart with their own mark; Post given an empty selection, a
// header row alone or rows without their header row says so, never a green "0 created"; a sheet
// made from the quotation template, acted on while the Document type says tax invoices, is refused
// before anything is sent, its result cells untouched.
import { translator, type Lang } from "../../src/taskpane/i18n";
import { ActionsSection } from "../../src/taskpane/sections/actions";
import { CheckSection } from "../../src/taskpane/sections/check";
import { PostSection } from "../../src/taskpane/sections/post";
import { createServices } from "../../src/taskpane/services";
import { type PaneServices } from "../../src/taskpane/views";
import { ExcelPort, MARK_FILL } from "../../src/workbook/excel";
import { TONE_FILLS } from "../../src/workbook/excel-marks";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { WorkbookPort } from "../../src/workbook/port";
import { FakeExcel } from "../workbook/excel-fake";
import { bridgedFetch, choose, click, localService, mountPane, until } from "./support";

jest.setTimeout(120_000);

const local = localService();

async function connected(port: WorkbookPort): Promise<PaneServices> {
  const services = createServices({ port, relayBase: null, fetch: bridgedFetch });
  await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
  return services;
}

const messages = (root: HTMLElement, tone: string) => [...root.querySelectorAll(`.msg.${tone}`)].map((m) => m.textContent ?? "");

afterEach(() => {
  document.body.innerHTML = "";
});

describe.each<[Lang, Record<string, string>]>([
  ["en", { run: "Check rows", clean: "1 document checked: no problems found.", notes: "2 notes: changes DocSheet made for you, not problems.", mark: "Note", cellNote: "Note: Leading zero restored: 0105551234567" }],
  ["th", { run: "ตรวจแถว", clean: "ตรวจ 1 เอกสาร: ไม่พบปัญหา", notes: "หมายเหตุ 2 รายการ: สิ่งที่ DocSheet แก้ให้ ไม่ใช่ปัญหา", mark: "หมายเหตุ", cellNote: "หมายเหตุ: เติมเลขศูนย์นำหน้าคืนแล้ว: 0105551234567" }],
])("a sheet with notes only (%s)", (lang, w) => {
  test("is clean: the notes are listed with their own mark and counted apart, never as problems", async () => {
    const book = new MemoryWorkbook({ S: [
      ["Customer", "Tax id", "Branch", "Date", "isVat", "Item", "Qty", "Unit price"],
      ["Zero Lost Co., Ltd.", 105551234567, 1, "2026-01-15", true, "Pen", 2, 100],
    ] });
    const t = translator(lang);
    const root = mountPane(<CheckSection t={t} lang={lang} services={createServices({ port: book, relayBase: null })} family="quotations" />);
    if (!root.textContent?.includes(w.run)) throw new Error(`no ${w.run}`);
    click(root, w.run);
    await until(() => messages(root, "ok").length > 0, "the verdict");
    expect(messages(root, "ok")).toEqual([w.clean]);
    expect(messages(root, "error")).toEqual([]);
    expect(messages(root, "info")).toEqual([w.notes]);
    const items = [...root.querySelectorAll("ul.findings li")];
    expect(items.map((li) => li.className)).toEqual(["note", "note"]);
    expect(items.map((li) => li.querySelector(".sev")?.textContent)).toEqual([w.mark, w.mark]);
    expect(book.sheet("S").marks.get("1,1")).toBe(w.cellNote);
  });
});

test("in Excel a note's cell is marked in its own colour, never the problems' red", async () => {
  const excel = new FakeExcel("1.18");
  const sheet = excel.sheet("Sheet1");
  sheet.fill([
    ["Customer", "Tax id", "Date", "isVat", "Item", "Qty", "Unit price"],
    ["Zero Lost Co., Ltd.", 105551234567, "2026-01-15", true, "Pen", 2, 100],
    ["", 105551234567, "2026-01-15", true, "Pen", 2, 100],
  ]);
  excel.select(sheet, 0, 0, 3, 7);
  const view = await createServices({ port: new ExcelPort(excel.host()), relayBase: null }).check("quotations", {});
  expect(view.findings.map((f) => [f.cell, f.severity])).toEqual([["B2", "note"], ["A3", "error"], ["B3", "note"]]);
  expect(sheet.shownFill(1, 1).color).toBe(TONE_FILLS.note);
  expect(sheet.shownFill(2, 0).color).toBe(MARK_FILL);
  expect(TONE_FILLS.note).not.toBe(MARK_FILL);
});

describe("Post with nothing to post", () => {
  const HEADER = ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"];
  test.each<[string, Lang, (excel: FakeExcel) => void, string]>([
    ["an empty selection", "en", (x) => x.select(x.sheet("Sheet1"), 10, 10, 3, 2), "Nothing was sent: the selection is empty."],
    ["a header row alone", "en", (x) => x.select(x.sheet("Sheet1"), 0, 0, 1, 7), "Nothing was sent: there are no rows under the header row."],
    ["rows without their header row", "en", (x) => x.select(x.sheet("Sheet1"), 1, 0, 2, 7), "Nothing was sent: the first row of the selection is not a header row"],
    ["rows without their header row", "th", (x) => x.select(x.sheet("Sheet1"), 1, 0, 2, 7), "ไม่ได้ส่งอะไร: แถวแรกของส่วนที่เลือกไม่ใช่แถวหัวตาราง"],
  ])("%s (%s): a clear message, no green count", async (_what, lang, select, text) => {
    const excel = new FakeExcel("1.18");
    excel.sheet("Sheet1").fill([HEADER, ["np1", "Nothing Co", "2026-03-02", true, "Pen", 1, 10], ["np2", "Nothing Co", "2026-03-02", true, "Ink", 1, 5]]);
    select(excel);
    const services = await connected(new ExcelPort(excel.host()));
    const root = mountPane(<PostSection t={translator(lang)} lang={lang} services={services} family="tax-invoices" connected />);
    click(root, translator(lang)("runPost", { records: lang === "th" ? "เอกสาร" : "documents" }));
    await until(() => messages(root, "error").length > 0, "the message");
    expect(messages(root, "error")[0]).toContain(text);
    expect(messages(root, "ok")).toEqual([]);
    expect(excel.sheet("Sheet1").value(0, 7)).toBe(""); // no result column added
  });
});

describe("Actions follow the sheet", () => {
  test("a quotation template acted on while the Document type says tax invoices: refused before sending, result cells untouched", async () => {
    const book = new MemoryWorkbook();
    const services = await connected(book);
    const { sheet } = await services.insertTemplate!("quotations", { lang: "en" });
    book.active = sheet; // as Excel shows the new sheet
    const before = JSON.stringify(book.sheet(sheet).values);
    const root = mountPane(<ActionsSection t={translator("en")} lang="en" services={services} family="tax-invoices" connected />);
    choose(root, "#ds-action", "pdf");
    click(root, "Run on selected rows");
    await until(() => messages(root, "error").length > 0, "the refusal");
    expect(messages(root, "error")[0]).toBe(`Nothing was sent: sheet "${sheet}" holds quotation documents, but the document type chosen is tax invoice. Choose quotation as the document type, or select another sheet`);
    expect(messages(root, "ok")).toEqual([]);
    expect(JSON.stringify(book.sheet(sheet).values)).toBe(before);

    // Check, which sends nothing, says so before any Post, Update or Action is tried.
    document.body.innerHTML = "";
    const check = mountPane(<CheckSection t={translator("th")} lang="th" services={services} family="tax-invoices" />);
    click(check, "ตรวจแถว");
    await until(() => messages(check, "error").length > 0, "the check's warning");
    expect(messages(check, "error")[0]).toBe(`ชีต “${sheet}” เป็นเอกสารใบเสนอราคา แต่ประเภทเอกสารที่เลือกคือใบกำกับภาษี การสร้าง การแก้ไข และการดำเนินการจะไม่ทำกับชีตนี้ เลือกประเภทเอกสารเป็นใบเสนอราคา`);

    // A sheet of another family's records names them by their word, not "products documents".
    const products = await services.insertTemplate!("products", { lang: "en" });
    book.active = products.sheet;
    document.body.innerHTML = "";
    const checkProducts = mountPane(<CheckSection t={translator("en")} lang="en" services={services} family="tax-invoices" />);
    click(checkProducts, "Check rows");
    await until(() => messages(checkProducts, "error").length > 0, "the check's warning");
    expect(messages(checkProducts, "error")[0]).toBe(`Sheet “${products.sheet}” holds products, but the document type chosen is tax invoice: Post, Update and Actions will refuse it. Choose product as the document type.`);
  });
});
