// Rows copied from Excel arrive as tab-separated text; cells holding tabs, newlines or quotes are
// quoted ("a""b"). Numbers stay text here: the sheet layer reads text numbers the way it reads Excel's.
import type { CellValue } from "../../workbook/port";

/** `formatAt`: the number format of the cell a value lands in (row and column within the paste), so a
 * value pasted into a text cell ("@") stays text as a typed one does. */
export function parseTsv(text: string, formatAt: (row: number, col: number) => string | undefined = () => undefined): CellValue[][] {
  const rows: CellValue[][] = [];
  let row: CellValue[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  const body = text.replace(/\r\n?/g, "\n").replace(/\n$/, "");
  const push = () => { row.push(toValue(cell, formatAt(rows.length, row.length))); cell = ""; };
  while (i < body.length) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') { cell += '"'; i += 2; continue; }
      if (ch === '"') { quoted = false; i++; continue; }
      cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === "") { quoted = true; i++; continue; }
    if (ch === "\t") { push(); i++; continue; }
    if (ch === "\n") { push(); rows.push(row); row = []; i++; continue; }
    cell += ch;
    i++;
  }
  if (body.length > 0) { push(); rows.push(row); }
  return rows;
}

/** Excel copies TRUE/FALSE and numbers as text; plain numbers (with thousands separators or not)
 * become numbers like typing them would. Digits with a leading zero (a tax id, a code) and anything
 * typed into a text cell ("@") stay text, so no zero is lost. */
export function toValue(text: string, format?: string): CellValue {
  if (text === "") return null;
  if (format === "@") return text;
  if (/^-?0\d/.test(text)) return text;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return Number(text.replace(/,/g, ""));
  if (text === "TRUE" || text === "FALSE") return text === "TRUE";
  return text;
}
