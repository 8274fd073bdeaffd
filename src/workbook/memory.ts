// The in-memory grid: the port for the preview page and for tests. A sheet is a sparse 2-D array
// of values and number formats; marks, validation lists and the selection are kept so tests can
// look at what a job did.
import { parseRange } from "./address";
import { LISTS_SHEET, subtotalFormula, totalsRowIndex } from "./port";
import { RECORDS_SHEET, parseRecords, recordRows, withRecord, withSheetName } from "./records";
import type {
  Block, CellMark, CellRect, CellValue, CellWrite, ColumnSpec, ListRef, PrintLayout, ReadTarget, TableOptions, WorkbookPort,
} from "./port";

export interface MemorySheet {
  values: CellValue[][];
  formats: string[][];
  merged: CellRect[];
  /** "row,col" → message of each mark this port made. */
  marks: Map<string, string>;
  /** "row,col" → the tone of the cell's marks, the gravest one (a problem over a warning over a note). */
  tones: Map<string, NonNullable<CellMark["tone"]>>;
  /** Column validation lists added by addTableSheet: column → allowed values. */
  validations: Map<number, readonly (string | number)[]>;
  /** Column drop-downs over another sheet's column (lookup lists): column → that column. */
  lookups: Map<number, ListRef>;
  /** The sheet holds a table (addTableSheet). */
  table: boolean;
  /** The table's last data row (0-based), when it holds one: extendTable moves it down. */
  tableBottom?: number;
  /** "row,col" → formula of the cells written as formulas (their values are what they come to). */
  formulas: Map<string, string>;
  /** "row,col" of a formula → the table it spilled from there (the preview's DOCSHEET formulas). */
  spills?: Map<string, CellValue[][]>;
  hidden: boolean;
  /** Columns hidden from view. */
  hiddenColumns: Set<number>;
  /** The sheet's id, kept when a test renames it (moves it to another name). */
  id: string;
  /** How the sheet prints (addTableSheet's print layout), kept as given. */
  print?: PrintLayout;
}

let nextSheetId = 1;

const GRAVITY: Record<NonNullable<CellMark["tone"]>, number> = { note: 0, warning: 1, error: 2 };

export const KIND_FORMATS: Record<ColumnSpec["kind"], string> = {
  text: "@",
  money: "#,##0.00",
  quantity: "#,##0.####",
  integer: "0",
  date: "yyyy-mm-dd",
  boolean: "General",
};

/** The number format of a column's cells. */
export const columnFormat = (c: ColumnSpec): string => c.format ?? KIND_FORMATS[c.kind];

/** A cell's format in a table row: the row's own (TableOptions.rowFormats) in a number column, else its column's. */
export const rowFormat = (c: ColumnSpec, own: string | null | undefined): string =>
  own && c.kind !== "text" && c.kind !== "boolean" && c.kind !== "date" ? own : columnFormat(c);

export class MemoryWorkbook implements WorkbookPort {
  readonly sheets = new Map<string, MemorySheet>();
  active: string;
  selection: { sheet: string; row: number; col: number } | undefined;

  constructor(init: Record<string, CellValue[][]> = { Sheet1: [] }) {
    for (const [name, rows] of Object.entries(init)) this.setSheet(name, rows);
    this.active = Object.keys(init)[0] ?? "Sheet1";
    if (!this.sheets.has(this.active)) this.setSheet(this.active, []);
  }

  /** Replaces a sheet's contents (rows from A1). */
  setSheet(name: string, rows: CellValue[][], formats: string[][] = []): MemorySheet {
    const sheet: MemorySheet = {
      values: rows.map(copyRow),
      formats: formats.map(copyRow),
      merged: [],
      marks: new Map(),
      tones: new Map(),
      validations: new Map(),
      lookups: new Map(),
      table: false,
      formulas: new Map(),
      hidden: false,
      hiddenColumns: new Set(),
      id: `m${nextSheetId++}`,
    };
    this.sheets.set(name, sheet);
    return sheet;
  }

  sheet(name: string): MemorySheet {
    const s = this.sheets.get(name);
    if (!s) throw new Error(`no sheet named "${name}"`);
    return s;
  }

  cell(name: string, row: number, col: number): CellValue {
    return this.sheet(name).values[row]?.[col] ?? null;
  }

  async read(target: ReadTarget = {}): Promise<Block> {
    const name = target.sheet ?? this.active;
    const s = this.sheet(name);
    const block = blockOfGrid(name, s, target.range);
    const lists = name !== LISTS_SHEET ? this.sheets.get(LISTS_SHEET) : undefined;
    if (lists) block.lists = blockOfGrid(LISTS_SHEET, lists).values;
    return block;
  }

  async write(name: string, writes: CellWrite[]): Promise<void> {
    const s = this.sheet(name);
    for (const w of writes) {
      w.values.forEach((row, i) => {
        row.forEach((v, j) => {
          const r = w.row + i;
          const c = w.col + j;
          (s.values[r] ??= [])[c] = v;
          const fmt = w.formats?.[i]?.[j];
          if (fmt) (s.formats[r] ??= [])[c] = fmt;
          if (w.hideColumns) s.hiddenColumns.add(c);
        });
      });
    }
  }

  async mark(name: string, marks: CellMark[]): Promise<void> {
    const s = this.sheet(name);
    for (const m of marks) {
      const k = `${m.row},${m.col}`;
      const prev = s.marks.get(k);
      s.marks.set(k, prev ? `${prev}\n${m.message}` : m.message);
      const tone = m.tone ?? "error";
      const was = s.tones.get(k);
      if (!was || GRAVITY[tone] > GRAVITY[was]) s.tones.set(k, tone);
    }
  }

  async clearMarks(name: string): Promise<void> {
    this.sheet(name).marks.clear();
    this.sheet(name).tones.clear();
  }

  async remark(name: string, marks: CellMark[]): Promise<void> {
    await this.clearMarks(name);
    await this.mark(name, marks);
  }

  async addTableSheet(name: string, columns: ColumnSpec[], rows: CellValue[][], options: TableOptions = {}): Promise<string> {
    if (options.hidden) await this.writeHiddenSheet(options.hidden.name, options.hidden.rows);
    const unique = uniqueName(name, [...this.sheets.keys()]);
    const header = columns.map((c) => c.header);
    const above = options.above ?? [];
    const k = above.length;
    const formats = [...above.map((r) => r.map(() => "General")), columns.map(() => "General"), ...rows.map((_, r) => columns.map((c) => rowFormat(c, options.rowFormats?.[r])))];
    const s = this.setSheet(unique, [...above, header, ...rows], formats);
    s.table = true;
    s.tableBottom = k + Math.max(1, rows.length);
    if (options.print) s.print = options.print;
    options.formulas?.forEach((row, r) => row.forEach((f, c) => {
      if (f !== null) s.formulas.set(`${k + r + 1},${c}`, f);
    }));
    if (options.totals) {
      const at = totalsRowIndex(rows.length, k);
      s.values[at] = options.totals.map((t) => (t === null ? null : "label" in t ? t.label : t.sum));
      s.formats[at] = columns.map((c, i) => (options.totals![i] && "sum" in options.totals![i]! ? columnFormat(c) : "General"));
      options.totals.forEach((t, c) => {
        if (t && "sum" in t) s.formulas.set(`${at},${c}`, subtotalFormula(columns[c].header));
      });
    }
    columns.forEach((c, i) => {
      if (c.allowed) s.validations.set(i, c.allowed);
      if (c.lookup) s.lookups.set(i, c.lookup);
      if (c.hidden) s.hiddenColumns.add(i);
    });
    for (const [key, text] of withSheetName(options.records?.(unique), s.id, unique)) await this.saveRecord(key, text);
    return unique;
  }

  async extendTable(name: string, at: { row: number; col: number }, rows: number): Promise<void> {
    const s = this.sheet(name);
    if (s.table && s.tableBottom === at.row && rows > 0) s.tableBottom += rows;
  }

  async writeHiddenSheet(name: string, rows: CellValue[][]): Promise<void> {
    this.setSheet(name, rows).hidden = true;
  }

  /** The values of a column's drop-down: its inline list, or the filled cells of the list it refers to. */
  dropDown(name: string, col: number): readonly (string | number)[] | undefined {
    const s = this.sheet(name);
    const ref = s.lookups.get(col);
    if (!ref) return s.validations.get(col);
    const list = this.sheets.get(ref.sheet)?.values.slice(1).map((r) => r?.[ref.col] ?? null) ?? [];
    return list.filter((v): v is string | number => typeof v === "string" || typeof v === "number");
  }

  async select(name: string, row: number, col: number): Promise<void> {
    this.sheet(name);
    this.active = name;
    this.selection = { sheet: name, row, col };
  }

  async sheetNames(): Promise<string[]> {
    return [...this.sheets.keys()];
  }

  async sheetId(name: string): Promise<string | null> {
    return this.sheets.get(name)?.id ?? null;
  }

  /** The workbook's settings (saveSetting), as Excel keeps them with the file. */
  readonly settings = new Map<string, string>();

  async loadSetting(key: string): Promise<string | null> {
    return this.settings.get(key) ?? null;
  }

  async saveSetting(key: string, value: string | null): Promise<void> {
    if (value === null) this.settings.delete(key);
    else this.settings.set(key, value);
  }

  /** Records live on a hidden sheet here too, in the layout the other hosts write. */
  async loadRecord(key: string): Promise<string | null> {
    return this.records().get(key) ?? null;
  }

  async saveRecord(key: string, value: string | null): Promise<void> {
    const next = withRecord(this.records(), key, value);
    this.setSheet(RECORDS_SHEET, recordRows(next)).hidden = true;
  }

  private records(): Map<string, string> {
    const sheet = this.sheets.get(RECORDS_SHEET);
    return sheet ? parseRecords(sheet.values) : new Map();
  }
}

/** The smallest rectangle holding every non-empty cell; undefined for an empty sheet. */
/**
 * The block a read answers, cut out of a sparse grid of values and formats: `range` (A1) or else
 * the used range; missing cells read as null / "General". Shared by the in-memory and .xlsx ports.
 */
/** Areas up to this many cells make a dense block (every row, every cell, null where empty); a
 * larger one (a stray cell far out) keeps only the rows and cells present: readers of a block take
 * a missing row or cell as empty. */
const DENSE_CELLS = 4_000_000;

export function blockOfGrid(
  sheet: string, grid: { values: CellValue[][]; formats: string[][]; merged: CellRect[] }, range?: string, used?: CellRect,
): Block {
  const area = range ? parseRange(range) : used ?? usedRange(grid.values);
  if (range && !area) throw new Error(`"${range}" is not a range`);
  const box = area ?? { top: 0, left: 0, bottom: 0, right: 0 };
  const width = box.right - box.left + 1;
  const height = box.bottom - box.top + 1;
  const dense = width * height <= DENSE_CELLS;
  const values: CellValue[][] = [];
  const formats: string[][] = [];
  if (dense) {
    for (let r = box.top; r <= box.bottom; r++) {
      const vr: CellValue[] = new Array(width);
      const fr: string[] = new Array(width);
      const gr = grid.values[r];
      const fg = grid.formats[r];
      for (let c = box.left; c <= box.right; c++) {
        vr[c - box.left] = gr?.[c] ?? null;
        fr[c - box.left] = fg?.[c] ?? "General";
      }
      values.push(vr);
      formats.push(fr);
    }
  } else {
    for (const key of presentKeys(grid.values)) {
      const r = Number(key);
      if (r < box.top || r > box.bottom) continue;
      const gr = grid.values[r];
      const fg = grid.formats[r] ?? [];
      const vr: CellValue[] = [];
      const fr: string[] = [];
      for (const k of presentKeys(gr)) {
        const c = Number(k);
        if (c < box.left || c > box.right) continue;
        vr[c - box.left] = gr[c] ?? null;
        fr[c - box.left] = fg[c] ?? "General";
      }
      values[r - box.top] = vr;
      formats[r - box.top] = fr;
    }
    values.length = height;
    formats.length = height;
  }
  const merged = grid.merged.filter((m) => m.top <= box.bottom && m.bottom >= box.top && m.left <= box.right && m.right >= box.left);
  return { sheet, top: box.top, left: box.left, values, formats, merged };
}

export function usedRange(values: CellValue[][]): CellRect | undefined {
  let top = -1;
  let bottom = -1;
  let left = Infinity;
  let right = -1;
  for (const key of presentKeys(values)) {
    const r = Number(key);
    const row = values[r];
    if (!row) continue;
    for (const k of presentKeys(row)) {
      const v = row[Number(k)];
      if (v === null || v === undefined || v === "") continue;
      const c = Number(k);
      if (top < 0) top = r;
      bottom = r;
      if (c < left) left = c;
      if (c > right) right = c;
    }
  }
  return top < 0 ? undefined : { top, left, bottom, right };
}

/** A row's copy, as sparse as the row (a spread would fill a stray cell's row out to it). */
export function copyRow<T>(row: readonly T[]): T[] {
  return row.length > 4096 ? Object.assign([], row) : [...row];
}

/** The indices a sparse array holds: by its keys when it is long (a stray cell at XFD, a row
 * numbered 1,000,000), so the work follows the cells present, not the array's length. */
export function presentKeys(cells: readonly unknown[]): Iterable<number | string> {
  if (cells.length <= 4096) {
    const out: number[] = [];
    for (let i = 0; i < cells.length; i++) if (cells[i] !== undefined) out.push(i);
    return out;
  }
  return Object.keys(cells);
}

/** "Pull", then "Pull (2)", "Pull (3)" ... Sheet names are compared case-insensitively as Excel does. */
export function uniqueName(name: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((t) => t.toLowerCase()));
  const base = name.slice(0, 31);
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) {
    const suffix = ` (${i})`;
    const candidate = base.slice(0, 31 - suffix.length) + suffix;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}
