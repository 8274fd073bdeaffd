// The columns a worksheet may have: every document, line, payment, upgrade-source and result field,
// with its wire name, how its cells are read, and the English and Thai labels a header may use.
// A header names a field when it equals (ignoring case and spaces) the wire name, `item.<wire>` for
// line fields, or one of the labels. The first English label is the field's name in what users
// read. Looser synonyms, only ever suggested, are in synonyms.ts.
import {
  CONTACT_GROUP, CREDIT_TYPE, DISCOUNT_TYPE, EXPENSE_VIEW, FAMILY_INFO, ITEM_TYPE, PAYMENT_METHOD, STATUS_WORDS, VAT_RATES,
  WITHHOLDING_RATES,
} from "../rules/codes";
import type { Lang } from "./i18n/lang";
import { findCard } from "../families/cards";
import { CELL_WORDS, HEADER_WORDS, WHT_HEADER_WORDS } from "./field-words";
import { DOCUMENT_SHOWN, type Shown } from "./shown-values";
import { fields as en } from "../texts/en/fields";
import { fields as th } from "../texts/th/fields";

/**
 * How a cell is read. money/quantity/rate are decimals (2 dp, 4 dp, 4 dp); integer and id are whole
 * numbers; code is a whole number from `allowed` (or one of its `words`); status is a status word.
 */
export type FieldKind = "text" | "money" | "quantity" | "rate" | "integer" | "id" | "date" | "boolean" | "code" | "status";

/** key: a document's own field; item: a line's; payment: with-payment / payment bodies;
 * source: the document an upgrade starts from; result: written back by the jobs. */
export type FieldLevel = "key" | "document" | "item" | "payment" | "source" | "result";

export interface FieldDef {
  /** Column key: the wire name, `item.<wire>` for lines, `source.<wire>` for the upgrade source. */
  key: string;
  /** Name in the request body (inside items[] or documentReference[] for those levels). */
  wire: string;
  /** Other body fields the column's value is sent as (a product's VAT as its sell and buy VAT): a
   * difference in one of them is said by this column's label. */
  sentAs?: readonly string[];
  level: FieldLevel;
  kind: FieldKind;
  en: readonly string[];
  th: readonly string[];
  /** Fixed values of the spec: become validation lists in templates. */
  allowed?: readonly (string | number)[];
  /** Words accepted for a code, mapped to the code (lower case, no spaces). */
  words?: Readonly<Record<string, number>>;
  /** A field of withholding tax certificates only: documents never send it. */
  wht?: true;
}

/** A document field: its name in each language from the text tables (src/texts, fields.ts), the
 * other header words it is read by (field-words.ts), and the words its codes are read by: those they
 * are shown by (shown-values.ts) and more (field-words.ts). */
const f = (
  key: string, level: FieldLevel, kind: FieldKind,
  extra: Partial<Pick<FieldDef, "allowed" | "words" | "wire" | "wht">> = {},
): FieldDef => {
  if (!(key in en)) throw new Error(`field ${key} has no name in the text tables (src/texts, fields)`);
  const name = key as keyof typeof en;
  const buying = `buy_${key}` in en ? `buy_${key}` as keyof typeof en : undefined;
  const labels = (lang: Lang, table: typeof en): string[] =>
    [table[name], ...(HEADER_WORDS[key]?.[lang] ?? []), ...(buying ? [table[buying]] : [])];
  const shown = DOCUMENT_SHOWN[key];
  const own = extra.words ?? CELL_WORDS[key];
  const words = shown || own ? { ...shownWords(shown), ...own } : undefined;
  return {
    key, wire: extra.wire ?? key.replace(/^(item|source)\./, ""), level, kind, en: labels("en", en), th: labels("th", th),
    ...extra, ...(words ? { words } : {}),
  };
};

/** The families an upgrade may start from (some family's upgradeFrom names their type): a source
 * document's type is said by its family's name, its label in English or Thai, or its serial prefix
 * ("Quotation", "quotations", "ใบเสนอราคา", "QT"). */
const SOURCE_FAMILIES = Object.values(FAMILY_INFO).filter((i) => Object.values(FAMILY_INFO).some((o) => o.upgradeFrom.includes(i.documentType)));
const SOURCE_TYPES: readonly number[] = SOURCE_FAMILIES.map((i) => i.documentType).sort((a, b) => a - b);
const SOURCE_TYPE_WORDS: Record<string, number> = Object.fromEntries(SOURCE_FAMILIES.flatMap((i) =>
  [normalizeName(i.label.en), i.family, i.serialPrefix.toLowerCase(), i.label.th].map((word) => [word, i.documentType])));

export const FIELDS: readonly FieldDef[] = [
  // The user's own document number groups the rows of one document: "Document no." / "เลขที่" name
  // this column, not documentSerial (the number the service gives, written back).
  f("documentKey", "key", "text"),

  // Contact
  f("contactId", "document", "id"),
  f("contactCode", "document", "text"),
  f("contactName", "document", "text"),
  f("contactAddress", "document", "text"),
  f("contactTaxId", "document", "text"),
  f("contactBranch", "document", "text"),
  f("contactPerson", "document", "text"),
  f("contactEmail", "document", "text"),
  f("contactNumber", "document", "text"),
  f("contactZipCode", "document", "text"),
  f("contactGroup", "document", "code", {
    allowed: Object.values(CONTACT_GROUP),
  }),

  // Dates and terms
  f("publishedOn", "document", "date"),
  f("creditType", "document", "code", {
    allowed: Object.values(CREDIT_TYPE),
  }),
  f("creditDays", "document", "integer"),
  f("dueDate", "document", "date"),
  f("salesName", "document", "text"),
  f("projectName", "document", "text"),
  f("reference", "document", "text"),

  // VAT and totals
  f("isVat", "document", "boolean"),
  f("isVatInclusive", "document", "boolean"),
  f("isManualVat", "document", "boolean"),
  f("subTotal", "document", "money"),
  f("discountPercentage", "document", "rate"),
  f("discountAmount", "document", "money"),
  f("discountType", "document", "code", {
    allowed: Object.values(DISCOUNT_TYPE),
  }),
  f("totalAfterDiscount", "document", "money"),
  f("exemptAmount", "document", "money"),
  f("vatableAmount", "document", "money"),
  f("vatAmount", "document", "money"),
  f("grandTotal", "document", "money"),

  // Withholding and deductions
  f("documentShowWithholdingTax", "document", "boolean"),
  f("documentWithholdingTaxPercentage", "document", "rate", { allowed: WITHHOLDING_RATES }),
  f("documentWithholdingTaxAmount", "document", "money"),
  f("useReceiptDeduction", "document", "boolean"),
  f("documentDeductionType", "document", "code", {
    allowed: [1, 3, 5, 7],
  }),
  f("documentDeductionAmount", "document", "money"),

  // Notes and options
  f("remarks", "document", "text"),
  f("internalNotes", "document", "text"),
  f("showSignatureOrStamp", "document", "boolean"),
  f("saleAndPurchaseChannel", "document", "text"),
  f("expenseCategoryView", "document", "code", {
    allowed: Object.values(EXPENSE_VIEW),
  }),

  // Lines
  f("item.type", "item", "code", {
    allowed: Object.values(ITEM_TYPE),
  }),
  f("item.name", "item", "text"),
  f("item.description", "item", "text"),
  f("item.quantity", "item", "quantity"),
  f("item.unitName", "item", "text"),
  f("item.pricePerUnit", "item", "quantity"),
  f("item.discountAmount", "item", "money"),
  f("item.vatRate", "item", "code", { allowed: VAT_RATES }),
  f("item.total", "item", "money"),
  f("item.sellChartOfAccountCode", "item", "text"),
  f("item.buyChartOfAccountCode", "item", "text"),
  f("item.systemCode", "item", "text"),
  f("item.categoryId", "item", "id"),
  f("item.creditId", "item", "id"),
  f("item.debitId", "item", "id"),
  f("item.withHeldPerItem", "item", "rate", { allowed: WITHHOLDING_RATES }),
  f("item.withHeldPerItemValue", "item", "money"),
  f("item.documentId", "item", "id"),
  f("item.documentType", "item", "code", { allowed: [7], words: SOURCE_TYPE_WORDS }),
  f("item.partialAmount", "item", "money"),

  // Withholding tax certificates (withholding-taxes sheets; thai-tax-forms.md)
  f("entity", "document", "code", {
    allowed: [15, 9, 1, 3], wht: true,
  }),
  f("taxPayment", "document", "code", {
    allowed: [1, 3, 5, 7], wht: true,
  }),
  f("item.incomeType", "item", "text", { wht: true }),
  f("item.taxRate", "item", "rate", { wht: true }),
  f("item.taxAmount", "item", "money", { wht: true }),
  f("item.withheld", "item", "money", { wht: true }),

  // Payment
  f("paymentMethod", "payment", "code", {
    allowed: Object.values(PAYMENT_METHOD),
  }),
  f("paymentDate", "payment", "date"),
  f("collected", "payment", "money"),
  f("bankAccountId", "payment", "id"),
  f("transferBankAccountId", "payment", "id"),
  f("chequeBankAccountId", "payment", "id"),
  f("chequeDate", "payment", "date"),
  f("chequeNumber", "payment", "text"),
  f("bankChequeId", "payment", "id"),
  f("creditCardBankAccountId", "payment", "id"),
  f("creditCardId", "payment", "id"),
  f("pettyCashId", "payment", "id"),
  f("otherChannelId", "payment", "id"),
  f("withheldPercentage", "payment", "rate"),
  f("withheldAmount", "payment", "money"),
  f("paymentDeductionType", "payment", "code", {
    allowed: [1, 3, 5, 7],
  }),
  f("paymentDeductionAmount", "payment", "money"),
  f("remainingCollectedType", "payment", "code", { allowed: [51, 55] }),
  f("remainingCollected", "payment", "money"),
  f("paymentCharge", "payment", "rate"),
  f("paymentRemarks", "payment", "text"),

  // Upgrade source (documentReference[0])
  f("source.recordId", "source", "id", { wire: "recordId" }),
  f("source.referenceDocumentSerial", "source", "text"),
  f("source.referenceDocumentType", "source", "code", {
    allowed: SOURCE_TYPES, words: SOURCE_TYPE_WORDS,
  }),

  // Results written back
  f("recordId", "result", "id"),
  f("documentSerial", "result", "text"),
  f("status", "result", "status", { allowed: STATUS_WORDS }),
  f("result", "result", "text"),
  f("shareLink", "result", "text"),
  f("pdfFile", "result", "text"),
  // The document an upgrade made from this row's document (the act job's upgrade).
  // In the words of the pane's action, "แปลงเอกสาร" (the older "อัปเกรด" words are read too).
  f("upgradedTo", "result", "text"),
  f("upgradedRecordId", "result", "id"),
  f("upgradedSerial", "result", "text"),
  // The service's copy as the sheet last saw it (post, pull, update): how update tells a change on
  // the service from the user's own edit (sheet/fingerprint.ts).
  f("fingerprint", "result", "text"),
];

/** The words fixed values are shown by, each read back as its code. */
export function shownWords(shown: Shown | undefined): Record<string, number> {
  return Object.fromEntries(shown?.flatMap(([code, en, th]) => [[normalizeName(en), code], [normalizeName(th), code]] as const) ?? []);
}

/** Lower case, no spaces: the form headers and words are compared in. */
export function normalizeName(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/[\s\u200b]+/g, "");
}

export const FIELD_BY_KEY: ReadonlyMap<string, FieldDef> = new Map(FIELDS.map((d) => [d.key, d]));

function addName(m: Map<string, FieldDef>, name: string, def: FieldDef): void {
  const k = normalizeName(name);
  if (!m.has(k)) m.set(k, def);
}

/** Keys and wire names, normalized → field. */
const BY_NAME: ReadonlyMap<string, FieldDef> = (() => {
  const m = new Map<string, FieldDef>();
  for (const d of FIELDS) addName(m, d.key, d);
  for (const d of FIELDS) {
    if (d.level === "document" || d.level === "payment" || d.level === "result" || d.level === "key") addName(m, d.wire, d);
    if (d.level === "source") addName(m, `documentReference.${d.wire}`, d);
  }
  addName(m, "referenceRecordId", FIELD_BY_KEY.get("source.recordId")!);
  addName(m, "referenceDocumentSerial", FIELD_BY_KEY.get("source.referenceDocumentSerial")!);
  addName(m, "referenceDocumentType", FIELD_BY_KEY.get("source.referenceDocumentType")!);
  return m;
})();

/** Every header text that names a field, normalized → field. Keys and wire names first: they win
 * over a label that happens to be spelled alike. Certificate fields name nothing on other sheets. */
const BY_HEADER: ReadonlyMap<string, FieldDef> = (() => {
  const m = new Map([...BY_NAME].filter(([, d]) => !d.wht));
  for (const d of FIELDS) if (!d.wht) for (const l of [...d.en, ...d.th]) addName(m, l, d);
  return m;
})();

/** The payee's and the payment's columns as a withholding tax certificate sheet heads them (first:
 * the template's header), before the fields' own labels. */
export const WHT_LABELS: Readonly<Record<string, { en: readonly string[]; th: readonly string[] }>> = Object.fromEntries(
  ["contactName", "contactTaxId", "contactBranch", "contactAddress", "publishedOn"].map((key) => {
    const name = `wht_${key}` as keyof typeof en;
    return [key, { en: [en[name], ...(WHT_HEADER_WORDS[key]?.en ?? [])], th: [th[name], ...(WHT_HEADER_WORDS[key]?.th ?? [])] }];
  }),
);

/** The buying side's own names (purchase orders, purchases, expenses): the contact is the supplier
 * and the payment is paid, not collected. Each is one of the field's labels too (f above), so any
 * sheet reads them back, and the selling side's labels on older sheets still read. */
const BUYING_TABLE = { en, th } as const;

/** A field's name in `lang` as a sheet of `family` heads it (the first label, or the buying side's). */
export function fieldLabel(def: FieldDef, lang: Lang, family?: string): string {
  const buying = findCard(family)?.buying === true;
  const name = `buy_${def.key}`;
  return (buying && name in en ? BUYING_TABLE[lang][name as keyof typeof en] : undefined) ?? def[lang][0];
}

/** Header texts of a certificate sheet: its own labels first, then every field's (certificate fields too). */
const WHT_BY_HEADER: ReadonlyMap<string, FieldDef> = (() => {
  const m = new Map<string, FieldDef>();
  for (const [key, l] of Object.entries(WHT_LABELS)) for (const name of [...l.en, ...l.th]) addName(m, name, FIELD_BY_KEY.get(key)!);
  for (const [k, d] of BY_NAME) if (!m.has(k)) m.set(k, d);
  for (const d of FIELDS) if (d.wht) for (const l of [...d.en, ...d.th]) addName(m, l, d);
  for (const [k, d] of BY_HEADER) if (!m.has(k)) m.set(k, d);
  return m;
})();

/** The field a header names, if any; `wht`: on a withholding tax certificate sheet. */
export function fieldForHeader(header: string, wht = false): FieldDef | undefined {
  return (wht ? WHT_BY_HEADER : BY_HEADER).get(normalizeName(header));
}

/** The field whose key or wire name the header is (labels aside), if any. */
export function fieldForName(header: string, wht = false): FieldDef | undefined {
  const d = BY_NAME.get(normalizeName(header));
  return d && (wht || !d.wht) ? d : undefined;
}

export const RESULT_KEYS = ["recordId", "documentSerial", "status", "result"] as const;

/** The fields of one kind of sheet, found by key and by header: the documents' (FIELDS) or a
 * book's (its entry's: families/*-sheet.ts), so one reader serves both. */
export interface FieldTable {
  byKey: ReadonlyMap<string, FieldDef>;
  /** The field a header names by key, wire name or label. */
  forHeader(header: string): FieldDef | undefined;
  /** The field whose key or wire name the header is. */
  forName(header: string): FieldDef | undefined;
}

export const DOCUMENT_FIELDS: FieldTable = { byKey: FIELD_BY_KEY, forHeader: (h) => fieldForHeader(h), forName: (h) => fieldForName(h) };

/** A withholding tax certificate sheet's: the documents' fields, headed by its own labels too. */
export const WHT_FIELDS: FieldTable = { byKey: FIELD_BY_KEY, forHeader: (h) => fieldForHeader(h, true), forName: (h) => fieldForName(h, true) };

/** A table of other fields, named by key and wire name first, then by label (as FIELDS is). */
export function fieldTable(defs: readonly FieldDef[]): FieldTable {
  const byName = new Map<string, FieldDef>();
  for (const d of defs) addName(byName, d.key, d);
  for (const d of defs) addName(byName, d.wire, d);
  const byHeader = new Map(byName);
  for (const d of defs) for (const l of [...d.en, ...d.th]) addName(byHeader, l, d);
  return {
    byKey: new Map(defs.map((d) => [d.key, d])),
    forHeader: (h) => byHeader.get(normalizeName(h)),
    forName: (h) => byName.get(normalizeName(h)),
  };
}
