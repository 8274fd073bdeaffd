// A fingerprint of a contact or product as the service answers it: what the post's record keeps for
// undo (jobs/post-record.ts) and the hidden fingerprint column of a contact or product sheet keeps
// for update (a record changed on the service since the sheet saw it is not overwritten). Pure.
import { fnv1a, hex } from "../fingerprint";
import type { Json } from "../../rules/json";

/** Keys that say when, not what: left out of a fingerprint. */
const WHEN = new Set(["updatedAt", "createdAt", "updatedOn", "createdOn", "modifiedOn", "lastUpdated"]);

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => !WHEN.has(k) && o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${stable(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(v ?? null);
}

export const hash2 = (text: string): string => `${hex(fnv1a(text, 0x811c9dc5), 8)}${hex(fnv1a(text, 0x2f5a3c91), 8)}`;

/** A fingerprint of a contact, product or voucher as the service answers it (every field, the
 * times left out): equal only for the same record, unchanged. */
export function bookFingerprint(record: Json): string {
  return `b1.${hash2(stable(record))}`;
}

/** Whether a value is a fingerprint as bookFingerprint writes it, or a pulled row's that begins
 * with it (row-fingerprint.ts): not empty, not typed over. */
export function isBookFingerprint(v: unknown): v is string {
  return typeof v === "string" && /^b1\.[0-9a-f]{16}(\.[0-9A-Za-z_-]+)?$/.test(v.trim());
}

/** Whether a fingerprint cell was taken of this very copy of the record (unchanged since). */
export function bookFingerprintHolds(kept: unknown, record: Json): boolean {
  return isBookFingerprint(kept) && kept.trim().split(".").slice(0, 2).join(".") === bookFingerprint(record);
}
