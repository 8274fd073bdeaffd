// Which documents a month's VAT report counts, and the line each gives. Pure.
//
// Output tax: the documents that are tax invoices under Thai law: tax invoices, cash invoices
// (tax invoice and receipt in one) and receipts made from a billing note (receipt/tax invoice).
// A receipt made from a tax invoice or a cash invoice (an upgrade, a batch or a partial receipt)
// only records the payment of a tax invoice the report already counts: it is left out, so no VAT
// is counted twice. Input tax: purchases (receiving inventory) and expenses. Purchase orders,
// quotations and billing notes are no tax documents. A document counts when its VAT is not zero;
// a void one is listed apart instead.
//
// Amount before VAT = grandTotal − vatAmount (the same pre-VAT amount withholding is taken on),
// so amount before VAT + VAT is the document's grand total.
import type { DocumentRecord } from "../api/types";
import { DOCUMENT_TYPE, type Family } from "../rules/codes";
import { ZERO, parseDecimal, roundHalfUp, type Decimal } from "../rules/money";
import type { VatFinding, VatSide } from "./i18n/vat-report";
import { readBranch, readTaxId } from "./tax-id";

export const VAT_FAMILIES: Readonly<Record<VatSide, readonly Family[]>> = {
  output: ["tax-invoices", "cash-invoices", "receipts"],
  input: ["purchases", "expenses"],
};

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
  /** The document's amounts as the service gave them (not rounded). */
  base: Decimal;
  vat: Decimal;
  void: boolean;
}

/** A receipt that pays a tax invoice or a cash invoice (its source is one). */
export function paysTaxDocument(doc: DocumentRecord): boolean {
  return (doc.referencedByMe ?? []).some((r) => TAX_DOCUMENT_SOURCES.has(Number(r.referenceDocumentType)));
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** The report's line of a document, or null when the report does not count it (no VAT, a receipt
 * of a tax invoice). Amounts that are not two-decimal money are findings. */
export function vatEntry(side: VatSide, family: Family, doc: DocumentRecord, findings: VatFinding[]): VatEntry | null {
  const vat = parseDecimal(doc.vatAmount) ?? ZERO;
  if (vat.isZero()) return null;
  if (family === "receipts" && paysTaxDocument(doc)) return null;
  const grand = parseDecimal(doc.grandTotal) ?? ZERO;
  const serial = text(doc.documentSerial) || String(doc.recordId);
  for (const [field, value] of [["vatAmount", vat], ["grandTotal", grand]] as const) {
    if (!roundHalfUp(value, 2).equals(value)) findings.push({ kind: "notMoney", family, serial, field, value: value.toString() });
  }
  const rawTaxId = text(doc.contactTaxId);
  const taxId = rawTaxId === "" ? "" : readTaxId(rawTaxId);
  const rawBranch = text(doc.contactBranch);
  // A registered buyer or seller with no branch given is its head office.
  const branch = rawBranch === "" ? (rawTaxId === "" ? "" : "00000") : readBranch(rawBranch);
  return {
    side, family, recordId: doc.recordId, serial, date: text(doc.publishedOn).slice(0, 10), name: text(doc.contactName),
    taxId: typeof taxId === "string" ? taxId : taxId.ok ? String(taxId.value) : rawTaxId,
    branch: typeof branch === "string" ? branch : branch.ok ? String(branch.value) : rawBranch,
    base: grand.minus(vat), vat, void: doc.statusString === "void",
  };
}

/** The report's order: by date, then document number. */
export function byDateAndSerial(a: VatEntry, b: VatEntry): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : a.recordId - b.recordId;
}

/** Σ of the amounts as given, and Σ of them at two decimals (what the report's cells hold). */
export function sums(entries: readonly VatEntry[]): { base: Decimal; vat: Decimal; cellBase: Decimal; cellVat: Decimal } {
  let base = ZERO;
  let vat = ZERO;
  let cellBase = ZERO;
  let cellVat = ZERO;
  for (const e of entries) {
    base = base.plus(e.base);
    vat = vat.plus(e.vat);
    cellBase = cellBase.plus(roundHalfUp(e.base, 2));
    cellVat = cellVat.plus(roundHalfUp(e.vat, 2));
  }
  return { base, vat, cellBase, cellVat };
}
