// Findings a person can work with (jsdom, the in-memory port): Check lists errors first, then
// warnings, counted by kind, a page at a time, in English and Thai; and the pane's results speak
// of what it shows: picking another family or another sheet clears them, and "Template added"
// goes with the family it was added for.
import { translator, type Lang } from "../../src/taskpane/i18n";
import { App } from "../../src/taskpane/app";
import { PreviewWorkbook } from "../../src/taskpane/preview/workbook";
import { CheckSection } from "../../src/taskpane/sections/check";
import { LIST_PAGE } from "../../src/taskpane/sections/paged-list";
import { createServices } from "../../src/taskpane/services";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { act } from "preact/test-utils";
import { choose, click, mountPane, until } from "./support";

afterEach(() => {
  document.body.innerHTML = "";
});

const HEAD = ["Customer", "Address", "isVat", "Item", "Qty", "Unit price"];
/** 60 tax invoices without the buyer's address (a warning each); every tenth row's
 * quantity is no number (an error). */
const rows = (): CellValue[][] => [HEAD, ...Array.from({ length: 60 }, (_, i) => [`Co ${i + 1}`, null, true, "Pen", i % 10 === 9 ? "abc" : 1, 100])];

const kinds = (root: HTMLElement) => [...root.querySelectorAll("#check ul.findings li")].map((li) => li.className);

describe.each<[Lang, string[], string]>([
  ["en", ["6 errors", "60 warnings"], "of"],
  ["th", ["ข้อผิดพลาด 6 รายการ", "คำเตือน 60 รายการ"], "จาก"],
])("Check's findings (%s)", (lang, counts, of) => {
  test("errors first, then warnings, counted by kind, a page at a time", async () => {
    const t = translator(lang);
    const book = new MemoryWorkbook({ S: rows() });
    const root = mountPane(<CheckSection t={t} lang={lang} services={createServices({ port: book, relayBase: null })} family="tax-invoices" />);
    click(root, t("runCheck"));
    await until(() => root.querySelector(".finding-list") !== null, "the findings");
    expect([...root.querySelectorAll(".finding-list .counts span")].map((s) => s.textContent)).toEqual(counts);
    expect(kinds(root)).toEqual([...new Array(6).fill("error"), ...new Array(LIST_PAGE - 6).fill("warning")]);
    // Each its cell and reason: the first error is row 11's quantity.
    const first = root.querySelector("#check ul.findings li button")!;
    expect(first.querySelector(".cell")?.textContent).toBe("E11");
    expect(first.getAttribute("title")).toBe(first.querySelector(".why")?.textContent);
    expect(root.querySelector(".pager [role=status]")?.textContent).toBe(`1–${LIST_PAGE} ${of} 66`);
    click(root, t("listNext"));
    expect(root.querySelector(".pager [role=status]")?.textContent).toBe(`${LIST_PAGE + 1}–${2 * LIST_PAGE} ${of} 66`);
    expect(kinds(root)).toEqual(new Array(LIST_PAGE).fill("warning"));
    click(root, t("listNext"));
    expect(kinds(root)).toHaveLength(66 - 2 * LIST_PAGE);
  });
});

test("Check counts a thousand and more with thousands separators, in English and Thai", async () => {
  const many: CellValue[][] = [HEAD, ...Array.from({ length: 1000 }, (_, i) => [`Co ${i + 1}`, null, true, "Pen", i % 10 === 9 ? "abc" : 1, 100])];
  for (const [lang, said] of [["en", ["1,000 documents checked: 100 problems.", "1,000 warnings: worth a look, but they do not stop the post."]],
    ["th", ["ตรวจ 1,000 เอกสาร: พบ 100 ปัญหา", "คำเตือน 1,000 รายการ: ควรตรวจดู แต่ไม่หยุดการส่ง"]]] as const) {
    const t = translator(lang);
    const root = mountPane(<CheckSection t={t} lang={lang} services={createServices({ port: new MemoryWorkbook({ S: many }), relayBase: null })} family="tax-invoices" />);
    click(root, t("runCheck"));
    await until(() => root.querySelector("#check .msg.error") !== null, "the check");
    expect([...root.querySelectorAll("#check .msg.error, #check .msg.info")].map((m) => m.textContent)).toEqual(said);
    document.body.innerHTML = "";
  }
});

/** The preview's workbook and services: the pane is told when the active sheet changes. */
function previewPane(): { root: HTMLElement; book: PreviewWorkbook } {
  const book = new PreviewWorkbook(new MemoryWorkbook({ S: rows(), Other: [["Customer"], ["Nobody"]] }));
  const services = createServices({ port: book.port(), relayBase: null, watchSheet: (l) => {
    l(book.memory.active);
    return book.onChange(() => l(book.memory.active));
  } });
  return { root: mountPane(<App services={services} lang="en" storage={null} />), book };
}

const t = translator("en");
const checkSaid = (root: HTMLElement) => root.querySelectorAll("#check .msg, #check .finding-list").length;

test("Check's results are cleared when the sheet or the family changes", async () => {
  const { root, book } = previewPane();
  click(root, t("runCheck"));
  await until(() => checkSaid(root) > 0, "the check");
  // Another sheet: the findings of S are not this sheet's.
  act(() => book.select({ sheet: "Other", top: 0, left: 0, bottom: 0, right: 0 }));
  expect(checkSaid(root)).toBe(0);
  act(() => book.select({ sheet: "S", top: 0, left: 0, bottom: 0, right: 0 }));
  click(root, t("runCheck"));
  await until(() => checkSaid(root) > 0, "the check again");
  // A click on a finding selects its cell on the same sheet: the results stay.
  act(() => (root.querySelector("#check ul.findings button") as HTMLButtonElement).click());
  await until(() => book.selection?.top === 10, "the finding's cell selected");
  expect(checkSaid(root)).toBeGreaterThan(0);
  choose(root, "#ds-family", "quotations");
  expect(checkSaid(root)).toBe(0);
});

test("'Template added' goes when another family is picked; a template's own sheet keeps it", async () => {
  const { root } = previewPane();
  click(root, t("insertTemplate"));
  await until(() => (root.querySelector(".family .msg.ok")?.textContent ?? "").startsWith("Template added"), "the template");
  choose(root, "#ds-family", "receipts");
  expect(root.querySelector(".family .msg.ok")).toBeNull();
});

test("in Excel the active sheet is read again when the selection moves: a check of another sheet is cleared", async () => {
  // The host's selection events (Excel's onSelectionChanged and onActivated), told by hand here.
  const book = new MemoryWorkbook({ S: rows(), Other: [["Customer"], ["Nobody"]] });
  const moved = new Set<() => void>();
  const services = createServices({
    port: book, relayBase: null,
    selection: async () => ({ sheet: book.active, rows: [1] }),
    watchSelection: (l) => {
      moved.add(l);
      return () => moved.delete(l);
    },
  });
  const root = mountPane(<App services={services} lang="en" storage={null} />);
  click(root, t("runCheck"));
  await until(() => checkSaid(root) > 0, "the check");
  // The selection moves on the same sheet: the results stay.
  for (const l of moved) l();
  await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
  expect(checkSaid(root)).toBeGreaterThan(0);
  book.active = "Other";
  for (const l of moved) l();
  await until(() => checkSaid(root) === 0, "the check cleared");
});
