// Rows → documents. Rows with the same documentKey are one document; its header fields come from
// its first row. Every value keeps the cell it came from, so findings can point back at it. A cell
// that cannot be read is a finding at that cell and is left out of the document, which is still
// read (and checked) whole: one check run shows every problem.
import type { Block, CellRect, CellValue } from "../workbook/port";
import { isCellError } from "../workbook/port";
import { rangeAddress } from "../workbook/address";
import { DOCUMENT_FIELDS, type FieldDef, type FieldTable } from "./fields";
import { cellFinding, type CellFinding } from "./findings";
import { mapHeaders, type HeaderMap } from "./headers";
import { resolveLookups } from "./lookups";
import { suggestField, type ColumnMapping } from "./mapping";
import type { MapFamily } from "./column-mapping";
import { sheetMsg } from "./messages";
import { isEmptyCell, parseCell, type Parsed } from "./values";
import { ZERO, parseDecimal } from "../rules/money";
import type { SheetCell, SheetDocument, SheetLine } from "./sheet-document";
import { resolveCategories, type CategoryCell } from "./expense-categories";
import type { Json } from "../rules/json";

export type { ReadResult, SheetCell, SheetDocument, SheetLayout, SheetLine } from "./sheet-document";
import type { ReadResult, SheetLayout } from "./sheet-document";

export interface ReadOptions {
  /** Which field each header is, for the headers it names (the others by key, wire name or label). */
  mapping?: ColumnMapping;
  /** The sheet's family (a book's, the certificates' too): an unknown header's warning names the
   * field it most likely is, as docsheet map and the pane's Columns suggest it. */
  family?: MapFamily;
  /** The fields of the sheet's family where they are not the documents' (a book's, the
   * certificates': the family's entry's `fields`); default the documents'. */
  table?: FieldTable;
  /** The company's expense categories (both views, from the service): a line's category is then
   * taken by name or code, and its accounts from it (expense-categories.ts). */
  categories?: readonly Json[];
}

/** Reads a block whose first row is the header row. */
export function readDocuments(block: Block, opts: ReadOptions = {}): ReadResult {
  const { sheet, top, left } = block;
  const { family } = opts;
  const table = opts.table ?? DOCUMENT_FIELDS;
  const headers = mapHeaders(
    sheet, top, left, block.values[0] ?? [], opts.mapping, family && ((header) => suggestField(header, family)), block.values.slice(1), table,
  );
  // Names picked from the workbook's lookup lists are read as their ids.
  const lookups = block.lists ? resolveLookups(block.values, headers, block.lists) : undefined;
  const values = lookups ? lookups.values : block.values;
  const findings: CellFinding[] = [...headers.findings];
  const stated = statedValues(opts.mapping, table);
  const layout: SheetLayout = { sheet, headerRow: top, firstDataRow: top + 1, lastRow: top + values.length - 1, headers, values: stated };
  if (headers.byColumn.size === 0) {
    findings.push(cellFinding(sheet, top, left, "", sheetMsg("noHeader")));
    return { layout, documents: [], findings };
  }

  const keyCol = headers.columns.get("documentKey");
  const mapped = [...headers.byColumn.entries()].sort((a, b) => a[0] - b[0]);
  const covered = markMerged(block, findings, mapped.map(([col]) => col));
  const byKey = new Map<string, SheetDocument>();
  const documents: SheetDocument[] = [];
  const categoryCells = new Map<SheetLine, CategoryCell>();

  for (let i = 1; i < values.length; i++) {
    const row = top + i;
    const cells = values[i] ?? [];
    const formats = block.formats[i] ?? [];
    const at = (col: number): CellValue => cells[col - left] ?? null;
    if (isBlankRow(mapped, at)) continue;

    let key: string;
    if (keyCol !== undefined) {
      const raw = at(keyCol);
      const parsed = isEmptyCell(raw) ? undefined : parseCell(table.byKey.get("documentKey") ?? DOCUMENT_FIELDS.byKey.get("documentKey")!, raw, formats[keyCol - left]);
      if (!parsed || !parsed.ok || parsed.value === "") {
        findings.push(cellFinding(sheet, row, keyCol, "documentKey", parsed && !parsed.ok ? parsed.msg : sheetMsg("keyEmpty")));
        continue;
      }
      key = String(parsed.value);
    } else {
      key = `row ${row + 1}`;
    }

    let doc = byKey.get(key);
    if (!doc) {
      doc = { key, rows: [], firstRow: row, fields: {}, lines: [], unreadable: new Set(), broken: false };
      byKey.set(key, doc);
      documents.push(doc);
    }
    doc.rows.push(row);
    const coveredRow = covered.row(row);
    if (coveredRow) doc.broken = true;

    const line: SheetLine = { row, fields: {}, unreadable: new Set() };
    let hasLine = false;
    for (const [col, def] of mapped) {
      if (def.level === "key") continue;
      const raw = at(col);
      const empty = isEmptyCell(raw);
      if (def.level === "item" && !empty) hasLine = true;
      // Inside a merged area (its finding is at the area's first cell) the value is not this cell's.
      if (coveredRow && covered.cell(row, col)) {
        (def.level === "item" ? line : doc).unreadable.add(def.key);
        continue;
      }
      if (empty) continue;
      if (opts.categories && def.key === "item.categoryId" && (typeof raw === "string" || typeof raw === "number")) {
        categoryCells.set(line, { value: typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw, row, col });
        // A name is the categories' to read, not a number's.
        if (typeof raw === "string" && !/^\s*\d+\s*$/.test(raw)) continue;
      }
      const parsed = parseCell(def, raw, formats[col - left]);
      if (!parsed.ok) {
        // A category's name is read from the company's list, which only a connected run has.
        const msg = def.key === "item.categoryId" && !opts.categories && typeof raw === "string"
          ? sheetMsg("categoryByNameUnconnected", { text: raw.trim() }) : parsed.msg;
        findings.push(cellFinding(sheet, row, col, def.key, msg));
        (def.level === "item" ? line : doc).unreadable.add(def.key);
        doc.broken = true;
        continue;
      }
      if (parsed.noteMsg) findings.push(cellFinding(sheet, row, col, def.key, parsed.noteMsg, "note"));
      const cell: SheetCell = { value: parsed.value, row, col };
      if (def.level === "item") line.fields[def.key] = cell;
      else if (headers.summed?.has(def.key)) addToField(doc, def.key, cell);
      else placeHeaderField(doc, def, cell, sheet, findings);
    }
    if (hasLine) doc.lines.push(line);
  }
  if (opts.categories) findings.push(...resolveCategories(sheet, documents, categoryCells, opts.categories));
  if (stated.size > 0) for (const doc of documents) applyStated(doc, stated, headers, table);
  lookups?.addContactIds(documents);
  return { layout, documents, findings };
}

/** The mapping's values for every row, parsed as cells of their fields (parseMapping has checked
 * that each parses). */
function statedValues(mapping: ColumnMapping | undefined, table: FieldTable): Map<string, Parsed> {
  const out = new Map<string, Parsed>();
  for (const [key, raw] of Object.entries(mapping?.values ?? {})) {
    const def = table.byKey.get(key);
    const parsed = def ? parseCell(def, raw) : undefined;
    if (parsed?.ok) out.set(key, parsed.value);
  }
  return out;
}

/** Each value for every row, where the document (or line) has no cell of its field: a filled cell
 * of the sheet wins over the value, and a cell that could not be read stays a problem. */
function applyStated(doc: SheetDocument, stated: ReadonlyMap<string, Parsed>, headers: HeaderMap, table: FieldTable): void {
  for (const [key, value] of stated) {
    const def = table.byKey.get(key)!;
    const col = headers.columns.get(key) ?? headers.left;
    if (def.level === "item") {
      for (const line of doc.lines) {
        if (!line.fields[key] && !line.unreadable.has(key)) line.fields[key] = { value, row: line.row, col, stated: true };
      }
    } else if (!doc.fields[key] && !doc.unreadable.has(key)) {
      doc.fields[key] = { value, row: doc.firstRow, col, stated: true };
    }
  }
}

function isBlankRow(mapped: [number, FieldDef][], at: (col: number) => CellValue): boolean {
  for (const [col, def] of mapped) {
    if (def.level === "result") continue;
    const v = at(col);
    if (!isEmptyCell(v) || isCellError(v)) return false;
  }
  return true;
}

/** A line row's part of a document figure (a VAT amount per line): added to the document's, which
 * stays at the first cell that gave one. */
function addToField(doc: SheetDocument, key: string, cell: SheetCell): void {
  const existing = doc.fields[key];
  if (!existing) {
    doc.fields[key] = cell;
    return;
  }
  const sum = parseDecimal(existing.value)?.plus(parseDecimal(cell.value) ?? ZERO);
  if (sum) existing.value = sum.toNumber();
}

/** The first row's value stands; a later row may repeat it or leave it empty, never differ. */
function placeHeaderField(doc: SheetDocument, def: FieldDef, cell: SheetCell, sheet: string, findings: CellFinding[]): void {
  const existing = doc.fields[def.key];
  if (!existing) {
    // Results may sit on any row; header fields of a later row with an empty first-row cell are
    // still the document's (the first row is where it starts, not where every field must be).
    doc.fields[def.key] = cell;
    return;
  }
  if (existing.value === cell.value || def.level === "result") return;
  findings.push(cellFinding(sheet, cell.row, cell.col, def.key,
    sheetMsg("headerFieldDiffers", { row: existing.row + 1, key: doc.key, value: String(existing.value) })));
  doc.broken = true;
}

/**
 * Merged areas cannot be read cell by cell: each is a finding at its top-left cell. Answers which
 * data rows they cover and, per column, which cells lie inside one but not at its top-left (that
 * cell holds the area's value), as row spans: the work follows the areas, never their size.
 */
function markMerged(block: Block, findings: CellFinding[], mapped: readonly number[]): Covered {
  const rows: Span[] = [];
  const cols = new Map<number, Span[]>();
  const bottom = block.top + block.values.length - 1;
  let width = 0;
  for (const r of block.values) if (r && r.length > width) width = r.length;
  const right = block.left + Math.max(0, width) - 1;
  for (const m of block.merged) {
    if (!touches(m, block.top, bottom, block.left, right)) continue;
    findings.push(cellFinding(block.sheet, m.top, m.left, "", sheetMsg("merged", { range: rangeAddress(m) })));
    const from = Math.max(m.top, block.top + 1);
    const to = Math.min(m.bottom, bottom);
    if (from > to) continue;
    rows.push([from, to]);
    for (const c of mapped) {
      if (c < m.left || c > m.right || c < block.left || c > right) continue;
      const start = c === m.left ? Math.max(from, m.top + 1) : from;
      if (start > to) continue;
      let spans = cols.get(c);
      if (!spans) cols.set(c, (spans = []));
      spans.push([start, to]);
    }
  }
  const rowSpans = joined(rows);
  const colSpans = new Map([...cols].map(([c, spans]) => [c, joined(spans)]));
  return {
    row: (r) => inSpans(rowSpans, r),
    cell: (r, c) => {
      const spans = colSpans.get(c);
      return spans !== undefined && inSpans(spans, r);
    },
  };
}

type Span = [number, number];

interface Covered {
  /** The row lies in a merged area. */
  row(r: number): boolean;
  /** The cell lies in a merged area, not at its top-left. */
  cell(r: number, c: number): boolean;
}

/** Spans sorted and joined where they overlap, for a binary search. */
function joined(spans: Span[]): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s[0] <= last[1] + 1) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  return out;
}

function inSpans(spans: readonly Span[], r: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid][1] < r) lo = mid + 1;
    else if (spans[mid][0] > r) hi = mid - 1;
    else return true;
  }
  return false;
}

function touches(m: CellRect, top: number, bottom: number, left: number, right: number): boolean {
  return m.top <= bottom && m.bottom >= top && m.left <= right && m.right >= left;
}
