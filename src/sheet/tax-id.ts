// Thai tax ids and branch codes as the Revenue Department writes them, read from cells Excel may
// have turned into numbers. Pure.
//
// Tax id (contactTaxId): 13 digits, always text on the wire. The last digit is a check digit:
// check = (11 − Σ digit[i] × (13 − i), i = 0..11, mod 11) mod 10. Dashes and spaces
// ("0-1055-51234-56-7") and Thai digits are accepted. Company ids start with 0, which Excel drops
// when the column is not text: 12 digits whose 13-digit form (a 0 in front) passes the check are
// restored, with a note; other 12 digits, other lengths and a wrong check digit are findings.
//
// Branch (contactBranch): the 5-digit branch number of the buyer's registration, "00000" for the
// head office. What the sheet sends is always that code, so one contact's documents agree however
// the branch was typed: "Head office", "สำนักงานใหญ่", "สนญ." → "00000"; "สาขา 1", "สาขาที่ 00001",
// "Branch 1", 1 → "00001" (a bare number shorter than 5 digits gets a note: Excel drops leading
// zeros). Anything else is a finding.
import type { CellValue } from "../workbook/port";
import { normalizeName } from "./fields";
import { sheetMsg } from "./messages";
import { parseFailed, parseNoted, type ParseResult } from "./parsed";

const THAI_DIGIT_ZERO = 0x0e50; // ๐

/** Thai digits (๐-๙) as 0-9, and the dashes, dots and spaces people group digits with dropped. */
function digitsOf(text: string): string {
  return text
    .replace(/[\u0e50-\u0e59]/g, (d) => String(d.charCodeAt(0) - THAI_DIGIT_ZERO))
    .replace(/[\s\u00a0\u200b\-\u2010-\u2015.]/g, "");
}

/** A tax id's digits however it was typed or kept ("0-1055-57000-01-1", Thai digits): how two
 * tax ids are compared. */
export function taxIdDigits(text: string): string {
  return digitsOf(text);
}

/** True for 13 digits whose last is the check digit of the first 12. */
export function isValidTaxId(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (digits.charCodeAt(i) - 48) * (13 - i);
  return (11 - (sum % 11)) % 10 === digits.charCodeAt(12) - 48;
}

/** The text of a cell as typed: whole numbers without exponent; undefined for other values. */
function cellText(value: CellValue): string | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
  if (typeof value === "string") return value.trim();
  return undefined;
}

export function readTaxId(value: CellValue): ParseResult {
  const text = cellText(value);
  const shown = text ?? String(value);
  const digits = text === undefined ? "" : digitsOf(text);
  if (!/^\d+$/.test(digits)) return parseFailed(sheetMsg("taxIdDigits", { text: shown }));
  if (digits.length === 13) {
    return isValidTaxId(digits) ? { ok: true, value: digits } : parseFailed(sheetMsg("taxIdChecksum", { taxId: digits }));
  }
  if (digits.length === 12) {
    const restored = `0${digits}`;
    if (isValidTaxId(restored)) return parseNoted(restored, sheetMsg("taxIdZeroRestored", { taxId: restored }));
    return parseFailed(sheetMsg("taxIdTwelveDigits", { text: digits }));
  }
  return parseFailed(sheetMsg("taxIdDigits", { text: shown }));
}

const HEAD_OFFICE = new Set(["headoffice", "hq", "headquarters", "mainoffice", "สำนักงานใหญ่", "สนญ"].map(normalizeName));
/** "สาขา 1", "สาขาที่ 00001", "Branch 1", "Branch no. 1", "1". */
const BRANCH_NUMBER = /^(?:สาขา(?:ที่)?|branch(?:no\.?)?)?(\d{1,5})$/;

export function readBranch(value: CellValue): ParseResult {
  const text = cellText(value);
  const name = text === undefined ? "" : digitsOf(normalizeName(text));
  if (HEAD_OFFICE.has(name)) return { ok: true, value: "00000" };
  const m = BRANCH_NUMBER.exec(name);
  if (!m) return parseFailed(sheetMsg("branchInvalid", { text: text ?? String(value) }));
  const branch = m[1].padStart(5, "0");
  // Only a bare number lost zeros to Excel; "สาขา 1" is how people write branch 00001.
  const bare = m[1] === name && m[1].length < 5;
  return bare ? parseNoted(branch, sheetMsg("branchZerosRestored", { branch })) : { ok: true, value: branch };
}
