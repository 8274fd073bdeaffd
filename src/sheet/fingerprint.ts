// The fingerprint of a document's copy on the service, kept in the row's `fingerprint` column by
// post, pull and update: update compares it with the service's copy of now to tell a change made on
// the service since the sheet last saw the document (a conflict: not sent) from the user's own edits.
//
//   1.<16 hex: hash of every field>.<2 hex per field of FINGERPRINT_KEYS>
//
// The per-field hashes name what changed on the service. "1h." when the answer had no lines (some
// lists leave them out): line fields are then left out of the comparison. Status is not part of it:
// a status change is said as such (only awaiting documents can be edited). Pure.
import type { SheetDocument } from "./read";
import type { ServiceCopy } from "./service-copy";
import type { Parsed } from "./values";

const HEADER_KEYS = [
  "contactName", "contactCode", "contactTaxId", "contactAddress", "contactBranch", "contactPerson", "contactEmail",
  "contactNumber", "contactZipCode", "publishedOn", "dueDate", "creditType", "creditDays", "reference", "projectName",
  "salesName", "isVat", "isVatInclusive", "isManualVat", "discountPercentage", "discountAmount", "remarks", "internalNotes",
  "expenseCategoryView", "subTotal", "totalAfterDiscount", "exemptAmount", "vatableAmount", "vatAmount", "grandTotal",
  "documentWithholdingTaxPercentage", "documentWithholdingTaxAmount",
] as const;
const LINE_KEYS = [
  "item.type", "item.name", "item.description", "item.quantity", "item.unitName", "item.pricePerUnit", "item.discountAmount",
  "item.vatRate", "item.total", "item.systemCode", "item.categoryId", "item.creditId", "item.debitId", "item.withHeldPerItem",
  "item.withHeldPerItemValue",
] as const;
/** The fields a fingerprint covers, in its order (changing it makes every kept fingerprint a conflict). */
export const FINGERPRINT_KEYS: readonly string[] = [...HEADER_KEYS, ...LINE_KEYS];
const LINE_KEY_SET: ReadonlySet<string> = new Set(LINE_KEYS);

/** FNV-1a of a text from a seed (two seeds give 64 bits). */
export function fnv1a(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export const hex = (n: number, width: number): string => n.toString(16).padStart(width, "0").slice(-width);

function canonical(v: Parsed | undefined): string {
  if (v === undefined || v === "") return "";
  if (typeof v === "boolean") return v ? "1" : "0";
  return String(v);
}

function fieldText(copy: Pick<SheetDocument, "fields" | "lines">, key: string): string {
  if (!LINE_KEY_SET.has(key)) return canonical(copy.fields[key]?.value);
  return `${copy.lines.length}\u0001${copy.lines.map((l) => canonical(l.fields[key]?.value)).join("\u0001")}`;
}

function print(copy: ServiceCopy, withLines: boolean): string {
  const texts = FINGERPRINT_KEYS.map((k) => (withLines || !LINE_KEY_SET.has(k) ? fieldText(copy, k) : ""));
  const all = texts.join("\u0000");
  const whole = hex(fnv1a(all, 0x811c9dc5), 8) + hex(fnv1a(all, 0x2f5a3c91), 8);
  return `1${withLines ? "" : "h"}.${whole}.${texts.map((t) => hex(fnv1a(t, 0x811c9dc5) & 0xff, 2)).join("")}`;
}

/** The fingerprint of the service's copy of a document. */
export function fingerprintOf(copy: ServiceCopy): string {
  return print(copy, copy.linesKnown);
}

const FORM = /^1(h?)\.([0-9a-f]{16})\.([0-9a-f]+)$/;

/** Whether a value is a fingerprint as fingerprintOf writes it (not empty, not typed over). */
export function isFingerprint(v: unknown): v is string {
  const m = typeof v === "string" ? FORM.exec(v.trim()) : null;
  return m !== null && m[3].length === FINGERPRINT_KEYS.length * 2;
}

/** What changed on the service since `kept` was taken: undefined when nothing did, or when `kept` is
 * no fingerprint (empty, typed over); else the fields whose hash differs (maybe none named). */
export function changedSince(kept: unknown, copy: ServiceCopy): { keys: string[] } | undefined {
  if (!isFingerprint(kept)) return undefined;
  const m = FORM.exec(kept.trim())!;
  const withLines = m[1] === "" && copy.linesKnown;
  const [, nowWhole, nowFields] = print(copy, withLines).split(".");
  const keys = FINGERPRINT_KEYS.filter((k, i) =>
    (withLines || !LINE_KEY_SET.has(k)) && nowFields.slice(i * 2, i * 2 + 2) !== m[3].slice(i * 2, i * 2 + 2));
  // Kept with lines, answered without: only the header fields can be compared.
  if (m[1] === "" && !copy.linesKnown) return keys.length > 0 ? { keys } : undefined;
  return nowWhole === m[2] ? undefined : { keys };
}

/**
 * The fields of `keys` (the sheet's own columns) whose cells differ from the copy `kept` was taken
 * of: edits made in the sheet and not sent (refresh does not overwrite them). Compared by each
 * field's 8-bit hash, so an edit has a 1 in 256 chance of passing for unchanged. Line fields count
 * only when `lines` (the sheet holds every line of its documents). undefined when `kept` is no
 * fingerprint (the edits cannot be told).
 */
export function editedSince(kept: unknown, doc: Pick<SheetDocument, "fields" | "lines">, keys: Iterable<string>, lines: boolean): string[] | undefined {
  if (!isFingerprint(kept)) return undefined;
  const m = FORM.exec(kept.trim())!;
  const withLines = lines && m[1] === "";
  const wanted = new Set(keys);
  return FINGERPRINT_KEYS.filter((k, i) => wanted.has(k) && (withLines || !LINE_KEY_SET.has(k))
    && hex(fnv1a(fieldText(doc, k), 0x811c9dc5) & 0xff, 2) !== m[3].slice(i * 2, i * 2 + 2));
}
