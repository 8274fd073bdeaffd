// The pane's Check on a tax invoice lacking what s.86/4 asks of its buyer (jsdom, the in-memory
// port): the sheet has no problems, the warnings are listed with their own mark at their cells and
// counted apart, in English and Thai.
import { translator, type Lang } from "../../src/taskpane/i18n";
import { CheckSection } from "../../src/taskpane/sections/check";
import { createServices } from "../../src/taskpane/services";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { click, mountPane, until } from "./support";

const messages = (root: HTMLElement, tone: string) => [...root.querySelectorAll(`.msg.${tone}`)].map((m) => m.textContent ?? "");

afterEach(() => {
  document.body.innerHTML = "";
});

describe.each<[Lang, Record<string, string>]>([
  ["en", { clean: "2 documents checked: no problems found.", warnings: "2 warnings: worth a look, but they do not stop the post.", address: "No buyer's address is given" }],
  ["th", { clean: "ตรวจ 2 เอกสาร: ไม่พบปัญหา", warnings: "คำเตือน 2 รายการ: ควรตรวจดู แต่ไม่หยุดการส่ง", address: "ไม่ได้ระบุที่อยู่ของผู้ซื้อ" }],
])("a tax invoice without its buyer's details (%s)", (lang, w) => {
  test("is no problem: the s.86/4 warnings are listed at their cells with their own mark and counted apart", async () => {
    const book = new MemoryWorkbook({ S: [
      ["Customer", "Address", "Tax id", "Branch", "isVat", "Item", "Qty", "Unit price"],
      ["No Address Co", null, null, null, true, "Pen", 1, 100],
      ["No Branch Co", "1 Silom Rd", "0105561123458", null, true, "Pen", 1, 100],
    ] });
    const t = translator(lang);
    const root = mountPane(<CheckSection t={t} lang={lang} services={createServices({ port: book, relayBase: null })} family="tax-invoices" />);
    click(root, t("runCheck"));
    await until(() => messages(root, "ok").length > 0, "the verdict");
    expect(messages(root, "ok")).toEqual([w.clean]);
    expect(messages(root, "error")).toEqual([]);
    expect(messages(root, "info")).toEqual([w.warnings]);
    const items = [...root.querySelectorAll("ul.findings li")];
    expect(items.map((li) => [li.className, li.querySelector(".cell")?.textContent])).toEqual([["warning", "B2"], ["warning", "D3"]]);
    expect(items[0].textContent).toContain(w.address);
    expect(book.sheet("S").marks.get("1,1")).toContain(w.address);
  });
});
