// Column mapping: suggestions from keys, labels and synonyms (English and Thai, family-aware), the
// needs a mapping leaves unmet, mapping files checked, and a mapping applied when reading.
import { FAMILIES, type Family } from "../../src/rules/codes";
import { FIELDS, FIELD_BY_KEY, fieldForHeader } from "../../src/sheet/fields";
import {
  MappingError, fieldApplies, looseName, missingFields, parseMapping, suggestField, suggestMapping, toMapping, type ColumnMapping,
} from "../../src/sheet/mapping";
import { readDocuments } from "../../src/sheet/read";
import { translate } from "../../src/sheet/i18n/translate";
import { SIDE_SYNONYMS, SYNONYMS, familySynonyms } from "../../src/sheet/synonyms";
import { FAMILY_INFO } from "../../src/rules/codes";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";

const fields = (headers: CellValue[], family: Family) => suggestMapping(headers, family).map((s) => s.field);

describe("suggestions", () => {
  it("know an English sheet of the user's own headers", () => {
    const headers = [
      "Invoice No", "Invoice date", "Client", "Tax ID", "Branch", "Address", "Email", "Due date", "Reference", "Description",
      "Qty", "Unit", "Unit price", "Discount", "VAT rate", "Amount", "Remarks", "Colour",
    ];
    expect(fields(headers, "tax-invoices")).toEqual([
      "documentKey", "publishedOn", "contactName", "contactTaxId", "contactBranch", "contactAddress", "contactEmail", "dueDate", "reference",
      "item.description", "item.quantity", "item.unitName", "item.pricePerUnit", "discountAmount", "item.vatRate", "item.total", "remarks", null,
    ]);
  });

  it("know a Thai sheet of the user's own headers", () => {
    const headers = [
      "เลขที่", "วันที่", "ชื่อลูกค้า", "เลขประจำตัวผู้เสียภาษี", "สาขา", "ที่อยู่", "รายการ", "จำนวน", "หน่วย", "ราคาต่อหน่วย", "ส่วนลด",
      "จำนวนเงิน", "ภาษีมูลค่าเพิ่ม 7%", "จำนวนเงินรวมทั้งสิ้น", "หมายเหตุ", "วันครบกำหนดชำระ", "อีเมล์", "สีของแฟ้ม",
    ];
    expect(fields(headers, "tax-invoices")).toEqual([
      "documentKey", "publishedOn", "contactName", "contactTaxId", "contactBranch", "contactAddress", "item.name", "item.quantity", "item.unitName",
      "item.pricePerUnit", "discountAmount", "item.total", "vatAmount", "grandTotal", "remarks", "dueDate", "contactEmail", null,
    ]);
  });

  it.each([
    ["contactName", ["Customer", "Customer name", "Client", "ลูกค้า", "ชื่อลูกค้า", "CUSTOMER_NAME", "customer-name"]],
    ["item.quantity", ["Qty", "Qty.", "QTY", "Quantity", "จำนวน", "Qty (pcs)", " quantity "]],
    ["item.pricePerUnit", ["Unit price", "Unit Price (THB)", "unit_price", "Price", "Price/unit", "Rate", "ราคาต่อหน่วย", "ราคาต่อหน่วย (บาท)", "ราคา/หน่วย"]],
    ["publishedOn", ["Date", "Invoice date", "Tax invoice date", "Date (dd/mm/yyyy)", "วันที่", "วันที่ (วว/ดด/ปปปป)", "วันที่ใบกำกับภาษี"]],
    ["contactTaxId", ["Tax ID", "Tax ID No.", "TAX_ID", "Tax identification number", "เลขประจำตัวผู้เสียภาษี", "เลขประจำตัวผู้เสียภาษีอากร"]],
    ["documentKey", ["Invoice No", "Invoice No.", "invoice no", "INVOICE_NO", "Invoice #", "InvoiceNumber", "Invoice number", "Doc No", "Document no.", "เลขที่", "เลขที่ใบกำกับภาษี"]],
    ["documentSerial", ["Document serial", "เลขที่เอกสารในระบบ", "documentSerial"]],
    ["vatAmount", ["VAT amount", "VAT (THB)", "ภาษีมูลค่าเพิ่ม (บาท)", "Output VAT", "ภาษีขาย"]],
    ["discountPercentage", ["Discount %", "Discount (%)", "ส่วนลด (%)"]],
    ["grandTotal", ["Total", "Grand total", "Total (THB)", "Amount due", "ยอดรวมสุทธิ", "รวมทั้งสิ้น"]],
  ])("read case, spacing, punctuation and units loosely: %s", (key, headers) => {
    for (const h of headers) expect([h, suggestField(h, "tax-invoices")?.key]).toEqual([h, key]);
  });

  it("depend on the family where the same words mean different columns", () => {
    const by = (header: string) => Object.fromEntries(FAMILIES.map((f) => [f, suggestField(header, f)?.key ?? null]));
    expect(by("Invoice No")).toMatchObject({
      "tax-invoices": "documentKey", "cash-invoices": "documentKey", receipts: "source.referenceDocumentSerial", expenses: "reference", purchases: "reference",
    });
    expect(by("PO No")).toMatchObject({ "purchases-orders": "documentKey", purchases: "source.referenceDocumentSerial", "tax-invoices": "reference" });
    expect(by("Quotation no")).toMatchObject({ quotations: "documentKey", "billing-notes": "source.referenceDocumentSerial", expenses: null });
    expect(by("Expense category")).toMatchObject({ expenses: "item.categoryId", "tax-invoices": null, quotations: null });
    expect(by("Paid by")).toMatchObject({ "tax-invoices": "paymentMethod", expenses: "paymentMethod", quotations: null });
    expect(by("Client")).toMatchObject({ "tax-invoices": "contactName", purchases: null });
    for (const header of ["Vendor", "Supplier", "ผู้ขาย"]) for (const f of FAMILIES) expect(suggestField(header, f)?.key).toBe("contactName");
    expect(by("Payee")).toMatchObject({ expenses: "contactName", "tax-invoices": null });
    expect(by("Receipt no")).toMatchObject({ receipts: "documentKey", expenses: "reference" });
    expect(suggestField("Expense", "expenses")?.key).toBe("item.name");
    expect(suggestField("Debit account", "expenses")?.key).toBe("item.debitId");
    expect(suggestField("Input VAT", "purchases")?.key).toBe("vatAmount");
    expect(suggestField("Input VAT", "tax-invoices")).toBeUndefined();
  });

  it("take a key or wire name as written, for any family", () => {
    expect(suggestField("item.categoryId", "tax-invoices")?.key).toBe("item.categoryId");
    expect(suggestField("documentReference.recordId", "receipts")?.key).toBe("source.recordId");
    expect(suggestField("CONTACTNAME", "quotations")?.key).toBe("contactName");
  });

  it("give a field to one column only: the surest match, then the leftmost", () => {
    expect(suggestMapping(["Client", "Customer", "contactName", "Qty", "Quantity", null, "Colour"], "tax-invoices")).toEqual([
      { column: "A", header: "Client", field: null },
      { column: "B", header: "Customer", field: null },
      { column: "C", header: "contactName", field: "contactName" },
      { column: "D", header: "Qty", field: "item.quantity" },
      { column: "E", header: "Quantity", field: null },
      { column: "G", header: "Colour", field: null },
    ]);
    expect(suggestMapping(["x", "Qty"], "quotations", 26).map((s) => s.column)).toEqual(["AA", "AB"]);
  });

  it("have no word that means two fields within one tier of one family", () => {
    for (const family of FAMILIES) {
      const tiers: [string, Iterable<[string, readonly string[]]>][] = [
        ["labels", FIELDS.map((d) => [d.key, [...d.en, ...d.th]] as [string, readonly string[]])],
        ["family", familySynonyms(family)],
        ["side", Object.entries(SIDE_SYNONYMS[FAMILY_INFO[family].side])],
        ["synonyms", Object.entries(SYNONYMS)],
      ];
      for (const [tier, entries] of tiers) {
        const owner = new Map<string, string>();
        for (const [key, words] of entries) {
          const def = FIELD_BY_KEY.get(key);
          if (!def) throw new Error(`${tier}: no field ${key}`);
          if (!fieldApplies(def, family)) continue;
          for (const w of words) {
            const { name } = looseName(w);
            const prev = owner.get(name);
            if (prev && prev !== key) throw new Error(`${family} ${tier}: "${w}" of ${key} already means ${prev}`);
            owner.set(name, key);
          }
        }
      }
    }
  });

  it("name only fields that exist", () => {
    const keys = [...Object.keys(SYNONYMS), ...Object.values(SIDE_SYNONYMS).flatMap((s) => Object.keys(s))];
    for (const f of FAMILIES) keys.push(...familySynonyms(f).map(([k]) => k));
    for (const k of keys) expect([k, FIELD_BY_KEY.has(k)]).toEqual([k, true]);
  });
});

describe("exact recognition (without a mapping)", () => {
  it("reads the user's document number as documentKey and keeps documentSerial for the service's", () => {
    for (const h of ["เลขที่", "เลขที่เอกสาร", "Document no.", "Document number", "Doc no."]) expect(fieldForHeader(h)?.key).toBe("documentKey");
    for (const h of ["documentSerial", "Document serial", "Serial", "เลขที่เอกสารในระบบ"]) expect(fieldForHeader(h)?.key).toBe("documentSerial");
  });

  it("does not take synonyms: they are suggestions only", () => {
    expect(fieldForHeader("Client")).toBeUndefined();
    expect(fieldForHeader("Invoice No")).toBeUndefined();
  });
});

describe("missing fields", () => {
  const needs = (family: Family, mapped: string[]) => missingFields(family, mapped).filter((m) => m.need === "required").map((m) => m.fields);

  it("names what every document needs (contact, quantity, price) and what is usual", () => {
    expect(needs("tax-invoices", [])).toEqual([["contactName", "contactId"], ["item.quantity"], ["item.pricePerUnit"], ["isVat", "item.vatRate", "vatAmount"]]);
    expect(needs("tax-invoices", ["contactId", "item.quantity", "item.pricePerUnit", "isVat"])).toEqual([]);
    // VAT is never assumed: a VAT yes/no, a line VAT rate or a VAT amount (a column or a value for every row) is required.
    expect(needs("tax-invoices", ["contactId", "item.quantity", "item.pricePerUnit", "item.vatRate"])).toEqual([]);
    expect(needs("tax-invoices", ["contactId", "item.quantity", "item.pricePerUnit", "vatAmount"])).toEqual([]);
    const usual = missingFields("quotations", ["contactName"]).filter((m) => m.need === "recommended").map((m) => m.fields[0]);
    expect(usual).toEqual(["item.name", "isVatInclusive", "publishedOn", "documentKey"]);
    expect(missingFields("quotations", ["isVat"]).find((m) => m.fields[0] === "isVatInclusive")?.note).toBe("without it prices are taken as before VAT: a column, or one value for every row");
  });

  it("asks expenses for their line accounts, and the business view's code and category unless a view column says otherwise", () => {
    const base = ["contactName", "item.quantity", "item.pricePerUnit", "isVat"];
    // A category column stands for the accounts and code it gives (read from the service's categories).
    const accounts = [["item.creditId", "item.categoryId"], ["item.debitId", "item.categoryId"]];
    expect(needs("expenses", base)).toEqual([["item.description"], ...accounts, ["item.systemCode", "item.categoryId"], ["item.categoryId"]]);
    expect(needs("expenses", [...base, "expenseCategoryView"])).toEqual([["item.description"], ...accounts]);
    expect(needs("expenses", [...base, "item.description", "item.categoryId"])).toEqual([]);
  });

  it("asks receipts for their source, or for a partial receipt's tax invoice and amount", () => {
    expect(needs("receipts", ["contactName", "item.quantity", "item.pricePerUnit", "isVat"])).toEqual([["source.recordId"], ["source.referenceDocumentSerial"]]);
    expect(needs("receipts", ["item.partialAmount"])).toEqual([["item.documentId"]]);
  });
});

describe("mapping files", () => {
  const good = { family: "tax-invoices", columns: { "Invoice No": "documentKey", Client: "contactName", Colour: null } };
  const problems = (value: unknown, family?: Family): string[] => {
    try {
      parseMapping(value, family);
    } catch (err) {
      if (err instanceof MappingError) return err.problems;
      throw err;
    }
    throw new Error("no MappingError");
  };

  it("accept fields as the worksheet layout names them, and null for a column to ignore", () => {
    expect(parseMapping(good, "tax-invoices")).toEqual(good);
    expect(parseMapping(good)).toEqual(good);
  });

  it("name an unknown field, with the field it probably is", () => {
    expect(problems({ family: "tax-invoices", columns: { Qty: "quantity", X: "nonsense" } })).toEqual([
      'column "Qty": unknown field "quantity"; did you mean item.quantity?',
      'column "X": unknown field "nonsense"',
    ]);
  });

  it("refuse a field named twice, a header given twice and a value that is no field name", () => {
    expect(problems({ family: "quotations", columns: { Qty: "item.quantity", Quantity: "item.quantity", " qty": "item.name", N: 3 } })).toEqual([
      'field item.quantity is named twice (columns "Qty" and "Quantity")',
      'header " qty" is given twice ("Qty" and " qty")',
      'column "N": the field must be a field name such as item.quantity, or null to ignore the column',
    ]);
  });

  it("refuse another family, an unknown family and a wrong shape", () => {
    expect(problems(good, "quotations")).toEqual(["the mapping is for tax-invoices, not quotations"]);
    expect(problems({ family: "invoices", columns: {} })[0]).toMatch(/"family" "invoices" is not one of quotations/);
    expect(problems({ columns: {} })[0]).toMatch(/"family" is missing/);
    expect(problems([])[0]).toMatch(/a mapping is \{"family"/);
    expect(problems({ family: "receipts", columns: [], extra: 1 })).toEqual([
      expect.stringMatching(/unknown key "extra"/), expect.stringMatching(/"columns" must be an object/),
    ]);
  });

  it("round-trip from suggestions (every header kept, the unmatched as null)", () => {
    const mapping = toMapping("tax-invoices", suggestMapping(["Invoice No", "Client", "Colour", "Client"], "tax-invoices"));
    expect(mapping).toEqual({ family: "tax-invoices", columns: { "Invoice No": "documentKey", Client: "contactName", Colour: null } });
    expect(parseMapping(JSON.parse(JSON.stringify(mapping)), "tax-invoices")).toEqual(mapping);
  });
});

describe("reading with a mapping", () => {
  const read = async (rows: CellValue[][], mapping?: ColumnMapping) => readDocuments(await new MemoryWorkbook({ S: rows }).read(), { mapping });
  const mapping: ColumnMapping = {
    family: "tax-invoices",
    columns: { "Invoice No": "documentKey", Client: "contactName", Qty: "item.quantity", Rate: "item.pricePerUnit", Colour: null },
  };

  it("takes the mapping's field for its headers, today's recognition for the others, and warns about the rest", async () => {
    const r = await read([
      ["Invoice No", "client", "Qty", "Rate", "Colour", "Item", "Shoe size"],
      ["A-1", "Acme", 2, 100, "red", "Pen", 42],
      ["A-1", null, 1, 50, "blue", "Ink", 43],
    ], mapping);
    expect(r.findings.map((f) => [f.cell, f.severity, f.message])).toEqual([
      ["G1", "warning", 'Column "Shoe size" names no field and is not in the mapping; it is ignored.'],
    ]);
    expect(r.documents).toHaveLength(1);
    const [doc] = r.documents;
    expect(doc.key).toBe("A-1");
    expect(doc.fields.contactName.value).toBe("Acme");
    expect(doc.lines.map((l) => [l.fields["item.name"].value, l.fields["item.quantity"].value, l.fields["item.pricePerUnit"].value])).toEqual([
      ["Pen", 2, 100], ["Ink", 1, 50],
    ]);
  });

  it("without it, names the field an unknown header most likely is, in English and Thai", async () => {
    const block = await new MemoryWorkbook({ S: [["Invoice No", "Customer", "มีภาษี", "Shoe size"], ["A-1", "Acme", "ใช่", 42]] }).read();
    const warnings = readDocuments(block, { family: "tax-invoices" }).findings.map((f) => [f.cell, f.message]);
    expect(warnings).toEqual([
      ["A1", 'Column "Invoice No" looks like documentKey but is ignored until its field is picked in the Columns section of the task pane.'],
      ["C1", 'Column "มีภาษี" looks like isVat but is ignored until its field is picked in the Columns section of the task pane.'],
      ["D1", 'Column "Shoe size" names no field; it is ignored. To use it, pick its field in the Columns section of the task pane.'],
    ]);
    expect(translate(warnings[1][1], "th")).toBe('คอลัมน์ "มีภาษี" ดูเหมือนเป็น ภาษีมูลค่าเพิ่ม แต่จะไม่ถูกใช้จนกว่าจะเลือกฟิลด์ของคอลัมน์นี้ในส่วนคอลัมน์ของบานหน้าต่างงาน');
  });

  it("reads nothing of the user's headers without it", async () => {
    const r = await read([["Invoice No", "Client", "Pcs", "Rate"], ["A-1", "Acme", 2, 100]]);
    expect(r.documents).toEqual([]);
    expect(r.findings.filter((f) => f.severity === "warning")).toHaveLength(4);
  });

  it("still refuses a field given by the mapping and by another header", async () => {
    const r = await read([["Client", "contactName", "Qty", "Rate"], ["Acme", "Beta", 1, 1]], mapping);
    expect(r.findings.map((f) => [f.cell, f.severity])).toEqual([["B1", "error"]]);
  });
});
