// Money: decimal.js only, never floating point. A private Decimal clone carries the rounding mode
// (half-up, away from zero on .5 as accountants expect), so nobody's global config can change it.
import DecimalJs from "decimal.js";

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Decimal = DecimalJs;
export type DecimalValue = DecimalJs.Value;

const SMALL_INTEGERS: readonly Decimal[] = Array.from({ length: 1024 }, (_, i) => new Decimal(i));
export const ZERO = SMALL_INTEGERS[0];
export const HUNDRED = new Decimal(100);

/**
 * Decimal places per wire field (spec, Calculation rules 3). Document, line and payment fields
 * share names (line `total`/`discountAmount` have the same 2 dp as the document's). Percentages
 * the spec does not list (document and per-line withholding) take 4 dp like discountPercentage.
 */
export const PRECISION: Record<string, 2 | 4> = {
  subTotal: 2,
  discountAmount: 2,
  totalAfterDiscount: 2,
  grandTotal: 2,
  documentWithholdingTaxAmount: 2,
  vatAmount: 2,
  exemptAmount: 2,
  vatableAmount: 2,
  total: 2,
  collected: 2,
  withheldAmount: 2,
  paymentDeductionAmount: 2,
  remainingCollected: 2,
  documentDeductionAmount: 2,
  partialAmount: 2,
  withHeldPerItemValue: 2,
  discountPercentage: 4,
  pricePerUnit: 4,
  quantity: 4,
  withheldPercentage: 4,
  paymentCharge: 4,
  documentWithholdingTaxPercentage: 4,
  withHeldPerItem: 4,
};

/** Places for a field given by wire name or dotted path (`items.2.total`); 2 for unknown fields. */
export function placesOf(field: string): 2 | 4 {
  const dot = field.lastIndexOf(".");
  const key = dot >= 0 ? field.slice(dot + 1) : field;
  return Object.prototype.hasOwnProperty.call(PRECISION, key) ? PRECISION[key] : 2;
}

export function roundHalfUp(value: DecimalValue, places: number): Decimal {
  const d = DecimalJs.isDecimal(value) ? (value as Decimal) : new Decimal(value);
  // Decimals are immutable: a value already within its places is returned as it is (a hot path).
  return d.decimalPlaces() <= places ? d : d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

export function roundField(field: string, value: DecimalValue): Decimal {
  return roundHalfUp(value, placesOf(field));
}

/** The JSON number of a decimal: exact for the 2 and 4 dp values the service deals in. */
export function toWireNumber(d: Decimal): number {
  return Number(d.toString());
}

// Digits with optional thousands separators in groups of three, or plain digits with an optional
// exponent; a leading "." is allowed (".5").
const GROUPED = /^(\d{1,3}(,\d{3})+)(\.\d+)?$/;
const PLAIN = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
// Every kind of space a spreadsheet or a paste can carry (NBSP, thin and narrow spaces included).
const SPACES = /[\s\u00a0\u2007\u2009\u202f]+/g;

// Other numbers repeat too (a price on many lines, a figure read by totals and then by checks):
// the last few thousand are kept, bounded so a long session cannot grow it.
const RECENT_LIMIT = 4096;
const recent = new Map<number, Decimal>();
function recentDecimal(value: number): Decimal {
  let d = recent.get(value);
  if (d === undefined) {
    if (recent.size >= RECENT_LIMIT) recent.clear();
    d = new Decimal(value);
    recent.set(value, d);
  }
  return d;
}

// Beyond 30 whole digits a value is no amount anyone means, and writing one out ("1e99999999" is
// ten characters; toFixed gives a hundred million digits) could hold the caller: it is unreadable.
const READABLE_LIMIT = 1e30;
const READABLE = new Decimal(READABLE_LIMIT);
const readable = (d: Decimal): Decimal | null => (d.isFinite() && d.abs().lessThan(READABLE) ? d : null);

/**
 * Reads a number a person or a program may have written: JSON numbers (through their shortest
 * string form, so 0.1 stays 0.1), and text such as "1,234.50", " -12 ", "+3", "(1,234.50)",
 * "฿1,234.50", "1,234.50 THB". Anything else, including NaN, Infinity, 1e30 and beyond, "",
 * booleans and objects, gives null. Never throws.
 */
export function parseDecimal(value: unknown): Decimal | null {
  // decimal.js reads a number through its shortest string form itself (and integers faster).
  // Small whole numbers (quantities, flags, codes, zero amounts) come from a table: decimals are
  // immutable, so sharing them is safe, and it halves the work of checking a large sheet.
  if (typeof value === "number") {
    if (Number.isInteger(value) && value >= 0 && value < SMALL_INTEGERS.length) return SMALL_INTEGERS[value];
    return Number.isFinite(value) && Math.abs(value) < READABLE_LIMIT ? recentDecimal(value) : null;
  }
  if (typeof value === "bigint") return readable(new Decimal(value.toString()));
  if (DecimalJs.isDecimal(value)) return readable(new Decimal(value as Decimal));
  if (typeof value !== "string") return null;
  let text = value.replace(SPACES, "");
  if (text.length === 0 || text.length > 100) return null;
  let negative = false;
  if (text.startsWith("(") && text.endsWith(")")) {
    negative = true;
    text = text.slice(1, -1);
  }
  // Sign and currency may come in either order: "-฿5", "฿-5", "THB 5", "5 THB", "5฿".
  let sign = "";
  for (let pass = 0; pass < 2; pass++) {
    if (sign === "" && (text.startsWith("-") || text.startsWith("+"))) {
      sign = text[0];
      text = text.slice(1);
    }
    const upper = text.toUpperCase();
    if (text.startsWith("฿")) text = text.slice(1);
    else if (upper.startsWith("THB")) text = text.slice(3);
  }
  const upper = text.toUpperCase();
  if (text.endsWith("฿")) text = text.slice(0, -1);
  else if (upper.endsWith("THB")) text = text.slice(0, -3);
  if (negative && sign !== "") return null; // "(-5)" is ambiguous
  let digits: string;
  if (GROUPED.test(text)) digits = text.replace(/,/g, "");
  else if (PLAIN.test(text)) digits = text;
  else return null;
  try {
    const d = readable(new Decimal(digits));
    if (d === null) return null;
    return negative || sign === "-" ? d.negated() : d;
  } catch {
    return null;
  }
}

/** "1,234.50": thousands separators and fixed places, for messages. */
export function formatMoney(d: Decimal, places = 2): string {
  const fixed = d.toFixed(places, Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith("-");
  const body = negative ? fixed.slice(1) : fixed;
  const [whole, frac] = body.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${frac !== undefined ? "." + frac : ""}`;
}

/** Number of decimal places a value is written with (0.125 → 3). */
export function decimalPlaces(d: Decimal): number {
  return d.decimalPlaces();
}
