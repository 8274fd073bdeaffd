// Which rule findings rest on a cell the sheet could not read. Such a cell has its own finding, and
// the rules ran as though it were empty: a finding on that very field ("is required"), or one built
// from it (a line total without its quantity, a VAT combination without isVatInclusive) would be a
// guess, so it is left out. The document is not sent either way. Pure.
import type { FieldRef } from "./pin";
import type { SheetDocument } from "./read";

/** Line fields a line's total comes from (the given total too: withholding is checked against it). */
const LINE_TOTAL_INPUTS = ["item.quantity", "item.pricePerUnit", "item.discountAmount", "item.total"];
/** Line findings built on the line's total. */
const FROM_LINE_TOTAL = new Set(["item.total", "item.withHeldPerItemValue"]);
/** Line fields the document's totals come from. */
const LINE_INPUTS = ["item.quantity", "item.pricePerUnit", "item.discountAmount", "item.vatRate", "item.partialAmount"];
/** Document fields its totals and VAT come from. */
const DOCUMENT_INPUTS = [
  "isVat", "isVatInclusive", "isManualVat", "vatAmount", "totalAfterDiscount", "discountPercentage", "discountAmount",
  "documentWithholdingTaxPercentage", "documentShowWithholdingTax",
];
/** Document findings built on the totals: the arithmetic, and the VAT rules of simple documents (at isVat). */
const FROM_TOTALS = new Set([
  "subTotal", "discountAmount", "totalAfterDiscount", "exemptAmount", "vatableAmount", "vatAmount", "grandTotal",
  "documentWithholdingTaxAmount", "isVat",
]);
/** Other findings about one field that weigh other fields too: document fields, and for `useInlineVat`, line fields. */
const ALSO_FROM: Readonly<Record<string, readonly string[]>> = {
  contactName: ["contactId"], // contactId or contactName is required
  documentShowWithholdingTax: ["documentWithholdingTaxPercentage", "documentWithholdingTaxAmount"],
  documentWithholdingTaxPercentage: ["documentShowWithholdingTax"],
  "source.referenceDocumentType": ["source.referenceDocumentSerial"], // the type comes from the serial's prefix
  "item.description": ["expenseCategoryView"], // expense line fields required by view
  "item.systemCode": ["expenseCategoryView"],
  "item.categoryId": ["expenseCategoryView"],
  "item.creditId": ["expenseCategoryView"],
  "item.debitId": ["expenseCategoryView"],
};
const LINE_ALSO_FROM: Readonly<Record<string, readonly string[]>> = {
  useInlineVat: ["item.withHeldPerItem", "item.withHeldPerItemValue"],
};

/** True when the document has a cell that could not be read (only then is anything left out). */
export function hasUnreadable(doc: SheetDocument): boolean {
  return doc.unreadable.size > 0 || doc.lines.some((l) => l.unreadable.size > 0);
}

export function restsOnUnreadable(doc: SheetDocument, ref: FieldRef): boolean {
  const own = doc.unreadable;
  const anyOf = (set: ReadonlySet<string>, keys: readonly string[] | undefined) => keys !== undefined && keys.some((k) => set.has(k));
  const anyLine = (keys: readonly string[] | undefined) => keys !== undefined && doc.lines.some((l) => anyOf(l.unreadable, keys));
  if (ref.line !== undefined) {
    const line = doc.lines[ref.line];
    if (!line) return false;
    return line.unreadable.has(ref.key) || (FROM_LINE_TOTAL.has(ref.key) && anyOf(line.unreadable, LINE_TOTAL_INPUTS))
      || anyOf(own, ALSO_FROM[ref.key]);
  }
  return own.has(ref.key) || (FROM_TOTALS.has(ref.key) && (anyOf(own, DOCUMENT_INPUTS) || anyLine(LINE_INPUTS)))
    || anyOf(own, ALSO_FROM[ref.key]) || anyLine(LINE_ALSO_FROM[ref.key]);
}
