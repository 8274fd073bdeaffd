// VAT is never silently zero: a sheet that does not say what VAT its documents carry is refused at
// its header row; a value for every row (the mapping's "values") says it once (pure, memory grid).
import { MemoryWorkbook } from "../../src/workbook/memory";
import { readDocuments } from "../../src/sheet/read";
import { checkSheet } from "../../src/sheet/check";
import { buildDocument } from "../../src/sheet/body";
import { MappingError, parseMapping, type ColumnMapping } from "../../src/sheet/mapping";
import { translate } from "../../src/sheet/i18n/translate";
import { FAMILIES, type Family } from "../../src/rules/codes";
import type { CellValue } from "../../src/workbook/port";

const NO_VAT = [
  ["Customer", "Item", "Qty", "Unit price"],
  ["Acme", "Pen", 10, 100],
  ["Beta", "Ink", 1, 50],
];

async function check(rows: CellValue[][], family: Family = "tax-invoices", mapping?: ColumnMapping) {
  const read = readDocuments(await new MemoryWorkbook({ S: rows }).read(), { mapping, family });
  const { findings, documents } = checkSheet(read, family, "2026-03-01");
  // Errors only: the buyer's details a tax invoice should show are warnings (tax-invoice.ts).
  return { read, documents, at: findings.filter((f) => f.severity === "error").map((f) => [f.cell, f.field, f.message]) };
}

const values = (family: Family, v: Record<string, string | number | boolean>): ColumnMapping => parseMapping({ family, columns: {}, values: v }, family);

describe("a sheet that says nothing of VAT", () => {
  it("is refused at its header row for every family whose VAT the sheet decides, in English and Thai", async () => {
    for (const family of FAMILIES) {
      const rows = family === "receipts"
        ? [[...NO_VAT[0], "source.recordId", "Source document"], [...NO_VAT[1], 1, "INV2026010001"]]
        : NO_VAT;
      const { at, documents } = await check(rows, family);
      expect({ family, first: at[0]?.slice(0, 2) }).toEqual({ family, first: ["A1", "isVat"] });
      expect(at[0][2]).toMatch(/^Nothing on this sheet says whether its documents carry VAT, so none of them is sent: add a VAT column/);
      // Every document carries the problem (the post job sends none of them).
      for (const d of documents) expect(d.findings.map((f) => f.cell)).toContain("A1");
    }
    const thai = translate((await check(NO_VAT)).at[0][2] as string, "th");
    expect(thai).toMatch(/^ชีตนี้ไม่ได้ระบุว่าเอกสารมีภาษีมูลค่าเพิ่มหรือไม่ จึงไม่ส่งเอกสารใดเลย: เพิ่มคอลัมน์ ภาษีมูลค่าเพิ่ม/);
  });

  it("leaves partial receipts alone: their VAT is their tax invoices'", async () => {
    const { at } = await check([
      ["Customer", "Tax invoice record id", "Partial amount"],
      ["Acme", 12, 100],
    ], "receipts");
    expect(at.filter((f) => f[1] === "isVat" || f[1] === "isVatInclusive")).toEqual([]);
  });

  it("is decided by a VAT column, a VAT rate column, a VAT amount column, or a value for every row", async () => {
    expect((await check([[...NO_VAT[0], "VAT", "Prices include VAT"], [...NO_VAT[1], false, null]])).at).toEqual([]);
    expect((await check([[...NO_VAT[0], "VAT rate", "Prices include VAT"], [...NO_VAT[1], "exempt", false]])).at).toEqual([]);
    expect((await check(NO_VAT, "tax-invoices", values("tax-invoices", { isVat: "yes", isVatInclusive: false }))).at).toEqual([]);
    // A stated VAT amount says whether VAT applies on a simple document (0.00: none).
    expect((await check([[...NO_VAT[0], "VAT amount"], [...NO_VAT[1], 0]])).at).toEqual([]);
  });

  it("with a VAT column, a document whose VAT cell is empty is refused at that cell", async () => {
    const { at } = await check([
      ["Customer", "VAT", "Item", "Qty", "Unit price"],
      ["Acme", false, "Pen", 10, 100],
      ["Beta", null, "Ink", 1, 50],
    ]);
    expect(at).toEqual([["B3", "isVat", "VAT is empty and no line gives a VAT rate: say TRUE or FALSE (an empty cell is not taken as no VAT)."]]);
  });
});

describe("values for every row", () => {
  it("are read as if every row had that cell: VAT computed, prices inclusive as stated", async () => {
    const { read } = await check(NO_VAT, "tax-invoices", values("tax-invoices", { isVat: true, isVatInclusive: "no" }));
    const body = buildDocument(read.documents[0], "tax-invoices", read.layout, { today: "2026-03-01" }).body;
    expect(body).toMatchObject({ isVat: true, isVatInclusive: false, vatAmount: 70, grandTotal: 1070 });
  });

  it("give way to the sheet's own filled cells; its empty cells take the value", async () => {
    const { read, at } = await check([
      ["Customer", "VAT", "Item", "Qty", "Unit price"],
      ["Acme", false, "Pen", 10, 100],
      ["Beta", null, "Ink", 1, 50],
    ], "tax-invoices", values("tax-invoices", { isVat: true, isVatInclusive: false }));
    expect(at).toEqual([]);
    expect(read.documents.map((d) => d.fields.isVat.value)).toEqual([false, true]);
    expect(read.documents[1].fields.isVat.stated).toBe(true);
  });

  it("give line fields to every line, and a finding about a value says where it comes from", async () => {
    const { read, at } = await check([
      ["documentKey", "Customer", "Item", "Qty", "Unit price", "VAT amount"],
      ["1", "Acme", "Pen", 10, 100, 5],
      ["1", null, "Ink", 1, 50, null],
    ], "tax-invoices", values("tax-invoices", { "item.vatRate": "7%", isVatInclusive: false, isVat: true }));
    expect(read.documents[0].lines.map((l) => l.fields["item.vatRate"].value)).toEqual([7, 7]);
    expect(at).toEqual([["F2", "vatAmount", expect.stringMatching(/^vatAmount is 5\.00 but/)]]);
    const wrong = await check(NO_VAT, "tax-invoices", values("tax-invoices", { isVat: false, isVatInclusive: true }));
    expect(wrong.at[0]).toEqual(["A2", "isVat", "isVatInclusive, isVat and vatAmount doesn't match (the value for every row: isVat = false)"]);
    expect(translate(wrong.at[0][2] as string, "th")).toMatch(/\(ค่าที่กำหนดให้ทุกแถว: ภาษีมูลค่าเพิ่ม = false\)/);
  });

  it("are checked like cells of their field: a bad value is an error naming the field", () => {
    const problems = (v: unknown, family = "tax-invoices") => {
      try {
        parseMapping({ family, columns: {}, values: v }, family as Family);
        return [];
      } catch (err) {
        return (err as MappingError).problems;
      }
    };
    expect(problems({ isVat: "maybe" })).toEqual(['values: isVat "maybe": "maybe" is not yes or no; use TRUE/FALSE, yes/no or ใช่/ไม่ใช่.']);
    expect(problems({ "item.vatRate": 5 })[0]).toMatch(/^values: item\.vatRate 5: "5" is not allowed here/);
    expect(problems({ publishedOn: "31/02/2026" })).toEqual(['values: publishedOn "31/02/2026": "31/02/2026" is not a possible date.']);
    expect(problems({ "Prices include VAT": true })).toEqual(['values: unknown field "Prices include VAT"; did you mean isVatInclusive?']);
    expect(problems({ recordId: 5 })).toEqual(["values: recordId cannot take one value for every row on a tax-invoices sheet"]);
    expect(problems({ paymentMethod: "cash" }, "quotations")[0]).toMatch(/^values: paymentMethod cannot take one value/);
    expect(problems({ isVat: null })[0]).toMatch(/^values: isVat must be a value such as a cell holds/);
    expect(problems({ isVat: "" })[0]).toMatch(/^values: isVat is empty/);
    expect(problems([true])[0]).toMatch(/^"values" must be an object/);
    expect(problems({ paymentMethod: "transfer", publishedOn: "2026-01-31" }, "cash-invoices")).toEqual([]);
  });
});
