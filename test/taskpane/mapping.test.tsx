// The Columns section (jsdom): the mapping of the sheet's own header row as suggested, unmapped
// columns and required fields still missing, a picker per column in the pane's language; a change
// is saved with the workbook (a workbook setting per sheet and family) and the next check, in this
// pane or a new one, reads the sheet through it. The Excel port keeps the setting in the workbook's
// settings, one sync each way.
import { App } from "../../src/taskpane/app";
import { mappingKey } from "../../src/taskpane/mappings";
import { createServices } from "../../src/taskpane/services";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { ExcelPort } from "../../src/workbook/excel";
import { FakeExcel } from "../workbook/excel-fake";
import { choose, click, mountPane, until } from "./support";

const HEADER = ["Invoice No", "Customer", "Date", "Item", "Qty", "Unit price", "Memo", "Colour", "VAT"];
const ROWS = [
  ["INV-A", "Acme Trading", "2026-01-05", "Pen", 2, 100, "first order", "red", true],
  ["INV-A", null, null, "Ink", 1, 50, null, "blue", true],
];

function pane(memory: MemoryWorkbook, lang: "en" | "th" = "en"): HTMLElement {
  return mountPane(<App services={createServices({ port: memory, relayBase: null })} lang={lang} storage={null} />);
}

const field = (root: HTMLElement, column: string) => (root.querySelector(`#ds-map-${column}`) as HTMLSelectElement).value;
const mappingStatus = (root: HTMLElement) => root.querySelector("#mapping p.status")?.textContent ?? "";
const checkLine = (root: HTMLElement) => root.querySelector("#check .msg")?.textContent ?? "";

async function readHeaders(root: HTMLElement): Promise<void> {
  click(root, "Read the header row");
  await until(() => root.querySelector("#ds-map-A") !== null, "the mapping");
}

async function check(root: HTMLElement): Promise<string> {
  const before = root.querySelector("#check .msg");
  click(root, "Check rows");
  await until(() => root.querySelector("#check .msg") !== null && root.querySelector("#check .msg") !== before && !root.textContent!.includes("Checking…"), "the check");
  return checkLine(root);
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the Columns section", () => {
  test("suggests what a VAT column's cells hold: amounts the VAT amount, a yes/no that differs within a document each line's VAT rate", async () => {
    const root = pane(new MemoryWorkbook({ Sheet1: [
      ["เลขที่", "ชื่อลูกค้า", "รายการ", "จำนวน", "ราคาต่อหน่วย", "ภาษีมูลค่าเพิ่ม", "VAT?"],
      ["A", "บริษัท ก จำกัด", "ค่าบริการ", 1, 1000, 70, "Yes"],
      ["A", null, "ผักสด", 2, 50, null, "No"],
      ["B", "บริษัท ข จำกัด", "ค่าบริการ", 1, 200, "14.00", "Yes"],
    ] }), "th");
    click(root, "อ่านแถวหัวตาราง");
    await until(() => root.querySelector("#ds-map-A") !== null, "the Thai mapping");
    expect(["A", "F", "G"].map((c) => field(root, c))).toEqual(["documentKey", "vatAmount", "item.vatRate"]);
  });

  test("shows the suggested field of each header, the columns left unmapped and what is still required", async () => {
    const root = pane(new MemoryWorkbook({ Sheet1: [HEADER, ...ROWS] }));
    await readHeaders(root);
    expect(["A", "B", "C", "D", "E", "F", "G", "H", "I"].map((c) => field(root, c))).toEqual([
      "documentKey", "contactName", "publishedOn", "item.name", "item.quantity", "item.pricePerUnit", "remarks", "", "isVat",
    ]);
    expect(root.querySelector("label[for='ds-map-E']")?.textContent).toBe("Qty");
    expect([...root.querySelectorAll("#mapping tr.unmapped label")].map((l) => l.textContent)).toEqual(["Colour"]);
    expect(mappingStatus(root)).toContain("not saved yet");
    // Nothing required is missing; what is recommended is said apart.
    expect(root.querySelector("#mapping .msg.error")).toBeNull();
    // The picker: "not used", then the fields of the family by group, labelled.
    const picker = root.querySelector("#ds-map-E") as HTMLSelectElement;
    expect(picker.options[0].textContent).toBe("— not used —");
    expect([...picker.querySelectorAll("optgroup")].map((g) => g.label)).toEqual(["Document key", "Document", "Lines", "Payment", "Source document", "Results"]);
    expect(picker.selectedOptions[0].textContent).toBe("Quantity");
  });

  test("a sheet without a quantity column is told the field is required; Thai labels in Thai", async () => {
    const memory = new MemoryWorkbook({ Sheet1: [["Invoice No", "Customer", "Item", "Unit price"], ["A", "Acme", "Pen", 100]] });
    let root = pane(memory);
    await readHeaders(root);
    // VAT is required: a VAT, VAT rate or VAT amount column, or one value for every row.
    expect(root.querySelector("#mapping .msg.error")?.textContent).toBe(
      "Required, not mapped yet: Quantity; VAT or VAT rate or VAT amount (no document is sent until the sheet says whether it carries VAT: a column, or one value for every row)",
    );
    expect(root.querySelector("#mapping .msg.info")?.textContent).toContain("VAT inclusive (without it prices are taken as before VAT: a column, or one value for every row)");
    document.body.innerHTML = "";
    root = pane(memory, "th");
    click(root, "อ่านแถวหัวตาราง");
    await until(() => root.querySelector("#ds-map-A") !== null, "the Thai mapping");
    expect(root.querySelector("#mapping .msg.error")?.textContent).toBe(
      "ยังไม่ได้จับคู่ข้อมูลที่จำเป็น: จำนวน; ภาษีมูลค่าเพิ่ม หรือ อัตราภาษี หรือ ภาษีมูลค่าเพิ่ม 7% (จะไม่ส่งเอกสารใดจนกว่าชีตจะระบุว่ามีภาษีมูลค่าเพิ่มหรือไม่: เป็นคอลัมน์ หรือค่าเดียวสำหรับทุกแถว)",
    );
    expect(root.querySelector("#mapping .msg.info")?.textContent).toContain("(ถ้าไม่มี ราคาจะถือเป็นราคาก่อนภาษี: เป็นคอลัมน์ หรือค่าเดียวสำหรับทุกแถว)");
    expect((root.querySelector("#ds-map-D") as HTMLSelectElement).selectedOptions[0].textContent).toBe("ราคาต่อหน่วย");
  });

  test("a field changed with the picker is saved with the workbook, and the next check reads the sheet through it", async () => {
    const memory = new MemoryWorkbook({ Sheet1: [HEADER, ...ROWS] });
    const root = pane(memory);
    // Without a saved mapping the headers are read as they are: "Invoice No" groups nothing.
    // Only errors are problems: the three headers it ignores are warnings, counted apart.
    expect(await check(root)).toBe("2 documents checked: 1 problem.");

    await readHeaders(root);
    choose(root, "#ds-map-H", "item.description");
    await until(() => mappingStatus(root).startsWith("Saved with the workbook"), "the save");
    const saved = JSON.parse(memory.settings.get(mappingKey("tax-invoices", "Sheet1"))!);
    expect(saved).toEqual({
      family: "tax-invoices",
      columns: {
        "Invoice No": "documentKey", Customer: "contactName", Date: "publishedOn", Item: "item.name", Qty: "item.quantity",
        "Unit price": "item.pricePerUnit", Memo: "remarks", Colour: "item.description", VAT: "isVat",
      },
    });
    expect(await check(root)).toBe("1 document checked: no problems found.");

    // A new pane on the same workbook: the saved mapping is shown and used without asking.
    document.body.innerHTML = "";
    const again = pane(memory);
    expect(await check(again)).toBe("1 document checked: no problems found.");
    await readHeaders(again);
    expect(field(again, "H")).toBe("item.description");
    expect(mappingStatus(again)).toBe("Saved with the workbook for sheet “Sheet1”: Check, Post and Actions use it.");

    // One field, one column: picking a field another column has takes it from there.
    choose(again, "#ds-map-G", "item.name");
    expect([field(again, "D"), field(again, "G")]).toEqual(["", "item.name"]);
    await until(() => JSON.parse(memory.settings.get(mappingKey("tax-invoices", "Sheet1"))!).columns.Item === null, "the second save");

    // Forgotten: the headers are read as they are again.
    click(again, "Forget the saved mapping");
    await until(() => !memory.settings.has(mappingKey("tax-invoices", "Sheet1")), "the setting removed");
    expect(mappingStatus(again)).toContain("not saved yet");
    expect(await check(again)).toBe("2 documents checked: 1 problem.");
  });

  test("a mapping is kept per document type: another family suggests afresh", async () => {
    const memory = new MemoryWorkbook({ Sheet1: [HEADER, ...ROWS] });
    const services = createServices({ port: memory, relayBase: null });
    const view = await services.readMapping("tax-invoices");
    await services.saveMapping(view.sheet, "tax-invoices", view.columns.map((c) => (c.header === "Colour" ? { ...c, field: "item.description" } : c)));
    expect((await services.readMapping("quotations")).saved).toBe(false);
    expect((await services.readMapping("tax-invoices")).columns.find((c) => c.header === "Colour")?.field).toBe("item.description");
    // A damaged setting is not a mapping: suggested again, not an error.
    memory.settings.set(mappingKey("quotations", "Sheet1"), "{not json");
    expect((await createServices({ port: memory, relayBase: null }).readMapping("quotations")).saved).toBe(false);
  });
});

describe("the Excel port keeps the mapping in the workbook's settings", () => {
  test("saved, read back by a new pane, removed; one sync each", async () => {
    const excel = new FakeExcel("1.9");
    excel.sheet("Sheet1").fill([HEADER, ...ROWS] as (string | number)[][]);
    excel.select(excel.sheet("Sheet1"), 0, 0, 3, 8);
    const services = createServices({ port: new ExcelPort(excel.host()), relayBase: null });
    const view = await services.readMapping("tax-invoices");
    await services.saveMapping(view.sheet, "tax-invoices", view.columns);
    expect(excel.syncsOfRun()).toBe(1);
    const key = mappingKey("tax-invoices", "Sheet1");
    expect(JSON.parse(excel.settings.get(key) as string).columns["Invoice No"]).toBe("documentKey");

    const port = new ExcelPort(excel.host());
    expect(await port.loadSetting(key)).toBe(excel.settings.get(key));
    expect(excel.syncsOfRun()).toBe(1);
    const fresh = createServices({ port, relayBase: null });
    expect((await fresh.check("tax-invoices", {})).documents).toBe(1);

    await port.saveSetting(key, null);
    expect(excel.syncsOfRun()).toBe(1);
    expect(excel.settings.has(key)).toBe(false);
    expect(await port.loadSetting(key)).toBeNull();
    await expect(port.saveSetting("never.set", null)).resolves.toBeUndefined();
  });

  test("a book's sheet: its own headers suggested, a header that could be two fields asked, the pick saved and read by the book's Check", async () => {
    const memory = new MemoryWorkbook({ Sheet1: [
      ["เลขที่ใบสำคัญ", "วันที่", "รหัสบัญชี", "จำนวนเงิน", "เครดิต"],
      ["JV-1", "2026-03-31", "53030", 100, null],
      ["JV-1", null, "21399", null, 100],
    ] });
    const root = pane(memory);
    choose(root, "#ds-family", "journal-entries");
    await readHeaders(root);
    expect(["A", "B", "C", "D", "E"].map((c) => field(root, c))).toEqual(["documentKey", "documentDate", "item.accountCode", "", "item.credit"]);
    expect(root.querySelector("#mapping")!.textContent).toContain("Which is it? It could be Debit or Credit");
    expect(root.querySelector("#mapping")!.textContent).toContain("Required, not mapped yet: Debit");
    choose(root, "#ds-map-D", "item.debit");
    await until(() => memory.settings.has(mappingKey("journal-entries", "Sheet1")), "the saved mapping");
    expect(JSON.parse(memory.settings.get(mappingKey("journal-entries", "Sheet1"))!).columns["จำนวนเงิน"]).toBe("item.debit");
    click(root, "Check rows");
    await until(() => root.querySelector("#check .msg") !== null && !root.textContent!.includes("Checking…"), "the book's check");
    expect(root.querySelector("#check .msg")!.textContent).toBe("1 journal voucher checked: no problems found.");
  });

  test("a book's check counts its records by their own word, not as documents, in Thai too", async () => {
    const memory = new MemoryWorkbook({ Sheet1: [
      ["ชื่อ", "ประเภท", "อีเมล"],
      ["Alpha Co., Ltd.", "ลูกค้า", "a@alpha.example"],
      ["Beta Co., Ltd.", "ผู้จำหน่าย", "not-an-email"],
    ] });
    const root = pane(memory, "th");
    choose(root, "#ds-family", "contacts");
    click(root, "ตรวจแถว");
    await until(() => root.querySelector("#check .msg") !== null && !root.textContent!.includes("กำลังตรวจ…"), "the contacts' check");
    expect(root.querySelector("#check .msg")!.textContent).toBe("ตรวจผู้ติดต่อ 2 ราย: พบ 1 ปัญหา");
    document.body.innerHTML = "";
    const en = pane(memory);
    choose(en, "#ds-family", "products");
    memory.sheet("Sheet1").values.splice(0, 3, ["Product code", "Product name", "Sell price", "VAT"], ["P-1", "Pen", 10, "VAT exclusive"], ["P-2", "Ink", 20, "VAT exclusive"]);
    click(en, "Check rows");
    await until(() => en.querySelector("#check .msg") !== null && !en.textContent!.includes("Checking…"), "the products' check");
    expect(en.querySelector("#check .msg")!.textContent).toBe("2 products checked: no problems found.");
  });

  test("a certificate sheet: an accountant's own headers suggested, 'จำนวนเงิน' asked (paid or withheld?), the pick saved and read by Check", async () => {
    const memory = new MemoryWorkbook({ Sheet1: [
      ["ผู้ถูกหักภาษี", "เลขประจำตัวผู้เสียภาษี", "วันที่", "ประเภทเงินได้", "อัตรา", "จำนวนเงิน", "ภาษีที่หักไว้", "เงื่อนไข"],
      ["Zeta Co., Ltd.", "0105556000009", "2026-06-04", "Services", 3, 8000, 240, "หัก ณ ที่จ่าย"],
    ] });
    const root = pane(memory);
    choose(root, "#ds-family", "withholding-taxes");
    await readHeaders(root);
    expect(["A", "B", "C", "D", "E", "F", "G", "H"].map((c) => field(root, c))).toEqual([
      "contactName", "contactTaxId", "publishedOn", "item.incomeType", "item.taxRate", "", "item.withheld", "taxPayment",
    ]);
    expect(root.querySelector("#mapping")!.textContent).toContain("Which is it? It could be Income paid or Tax withheld");
    choose(root, "#ds-map-F", "item.taxAmount");
    await until(() => memory.settings.has(mappingKey("withholding-taxes", "Sheet1")), "the saved mapping");
    expect(JSON.parse(memory.settings.get(mappingKey("withholding-taxes", "Sheet1"))!).columns["จำนวนเงิน"]).toBe("item.taxAmount");
    click(root, "Check rows");
    await until(() => root.querySelector("#check .msg") !== null && !root.textContent!.includes("Checking…"), "the certificate check");
    expect(root.querySelector("#check .msg")!.textContent).toBe("1 withholding tax certificate checked: no problems found.");
  });
});
