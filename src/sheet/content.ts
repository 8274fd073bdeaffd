// Headers that could name several fields are decided by what their cells hold. "ภาษีมูลค่าเพิ่ม",
// "VAT", "ภาษี", "Tax" may head a VAT yes/no column, a VAT amount column or a line VAT rate column:
//   amounts (70.00, 1,234.56)           → vatAmount, the document's stated VAT (checked to the satang)
//   yes / no (TRUE, ใช่, มี, ไม่มี, ...)  → isVat; but when the rows of one document differ, it is a
//                                          per-line statement → item.vatRate (yes = 7%, no = exempt)
//   7% / 0% / exempt (ยกเว้น, ...)       → item.vatRate
// Cells that fit none, or more than one reading (only 0 and 1), leave the header's own field. A
// header that is a field's wire name ("isVat") is never ambiguous. One rule for `docsheet map`,
// the pane's Columns suggestions and reading a sheet without a mapping (mapping.ts, headers.ts).
// Pure.
import type { CellValue } from "../workbook/port";
import { FIELD_BY_KEY, normalizeName, type FieldDef } from "./fields";
import { parseDecimal } from "../rules/money";

type Reading = "amount" | "yesNo" | "rate";

/** The fields a VAT header may mean, by what their cells hold. */
const VAT_GROUP: Readonly<Record<string, Reading>> = { isVat: "yesNo", vatAmount: "amount", "item.vatRate": "rate" };

const YES_NO = new Set(["true", "false", "yes", "no", "y", "n", "ใช่", "ไม่ใช่", "จริง", "เท็จ", "มี", "ไม่มี"]);
const RATE_WORDS = new Set(["7%", "0%", "exempt", "zero", "zerorated", "ยกเว้น", "ยกเว้นภาษี", "vat7%", "vat0%", "ภาษี7%", "ภาษี0%"]);
const RATE_NUMBERS = new Set([7, 0, -1]);

/** What one cell may be read as (empty: nothing to say). */
function readings(v: CellValue): ReadonlySet<Reading> | undefined {
  if (v === null || v === undefined || v instanceof Date || (typeof v === "object")) return undefined;
  if (typeof v === "boolean") return new Set(["yesNo"]);
  if (typeof v === "number") {
    const out = new Set<Reading>(["amount"]);
    if (v === 0 || v === 1) out.add("yesNo");
    if (RATE_NUMBERS.has(v)) out.add("rate");
    return out;
  }
  const text = normalizeName(v);
  if (text === "") return undefined;
  if (YES_NO.has(text)) return new Set(["yesNo"]);
  if (RATE_WORDS.has(text)) return new Set(["rate"]);
  const n = parseDecimal(text.replace(/,/g, "").replace(/^(?:฿|thb)|(?:฿|บาท|thb)$/g, ""));
  if (n === null) return new Set();
  const out = new Set<Reading>(["amount"]);
  if (RATE_NUMBERS.has(n.toNumber())) out.add("rate");
  if (n.isZero() || n.equals(1)) out.add("yesNo");
  return out;
}

/** The readings every filled cell of the column allows; undefined when no cell is filled. */
function columnReadings(cells: readonly CellValue[]): Set<Reading> | undefined {
  let all: Set<Reading> | undefined;
  for (const v of cells) {
    const r = readings(v);
    if (!r) continue;
    all = all ? new Set([...all].filter((x) => r.has(x))) : new Set(r);
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
    const yes = ["true", "yes", "y", "ใช่", "จริง", "มี", "1"].includes(text);
    const earlier = seen.get(key);
    if (earlier !== undefined && earlier !== yes) return true;
    seen.set(key, yes);
  }
  return false;
}

/**
 * The field a column headed as `def` is, by its cells (`cells`: the column's data cells; `keys`: the
 * document key column's cells on the same rows, when the sheet has one). Only the VAT headers are
 * ambiguous; any other field is answered as it is.
 */
export function fieldByContent(def: FieldDef, cells: readonly CellValue[], keys?: readonly CellValue[]): FieldDef {
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
    : differsWithinDocument(cells, keys) ? "item.vatRate" : "isVat";
  return FIELD_BY_KEY.get(key) ?? def;
}
