// Header row → which column holds which field. A mapping (mapping.ts) says it for the headers it
// names; the others name a field by key, wire name or label (fields.ts). Unknown headers are
// ignored with a warning; a field named twice is an error on the second header.
import type { CellValue } from "../workbook/port";
import { cellAddress } from "../workbook/address";
import { CONTENT_SAMPLE, fieldByContent, summedPerLine } from "./content";
import { DOCUMENT_FIELDS, normalizeName, type FieldDef, type FieldTable } from "./fields";
import { cellFinding, type CellFinding } from "./findings";
import { sheetMsg } from "./messages";
import type { ColumnMapping } from "./column-mapping";
import { isEmptyCell } from "./values";
import type { Message } from "../rules/message";

export interface HeaderMap {
  /** Field key → sheet column. */
  columns: Map<string, number>;
  /** Sheet column → field, for the mapped columns. */
  byColumn: Map<number, FieldDef>;
  /** Header texts, by sheet column (from `left`). */
  texts: string[];
  left: number;
  /** Rightmost column that has a header. */
  right: number;
  findings: CellFinding[];
  /** Document fields whose column holds each line's part, summed per document (a VAT amount per
   * line row: content.ts). */
  summed?: ReadonlySet<string>;
}

/** The text of a header cell ("" for an empty cell, a date or an error). */
export function headerText(v: CellValue): string {
  return isEmptyCell(v) || typeof v === "object" ? "" : String(v).trim();
}

/** The mapping's field for a header (null: the mapping ignores it; undefined: not in the mapping),
 * headers compared ignoring case and spaces. */
function mappedField(mapping: ColumnMapping | undefined, table: FieldTable): (header: string) => FieldDef | null | undefined {
  if (!mapping) return () => undefined;
  const byHeader = new Map<string, FieldDef | null>();
  for (const [header, key] of Object.entries(mapping.columns)) {
    const def = key === null ? null : table.byKey.get(key);
    if (def !== undefined) byHeader.set(normalizeName(header), def);
  }
  return (header) => byHeader.get(normalizeName(header));
}

/** The warning of a header that names no field; without a mapping, `guess` says which field it most
 * likely is (what docsheet map and the pane's Columns suggest), so the warning can name it. */
function unknownHeader(header: string, mapping: ColumnMapping | undefined, guess: ((header: string) => FieldDef | undefined) | undefined): Message {
  if (mapping) return sheetMsg("unknownHeaderMapped", { header });
  const likely = guess?.(header);
  return likely ? sheetMsg("unknownHeaderGuess", { header, field: likely.key }) : sheetMsg("unknownHeader", { header });
}

/** `rows`: the data rows below the header (cells from `left`); a header that could name several
 * fields and is not in the mapping is then decided by its column's cells (content.ts, documents'
 * fields only). `table`: the fields of the sheet's kind (a book's, or the documents'). */
export function mapHeaders(
  sheet: string, headerRow: number, left: number, cells: readonly CellValue[], mapping?: ColumnMapping,
  guess?: (header: string) => FieldDef | undefined, rows?: readonly (readonly CellValue[])[], table: FieldTable = DOCUMENT_FIELDS,
): HeaderMap {
  const byContent = table === DOCUMENT_FIELDS;
  const columns = new Map<string, number>();
  const byColumn = new Map<number, FieldDef>();
  const findings: CellFinding[] = [];
  const texts: string[] = [];
  const fromMapping = mappedField(mapping, table);
  // The mapping's field (null: ignored) or, for a header it does not name, the label's: undefined for none.
  const named = cells.map((v) => {
    const text = headerText(v);
    if (!text) return undefined;
    const mapped = fromMapping(text);
    return mapped !== undefined ? { def: mapped, mapped: true } : { def: table.forHeader(text) ?? null, mapped: false };
  });
  const sample = rows?.slice(0, CONTENT_SAMPLE) ?? [];
  const columnCells = (i: number): CellValue[] => sample.map((r) => r[i] ?? null);
  const cellsOf = (key: string): CellValue[] | undefined => {
    const i = named.findIndex((n) => n?.def?.key === key);
    return i >= 0 ? columnCells(i) : undefined;
  };
  const context = { keys: cellsOf("documentKey"), cellsOf };
  const summed = new Set<string>();
  let right = left - 1;
  cells.forEach((v, i) => {
    const col = left + i;
    const text = headerText(v);
    texts[i] = text;
    if (!text) return;
    right = col;
    const { def: given, mapped } = named[i]!;
    if (given === null && mapped) return;
    const def = given && !mapped && rows && byContent && !table.forName(text) ? fieldByContent(given, columnCells(i), context) : given;
    if (!def) {
      // The field it most likely is, by its cells too: what docsheet map suggests for it.
      const likely = guess && rows ? (h: string) => {
        const g = guess(h);
        return g && fieldByContent(g, columnCells(i), context);
      } : guess;
      findings.push(cellFinding(sheet, headerRow, col, "", unknownHeader(text, mapping, likely), "warning"));
      return;
    }
    const earlier = columns.get(def.key);
    if (earlier !== undefined) {
      findings.push(cellFinding(sheet, headerRow, col, def.key,
        sheetMsg("headerTwice", { header: text, field: def.key, column: cellAddress(headerRow, earlier).replace(/\d+$/, "") })));
      return;
    }
    columns.set(def.key, col);
    byColumn.set(col, def);
    if (rows && byContent && context.keys && summedPerLine(def, columnCells(i), context.keys)) summed.add(def.key);
  });
  return { columns, byColumn, texts, left, right, findings, summed };
}
