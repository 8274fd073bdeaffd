// The fingerprint of a document's copy on the service, kept in the row's `fingerprint` column by
// post, pull and update: update compares it with the service's copy of now to tell a change made on
// the service since the sheet last saw the document (a conflict: not sent) from the user's own edits.
//
//   2.<16 hex: hash of every field>.<4 base64url characters (24 bits) per field of FINGERPRINT_KEYS>
//
// The per-field hashes name what changed on the service, and what was edited in the sheet and not
// sent (refresh): 24 bits miss one edit in 16.7 million. Sheets written before keep working with
// their "1." fingerprints (2 hex, 8 bits a field: one edit in 256 passed for unchanged), read as
// they were written, and take the new form as their rows are written again. "2h." ("1h.") when the
// answer had no lines (some lists leave them out): line fields are then left out of the
// comparison. Status is not part of it: a status change is said as such (only awaiting documents
// can be edited). Pure.
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

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The versions a fingerprint is written in: each field's hash and its width in characters. */
const FIELD_HASH: Record<Version, { width: number; of: (text: string) => string }> = {
  "1": { width: 2, of: (t) => hex(fnv1a(t, 0x811c9dc5) & 0xff, 2) },
  // 24 bits of a 32-bit FNV-1a from a seed of its own, as 4 base64url characters: a field's edit
  // passes for unchanged once in 16.7 million (8 bits: once in 256), in 188 characters for all.
  "2": { width: 4, of: (t) => { const h = fnv1a(t, 0x6b43a9b5) >>> 8; return [18, 12, 6, 0].map((s) => B64[(h >>> s) & 63]).join(""); } },
};
type Version = "1" | "2";
const WRITTEN: Version = "2";

function print(copy: ServiceCopy, withLines: boolean, version: Version = WRITTEN): string {
  const texts = FINGERPRINT_KEYS.map((k) => (withLines || !LINE_KEY_SET.has(k) ? fieldText(copy, k) : ""));
  const all = texts.join("\u0000");
  const whole = hex(fnv1a(all, 0x811c9dc5), 8) + hex(fnv1a(all, 0x2f5a3c91), 8);
  return `${version}${withLines ? "" : "h"}.${whole}.${texts.map(FIELD_HASH[version].of).join("")}`;
}

/** The fingerprint of the service's copy of a document. */
export function fingerprintOf(copy: ServiceCopy): string {
  return print(copy, copy.linesKnown);
}

const FORM = /^([12])(h?)\.([0-9a-f]{16})\.([0-9A-Za-z_-]+)$/;

interface Kept { version: Version; withLines: boolean; whole: string; fields: string[] }

/** A fingerprint's parts, or null for anything else (empty, typed over, cut short). */
function parse(v: unknown): Kept | null {
  const m = typeof v === "string" ? FORM.exec(v.trim()) : null;
  if (!m) return null;
  const version = m[1] as Version;
  const { width } = FIELD_HASH[version];
  if (m[4].length !== FINGERPRINT_KEYS.length * width || (version === "1" && !/^[0-9a-f]+$/.test(m[4]))) return null;
  const fields = FINGERPRINT_KEYS.map((_, i) => m[4].slice(i * width, (i + 1) * width));
  return { version, withLines: m[2] === "", whole: m[3], fields };
}

/** Whether a value is a fingerprint as fingerprintOf writes it, now or before (not empty, not typed over). */
export function isFingerprint(v: unknown): v is string {
  return parse(v) !== null;
}

/** Whether `kept` is the very fingerprint of this copy, in the form it was written in (an old
 * sheet's fingerprint holds as long as the document did not change). */
export function fingerprintHolds(kept: unknown, copy: ServiceCopy): boolean {
  const k = parse(kept);
  return k !== null && print(copy, copy.linesKnown, k.version) === String(kept).trim();
}

/** What changed on the service since `kept` was taken: undefined when nothing did, or when `kept` is
 * no fingerprint (empty, typed over); else the fields whose hash differs (maybe none named). */
export function changedSince(kept: unknown, copy: ServiceCopy): { keys: string[] } | undefined {
  const k = parse(kept);
  if (!k) return undefined;
  const withLines = k.withLines && copy.linesKnown;
  const [, nowWhole] = print(copy, withLines, k.version).split(".");
  const of = FIELD_HASH[k.version].of;
  const keys = FINGERPRINT_KEYS.filter((key, i) =>
    (withLines || !LINE_KEY_SET.has(key)) && of(fieldText(copy, key)) !== k.fields[i]);
  // Kept with lines, answered without: only the header fields can be compared.
  if (k.withLines && !copy.linesKnown) return keys.length > 0 ? { keys } : undefined;
  return nowWhole === k.whole ? undefined : { keys };
}

/**
 * The fields of `keys` (the sheet's own columns) whose cells differ from the copy `kept` was taken
 * of: edits made in the sheet and not sent (refresh does not overwrite them). Compared by each
 * field's hash: 24 bits (an edit missed once in 16.7 million), 8 in a fingerprint of before. Line fields count
 * only when `lines` (the sheet holds every line of its documents). undefined when `kept` is no
 * fingerprint (the edits cannot be told).
 */
export function editedSince(kept: unknown, doc: Pick<SheetDocument, "fields" | "lines">, keys: Iterable<string>, lines: boolean): string[] | undefined {
  const k = parse(kept);
  if (!k) return undefined;
  const withLines = lines && k.withLines;
  const wanted = new Set(keys);
  const of = FIELD_HASH[k.version].of;
  return FINGERPRINT_KEYS.filter((key, i) => wanted.has(key) && (withLines || !LINE_KEY_SET.has(key))
    && of(fieldText(doc, key)) !== k.fields[i]);
}
