// Which documents a month's VAT report counts, and the line each gives. Pure.
//
// Output tax: the documents that are tax invoices under Thai law: tax invoices, cash invoices
// (tax invoice and receipt in one) and receipts made from a billing note (receipt/tax invoice).
// A receipt made from a tax invoice or a cash invoice (an upgrade, a batch or a partial receipt)
// only records the payment of a tax invoice the report already counts: it is left out, so no VAT
// is counted twice. Input tax: purchases (receiving inventory) and expenses. Purchase orders,
// quotations and billing notes are no tax documents. A document is listed when its VAT or its
// zero-rated value is not zero; a void one is listed apart instead. An exempt-only document is not
// listed, but its exempt value counts in the return's summary.
//
// Inline documents split their pre-VAT amount by line rate (spec, inline VAT rule): the totals of
// lines at 0% are the zero-rated value, of exempt lines (-1) the exempt value, and the rest of
// grandTotal − vatAmount is the base at 7%, so base + zero + exempt + VAT is the grand total.
// Simple documents have no line rate: their whole pre-VAT amount is the base.
import type { DocumentRecord } from "../api/types";
import { CONTACT_GROUP, DOCUMENT_TYPE, FAMILY_INFO, type Family } from "../rules/codes";
import { ZERO, parseDecimal, roundHalfUp, type Decimal } from "../rules/money";
import type { VatFinding, VatSide } from "./i18n/vat-report";
import { FAMILY_ENTRIES } from "../families";
import { readBranch, readTaxId } from "./tax-id";

/** The families each side counts: those whose entry says the side (families/documents.ts). */
export const VAT_FAMILIES: Readonly<Record<VatSide, readonly Family[]>> = {
  output: vatFamilies("output"),
  input: vatFamilies("input"),
};

function vatFamilies(side: VatSide): Family[] {
  return FAMILY_ENTRIES.filter((e) => e.vatSide === side).map((e) => e.name as Family);
}

/** Sources whose receipts the report leaves out: the tax documents themselves. */
const TAX_DOCUMENT_SOURCES: ReadonlySet<number> = new Set([DOCUMENT_TYPE.TaxInvoice, DOCUMENT_TYPE.CashInvoice]);

export interface VatEntry {
  side: VatSide;
  family: Family;
  recordId: number;
  serial: string;
  /** YYYY-MM-DD */
  date: string;
  name: string;
  /** 13 digits when the document's tax id reads as one; else as written ("" when none). */
  taxId: string;
  /** 5 digits (00000 head office) when it reads as a branch; else as written. */
  branch: string;
  /** The document's amounts as the service gave them (not rounded): base at 7%, VAT, value at 0%, exempt value. */
  base: Decimal;
  vat: Decimal;
  zero: Decimal;
  exempt: Decimal;
  void: boolean;
}

/** A receipt that pays a tax invoice or a cash invoice (its source is one). */
export function paysTaxDocument(doc: DocumentRecord): boolean {
  return (doc.referencedByMe ?? []).some((r) => TAX_DOCUMENT_SOURCES.has(Number(r.referenceDocumentType)));
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** An inline document whose lines carry rates (its list answer may leave the lines out). */
export function isInlineVat(doc: DocumentRecord): boolean {
  return doc.documentStructureType === "InlineDocument" && doc.isVat !== false;
}

/** Σ of an inline document's line totals at 0% and exempt (-1); both zero on a simple document. */
export function lineSplit(doc: DocumentRecord): { zero: Decimal; exempt: Decimal } {
  let zero = ZERO;
  let exempt = ZERO;
  if (!isInlineVat(doc)) return { zero, exempt };
  for (const item of doc.items ?? []) {
    const rate = Number(item.vatRate);
    const total = parseDecimal(item.total) ?? ZERO;
    if (rate === 0) zero = zero.plus(total);
    else if (rate === -1) exempt = exempt.plus(total);
  }
  return { zero, exempt };
}

/** Whether the output or input report lists the entry: it has VAT or a zero-rated value. */
export function listed(e: VatEntry): boolean {
  return !e.vat.isZero() || !e.zero.isZero();
}

/** The report's entry of a document, or null when it has nothing to report (no VAT, no 0% or exempt
 * value; a receipt of a tax invoice). Amounts that are not two-decimal money are findings. */
export function vatEntry(side: VatSide, family: Family, doc: DocumentRecord, findings: VatFinding[]): VatEntry | null {
  const vat = parseDecimal(doc.vatAmount) ?? ZERO;
  const { zero, exempt } = lineSplit(doc);
  if (vat.isZero() && zero.isZero() && exempt.isZero()) return null;
  if (FAMILY_INFO[family].paysDocuments && paysTaxDocument(doc)) return null;
  const grand = parseDecimal(doc.grandTotal) ?? ZERO;
  const serial = text(doc.documentSerial) || String(doc.recordId);
  for (const [field, value] of [["vatAmount", vat], ["grandTotal", grand]] as const) {
    if (!roundHalfUp(value, 2).equals(value)) findings.push({ kind: "notMoney", family, serial, field, value: value.toString() });
  }
  const rawTaxId = text(doc.contactTaxId);
  const taxId = rawTaxId === "" ? "" : readTaxId(rawTaxId);
  const rawBranch = text(doc.contactBranch);
  // A registered buyer or seller with no branch given is its head office; a person has no branch
  // at all (the form leaves it blank): a tax id of a person (a citizen id, not starting with 0), or
  // no tax id and contact group 1. A company's tax id (starting with 0) decides over the group,
  // which a document may carry by default.
  const person = /^[1-8]/.test(rawTaxId) || (rawTaxId === "" && doc.contactGroup === CONTACT_GROUP.Individual);
  const branch = person ? "" : rawBranch === "" ? (rawTaxId === "" ? "" : "00000") : readBranch(rawBranch);
  return {
    side, family, recordId: doc.recordId, serial, date: text(doc.publishedOn).slice(0, 10), name: text(doc.contactName),
    taxId: typeof taxId === "string" ? taxId : taxId.ok ? String(taxId.value) : rawTaxId,
    branch: typeof branch === "string" ? branch : branch.ok ? String(branch.value) : rawBranch,
    base: grand.minus(vat).minus(zero).minus(exempt), vat, zero, exempt, void: doc.statusString === "void",
  };
}

/** The report's order: by date, then document number. */
export function byDateAndSerial(a: VatEntry, b: VatEntry): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : a.recordId - b.recordId;
}

/** A side's figures: Σ of the listed entries' amounts as given, Σ of them at two decimals (what the
 * report's cells hold), and Σ of the exempt value of every entry, listed or not. */
export function sums(entries: readonly VatEntry[], unlisted: readonly VatEntry[] = []): SideFigures {
  const f: SideFigures = { base: ZERO, vat: ZERO, zero: ZERO, exempt: ZERO, cellBase: ZERO, cellVat: ZERO, cellZero: ZERO };
  for (const e of entries) {
    f.base = f.base.plus(e.base);
    f.vat = f.vat.plus(e.vat);
    f.zero = f.zero.plus(e.zero);
    f.cellBase = f.cellBase.plus(roundHalfUp(e.base, 2));
    f.cellVat = f.cellVat.plus(roundHalfUp(e.vat, 2));
    f.cellZero = f.cellZero.plus(roundHalfUp(e.zero, 2));
  }
  for (const e of [...entries, ...unlisted]) f.exempt = f.exempt.plus(e.exempt);
  return f;
}

export interface SideFigures {
  /** Σ of the report's cells (what its totals row adds up). */
  cellBase: Decimal;
  cellVat: Decimal;
  cellZero: Decimal;
  /** Σ of the documents' own amounts; exempt is not a column of the report. */
  base: Decimal;
  vat: Decimal;
  zero: Decimal;
  exempt: Decimal;
}

/** The ภ.พ.30 return's nine lines from the month's sums (each rounded to the satang first):
 * 1 total sales, 2 zero-rated, 3 exempt, 4 taxable (1 − 2 − 3), 5 output tax, 6 purchases eligible
 * for credit, 7 input tax, 8 payable or 9 overpaid (the other 0, never negative). */
export function pp30Lines(sales: { base: Decimal; vat: Decimal; zero: Decimal; exempt: Decimal }, purchases: { base: Decimal; vat: Decimal }): Decimal[] {
  const r = (d: Decimal): Decimal => roundHalfUp(d, 2);
  const [taxable, zero, exempt, output, bought, input] = [sales.base, sales.zero, sales.exempt, sales.vat, purchases.base, purchases.vat].map(r);
  const net = output.minus(input);
  return [taxable.plus(zero).plus(exempt), zero, exempt, taxable, output, bought, input, net.isNegative() ? ZERO : net, net.isNegative() ? net.negated() : ZERO];
}
