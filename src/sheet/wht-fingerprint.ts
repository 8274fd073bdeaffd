// A fingerprint of a withholding tax certificate as the service answers it, kept in the row's
// hidden fingerprint column by pull, post, update and refresh (and in the post record, for undo;
// a pulled row's adds its columns' hashes, sheet/row-fingerprint.ts): update compares
// it with the service's copy of now to tell a change made on the service since the sheet last saw
// the certificate from the sheet's own edits. It covers what the certificate says (the payee, the
// date, the form, the condition, every income line, the totals, the notes), not its status (only
// an awaiting certificate can be edited, which update says as such) nor the service's own fields.
// The documents' fingerprint (sheet/fingerprint.ts) does not cover a certificate's income lines,
// form or condition. Pure.
import { hash2 } from "./books/fingerprint";
import type { Json } from "../rules/json";

const HEADER = [
  "contactName", "contactTaxId", "contactBranch", "contactAddress", "contactZipCode", "contactEmail", "contactNumber", "contactGroup",
  "publishedOn", "entity", "textOther", "taxPayment", "taxPaymentOthers", "total", "totalTaxWithheld", "remarks", "internalNotes",
] as const;
const LINE = ["incomeType", "description", "taxRate", "taxAmount", "withheld"] as const;

/** A value as the fingerprint reads it: numbers by value, text trimmed, a date by its day, nothing as empty. */
function canonical(key: string, v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  const text = String(v).trim();
  if (key === "publishedOn") return text.slice(0, 10);
  return text !== "" && /^-?\d+(\.\d+)?$/.test(text) ? String(Number(text)) : text;
}

/** The fingerprint of a certificate's copy on the service. */
export function certificateFingerprint(record: Json): string {
  const lines = Array.isArray(record.withholdingTaxItems) ? (record.withholdingTaxItems as Json[]) : [];
  const texts = [
    ...HEADER.map((k) => canonical(k, record[k])),
    String(lines.length),
    ...lines.flatMap((line) => LINE.map((k) => canonical(k, line[k]))),
  ];
  return `w1.${hash2(texts.join("\u0000"))}`;
}

/** Whether a value is a fingerprint as certificateFingerprint writes it, or a pulled row's that
 * begins with it (row-fingerprint.ts): not empty, not typed over. */
export function isCertificateFingerprint(v: unknown): v is string {
  return typeof v === "string" && /^w1\.[0-9a-f]{16}(\.[0-9A-Za-z_-]+)?$/.test(v.trim());
}

/** Whether a fingerprint cell was taken of this very copy of the certificate (unchanged since). */
export function certificateFingerprintHolds(kept: unknown, record: Json): boolean {
  return isCertificateFingerprint(kept) && kept.trim().split(".").slice(0, 2).join(".") === certificateFingerprint(record);
}
