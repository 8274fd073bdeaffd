// The pane in Thai: findings of a check listed and marked in Thai, with the spec's text kept
// beside the translation; a switch to English shows the same findings in English at once; counts
// say "1 problem" in English; status choices are the people's words.
import { render } from "preact";
import { act } from "preact/test-utils";
import { ValidationError } from "../../src/api/errors";
import type { SheetFamily } from "../../src/rules/codes";
import { MESSAGES } from "../../src/rules/messages";
import { App } from "../../src/taskpane/app";
import { describeError } from "../../src/taskpane/errors";
import { createServices } from "../../src/taskpane/services";
import { translator } from "../../src/taskpane/i18n";
import { MemoryWorkbook } from "../../src/workbook/memory";

const HEADER = ["documentKey", "contactName", "publishedOn", "item.name", "item.description", "item.quantity", "item.pricePerUnit", "item.creditId", "item.debitId", "expenseCategoryView", "isVat"];

function mount(port: MemoryWorkbook, lang: "en" | "th", family: SheetFamily = "expenses"): HTMLElement {
  const root = document.createElement("div");
  document.body.appendChild(root);
  act(() => render(<App services={createServices({ port, relayBase: null })} lang={lang} storage={null} initialFamily={family} />, root));
  return root;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setTimeout(r, 5)); });
}

function click(root: HTMLElement, text: string): void {
  const b = [...root.querySelectorAll("button")].find((x) => x.textContent?.trim() === text);
  if (!b) throw new Error(`no button "${text}"`);
  act(() => b.click());
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the Thai pane speaks Thai", () => {
  test.each(["tax-invoices", "withholding-taxes", "contacts", "journal-entries"] as const)("no Latin text besides names, codes and units, in every section, list and tooltip (%s)", (family) => {
    const root = mount(new MemoryWorkbook(), "th", family);
    for (const d of root.querySelectorAll("details")) (d as HTMLDetailsElement).open = true;
    const texts: string[] = [];
    const walk = (n: Node): void => {
      if (n.nodeType === Node.TEXT_NODE) texts.push(n.textContent ?? "");
      n.childNodes.forEach(walk);
    };
    walk(root);
    for (const el of root.querySelectorAll("[title],[placeholder],[aria-label]")) {
      for (const a of ["title", "placeholder", "aria-label"]) texts.push(el.getAttribute(a) ?? "");
    }
    // Names (the product, Excel, the language switch's "English"), units and codes people read as such;
    // an RD Prep layout line is typed as its file takes it (a form code, field names).
    const allowed = /PND\d+(?::\s*[\w.]+(?:\|[\w.]+)*)?|DocSheet|DOCSHEET(\.[A-Z]+)?|English|Excel|PDF|\.xlsx|Ctrl\+V|A–Z|VAT|https?:\/\/\S+/g;
    const latin = texts.map((t) => t.replace(allowed, "")).filter((t) => /[A-Za-z]/.test(t));
    expect(latin).toEqual([]);
  });
});

describe("the pane's findings in the pane's language", () => {
  test("Thai: listed and marked in Thai, the spec's text kept; English after switching", async () => {
    const memory = new MemoryWorkbook({
      Sheet1: [
        HEADER,
        ["1", "ร้านหนึ่ง", "2026-01-05", "กระดาษ", null, 2, 100, 21399, 53030, 1, false],
        ["2", "", "2026-01-05", "หมึก", "หมึกพิมพ์", "สอง", 50, 21399, 53030, 1, false],
      ],
    });
    const root = mount(memory, "th");
    click(root, "ตรวจแถว");
    await settle();
    const items = () => [...root.querySelectorAll("ul.findings button")].map((b) => b.textContent);
    expect(items()).toEqual([
      "E2ต้องระบุคำอธิบายรายการ",
      "B3ต้องระบุชื่อผู้ขาย (หรือรหัสผู้ติดต่อ)",
      'F3"สอง" ไม่ใช่ตัวเลข',
    ]);
    expect(root.textContent).toContain("ตรวจ 2 เอกสาร: พบ 3 ปัญหา");
    // The marks on the sheet are in the pane's language too.
    expect(memory.sheet("Sheet1").marks.get("1,4")).toBe("ต้องระบุคำอธิบายรายการ");

    const select = root.querySelector<HTMLSelectElement>("#ds-lang")!;
    act(() => {
      select.value = "en";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(items()).toEqual([
      "E2Each line needs a description",
      "B3Enter the supplier's name (or a contact id)",
      'F3"สอง" is not a number.',
    ]);
    expect(root.textContent).toContain("2 documents checked: 3 problems.");
  });

  test("English counts: 1 problem, 1 document", async () => {
    const memory = new MemoryWorkbook({ Sheet1: [HEADER, ["1", "Acme", "2026-01-05", "Paper", null, 2, 100, 21399, 53030, 1, false]] });
    const root = mount(memory, "en");
    click(root, "Check rows");
    await settle();
    expect(root.textContent).toContain("1 document checked: 1 problem.");
    const t = translator("en");
    expect(t("err_rate", { seconds: 1 })).toContain("Try again in 1 second.");
    expect(t("err_rate", { seconds: 30 })).toContain("Try again in 30 seconds.");
  });

  test("the service's refusal is told in the pane's language, without the spec's wire names", () => {
    const err = new ValidationError(MESSAGES.validationFailed, {
      operation: "tax-invoices.create", httpStatus: 400, validationErrors: [MESSAGES.totalAfterDiscountLessThanVat, MESSAGES.itemDescription],
    });
    expect(describeError(err, translator("th"))).toBe(
      "บริการไม่รับข้อมูลที่ส่ง: ยอดหลังหักส่วนลดต้องไม่น้อยกว่าภาษีมูลค่าเพิ่ม; ต้องระบุคำอธิบายรายการ",
    );
    expect(describeError(new Error("not attached: a.pdf is empty"), translator("th"))).toBe("เกิดข้อผิดพลาด: ไม่ได้แนบ: a.pdf เป็นไฟล์ว่าง");
  });

  test("status choices are the people's words of the family, in the pane's language", () => {
    const root = mount(new MemoryWorkbook(), "th", "tax-invoices" as never);
    const options = [...root.querySelectorAll<HTMLOptionElement>("#ds-status option")].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([["awaiting", "รอดำเนินการ"], ["invoicedelivered", "รอเก็บเงิน"], ["void", "ยกเลิกแล้ว"]]);
  });
});
