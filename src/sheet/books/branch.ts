// A contact's branch as the service keeps it ("00001", "สาขา 00001", "สำนักงานใหญ่") and as its sheet
// shows it: read by the contacts' sheet (families/contacts-sheet.ts) and their identity (identity.ts),
// apart from the identity so the sheet's module does not import the registry back. Pure.
import type { Json } from "../../rules/json";
import { readBranch } from "../tax-id";

export const textOf = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** A contact's branch code, from its code or from the name the service keeps ("สำนักงานใหญ่"). */
export function branchCodeOf(r: Json): string {
  const code = textOf(r.contactBranchCode);
  if (/^\d{5}$/.test(code)) return code;
  const read = readBranch(textOf(r.contactBranch) || "00000");
  return read.ok ? String(read.value) : textOf(r.contactBranch);
}

/** A contact's branch code as its sheet shows it (a pull's cell): as branchCodeOf reads it where
 * the service keeps a code or a branch name, none where it keeps neither. */
export function shownBranchCode(r: Json): string {
  return textOf(r.contactBranchCode) || textOf(r.contactBranch) ? branchCodeOf(r) : "";
}
