// The .xlsx reader: a part at a time out of the archive (zip-parts.ts, capped), through a streaming
// XML scanner that checks well-formedness (xml-scan.ts), into storage that follows the cells
// present: rows and cells where the file has them, never the declared dimension, the used range or
// a merged area. Every scan is linear; every bound is a clear refusal (README.md, "Limits"). Pure:
// the command line reads files with it, the preview page's "Open .xlsx" reads them in the browser.
import { cellAddress, parseRange, rangeAddress } from "./address";
import type { Block, CellRect, CellValue, ReadTarget } from "./port";
import { blockOfGrid, presentKeys } from "./memory";
import { shiftFormula } from "./formula-shift";
import { XmlError, XmlScanner, type Attributes, type XmlHandlers } from "./xml-scan";
import { PartTooLarge, XlsxReadError, fflateInflate, openZip, type InflateRaw, type ZipParts } from "./zip-parts";

export { XlsxReadError, MAX_PART_BYTES } from "./zip-parts";
import type { ReadMessage } from "./read-words";

/** Excel's own bounds: 1,048,576 rows × 16,384 columns (A to XFD). */
export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384;
/** Filled cells (a value, or a number format of its own) one sheet may hold (README.md, "Limits"). */
export const MAX_CELLS = 1_000_000;
/** Rows one sheet read as a table (check, post and the other jobs) may span, first filled row to
 * last (README.md, "Limits"): every row becomes a document or a line with its findings and results,
 * and 999,000 one-cell rows took check 3.3 GB and post out of memory. */
export const MAX_TABLE_ROWS = 100_000;
/** Merged areas one sheet may hold. */
export const MAX_MERGES = 10_000;
/** Excel's most characters in one cell. */
export const MAX_CELL_CHARS = 32_767;
/** Characters of text one sheet's cells may hold in all, a shared string counted at every cell that
 * uses it (README.md, "Limits"): a small file of one 8 MB string used by 400,000 cells expands to
 * 3.2 billion characters, which everything after the reader would walk. */
export const MAX_SHEET_CHARS = 100_000_000;

/** Excel's built-in number formats that matter for reading (dates among them). */
const BUILTIN_FORMATS: Record<number, string> = {
  0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%", 11: "0.00E+00", 12: "# ?/?", 13: "# ??/??",
  14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM", 19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss",
  22: "m/d/yy h:mm", 37: "#,##0 ;(#,##0)", 38: "#,##0 ;[Red](#,##0)", 39: "#,##0.00;(#,##0.00)", 40: "#,##0.00;[Red](#,##0.00)",
  45: "mm:ss", 46: "[h]:mm:ss", 47: "mmss.0", 48: "##0.0E+0", 49: "@",
};

/** Excel's escape of characters XML cannot hold (_x000D_); the parser has already decoded entities. */
function unescapeOoxml(s: string): string {
  return s.includes("_x") ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : s;
}

/** The attribute `name`, or with any prefix when `prefixed` (r:id under another prefix). */
function attr(attributes: Attributes, name: string, prefixed = false): string | undefined {
  const v = attributes[name];
  if (v !== undefined || !prefixed) return v;
  for (const k of Object.keys(attributes)) if (k.endsWith(`:${name}`)) return attributes[k];
  return undefined;
}

/**
 * Streams one part through the scanner: `open`, `close` and `text` see local names. A part that is
 * not well-formed XML is a clear error naming the part and where, never a partial read.
 */
function parsePart(zip: ZipParts, part: string, what: ReadMessage, on: XmlHandlers): boolean {
  const scanner = new XmlScanner(on);
  try {
    const found = zip.text(part, (text) => scanner.write(text));
    if (found) scanner.end();
    return found;
  } catch (err) {
    if (err instanceof XmlError) throw new XlsxReadError("notWellFormed", { what, part, detail: err.readMessage });
    throw err;
  }
}

/** "B7" → {row 6, col 1}, refusing what lies beyond Excel's last row or column. */
function cellRef(ref: string): { row: number; col: number } {
  let i = 0;
  let col = 0;
  for (; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
  }
  const digits = ref.slice(i);
  if (i === 0 || i > 3 || !/^[1-9]\d{0,8}$/.test(digits)) throw new XlsxReadError("notCellAddress", { ref: ref.slice(0, 20) });
  const row = Number(digits);
  if (col > MAX_COLS) throw new XlsxReadError("cellBeyondColumn", { ref });
  if (row > MAX_ROWS) throw new XlsxReadError("cellBeyondRow", { ref });
  return { row: row - 1, col: col - 1 };
}

function rangeRef(ref: string): CellRect {
  const [a, b = a] = ref.split(":");
  const start = cellRef(a);
  const end = cellRef(b);
  return { top: Math.min(start.row, end.row), left: Math.min(start.col, end.col), bottom: Math.max(start.row, end.row), right: Math.max(start.col, end.col) };
}

function resolveTarget(target: string): string {
  const t = target.replace(/^\//, "");
  return t.startsWith("xl/") ? t : `xl/${t}`;
}

/** A sheet as stored: sparse rows of sparse cells, with the used range kept while reading. */
export interface SheetCells {
  values: CellValue[][];
  formats: string[][];
  merged: CellRect[];
  /** Rows that hold a cell, ascending. */
  rows: number[];
  used: CellRect | undefined;
  /** A row or cell without its address (r), which the format allows and exceljs cannot load. */
  unnumbered: boolean;
  /** Read with `formulas` only: "row,col" → the cell's formula as Excel shows it (`=...`), a shared
   * formula's other cells included. */
  formulas?: Map<string, string>;
  /** Read with `formulas` only: "row,col" of an array formula's cell (Excel's spilled tables too) →
   * the cells its values fill. */
  arrays?: Map<string, CellRect>;
}

export interface FastXlsx {
  sheetNames: string[];
  /** name → the file's sheetId, which a rename keeps. */
  sheetIds: Map<string, string>;
  read(target?: ReadTarget): Promise<Block>;
  /** A whole sheet as stored (the preview page shows it cell by cell); `table`: refused, as read()
   * refuses it, when more than MAX_TABLE_ROWS rows hold values. */
  sheet(name: string, options?: { table?: boolean }): SheetCells;
  /** The sheet's manual page breaks under rows (<rowBreaks>: each the 1-based row a page ends
   * with), which exceljs drops when it loads a file; [] when none. */
  rowBreaks(name: string): number[];
}

export interface OpenOptions {
  /** Raw DEFLATE inflate; default fflate's (the command line passes Node's, faster). */
  inflate?: InflateRaw;
  /** Keep the cells' formulas (SheetCells.formulas, arrays): the preview calculates its own. */
  formulas?: boolean;
}

export async function openFastXlsx(data: Uint8Array, options: OpenOptions = {}): Promise<FastXlsx> {
  let zip: ZipParts;
  try {
    zip = openZip(data, options.inflate ?? fflateInflate);
  } catch (err) {
    if (err instanceof RangeError) throw new XlsxReadError("directoryOutside");
    throw err;
  }
  const rels = new Map<string, string>();
  parsePart(zip, "xl/_rels/workbook.xml.rels", { key: "relationshipsPart", params: {} }, {
    open(name, tag) {
      const id = attr(tag, "Id");
      const target = attr(tag, "Target");
      if (name === "Relationship" && id && target) rels.set(id, resolveTarget(target));
    },
  });
  const sheets: { name: string; path: string; id?: string }[] = [];
  let activeTab = 0;
  const hasWorkbook = parsePart(zip, "xl/workbook.xml", { key: "workbookPart", params: {} }, {
    open(name, tag) {
      if (name === "sheet") {
        const sheetName = attr(tag, "name");
        const rid = attr(tag, "id", true);
        const path = rid ? rels.get(rid) : undefined;
        if (sheetName && path) sheets.push({ name: sheetName, path, id: attr(tag, "sheetId") });
      } else if (name === "workbookView") {
        activeTab = Number(attr(tag, "activeTab") ?? 0) || 0;
      }
    },
  });
  if (!hasWorkbook) throw new XlsxReadError("noWorkbook");

  let shared: string[] | undefined;
  let styleFormats: string[] | undefined;
  const loadShared = (): string[] => (shared ??= sharedStrings(zip));
  const loadStyles = (): string[] => (styleFormats ??= styles(zip));
  const cache = new Map<string, SheetCells>();

  const find = (name: string | undefined): { name: string; path: string } => {
    const sheet = name === undefined ? sheets[activeTab] ?? sheets[0] : sheets.find((s) => s.name === name);
    if (!sheet) throw (name === undefined ? new XlsxReadError("noSheets") : new XlsxReadError("noSheetNamed", { sheet: name }));
    return sheet;
  };
  /** `table`: read whole as a table, so refused as soon as its rows pass MAX_TABLE_ROWS. */
  const cells = (name: string | undefined, table = false): { name: string; cells: SheetCells } => {
    const sheet = find(name);
    let got = cache.get(sheet.name);
    if (!got) {
      got = readSheet(zip, sheet.name, sheet.path, loadShared(), loadStyles(), table, options.formulas === true);
      cache.set(sheet.name, got);
    }
    return { name: sheet.name, cells: got };
  };

  return {
    sheetNames: sheets.map((s) => s.name),
    sheetIds: new Map(sheets.flatMap((s) => (s.id ? [[s.name, s.id] as [string, string]] : []))),
    async read(target: ReadTarget = {}): Promise<Block> {
      const { name, cells: got } = cells(target.sheet, target.range === undefined);
      // Again when the sheet was read whole before (the preview's), or a range was asked for.
      assertTableRows(name, got, target.range);
      return blockOfGrid(name, got, target.range, got.used);
    },
    sheet: (name, sheetOptions = {}) => {
      const { name: found, cells: got } = cells(name, sheetOptions.table);
      if (sheetOptions.table) assertTableRows(found, got, undefined);
      return got;
    },
    rowBreaks: (name) => rowBreaks(zip, find(name).path),
  };
}

/** Excel writes at most 1,026 manual breaks a sheet. */
const MAX_ROW_BREAKS = 1026;

/** The manual row breaks of a sheet part, found without parsing its cells: the text from
 * <rowBreaks> to </rowBreaks> (near the part's end), taken from the pieces as they come. */
function rowBreaks(zip: ZipParts, path: string): number[] {
  let held = "";
  let inside = false;
  let done = false;
  zip.text(path, (piece) => {
    if (done) return;
    let text = held + piece;
    if (!inside) {
      const at = text.indexOf("<rowBreaks");
      // Keep what could be the start of the tag, cut by the piece's end.
      if (at < 0) return void (held = text.slice(-10));
      inside = true;
      text = text.slice(at);
    }
    const end = text.indexOf("</rowBreaks>");
    const empty = /^<rowBreaks\b[^>]*\/>/.test(text);
    if (end >= 0 || empty) done = true;
    held = empty ? "" : end >= 0 ? text.slice(0, end) : text;
  });
  if (!done) return [];
  const ids: number[] = [];
  for (const m of held.matchAll(/<brk\b([^>]*)>/g)) {
    const id = Number(/\bid="(\d+)"/.exec(m[1])?.[1]);
    if (/\bman="(1|true)"/.test(m[1]) && Number.isSafeInteger(id) && id > 0 && ids.length < MAX_ROW_BREAKS) ids.push(id);
  }
  return ids;
}

/** The shared strings: each <si>'s text runs (<t>, rich text <r><t>), without phonetic guides (<rPh>). */
function sharedStrings(zip: ZipParts): string[] {
  const out: string[] = [];
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  let text = "";
  parsePart(zip, "xl/sharedStrings.xml", { key: "sharedStringsPart", params: {} }, {
    open(name) {
      if (name === "si") {
        inSi = true;
        text = "";
      } else if (name === "rPh") phonetic++;
      else if (name === "t" && inSi && phonetic === 0) inT = true;
    },
    close(name) {
      if (name === "t") inT = false;
      else if (name === "rPh") phonetic--;
      else if (name === "si") {
        out.push(unescapeOoxml(text));
        inSi = false;
      }
    },
    text(t) {
      if (inT) text += t;
    },
  });
  return out;
}

/** Each cell style's number format, by style index. */
function styles(zip: ZipParts): string[] {
  const custom = new Map<number, string>();
  const formats: string[] = [];
  let inCellXfs = false;
  parsePart(zip, "xl/styles.xml", { key: "stylesPart", params: {} }, {
    open(name, tag) {
      if (name === "numFmt") custom.set(Number(attr(tag, "numFmtId")), attr(tag, "formatCode") ?? "General");
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        const id = Number(attr(tag, "numFmtId") ?? 0);
        formats.push(custom.get(id) ?? BUILTIN_FORMATS[id] ?? "General");
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return formats;
}

/** One cell's value from its type and the text of its <v> (or inline string). */
function cellValue(type: string, v: string | undefined, inline: string, strings: readonly string[]): CellValue {
  switch (type) {
    case "s":
      return v !== undefined ? strings[Number(v)] ?? "" : null;
    case "inlineStr":
      return unescapeOoxml(inline);
    case "str":
      return v !== undefined ? unescapeOoxml(v) : "";
    case "b":
      return v === "1";
    case "e":
      return { error: v ?? "#N/A" };
    case "d":
      return v !== undefined && !Number.isNaN(Date.parse(v)) ? new Date(v.length === 10 ? `${v}T00:00:00Z` : v) : null;
    default:
      return v !== undefined && v.trim() !== "" ? Number(v) : null;
  }
}

function readSheet(
  zip: ZipParts, name: string, path: string, strings: readonly string[], formats: readonly string[], table: boolean, withFormulas: boolean,
): SheetCells {
  const values: CellValue[][] = [];
  const fmts: string[][] = [];
  const rows: number[] = [];
  const merged: CellRect[] = [];
  let used: CellRect | undefined;
  let count = 0;
  let ordered = true;
  let unnumbered = false;

  let rowAt = -1;
  let colAt = -1;
  let inCell = false;
  let cell = { row: 0, col: 0, style: 0, type: "n" };
  let collect: "v" | "t" | "f" | undefined;
  let inInline = false;
  let phonetic = 0;
  let v: string | undefined;
  let inline = "";

  const formulas = withFormulas ? new Map<string, string>() : undefined;
  const arrays = withFormulas ? new Map<string, CellRect>() : undefined;
  /** The cell's <f>: its kind, share and range, and its text. */
  let f: { type: string; si?: string; ref?: string; text: string } | undefined;
  /** Each share's first cell and formula, which the share's other cells read moved. */
  const shares = new Map<string, { row: number; col: number; text: string }>();

  let chars = 0;
  /** Rows holding a value, counted up to the limit when read as a table. */
  const filledRows = new Set<number>();
  const store = (): void => {
    const fmt = formats[cell.style] ?? "General";
    if (cell.type === "s" && v !== undefined && !(Number(v) >= 0 && Number(v) < strings.length && Number.isInteger(Number(v)))) {
      throw new XlsxReadError("sharedStringMissing", { sheet: name, cell: cellAddress(cell.row, cell.col), index: v.slice(0, 20), count: strings.length });
    }
    const value = cellValue(cell.type, v, inline, strings);
    if (typeof value === "string") {
      if (value.length > MAX_CELL_CHARS) {
        throw new XlsxReadError("cellTooLong", { sheet: name, cell: cellAddress(cell.row, cell.col), chars: value.length, max: MAX_CELL_CHARS });
      }
      chars += value.length;
      if (chars > MAX_SHEET_CHARS) {
        throw new XlsxReadError("sheetTooManyChars", { sheet: name, max: MAX_SHEET_CHARS });
      }
    }
    if (value === null && fmt === "General") return;
    let vr = values[cell.row];
    if (!vr) {
      if (++count > MAX_CELLS) throw tooManyCells(name);
      if (rows.length > 0 && rows[rows.length - 1] > cell.row) ordered = false;
      rows.push(cell.row);
      vr = values[cell.row] = [];
      fmts[cell.row] = [];
    } else if (vr[cell.col] === undefined && ++count > MAX_CELLS) throw tooManyCells(name);
    vr[cell.col] = value;
    fmts[cell.row][cell.col] = fmt;
    if (value === null || value === "") return;
    if (table && filledRows.size <= MAX_TABLE_ROWS && filledRows.add(cell.row).size > MAX_TABLE_ROWS) throw tooManyRows(name);
    if (!used) used = { top: cell.row, left: cell.col, bottom: cell.row, right: cell.col };
    else {
      if (cell.row < used.top) used.top = cell.row;
      if (cell.row > used.bottom) used.bottom = cell.row;
      if (cell.col < used.left) used.left = cell.col;
      if (cell.col > used.right) used.right = cell.col;
    }
  };

  /** Keeps the cell's formula (with `formulas` only). */
  const storeFormula = (): void => {
    if (!f || !formulas || !arrays) return;
    let text = f.text;
    if (f.type === "shared" && f.si !== undefined) {
      const share = shares.get(f.si);
      if (text.trim() !== "") {
        if (!share) shares.set(f.si, { row: cell.row, col: cell.col, text });
      } else if (share) {
        text = shiftFormula(share.text, cell.row - share.row, cell.col - share.col);
      }
    }
    if (text.trim() === "" || f.type === "dataTable") return;
    chars += text.length;
    if (chars > MAX_SHEET_CHARS) throw new XlsxReadError("sheetTooManyChars", { sheet: name, max: MAX_SHEET_CHARS });
    const key = `${cell.row},${cell.col}`;
    if (formulas.size >= MAX_CELLS) throw tooManyCells(name);
    formulas.set(key, `=${text}`);
    if (f.type === "array" && f.ref) arrays.set(key, rangeRef(f.ref));
  };

  try {
    parsePart(zip, path, { key: "sheetPart", params: { sheet: name } }, {
      open(tag, t) {
        switch (tag) {
          case "row": {
            const r = attr(t, "r");
            if (r === undefined) unnumbered = true;
            const row = r === undefined ? rowAt + 1 : Number(r) - 1;
            if (!Number.isInteger(row) || row < 0) throw new XlsxReadError("rowNumbered", { sheet: name, row: String(r).slice(0, 20) });
            if (row >= MAX_ROWS) throw new XlsxReadError("rowBeyond", { sheet: name, row: Number(r) });
            rowAt = row;
            colAt = -1;
            break;
          }
          case "c": {
            const r = attr(t, "r");
            if (r === undefined) unnumbered = true;
            const pos = r === undefined ? { row: Math.max(rowAt, 0), col: colAt + 1 } : cellRef(r);
            if (pos.col >= MAX_COLS) throw new XlsxReadError("sheetCellBeyondColumn", { sheet: name });
            colAt = pos.col;
            cell = { row: pos.row, col: pos.col, style: Number(attr(t, "s") ?? 0) || 0, type: attr(t, "t") ?? "n" };
            inCell = true;
            v = undefined;
            inline = "";
            f = undefined;
            break;
          }
          case "f":
            if (inCell && withFormulas) {
              f = { type: attr(t, "t") ?? "normal", si: attr(t, "si"), ref: attr(t, "ref"), text: "" };
              collect = "f";
            }
            break;
          case "v":
            if (inCell) {
              collect = "v";
              v = "";
            }
            break;
          case "is":
            inInline = inCell;
            break;
          case "rPh":
            phonetic++;
            break;
          case "t":
            if (inInline && phonetic === 0) collect = "t";
            break;
          case "mergeCell": {
            const ref = attr(t, "ref");
            if (!ref) break;
            if (merged.length >= MAX_MERGES) throw new XlsxReadError("tooManyMerges", { sheet: name, max: MAX_MERGES });
            merged.push(rangeRef(ref));
            break;
          }
        }
      },
      close(tag) {
        switch (tag) {
          case "v":
          case "t":
          case "f":
            collect = undefined;
            break;
          case "is":
            inInline = false;
            break;
          case "rPh":
            phonetic--;
            break;
          case "c":
            store();
            storeFormula();
            inCell = false;
            break;
        }
      },
      text(t) {
        if (collect === "v") v += t;
        else if (collect === "t") inline += t;
        else if (collect === "f" && f) {
          if (f.text.length + t.length > MAX_CELL_CHARS) throw new XlsxReadError("cellTooLong", { sheet: name, cell: cellAddress(cell.row, cell.col), chars: f.text.length + t.length, max: MAX_CELL_CHARS });
          f.text += t;
        }
      },
    });
  } catch (err) {
    // A genuine sheet that big (a year of line rows) is told what to do about it.
    if (err instanceof PartTooLarge) throw new XlsxReadError("sheetTooLarge", { sheet: name, detail: err.readMessage });
    throw err;
  }
  if (!ordered) rows.sort((a, b) => a - b);
  clearCovered(name, values, rows, merged);
  return { values, formats: fmts, merged, rows, used, unnumbered, formulas, arrays };
}

/** A read as a table holds values in at most MAX_TABLE_ROWS rows (of a range asked for, those in
 * it). Said before the table is made, so nothing of its rows is built. */
function assertTableRows(sheet: string, got: SheetCells, range: string | undefined): void {
  if (got.rows.length <= MAX_TABLE_ROWS) return;
  const area = range ? parseRange(range) : undefined;
  const holdsValue = (cells: CellValue[]): boolean => {
    for (const k of presentKeys(cells)) if (cells[Number(k)] !== null && cells[Number(k)] !== "") return true;
    return false;
  };
  let filled = 0;
  for (const row of got.rows) {
    if (area && (row < area.top || row > area.bottom)) continue;
    if (holdsValue(got.values[row]) && ++filled > MAX_TABLE_ROWS) throw tooManyRows(sheet);
  }
}

function tooManyRows(sheet: string): XlsxReadError {
  return new XlsxReadError("tooManyRows", { sheet, max: MAX_TABLE_ROWS });
}

function tooManyCells(sheet: string): XlsxReadError {
  return new XlsxReadError("tooManyCells", { sheet, max: MAX_CELLS });
}

/**
 * Cells covered by a merged area (not its top-left) read as empty, as in Excel; the preview clears
 * the cells an array formula filled the same way. One sweep down the rows that hold cells, with the
 * areas over the current row sorted by their left column: the work follows the cells present and
 * the areas, never an area's size. Areas that overlap (Excel never writes them) are refused.
 * With `keep`, each covered cell is handed to it instead of cleared.
 */
export function clearCovered(
  sheet: string, values: CellValue[][], rows: readonly number[], merged: readonly CellRect[], overlap: "mergesOverlap" | "arraysOverlap" = "mergesOverlap",
  keep?: (area: CellRect, row: number, col: number, value: CellValue) => void,
): void {
  if (merged.length === 0 || rows.length === 0) return;
  const byTop = [...merged].sort((a, b) => a.top - b.top);
  let next = 0;
  let active: CellRect[] = [];
  let changed = false;
  for (const row of rows) {
    while (next < byTop.length && byTop[next].top <= row) {
      active.push(byTop[next++]);
      changed = true;
    }
    if (active.some((m) => m.bottom < row)) {
      active = active.filter((m) => m.bottom >= row);
      changed = true;
    }
    if (active.length === 0) continue;
    if (changed) {
      active.sort((a, b) => a.left - b.left);
      for (let i = 1; i < active.length; i++) {
        if (active[i].left <= active[i - 1].right) {
          throw new XlsxReadError(overlap, { sheet, first: rangeAddress(active[i - 1]), second: rangeAddress(active[i]) });
        }
      }
      changed = false;
    }
    const cells = values[row];
    for (const key of presentKeys(cells)) {
      const col = Number(key);
      // The last area that starts at or left of the cell.
      let lo = 0;
      let hi = active.length - 1;
      let hit = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (active[mid].left <= col) {
          hit = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      const m = hit >= 0 ? active[hit] : undefined;
      if (m && col <= m.right && (row !== m.top || col !== m.left)) {
        if (keep) keep(m, row, col, cells[col]);
        else cells[col] = null;
      }
    }
  }
}

