// The .xlsx host for the command line: the port over an exceljs workbook held in memory, loaded from
// and saved to a file. Saves go through a temporary file and a rename, so a run killed mid-save
// never leaves a half-written workbook. Reading alone goes through the fast reader and never loads
// exceljs.
import { promises as fs } from "node:fs";
import { inflateRawSync } from "node:zlib";
import type ExcelJS from "exceljs";
import { parseRange, rangeAddress } from "./address";
import { blockOfGrid, uniqueName } from "./memory";
import { LISTS_SHEET } from "./port";
import { RECORDS_SHEET, parseRecords, recordRows, withRecord, withSheetName } from "./records";
import type {
  Block, CellMark, CellRect, CellValue, CellWrite, ColumnSpec, ReadTarget, TableOptions, WorkbookPort,
} from "./port";
import { MAX_CELLS, XlsxReadError, openFastXlsx, type FastXlsx } from "./xlsx-read";
import type { InflateRaw } from "./zip-parts";
import { addRowBreaks, exceljs, fillTable, namingFile, removeDeadTemps, tableName, tempPathFor, toExcel } from "./xlsx-write";

/** The fill and note prefix that tell our marks from the user's own. */
const MARK_ARGB = "FFFFC7CE";
const NOTE_PREFIX = "DocSheet: ";

/**
 * Writing goes through exceljs, which needs every row and cell to carry its address, and makes a
 * cell of every cell a merged area covers: a merge to
 * the sheet's end (A3:XFD1048576, a 2 KB file) would be 17 billion cells. The bounded reader, which
 * stores merges as areas, says first what the writer would not survive: at most MAX_CELLS cells
 * under merges per sheet.
 */
function assertWritable(fast: FastXlsx): void {
  for (const name of fast.sheetNames) {
    // exceljs stops on such a sheet ("Invalid row number in model"); Excel always writes them.
    if (fast.sheet(name).unnumbered) throw new XlsxReadError("unnumbered", { sheet: name });
    let covered = 0;
    for (const m of fast.sheet(name).merged) covered += (m.bottom - m.top + 1) * (m.right - m.left + 1);
    if (covered > MAX_CELLS) {
      throw new XlsxReadError("mergesCover", { sheet: name, cells: covered, max: MAX_CELLS });
    }
  }
}

/** What exceljs keeps of a table read from a file: its range as written in the file. */
interface TableModel {
  tableRef?: string;
  autoFilterRef?: string;
  totalsRow?: boolean;
}

export class XlsxWorkbook implements WorkbookPort {
  /** The exceljs model, built on the first change: reading alone goes through the fast reader. */
  private workbook: ExcelJS.Workbook | undefined;
  private loading: Promise<ExcelJS.Workbook> | undefined;

  private constructor(
    workbook: ExcelJS.Workbook | undefined, private readonly data?: Buffer, private readonly fast?: FastXlsx, private readonly source?: string,
  ) {
    this.workbook = workbook;
  }

  static empty(): XlsxWorkbook {
    return new XlsxWorkbook(new (exceljs().Workbook)());
  }

  static async load(path: string): Promise<XlsxWorkbook> {
    return XlsxWorkbook.fromBuffer(await fs.readFile(path), path);
  }

  /** `source` names the file in what a sheet that cannot be read says. */
  static async fromBuffer(data: Buffer, source?: string): Promise<XlsxWorkbook> {
    return new XlsxWorkbook(undefined, data, await openFastXlsx(data, { inflate: nodeInflate }), source);
  }

  /** Refuses a workbook the writer would not load (before a command sends anything it must write back). */
  assertWritable(): void {
    if (!this.workbook && this.fast) assertWritable(this.fast);
  }

  /** The exceljs workbook (parsed on first use). */
  async model(): Promise<ExcelJS.Workbook> {
    if (this.workbook) return this.workbook;
    // One load for all callers: concurrent writes must land in the same model.
    this.loading ??= (async () => {
      if (this.fast) assertWritable(this.fast);
      const workbook = new (exceljs().Workbook)();
      await workbook.xlsx.load(this.data as unknown as ArrayBuffer);
      // exceljs reads no page breaks: a report saved again would print without them.
      for (const ws of workbook.worksheets) if (this.fast?.sheetNames.includes(ws.name)) addRowBreaks(ws, this.fast.rowBreaks(ws.name));
      this.workbook = workbook;
      return workbook;
    })();
    return this.loading;
  }

  /** `finish` changes the archive exceljs writes before it is saved (what exceljs cannot say). */
  async save(path: string, finish?: (xlsx: Uint8Array) => Uint8Array): Promise<void> {
    const workbook = await this.model();
    for (const ws of workbook.worksheets) compactValidations(ws);
    await removeDeadTemps(path);
    const tmp = tempPathFor(path);
    try {
      if (finish) await fs.writeFile(tmp, finish(new Uint8Array(await workbook.xlsx.writeBuffer())));
      else await workbook.xlsx.writeFile(tmp);
      await fs.rename(tmp, path);
    } catch (err) {
      // A full disk or an unwritable folder: no temp file is left (it would keep the disk full and
      // fail every later save); the file at `path`, if any, stays as the last good save.
      await fs.rm(tmp, { force: true }).catch(() => undefined);
      throw namingFile(err, path);
    }
  }

  private async worksheet(name?: string): Promise<ExcelJS.Worksheet> {
    const workbook = await this.model();
    if (name === undefined) {
      const active = workbook.views?.[0]?.activeTab ?? 0;
      const ws = workbook.worksheets[active] ?? workbook.worksheets[0];
      if (!ws) throw new Error("the workbook has no sheets");
      return ws;
    }
    const ws = workbook.getWorksheet(name);
    if (!ws) throw new Error(`no sheet named "${name}"; the workbook has ${workbook.worksheets.map((w) => `"${w.name}"`).join(", ")}`);
    return ws;
  }

  async read(target: ReadTarget = {}): Promise<Block> {
    const block = await this.readSheet(target);
    if (block.sheet !== LISTS_SHEET && (await this.sheetNames()).includes(LISTS_SHEET)) {
      block.lists = (await this.readSheet({ sheet: LISTS_SHEET })).values;
    }
    return block;
  }

  private async readSheet(target: ReadTarget): Promise<Block> {
    if (!this.workbook && this.fast) {
      try {
        return await this.fast.read(target);
      } catch (err) {
        if (err instanceof XlsxReadError && this.source) throw new XlsxReadError("cannotRead", { source: this.source, detail: err.readMessage });
        throw err;
      }
    }
    const ws = await this.worksheet(target.sheet);
    const grid: CellValue[][] = [];
    const fmts: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (row, r) => {
      const vr: CellValue[] = (grid[r - 1] = []);
      const fr: string[] = (fmts[r - 1] = []);
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        vr[c - 1] = cellValue(cell);
        fr[c - 1] = cell.numFmt ?? "General";
      });
    });
    return blockOfGrid(ws.name, { values: grid, formats: fmts, merged: mergedAreas(ws) }, target.range);
  }

  async write(sheet: string, writes: CellWrite[]): Promise<void> {
    const ws = await this.worksheet(sheet);
    for (const w of writes) {
      w.values.forEach((rowValues, i) => {
        const row = ws.getRow(w.row + i + 1);
        rowValues.forEach((v, j) => {
          const cell = row.getCell(w.col + j + 1);
          // exceljs writes a string as a string: text starting with = + - @ stays text.
          cell.value = toExcel(v);
          const fmt = w.formats?.[i]?.[j];
          if (fmt) cell.numFmt = fmt;
          if (w.hideColumns) ws.getColumn(w.col + j + 1).hidden = true;
        });
      });
    }
  }

  async mark(sheet: string, marks: CellMark[]): Promise<void> {
    const ws = await this.worksheet(sheet);
    for (const m of marks) {
      const cell = ws.getCell(m.row + 1, m.col + 1);
      const prev = noteText(cell);
      const text = prev?.startsWith(NOTE_PREFIX) ? `${prev}\n${m.message}` : `${NOTE_PREFIX}${m.message}`;
      cell.note = text;
      cell.style = { ...cell.style, fill: { type: "pattern", pattern: "solid", fgColor: { argb: MARK_ARGB } } };
    }
  }

  async remark(sheet: string, marks: CellMark[]): Promise<void> {
    await this.clearMarks(sheet);
    await this.mark(sheet, marks);
  }

  async clearMarks(sheet: string): Promise<void> {
    const ws = await this.worksheet(sheet);
    ws.eachRow({ includeEmpty: true }, (row) => {
      row.eachCell({ includeEmpty: true }, (cell) => {
        if (!noteText(cell)?.startsWith(NOTE_PREFIX)) return;
        cell.note = undefined as unknown as string;
        const fill = cell.style?.fill as ExcelJS.FillPattern | undefined;
        if (fill?.type === "pattern" && fill.fgColor?.argb === MARK_ARGB) {
          const { fill: _drop, ...rest } = cell.style;
          void _drop;
          cell.style = rest;
        }
      });
    });
  }

  async addTableSheet(name: string, columns: ColumnSpec[], rows: CellValue[][], options: TableOptions = {}): Promise<string> {
    const workbook = await this.model();
    const unique = uniqueName(name, workbook.worksheets.map((w) => w.name));
    const tables = new Set(workbook.worksheets.flatMap((w) => Object.keys((w as unknown as { tables: Record<string, unknown> }).tables ?? {})).map((t) => t.toLowerCase()));
    const ws = workbook.addWorksheet(unique, { views: [{ state: "frozen", ySplit: 1 + (options.above?.length ?? 0) }] });
    fillTable(ws, columns, rows, tableName(unique, tables), options);
    // After the table: a new workbook's first sheet is the one it opens on, and must not be hidden.
    if (options.hidden) await this.writeHiddenSheet(options.hidden.name, options.hidden.rows);
    for (const [key, text] of withSheetName(options.records?.(unique), String(ws.id), unique)) await this.saveRecord(key, text);
    return unique;
  }

  /** The table's range in the file (and its filter's) reaches `rows` further down. */
  async extendTable(sheet: string, at: { row: number; col: number }, rows: number): Promise<void> {
    if (rows <= 0) return;
    const ws = await this.worksheet(sheet);
    for (const table of Object.values((ws as unknown as { tables: Record<string, { table?: TableModel }> }).tables ?? {})) {
      const model = table.table;
      const box = model?.tableRef ? parseRange(model.tableRef) : undefined;
      if (!model || !box || model.totalsRow) continue;
      if (box.bottom !== at.row || at.col < box.left || at.col > box.right) continue;
      model.tableRef = rangeAddress({ ...box, bottom: box.bottom + rows });
      if (model.autoFilterRef) model.autoFilterRef = model.tableRef;
      return;
    }
  }

  async writeHiddenSheet(name: string, rows: CellValue[][]): Promise<void> {
    const workbook = await this.model();
    const old = workbook.getWorksheet(name);
    // Replaced whole: what a refresh drops must not linger below the new rows.
    if (old) workbook.removeWorksheet(old.id);
    const ws = workbook.addWorksheet(name, { state: "hidden" });
    for (const r of rows) ws.addRow(r.map(toExcel));
  }

  async select(sheet: string, row: number, col: number): Promise<void> {
    const ws = await this.worksheet(sheet);
    const workbook = await this.model();
    const index = workbook.worksheets.indexOf(ws);
    workbook.views = [{ ...(workbook.views?.[0] ?? {}), activeTab: index } as ExcelJS.WorkbookView];
    const view = (ws.views?.[0] ?? {}) as Partial<ExcelJS.WorksheetView>;
    ws.views = [{ ...view, activeCell: ws.getCell(row + 1, col + 1).address } as ExcelJS.WorksheetView];
  }

  async sheetNames(): Promise<string[]> {
    if (!this.workbook && this.fast) return [...this.fast.sheetNames];
    return (await this.model()).worksheets.map((w) => w.name);
  }

  async sheetId(name: string): Promise<string | null> {
    if (!this.workbook && this.fast) return this.fast.sheetIds.get(name) ?? null;
    const ws = (await this.model()).getWorksheet(name);
    return ws ? String(ws.id) : null;
  }

  // Settings belong to the task pane; the command line takes its column mappings from a file.
  async loadSetting(): Promise<string | null> {
    throw new Error("workbook settings are not supported in .xlsx files: pass the column mapping with --mapping");
  }

  async saveSetting(): Promise<void> {
    throw new Error("workbook settings are not supported in .xlsx files: pass the column mapping with --mapping");
  }

  async loadRecord(key: string): Promise<string | null> {
    return (await this.records()).get(key) ?? null;
  }

  /** The records sheet is written whole, very hidden (Excel lists it under no Unhide), in place:
   * removing and adding it again would move the workbook's active tab. */
  async saveRecord(key: string, value: string | null): Promise<void> {
    const next = withRecord(await this.records(), key, value);
    const workbook = await this.model();
    const ws = workbook.getWorksheet(RECORDS_SHEET) ?? workbook.addWorksheet(RECORDS_SHEET, { state: "veryHidden" });
    const rows = recordRows(next);
    const before = ws.rowCount;
    for (let r = 0; r < Math.max(before, rows.length); r++) {
      const row = ws.getRow(r + 1);
      for (let c = 0; c < 2; c++) {
        const cell = row.getCell(c + 1);
        cell.value = toExcel(rows[r]?.[c] ?? null);
        cell.numFmt = "@";
      }
    }
  }

  private async records(): Promise<Map<string, string>> {
    if (!(await this.sheetNames()).includes(RECORDS_SHEET)) return new Map();
    return parseRecords((await this.readSheet({ sheet: RECORDS_SHEET })).values);
  }

  /** Validation lists of a sheet by A1 range (for tests and the template checks). */
  async validations(sheet: string): Promise<Record<string, ExcelJS.DataValidation>> {
    const ws = (await this.worksheet(sheet)) as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } };
    return Object.fromEntries(Object.entries(ws.dataValidations.model).filter(([, v]) => v !== undefined));
  }

  /** A cell's note, if any (for tests of marks). */
  async note(sheet: string, row: number, col: number): Promise<string | undefined> {
    return noteText((await this.worksheet(sheet)).getCell(row + 1, col + 1));
  }
}

/** Node's native inflate (several times fflate's speed on a big sheet), stopped past the reader's
 * cap, handed on a megabyte at a time so the text decoder and the scanner work on small pieces. */
const nodeInflate: InflateRaw = (data, sink, limit) => {
  const out = inflateRawSync(data, { maxOutputLength: limit + 1 });
  const PIECE = 1024 * 1024;
  for (let at = 0; at < out.length; at += PIECE) sink(out.subarray(at, at + PIECE));
};

/**
 * exceljs reads a validated range back cell by cell, and on save joins the cells again in the order
 * of their addresses as text ("A10" before "A2"), which writes overlapping ranges ("A10:A1000" and
 * "A2:A1000"). Joined here first, per column, into runs of equal validations.
 */
function compactValidations(ws: ExcelJS.Worksheet): void {
  const holder = ws as unknown as { dataValidations?: { model: Record<string, ExcelJS.DataValidation | undefined> } };
  const model = holder.dataValidations?.model;
  if (!model) return;
  const cells: Array<{ row: number; col: number; key: string; v: ExcelJS.DataValidation }> = [];
  const out: Record<string, ExcelJS.DataValidation> = {};
  for (const [key, v] of Object.entries(model)) {
    if (v === undefined) continue;
    const pos = /^([A-Z]{1,3})(\d+)$/.exec(key);
    if (!pos) out[key] = v; // already a range
    else cells.push({ row: Number(pos[2]), col: ws.getColumn(pos[1]).number, key: pos[1], v });
  }
  cells.sort((a, b) => a.col - b.col || a.row - b.row);
  for (let i = 0; i < cells.length;) {
    let j = i + 1;
    const same = JSON.stringify(cells[i].v);
    while (j < cells.length && cells[j].col === cells[i].col && cells[j].row === cells[j - 1].row + 1 && JSON.stringify(cells[j].v) === same) j++;
    const first = cells[i];
    const last = cells[j - 1];
    out[j - i === 1 ? `${first.key}${first.row}` : `${first.key}${first.row}:${last.key}${last.row}`] = first.v;
    i = j;
  }
  holder.dataValidations!.model = out;
}

function noteText(cell: ExcelJS.Cell): string | undefined {
  const n = cell.note as unknown;
  if (n === undefined || n === null) return undefined;
  if (typeof n === "string") return n;
  const texts = (n as { texts?: { text: string }[] }).texts;
  return texts ? texts.map((t) => t.text).join("") : undefined;
}

function mergedAreas(ws: ExcelJS.Worksheet): CellRect[] {
  const merges = (ws as unknown as { _merges: Record<string, { top: number; left: number; bottom: number; right: number }> })._merges ?? {};
  return Object.values(merges).map((m) => ({ top: m.top - 1, left: m.left - 1, bottom: m.bottom - 1, right: m.right - 1 }));
}

/** An exceljs cell → the port's value. Cells covered by a merge (not its top-left) read as empty. */
function cellValue(cell: ExcelJS.Cell): CellValue {
  if (cell.isMerged && cell.master !== cell) return null;
  return plain(cell.value);
}

function plain(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (v instanceof Date) return v;
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.error === "string") return { error: o.error };
    if ("formula" in o || "sharedFormula" in o) return plain(o.result);
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join("");
    if (typeof o.text === "string") return o.text;
    if (o.text && typeof o.text === "object") return plain(o.text);
  }
  return String(v);
}
