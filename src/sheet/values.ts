// Reads one cell as the kind of value its column holds. Pure. Every failure is a message for that
// cell, never an exception: users type anything into cells.
import { isCellError, type CellValue } from "../workbook/port";
import { STATUS_WORDS } from "../rules/codes";
import type { FieldDef } from "./fields";
import { normalizeName } from "./fields";
import { YES_NO } from "./shown-values";
import { parseDecimal } from "../rules/money";
import { sheetMsg } from "./messages";
import { statusFromText } from "./i18n/status";
import { readBranch, readTaxId } from "./tax-id";

import { parseFailed, type Parsed, type ParseResult } from "./parsed";
export type { Parsed, ParseResult } from "./parsed";

const ok = (value: Parsed): ParseResult => ({ ok: true, value });


/** Fields with a form of their own, whatever their kind says. */
const OWN_READERS: Readonly<Record<string, (value: CellValue) => ParseResult>> = {
  contactTaxId: readTaxId,
  contactBranch: readBranch,
};

/** Ids whose negative values the shared rules judge, in the spec's words ("ContactId cannot be less than 0"). */
const NEGATIVE_JUDGED_BY_RULES = new Set(["contactId"]);

/** A cell counts as empty when it holds nothing but spaces. */
export function isEmptyCell(v: CellValue): boolean {
  return v === null || v === undefined || (typeof v === "string" && v.trim() === "");
}

const DECIMALS: Record<string, number> = { money: 2, quantity: 4, rate: 4 };

/** Parses a non-empty cell for a field. `format` is the cell's number format ("General", "d/m/yyyy", ...). */
export function parseCell(def: FieldDef, value: CellValue, format = "General"): ParseResult {
  if (isCellError(value)) return parseFailed(sheetMsg("cellError", { error: value.error }));
  const own = OWN_READERS[def.key];
  if (own) return own(value);
  switch (def.kind) {
    case "text":
      return ok(textOf(value, format));
    case "money":
    case "quantity":
    case "rate":
      return parseNumber(value, DECIMALS[def.kind]);
    case "integer":
    case "id":
      return parseWhole(value, def.kind === "id" && !NEGATIVE_JUDGED_BY_RULES.has(def.key));
    case "date":
      return parseDate(value, format);
    case "boolean":
      return parseBoolean(value);
    case "code":
      return parseCode(def, value);
    case "status":
      return parseStatus(value);
  }
}

function textOf(value: CellValue, format: string): string {
  if (value instanceof Date) return isoDate(value);
  if (typeof value === "number") {
    if (isDateFormat(format)) {
      const d = fromSerial(value);
      if (d) return d;
    }
    return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
  }
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value).trim();
}

function parseNumber(value: CellValue, decimals: number): ParseResult {
  if (value instanceof Date || typeof value === "boolean") return parseFailed(sheetMsg("numberExpected"));
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return parseFailed(sheetMsg("numberExpected"));
    // Formula results carry binary noise (0.1 + 0.2); 15 significant digits is what Excel shows.
    const clean = Number(value.toPrecision(15));
    text = String(clean);
    // Most cells are plain numbers within their places: no need for a Decimal.
    const dot = text.indexOf(".");
    if (!text.includes("e") && (dot < 0 || text.length - dot - 1 <= decimals)) return ok(clean);
  } else {
    text = String(value).trim().replace(/%$/, "");
  }
  const d = parseDecimal(text);
  if (d === null) return parseFailed(sheetMsg("notANumber", { text: String(value).trim() }));
  if (d.decimalPlaces() > decimals) {
    return parseFailed(decimals === 0 ? sheetMsg("notWhole", { value: d.toString() }) : sheetMsg("tooManyDecimals", { value: d.toString(), places: decimals }));
  }
  return ok(d.toNumber());
}

/** A whole number; `noNegative` for ids, which are never below 0. */
function parseWhole(value: CellValue, noNegative: boolean): ParseResult {
  const n = parseNumber(value, 0);
  if (n.ok && noNegative && (n.value as number) < 0) return parseFailed(sheetMsg("idNegative"));
  return n;
}

/** Excel's day 0 is 1899-12-30 once its 1900 leap-year bug is taken into account. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function fromSerial(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return undefined;
  return isoDate(new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS));
}

/** A number format shows a date when it has d, m or y outside quotes and brackets (not [h]:mm). */
export function isDateFormat(format: string): boolean {
  if (!format || format === "General") return false;
  const bare = format.replace(/"[^"]*"/g, "").replace(/\[[^\]]*\]/g, "").replace(/\\./g, "");
  return /[dy]/i.test(bare) || /m{3,}/i.test(bare) || (/m/i.test(bare) && !/[h:s]/i.test(bare));
}

const pad = (n: number, w = 2): string => String(n).padStart(w, "0");

/** UTC date parts: exceljs and the memory host give dates at UTC midnight. */
function isoDate(d: Date): string {
  return isoFromParts(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()) ?? "";
}

/** YYYY-MM-DD, with Buddhist-era years (from 2400) turned into the common era; undefined when impossible. */
function isoFromParts(year: number, month: number, day: number): string | undefined {
  const y = year >= 2400 ? year - 543 : year;
  if (y < 1900 || y > 2200 || month < 1 || month > 12 || day < 1) return undefined;
  const last = new Date(Date.UTC(y, month, 0)).getUTCDate();
  if (day > last) return undefined;
  return `${pad(y, 4)}-${pad(month)}-${pad(day)}`;
}

function parseDate(value: CellValue, format: string): ParseResult {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return parseFailed(sheetMsg("dateInvalid"));
    const s = isoFromParts(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
    return s ? ok(s) : parseFailed(sheetMsg("dateInvalid"));
  }
  if (typeof value === "number") {
    const s = Number.isInteger(value) || isDateFormat(format) ? fromSerial(value) : undefined;
    return s ? ok(s) : parseFailed(sheetMsg("numberNotDate", { value }));
  }
  if (typeof value === "boolean") return parseFailed(sheetMsg("dateExpected"));
  const text = String(value).trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  let parts: [number, number, number] | undefined;
  if (m) parts = [Number(m[1]), Number(m[2]), Number(m[3])];
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) parts = [Number(m[3]), Number(m[2]), Number(m[1])];
  if (!parts) return parseFailed(sheetMsg("textNotDate", { text }));
  const s = isoFromParts(...parts);
  return s ? ok(s) : parseFailed(sheetMsg("dateImpossible", { text }));
}

/** The words a yes or a no is typed as (normalized): those a yes/no cell is shown by (shown-values.ts:
 * Yes, ใช่, ...) and the others people type. content.ts tells a yes/no column by them too. */
export const YES_WORDS: readonly string[] = [...[YES_NO.en[0], YES_NO.th[0]].map(normalizeName), "true", "y", "จริง", "มี"];
export const NO_WORDS: readonly string[] = [...[YES_NO.en[1], YES_NO.th[1]].map(normalizeName), "false", "n", "เท็จ", "ไม่มี"];
const TRUE_WORDS = new Set([...YES_WORDS, "1"]);
const FALSE_WORDS = new Set([...NO_WORDS, "0"]);

function parseBoolean(value: CellValue): ParseResult {
  if (typeof value === "boolean") return ok(value);
  if (typeof value === "number" && (value === 0 || value === 1)) return ok(value === 1);
  const w = typeof value === "string" ? normalizeName(value) : "";
  if (TRUE_WORDS.has(w)) return ok(true);
  if (FALSE_WORDS.has(w)) return ok(false);
  return parseFailed(sheetMsg("notBoolean", { text: String(value) }));
}

function parseCode(def: FieldDef, value: CellValue): ParseResult {
  // TRUE / FALSE in a line's VAT rate: VAT yes (7%) or no (exempt), as its words say.
  if (typeof value === "boolean" && def.words) {
    const word = def.words[String(value)];
    if (word !== undefined) return ok(word);
  }
  const allowed = (def.allowed ?? []) as readonly number[];
  const list = allowed.join(", ");
  if (typeof value === "string") {
    const w = normalizeName(value);
    const word = def.words?.[w];
    if (word !== undefined) return ok(word);
  }
  const n = parseNumber(value, 4);
  if (n.ok && (allowed.length === 0 || allowed.includes(n.value as number))) return n;
  const text = String(value);
  if (!def.words) return parseFailed(sheetMsg("codeNotAllowed", { text, allowed: list }));
  return parseFailed(sheetMsg("codeNotAllowedWords", { text, allowed: list, words: Object.keys(def.words).slice(0, 8).join(", ") }));
}

/** The service's status word for a cell that says it (awaiting, invoicedelivered) or says it as people
 * do, in English or Thai (awaiting payment, รอเก็บเงิน): the jobs write the people's words. */
function parseStatus(value: CellValue): ParseResult {
  const word = typeof value === "string" ? statusFromText(value) : undefined;
  if (word !== undefined) return ok(word);
  return parseFailed(sheetMsg("statusUnknown", { text: String(value), statuses: STATUS_WORDS.join(", ") }));
}
