// A1 addressing: 0-based sheet positions <-> "B7". Pure; shared by every host, the sheet and the
// findings (it lives with the hosts, which the sheet builds on).

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetters(col: number): string {
  let n = col + 1;
  let s = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** "A" → 0, "AA" → 26; -1 when the text is not column letters. */
export function columnIndex(letters: string): number {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return -1;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** (row 6, col 1) → "B7". */
export function cellAddress(row: number, col: number): string {
  return `${columnLetters(col)}${row + 1}`;
}

export interface CellPos {
  row: number;
  col: number;
}

export interface RangePos {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** "B7" or "$B$7" → {row 6, col 1}; undefined when malformed. */
export function parseCell(ref: string): CellPos | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref.trim());
  if (!m) return undefined;
  const row = Number(m[2]) - 1;
  const col = columnIndex(m[1]);
  if (row < 0 || col < 0) return undefined;
  return { row, col };
}

/** "A1:C9", "B2" or "Sheet1!A1:C9" (the sheet part is ignored) → inclusive rectangle. */
export function parseRange(ref: string): RangePos | undefined {
  const bang = ref.lastIndexOf("!");
  const body = bang >= 0 ? ref.slice(bang + 1) : ref;
  const [a, b] = body.split(":");
  const start = parseCell(a ?? "");
  const end = b === undefined ? start : parseCell(b);
  if (!start || !end) return undefined;
  return {
    top: Math.min(start.row, end.row),
    left: Math.min(start.col, end.col),
    bottom: Math.max(start.row, end.row),
    right: Math.max(start.col, end.col),
  };
}

export function rangeAddress(r: RangePos): string {
  const a = cellAddress(r.top, r.left);
  const b = cellAddress(r.bottom, r.right);
  return a === b ? a : `${a}:${b}`;
}
