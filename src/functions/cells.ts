// What a function answers into cells: numbers, text, booleans, or a table that spills (rows of
// them, the header row first). Money as a two-decimal number, dates as YYYY-MM-DD text. Pure.
import { Decimal, roundHalfUp, toWireNumber } from "../rules/money";
import type { CellValue } from "../workbook/port";

export type Cell = string | number | boolean;
export type FunctionResult = Cell | Cell[][];

export const money = (d: Decimal): number => toWireNumber(roundHalfUp(d, 2));

export function cell(v: CellValue | unknown): Cell {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "number" || typeof v === "boolean") return v;
  const s = String(v);
  // The service's times: a date is what a cell wants.
  return /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
}

/** A spilled table: its header row, then its rows. */
export const table = (header: readonly string[], rows: readonly (readonly unknown[])[]): Cell[][] =>
  [header.map(cell), ...rows.map((r) => r.map(cell))];
