// How wide the preview grid draws each column, and how far a text spills to the right, as Excel
// shows it. A column is as wide as its widest value by a character count (no text is measured, so
// a sheet of many rows costs one pass). Above the table, a header block (a report's form header, a
// title) counts only where a text cannot spill: a label with its value right beside it is fitted
// (it would be cut there), a title spills into the empty cells to its right, as in Excel. Pure.
import { presentKeys } from "../../workbook/memory";
import { isDateFormat } from "../../sheet/values";
import { isCellError, type CellValue } from "../../workbook/port";

/** Numbers (amounts, quantities) sit on the right and never wrap, as in Excel. */
export const isNumber = (v: CellValue, format = "General"): boolean => typeof v === "number" && !isDateFormat(format);

const filled = (v: CellValue | undefined): boolean => v !== null && v !== undefined && v !== "";

/** The first row of the sheet's table: the first row filled at least half as wide as the widest
 * row, and three cells wide (a block's label and value are two) unless no row is. Rows above it
 * are a header block; 0 when there is none. */
export function tableTop(values: readonly CellValue[][]): number {
  const counts: Array<[number, number]> = [];
  let widest = 0;
  for (const k of presentKeys(values)) {
    const r = Number(k);
    let n = 0;
    for (const v of values[r] ?? []) if (filled(v)) n++;
    counts.push([r, n]);
    widest = Math.max(widest, n);
  }
  if (widest < 2) return 0;
  const wide = Math.min(widest, Math.max(3, Math.ceil(widest / 2)));
  return counts.find(([, n]) => n >= wide)?.[0] ?? 0;
}

/** Each column's width in pixels, from the table's values and the header block's labels that have a
 * value beside them (its titles spill). Text stops at 240 px (cut with …); numbers never do. */
export function columnWidths(values: CellValue[][], formats: string[][], cols: number): number[] {
  const chars = new Array<number>(cols).fill(0);
  const numeric = new Array<number>(cols).fill(0);
  const top = tableTop(values);
  for (const k of presentKeys(values)) {
    const r = Number(k);
    const row = values[r];
    if (!row) continue;
    const n = Math.min(cols, row.length);
    for (let c = 0; c < n; c++) {
      const v = row[c];
      if (v === null || v === undefined) continue;
      if (r < top && !filled(row[c + 1] ?? null)) continue;
      const f = formats[r]?.[c];
      if (isNumber(v, f)) {
        // Digits, a separator a thousand, two decimals: "1,234,567.89".
        const digits = String(Math.trunc(Math.abs(v as number))).length;
        numeric[c] = Math.max(numeric[c], digits + Math.floor((digits - 1) / 3) + 4);
      } else {
        chars[c] = Math.max(chars[c], v instanceof Date || (typeof v === "number") ? 10 : String(isCellError(v) ? v.error : v).length);
      }
    }
  }
  return chars.map((n, c) => Math.max(72, Math.min(240, n * 8 + 16), numeric[c] * 8 + 16));
}

/** How wide (px) a text in (row, col) may be drawn: its column and the empty cells right of it, up
 * to the first one holding a value (Excel's overflow); its column alone for a number or an empty cell. */
export function spillWidth(row: readonly CellValue[] | undefined, col: number, widths: readonly number[], format?: string, stopAt = widths.length): number {
  const v = row?.[col];
  let w = widths[col];
  if (!filled(v ?? null) || isNumber(v ?? null, format)) return w;
  for (let c = col + 1; c < Math.min(widths.length, stopAt) && !filled(row?.[c] ?? null); c++) w += widths[c];
  return w;
}
