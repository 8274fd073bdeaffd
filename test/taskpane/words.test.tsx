// The pane in the accountant's words (issue 35): a row a job did not do is named by its row, and by
// its document only when the document's key says more than the row; the Columns section names the
// buying side's contact the supplier; the check's findings name no field key nor command, in
// English and Thai.
import { act } from "preact/test-utils";
import { App } from "../../src/taskpane/app";
import { translator } from "../../src/taskpane/i18n";
import { RowNotes } from "../../src/taskpane/sections/rows";
import { createServices } from "../../src/taskpane/services";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { click, mountPane, until } from "./support";

afterEach(() => {
  document.body.innerHTML = "";
});

const listed = (root: HTMLElement) => [...root.querySelectorAll("ul.rows button")].map((b) => b.textContent ?? "");

describe("rows a job did not do", () => {
  test.each([
    ["en", ["Row 2Not undone: paid", "Row 3Not undone: paid", "Row 4, document 1:Not undone: paid"]],
    ["th", ["แถว 2Not undone: paid", "แถว 3Not undone: paid", "แถว 4 เอกสาร 1:Not undone: paid"]],
  ] as const)("say the row once when the key is the row itself or its number, and name a document key as such (%s)", (lang, expected) => {
    const services = createServices({ port: new MemoryWorkbook(), relayBase: null });
    const rows = [
      { key: "row 2", row: 1, col: 5, message: "Not undone: paid" },
      { key: "3", row: 2, col: 5, message: "Not undone: paid" },
      { key: "1", row: 3, col: 5, message: "Not undone: paid" },
    ];
    const root = mountPane(<RowNotes t={translator(lang)} services={services} sheet="S" rows={rows} />);
    expect(listed(root)).toEqual(expected);
  });
});

describe("Check in the pane", () => {
  test.each(["en", "th"] as const)("lists findings without field keys, commands or the spec's wire names (%s)", async (lang) => {
    const port = new MemoryWorkbook({
      S: [["Invoice No", "Supplier", "Date", "VAT", "Item", "Qty", "Unit price", "Shoe size"], ["1", "", "2026-03-01", true, "", 1, 100, 42]],
    });
    const root = mountPane(<App services={createServices({ port, relayBase: null })} lang={lang} storage={null} initialFamily="expenses" />);
    click(root, lang === "en" ? "Check rows" : "ตรวจแถว");
    await until(() => root.querySelectorAll("ul.findings button").length > 4, "the findings");
    const texts = [...root.querySelectorAll("ul.findings button")].map((b) => b.textContent ?? "");
    for (const t of texts) expect(t).not.toMatch(/\b[a-z]+[A-Z]\w*\b|\bitem\.\w+|requires [A-Z]|docsheet |--\w/);
    expect(texts.some((t) => t.includes(lang === "en" ? "Enter the supplier's name" : "ต้องระบุชื่อผู้ขาย"))).toBe(true);
    act(() => undefined);
  });
});
