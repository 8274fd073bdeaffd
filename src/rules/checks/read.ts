// Tolerant reading of unvalidated bodies: the rules run on the raw body wherever a value can be
// read, so one body shows all its problems at once, and nothing (wrong types included) throws.
import { WITHHOLDING_RATES } from "../codes";
import { type Decimal, formatMoney, parseDecimal, roundHalfUp } from "../money";

export type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
export const truthy = (v: unknown): boolean => v === true || (typeof v === "string" && v.trim().toLowerCase() === "true");
/** A boolean flag: absent is false; null when present but not a boolean. */
export const flag = (v: unknown): boolean | null => {
  if (absent(v) || v === false) return false;
  if (v === true) return true;
  if (typeof v === "string" && /^\s*(true|false)\s*$/i.test(v)) return v.trim().toLowerCase() === "true";
  return null;
};
/** Absent for the service: undefined, null, or blank text. */
export const absent = (v: unknown): boolean => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
/** An id the service would read as not given: absent, 0 or "0" (the .NET default of an int). */
export const absentId = (v: unknown): boolean => {
  if (absent(v)) return true;
  const d = parseDecimal(v);
  return d !== null && d.isZero();
};
export const itemsOf = (body: Obj): unknown[] => (Array.isArray(body.items) ? body.items : []);
export const money = (d: Decimal) => formatMoney(d, 2);

const RATE_SET = new Set<string>(WITHHOLDING_RATES.map((r) => String(r)));
export const isWithholdingRate = (d: Decimal): boolean => RATE_SET.has(d.toString());

/** The given value at 2 dp, or null when absent or unreadable (nothing to compare). */
export function given2(v: unknown): Decimal | null {
  if (absent(v)) return null;
  const d = parseDecimal(v);
  return d === null ? null : roundHalfUp(d, 2);
}
