// Headers that could name several fields are decided by what their cells hold. "ภาษีมูลค่าเพิ่ม",
// "VAT", "ภาษี", "Tax" may head a VAT yes/no column, a VAT amount column or a line VAT rate column:
//   amounts (70.00, 1,234.56)           → vatAmount, the document's stated VAT (checked to the satang)
//   yes / no (TRUE, ใช่, มี, ไม่มี, ...)  → isVat; but when the rows of one document differ, it is a
//                                          per-line statement → item.vatRate (yes = 7%, no = exempt)
//   7% / 0% / exempt (ยกเว้น, ...)       → item.vatRate
// "ราคารวมภาษี", "รวมภาษีมูลค่าเพิ่ม", "Incl VAT" over yes/no say whether prices include VAT; over
// amounts they are a total with VAT, decided as the amount headers below are.
// "Amount", "ยอดเงิน", "จำนวนเงิน", "Total", "ยอดรวม" may head each line's amount or the document's
// total: amounts that are quantity × unit price on every row are the line amounts (item.total);
// amounts that are, on each document, the sum of its lines (with 7% VAT or without) are the total
// (grandTotal). When both or neither hold, the header's own field stays.
// Cells that fit none, or more than one reading (only 0 and 1), leave the header's own field. A
// header that is a field's wire name ("isVat") is never ambiguous. One rule for `docsheet map`,
// the pane's Columns suggestions and reading a sheet without a mapping (mapping.ts, headers.ts).
// Pure.
import type { CellValue } from "../workbook/port";
import { FIELD_BY_KEY, normalizeName, shownWords, type FieldDef } from "./fields";
import { DOCUMENT_SHOWN } from "./shown-values";
import { NO_WORDS, YES_WORDS } from "./values";
import { ZERO, parseDecimal, roundHalfUp, type Decimal } from "../rules/money";

type Reading = "amount" | "yesNo" | "rate";

/** Rows a column is judged on: its first ones tell what it holds as well as all of them, and a
 * check of 10,000 rows stays fast. */
export const CONTENT_SAMPLE = 1000;

/** The fields a VAT header may mean, by what their cells hold. */
const VAT_GROUP: Readonly<Record<string, Reading>> = { isVat: "yesNo", vatAmount: "amount", "item.vatRate": "rate" };

const YES_NO = new Set([...YES_WORDS, ...NO_WORDS]);
/** A line VAT rate's words: those it is shown by (7%, 0%, Exempt, ยกเว้นภาษี) and others people type. */
const RATE_WORDS = new Set([...Object.keys(shownWords(DOCUMENT_SHOWN["item.vatRate"])), "zero", "zerorated", "ยกเว้น", "vat7%", "vat0%", "ภาษี7%", "ภาษี0%"]);
const RATE_NUMBERS = new Set([7, 0, -1]);

const YES_NO_ONLY: ReadonlySet<Reading> = new Set(["yesNo"]);
const RATE_ONLY: ReadonlySet<Reading> = new Set(["rate"]);
const AMOUNT_ONLY: ReadonlySet<Reading> = new Set(["amount"]);
const NONE: ReadonlySet<Reading> = new Set();
const ZERO_READINGS: ReadonlySet<Reading> = new Set(["amount", "yesNo", "rate"]);
const ONE_READINGS: ReadonlySet<Reading> = new Set(["amount", "yesNo"]);
const RATE_OR_AMOUNT: ReadonlySet<Reading> = new Set(["amount", "rate"]);

/** What a number may be read as. */
function numberReadings(n: number): ReadonlySet<Reading> {
  if (n === 0) return ZERO_READINGS;
  if (n === 1) return ONE_READINGS;
  return RATE_NUMBERS.has(n) ? RATE_OR_AMOUNT : AMOUNT_ONLY;
}

/** What one cell may be read as (empty: nothing to say). */
function readings(v: CellValue): ReadonlySet<Reading> | undefined {
  if (v === null || v === undefined || v instanceof Date || (typeof v === "object")) return undefined;
  if (typeof v === "boolean") return YES_NO_ONLY;
  if (typeof v === "number") return numberReadings(v);
  const text = normalizeName(v);
  if (text === "") return undefined;
  if (YES_NO.has(text)) return YES_NO_ONLY;
  if (RATE_WORDS.has(text)) return RATE_ONLY;
  const n = parseDecimal(text.replace(/,/g, "").replace(/^(?:฿|thb)|(?:฿|บาท|thb)$/g, ""));
  return n === null ? NONE : numberReadings(n.toNumber());
}

/** The readings every filled cell of the column allows; undefined when no cell is filled. */
function columnReadings(cells: readonly CellValue[]): Set<Reading> | undefined {
  let all: Set<Reading> | undefined;
  for (const v of cells) {
    const r = readings(v);
    if (!r) continue;
    if (!all) all = new Set(r);
    else for (const x of all) if (!r.has(x)) all.delete(x);
    if (all.size === 0) return all;
  }
  return all;
}

/** Whether the yes/no cells of one document's rows differ (documents by `keys`; no key column:
 * every row is a document of its own, so nothing differs). */
function differsWithinDocument(cells: readonly CellValue[], keys: readonly CellValue[] | undefined): boolean {
  if (!keys) return false;
  const seen = new Map<string, boolean>();
  for (let i = 0; i < cells.length; i++) {
    const k = keys[i];
    const key = typeof k === "string" || typeof k === "number" ? String(k).trim() : "";
    const v = cells[i];
    const text = typeof v === "boolean" ? String(v) : typeof v === "number" || typeof v === "string" ? normalizeName(String(v)) : "";
    if (!key || !text) continue;
    const yes = text === "1" || YES_WORDS.includes(text);
    const earlier = seen.get(key);
    if (earlier !== undefined && earlier !== yes) return true;
    seen.set(key, yes);
  }
  return false;
}

/** The columns beside the one decided: the document key's cells, and the cells of the column a
 * field is in (quantity and unit price), row by row as `cells`. */
export interface ColumnContext {
  keys?: readonly CellValue[];
  cellsOf(key: string): readonly CellValue[] | undefined;
}

/**
 * The field a column headed as `def` is, by its cells (`cells`: the column's data cells). Only the
 * VAT and amount headers are ambiguous; any other field is answered as it is.
 */
export function fieldByContent(def: FieldDef, cells: readonly CellValue[], ctx: ColumnContext): FieldDef {
  if (AMOUNT_GROUP.has(def.key)) return FIELD_BY_KEY.get(amountField(def.key, cells, ctx)) ?? def;
  if (def.key === "isVatInclusive") {
    // "ราคารวมภาษี" / "Incl VAT" over amounts is the total with VAT, not whether prices include it.
    const all = columnReadings(cells);
    return all?.has("amount") && !all.has("yesNo") ? (FIELD_BY_KEY.get(amountField("grandTotal", cells, ctx)) ?? def) : def;
  }
  const own = VAT_GROUP[def.key];
  if (own === undefined) return def;
  const all = columnReadings(cells);
  if (!all || all.size === 0) return def;
  let reading: Reading | undefined;
  if (all.has(own) && all.size === 1) reading = own;
  else if (all.size === 1) reading = [...all][0];
  // 7, 0 and -1 alone are rates rather than VAT amounts of exactly seven baht.
  else if (all.has("rate") && all.has("amount") && !all.has("yesNo")) reading = "rate";
  else if (all.has(own)) reading = own;
  if (reading === undefined) return def;
  const key = reading === "amount" ? "vatAmount" : reading === "rate" ? "item.vatRate"
    : differsWithinDocument(cells, ctx.keys) ? "item.vatRate" : "isVat";
  return FIELD_BY_KEY.get(key) ?? def;
}

/** A VAT amount column whose figures differ between the rows of one document holds each line's VAT:
 * the document's stated VAT is their sum (read.ts). Figures repeated on every row, or given on the
 * first row only, are the document's own. */
export function summedPerLine(def: FieldDef, cells: readonly CellValue[], keys: readonly CellValue[]): boolean {
  if (def.key !== "vatAmount") return false;
  const first = new Map<string, string>();
  for (let i = 0; i < cells.length; i++) {
    const k = keys[i];
    const key = typeof k === "string" || typeof k === "number" ? String(k).trim() : "";
    const n = numberOf(cells[i]);
    if (!key || n === null) continue;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, n.toString());
    else if (seen !== n.toString()) return true;
  }
  return false;
}

const AMOUNT_GROUP = new Set(["item.total", "grandTotal"]);
const VAT_FACTOR = parseDecimal("1.07")!;

function numberOf(v: CellValue | undefined): Decimal | null {
  if (typeof v === "number") return Number.isFinite(v) ? parseDecimal(v) : null;
  return typeof v === "string" ? parseDecimal(v.replace(/,/g, "").trim()) : null;
}

/** item.total or grandTotal for an amount column, by the quantity and unit price beside it. */
function amountField(own: string, cells: readonly CellValue[], ctx: ColumnContext): string {
  const quantity = ctx.cellsOf("item.quantity");
  const price = ctx.cellsOf("item.pricePerUnit");
  if (!quantity || !price) return own;
  let given = 0;
  let lines = 0;
  const docs = new Map<string, { sum: Decimal; value: Decimal | null; rows: number }>();
  cells.forEach((v, i) => {
    const q = numberOf(quantity[i]);
    const p = numberOf(price[i]);
    if (q === null || p === null) return;
    const line = roundHalfUp(q.times(p), 2);
    const k = ctx.keys?.[i];
    const key = typeof k === "string" || typeof k === "number" ? String(k).trim() || `#${i}` : `#${i}`;
    const doc = docs.get(key) ?? { sum: ZERO, value: null, rows: 0 };
    docs.set(key, doc);
    doc.sum = doc.sum.plus(line);
    doc.rows++;
    const n = numberOf(v);
    if (n === null) return;
    given++;
    if (n.equals(line)) lines++;
    doc.value ??= n;
  });
  if (given === 0) return own;
  const several = [...docs.values()].some((d) => d.rows > 1);
  // Line amounts: the same as a one-line document's total before VAT, so decided only by a
  // document of several lines.
  if (lines === given) return several ? "item.total" : own;
  const totals = [...docs.values()].filter((d) => d.value !== null);
  const isTotal = totals.every((d) => d.value!.equals(d.sum) || d.value!.equals(roundHalfUp(d.sum.times(VAT_FACTOR), 2)));
  return isTotal ? "grandTotal" : own;
}
