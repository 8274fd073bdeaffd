// A shared formula's text at another of its cells. Excel saves a formula filled down or across once,
// in the first cell (<f t="shared" ref si>), and its other cells name only the share (si): each
// reads the first cell's formula with its relative references moved by its distance from it
// (`$` keeps a column or a row). Text in quotes is left alone. Pure.
import { columnIndex, columnLetters } from "./address";

const MAX_ROW = 1_048_576;
const MAX_COL = 16_384;

/** A cell reference not part of a longer name, a number, a function's name or a sheet's. */
const REF = /(?<![A-Za-z0-9_.$])(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![A-Za-z0-9_.(!])/g;

function shiftRefs(text: string, rows: number, cols: number): string {
  return text.replace(REF, (whole, colFixed: string, letters: string, rowFixed: string, digits: string) => {
    const col = columnIndex(letters) + (colFixed ? 0 : cols);
    const row = Number(digits) - 1 + (rowFixed ? 0 : rows);
    if (columnIndex(letters) >= MAX_COL || Number(digits) > MAX_ROW) return whole; // a name, not a cell
    if (col < 0 || col >= MAX_COL || row < 0 || row >= MAX_ROW) return "#REF!";
    return `${colFixed}${columnLetters(col)}${rowFixed}${row + 1}`;
  });
}

/** `formula` (the first cell's) as it reads `rows` down and `cols` right of that cell. */
export function shiftFormula(formula: string, rows: number, cols: number): string {
  if (rows === 0 && cols === 0) return formula;
  // Quoted text ("...") and quoted sheet names ('...') are kept; the rest is shifted.
  return formula.split(/("(?:[^"]|"")*"|'(?:[^']|'')*')/).map((part, i) => (i % 2 === 1 ? part : shiftRefs(part, rows, cols))).join("");
}
