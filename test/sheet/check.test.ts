// Checking a sheet: every problem in one run, each at its cell (pure, on the memory grid).
import { MemoryWorkbook } from "../../src/workbook/memory";
import { readDocuments } from "../../src/sheet/read";
import { checkSheet } from "../../src/sheet/check";
import { MESSAGES } from "../../src/rules/messages";
import { translate } from "../../src/sheet/i18n/translate";
import type { Family } from "../../src/rules/codes";
import type { CellValue } from "../../src/workbook/port";
import { withVat } from "../helpers/vat-columns";

async function check(rows: CellValue[][], family: Family = "tax-invoices", setup?: (wb: MemoryWorkbook) => void) {
  const wb = new MemoryWorkbook({ S: rows });
  setup?.(wb);
  const read = readDocuments(await wb.read());
  const { documents, findings } = checkSheet(read, family, "2026-03-01");
  // The s.86/4 warnings of these tax invoices without a buyer's address have their own tests
  // (test/sheet/tax-invoice.test.ts).
  const s864 = (f: { severity: string; field: string }) => f.severity === "warning" && /^contact(Address|TaxId|Branch)$/.test(f.field);
  return { read, documents, findings, at: findings.filter((f) => !s864(f)).map((f) => [f.cell, f.field, f.message]) };
}

describe("one pass", () => {
  it("a row with a bad date, no customer and a wrong VAT amount gets all three findings", async () => {
    const { at, read } = await check([
      ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "VAT amount"],
      ["1", null, "31/02/2026", true, "Pen", 10, 100, 50],
    ]);
    expect(at).toEqual([
      ["B2", "contactName", MESSAGES.contactRequired],
      ["C2", "publishedOn", '"31/02/2026" is not a possible date.'],
      ["H2", "vatAmount", "vatAmount is 50.00 but 7% VAT on 1,000.00 gives 70.00"],
    ]);
    expect(read.documents[0].broken).toBe(true); // still never posted (the post job refuses it)
  });

  it("a VAT combination and a missing line field next to unreadable cells of other fields", async () => {
    const { at } = await check([
      ["documentKey", "Customer", "Date", "isVat", "VAT amount", "Item", "Qty", "Unit price", "Due date"],
      ["1", "Acme", "2026-01-01", false, 70, "Pen", 10, 100, "soon"],
      ["1", null, null, null, null, "Ink", 1, null, null],
    ]);
    expect(at).toEqual([
      ["D2", "isVat", MESSAGES.vatCombination],
      ["I2", "dueDate", '"soon" is not a date; use YYYY-MM-DD or DD/MM/YYYY.'],
      ["H3", "item.pricePerUnit", MESSAGES.itemPricePerUnitRequired],
    ]);
  });

  it("a value that could not be read is not reported again as missing, nor used in the arithmetic", async () => {
    const { at } = await check([
      ["documentKey", "Customer", "isVat", "Item", "Qty", "Unit price", "item.total", "Grand total"],
      ["1", "Acme", true, "Pen", "two", 100, 200, 500],
      ["1", null, null, "Ink", 1, 10, 11, null],
    ]);
    // Line 1's total and the grand total rest on the unreadable quantity; line 2's total does not.
    expect(at).toEqual([
      ["E2", "item.quantity", '"two" is not a number.'],
      ["G3", "item.total", "total is 11.00 but quantity × pricePerUnit gives 10.00"],
    ]);
  });

  it("an unreadable contact id is not a missing contact; unreadable VAT flags give no VAT findings", async () => {
    const { at } = await check([
      ["Contact id", "isVat", "VAT inclusive", "VAT amount", "Item", "Qty", "Unit price"],
      ["abc", true, "maybe", 65.42, "Pen", 1, 1000],
    ]);
    expect(at).toEqual([
      ["A2", "contactId", '"abc" is not a number.'],
      ["C2", "isVatInclusive", '"maybe" is not yes or no; use TRUE/FALSE, yes/no or ใช่/ไม่ใช่.'],
    ]);
  });

  it("a cell inside a merged area counts as unreadable, not as empty", async () => {
    const { at } = await check(
      [
        ["documentKey", "Customer", "isVat", "Item", "Qty", "Unit price"],
        ["1", "Acme", true, "Pen", 2, 10],
        ["1", null, null, "Ink", null, 5],
      ],
      "tax-invoices",
      (wb) => wb.sheet("S").merged.push({ top: 1, left: 4, bottom: 2, right: 4 }),
    );
    expect(at).toEqual([["E2", "", "Merged cells E2:E3 cannot be read; unmerge them and fill in each cell."]]);
  });

  it("an unreadable source column still asks for an upgrade", async () => {
    const { at } = await check([
      ["Customer", "isVat", "Item", "Qty", "Unit price", "source.recordId", "Source document"],
      ["Acme", true, "Pen", 1, 100, "x9", "INV2026010001"],
    ], "receipts");
    expect(at).toEqual([["F2", "source.recordId", '"x9" is not a number.']]);
  });
});

describe("pinning", () => {
  it("a missing value goes to the empty cell of its column, on the line's row for a line field", async () => {
    const { at } = await check([
      ["documentKey", "Customer", "Date", "expenseCategoryView", "Item", "Qty", "Unit price", "item.description", "item.debitId", "isVat", "item.creditId"],
      ["e1", "Taxi Co", "2026-01-01", 1, "Ride", 1, 100, "Taxi", 53029, false, 21399],
      ["e1", null, null, null, "Ride", 1, 100, "Taxi", 53029, null, null],
    ], "expenses");
    expect(at).toEqual([["K3", "item.creditId", MESSAGES.itemCreditId]]);
  });

  it("a figure the sheet computes when its column is missing is pinned to the first cell, without asking for the column", async () => {
    const { at } = await check([
      ["Customer", "isVat", "VAT amount", "Item", "Qty", "Unit price"],
      ["Acme", true, 70, "Pen", 1, 10],
    ]);
    expect(at).toEqual([["A2", "totalAfterDiscount", MESSAGES.totalAfterDiscountLessThanVat], ["C2", "vatAmount", "vatAmount is 70.00 but 7% VAT on 10.00 gives 0.70"]]);
  });

  it("without the column, the row's first cell says which column to add", async () => {
    const { at } = await check([
      // A VAT amount of 0 says no VAT (content.ts), which prices that include VAT contradict.
      ["documentKey", "Date", "VAT amount", "isVatInclusive", "Item", "Qty", "Unit price"],
      ["1", "2026-01-01", 0, true, "Pen", 10, 100],
    ]);
    expect(at).toEqual([
      ["A2", "contactName", `${MESSAGES.contactRequired}. Add a Customer column.`],
      ["A2", "isVat", `${MESSAGES.vatCombination}. Add a VAT column: TRUE when the document carries VAT.`],
    ]);
    // In Thai: the column to add in Thai, and none of the spec's wire names.
    const thai = translate(String(at[1][2]), "th");
    expect(thai).not.toContain(MESSAGES.vatCombination);
    expect(thai).toMatch(/เพิ่มคอลัมน์ ภาษีมูลค่าเพิ่ม: TRUE เมื่อเอกสารมีภาษีมูลค่าเพิ่ม$/);
    const expense = await check(withVat([
      ["documentKey", "Customer", "expenseCategoryView", "Item", "Qty", "Unit price", "item.description", "item.debitId"],
      ["e1", "Taxi Co", 1, "Ride", 1, 100, "Taxi", 53029],
      ["e1", null, null, "Ride", 1, 100, "Taxi", 53029],
    ], { isVat: false }), "expenses");
    expect(expense.at).toEqual([
      ["A2", "item.creditId", `${MESSAGES.itemCreditId}. Add a Credit account id column: the id of the account credited, from the chart of accounts.`],
      ["A3", "item.creditId", `${MESSAGES.itemCreditId}. Add a Credit account id column: the id of the account credited, from the chart of accounts.`],
    ]);
  });

  it("contactId below 0 gets the spec's message at the contactId cell", async () => {
    const { at } = await check(withVat([
      ["Item", "Qty", "Unit price", "Contact id"],
      ["Pen", 1, 100, -1],
    ], { isVat: false }));
    expect(at).toEqual([["D2", "contactId", "ContactId cannot be less than 0"]]);
  });

  it("a payment on a document that takes none is pinned to the payment cell that asks for it", async () => {
    const { at } = await check(withVat([
      ["Customer", "Item", "Qty", "Unit price", "Payment date", "Payment method"],
      ["Acme", "Pen", 1, 100, "2026-01-01", "cash"],
    ], { isVat: false }), "quotations");
    expect(at).toEqual([["E2", "paymentMethod", "Quotations take no payment on creation; clear the payment columns."]]);
  });
});
