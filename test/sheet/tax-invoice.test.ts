// What a full tax invoice shows of its buyer (Revenue Code s.86/4): warnings at their cells, apart
// from errors, on the documents that are tax invoices (sheet/tax-invoice.ts).
import { MemoryWorkbook } from "../../src/workbook/memory";
import { readDocuments } from "../../src/sheet/read";
import { checkSheet } from "../../src/sheet/check";
import { buildDocument } from "../../src/sheet/body";
import { taxInvoiceWarnings } from "../../src/sheet/tax-invoice";
import { translate } from "../../src/sheet/i18n/translate";
import type { Family } from "../../src/rules/codes";
import type { CellValue } from "../../src/workbook/port";

const TAX_ID = "0105561123458";

async function check(rows: CellValue[][], family: Family = "tax-invoices") {
  const read = readDocuments(await new MemoryWorkbook({ S: rows }).read(), { family });
  const { findings } = checkSheet(read, family, "2026-03-01");
  return { read, errors: findings.filter((f) => f.severity === "error"), warnings: findings.filter((f) => f.severity === "warning").map((f) => [f.cell, f.field, f.message]) };
}

const NO_ADDRESS = "No buyer's address is given, which a full tax invoice shows (Revenue Code s.86/4).";
const NO_BRANCH = "No branch is given with the buyer's tax id (00000 for the head office), which a full tax invoice shows (Revenue Code s.86/4).";

describe("s.86/4 on the sheet", () => {
  it("a missing address is a warning at its empty cell, or at the row's first cell naming the column to add", async () => {
    const { errors, warnings } = await check([
      ["documentKey", "Customer", "Address", "isVat", "isVatInclusive", "Item", "Qty", "Unit price"],
      ["1", "Acme", null, true, false, "Pen", 1, 100],
      ["2", "Beta", "2 Sathorn Rd", true, false, "Pen", 1, 100],
    ]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([["C2", "contactAddress", NO_ADDRESS]]);
    const without = await check([["Customer", "isVat", "Item", "Qty", "Unit price"], ["Acme", true, "Pen", 1, 100]]);
    expect(without.warnings).toEqual([["A2", "contactAddress", `${NO_ADDRESS.replace(/\.$/, "")}. Add an Address column.`]]);
    expect(translate(String(without.warnings[0][2]), "th")).toBe(
      "ไม่ได้ระบุที่อยู่ของผู้ซื้อ ซึ่งใบกำกับภาษีเต็มรูปต้องแสดง (ประมวลรัษฎากร มาตรา 86/4) เพิ่มคอลัมน์ ที่อยู่");
  });

  it("a line that names no goods or service is a warning at its own row: a Thai สินค้า column only suggested leaves every line so", async () => {
    const NO_GOODS = "This line names no goods or service (no item name nor description), which a full tax invoice shows (Revenue Code s.86/4).";
    const { errors, warnings } = await check([
      ["documentKey", "Customer", "Address", "isVat", "Item", "Description", "Qty", "Unit price"],
      ["1", "Acme", "1 Silom Rd", true, "Pen", null, 1, 100],
      ["1", null, null, null, null, null, 1, 50],
      ["2", "Beta", "2 Silom Rd", true, null, "Delivery", 1, 100],
    ]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([["E3", "item.name", NO_GOODS]]);
    const thai = await check([
      ["ลูกค้า", "ที่อยู่", "ภาษีมูลค่าเพิ่ม", "สินค้า", "จำนวน", "ราคาต่อหน่วย"],
      ["บริษัท ทดสอบ จำกัด", "1 ถนนสีลม", "ใช่", "ปากกา", 2, 100],
    ]);
    const goods = thai.warnings.filter((w) => w[1] === "item.name");
    expect(goods).toHaveLength(1);
    expect(translate(String(goods[0][2]), "th")).toContain("ไม่ได้ระบุสินค้าหรือบริการ");
    // Not a tax invoice: no such warning.
    expect((await check([["Customer", "isVat", "Qty", "Unit price"], ["A", false, 1, 100]])).warnings).toEqual([]);
  });

  it("a tax id without a branch is a warning; with one, and an address, the document is clean", async () => {
    const { warnings } = await check([
      ["Customer", "Address", "Tax id", "Branch", "isVat", "Item", "Qty", "Unit price"],
      ["Acme", "1 Silom Rd", TAX_ID, null, true, "Pen", 1, 100],
      ["Beta", "2 Silom Rd", TAX_ID, "Head office", true, "Pen", 1, 100],
      ["Walk-in", "3 Silom Rd", null, null, true, "Pen", 1, 100],
    ]);
    expect(warnings).toEqual([["D2", "contactBranch", NO_BRANCH]]);
  });

  it("applies to tax invoices and cash invoices that charge VAT (zero-rated too), and to receipts made from a billing note", async () => {
    const head = ["Customer", "isVat", "Item", "Qty", "Unit price"];
    expect((await check([head, ["A", false, "Pen", 1, 100]])).warnings).toEqual([]);
    expect((await check([head, ["A", true, "Pen", 1, 100]], "cash-invoices")).warnings).toHaveLength(1);
    expect((await check([head, ["A", true, "Pen", 1, 100]], "quotations")).warnings).toEqual([]);
    expect((await check([head, ["A", true, "Pen", 1, 100]], "billing-notes")).warnings).toEqual([]);
    const rates = ["Customer", "Item", "Qty", "Unit price", "VAT rate"];
    expect((await check([rates, ["A", "Rice", 1, 100, "exempt"]])).warnings).toEqual([]);
    expect((await check([rates, ["A", "Export", 1, 100, "0%"]])).warnings).toHaveLength(1);
    const receipt = ["Customer", "isVat", "Item", "Qty", "Unit price", "Source record id", "Source serial"];
    expect((await check([receipt, ["A", true, "Pen", 1, 100, 5, "BL202601001"]], "receipts")).warnings).toHaveLength(1);
    expect((await check([receipt, ["A", true, "Pen", 1, 100, 5, "INV202601001"]], "receipts")).warnings).toEqual([]);
  });

  it("details left to a named contact are not judged by the check; with the contact's details they are", async () => {
    const rows: CellValue[][] = [["Contact id", "Customer", "isVat", "Item", "Qty", "Unit price"], [12, "Acme", true, "Pen", 1, 100]];
    const { read, warnings } = await check(rows);
    expect(warnings).toEqual([]);
    const doc = read.documents[0];
    const built = buildDocument(doc, "tax-invoices", read.layout, { today: "2026-03-01" });
    const said = (contact: Record<string, unknown>) =>
      taxInvoiceWarnings(doc, built, "tax-invoices", read.layout, { contactName: "Acme", ...contact }).map((f) => [f.cell, f.severity, f.message]);
    expect(said({ contactAddress: "1 Silom Rd", contactTaxId: TAX_ID, contactBranch: "สำนักงานใหญ่" })).toEqual([]);
    expect(said({ contactAddress: "", contactTaxId: "1234567890123", contactBranch: "" })).toEqual([
      ["A2", "warning", "No buyer's address is given here nor on the contact Acme, which a full tax invoice shows (Revenue Code s.86/4). Add an Address column."],
      ["A2", "warning", "1234567890123, the tax id of the contact Acme, is not a valid 13-digit tax id, which a full tax invoice shows for its buyer (Revenue Code s.86/4). Add a Tax id column."],
      ["A2", "warning", "No branch is given with the buyer's tax id here nor on the contact Acme (00000 for the head office), which a full tax invoice shows (Revenue Code s.86/4). Add a Branch column."],
    ]);
  });
});

describe("s.86/4 messages in Thai", () => {
  it("each warning, alone or naming the column to add, is translated whole", () => {
    const messages = [
      NO_ADDRESS, NO_BRANCH,
      "No buyer's address is given here nor on the contact Acme, which a full tax invoice shows (Revenue Code s.86/4).",
      "1234567890123 is not a valid 13-digit tax id, which a full tax invoice shows for its buyer (Revenue Code s.86/4).",
      "1234567890123, the tax id of the contact Acme, is not a valid 13-digit tax id, which a full tax invoice shows for its buyer (Revenue Code s.86/4).",
      "No branch is given with the buyer's tax id here nor on the contact Acme (00000 for the head office), which a full tax invoice shows (Revenue Code s.86/4).",
      '"HQ-9", the branch of the contact Acme, is not a branch code (5 digits, 00000 for the head office), which a full tax invoice shows (Revenue Code s.86/4).',
    ];
    for (const m of messages) {
      for (const text of [m, `${m.replace(/\.$/, "")}. Add a Branch column.`]) {
        const th = translate(text, "th");
        expect(th).toMatch(/มาตรา 86\/4/);
        expect(th).not.toMatch(/full tax invoice|Add a/);
      }
    }
  });
});
