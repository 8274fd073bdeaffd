// The port over Office.js: the only DocSheet code that knows Excel. House rules (DESIGN.md): one
// Excel.run per action, queue everything then sync once (more only for 5 MB chunks), 2-D blocks,
// calculation and screen updating suspended around big writes, text starting = + - @ kept as text.
import { cellAddress, parseRange, rangeAddress } from "./address";
import { columnFormat, rowFormat } from "./memory";
import { LISTS_SHEET, isCellError, subtotalFormula } from "./port";
import type {
  Block, CellMark, CellValue, CellWrite, ColumnSpec, PrintLayout, ReadTarget, TableOptions, WorkbookPort,
} from "./port";
import {
  hasMarks, isEmptyDetail, marksSeen, needsAllNotes, noteKind, planMarks, queueAllNotes, queueMarksDetail, queueMarksLook, MARKS_SETTING,
  type MarkNoteKind, type MarkOp, type MarkRecord, type MarksDetail, type SheetMarks,
} from "./excel-marks";
import { RECORDS_SHEET, parseRecords, recordRows, withRecord, withSheetName } from "./records";
import { jsonBytes } from "./utf8";
import { inlineList, lookupFormula } from "./validation";

export { MARK_FILL, MARK_FORMULA, MARKS_SETTING, type MarkNoteKind } from "./excel-marks";

/** What the port needs from the host; tests pass a strict fake, Excel passes the real globals. */
export interface ExcelHost {
  run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  /** Office.context.requirements.isSetSupported("ExcelApi", version). */
  supports(version: string): boolean;
}

export function officeHost(): ExcelHost {
  return {
    run: (batch) => Excel.run(batch),
    supports: (version) => Office.context.requirements.isSetSupported("ExcelApi", version),
  };
}

/** Excel on the web refuses a request over 5 MB; keep each batch well under it. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** A read larger than this (cells) is done in row chunks, one sync each, unless it may fit in one
 * response (MIN_CELL_RESPONSE_BYTES): then it is tried whole first. */
export const MAX_READ_CELLS = 100_000;
/** Excel on the web refuses a response over 5 MB. */
export const RESPONSE_LIMIT_BYTES = 5 * 1024 * 1024;
/** The least a cell can add to a read's response: "" in values, "Empty" in valueTypes, "General" in
 * numberFormat, with their commas. A box of more cells than the limit allows at this size cannot fit. */
export const MIN_CELL_RESPONSE_BYTES = 21;
/** Excel on the web refuses a response over 5 MB too: read chunks after the first aim at this size. */
export const READ_TARGET_BYTES = 4 * 1024 * 1024;
export interface MarkOutcome {
  /** How messages were attached to cells. */
  kind: MarkNoteKind;
  /** Marks whose message could not go into a note or comment: the caller writes them in `result`. */
  unplaced: CellMark[];
}

const TEXT_FORMAT = "@";
const DATE_FORMAT = "yyyy-mm-dd";

/** A4 one page wide (as many pages tall as the breaks make), the rows above the table and its header
 * as print titles, a page break under each row that ends a page, and the page's number in its header
 * (page layout and page breaks, ExcelApi 1.9). `k`: rows above the table's header. */
function printAsForm(sheet: Excel.Worksheet, k: number, print: PrintLayout): void {
  const layout = sheet.pageLayout;
  layout.orientation = print.orientation === "landscape" ? "Landscape" : "Portrait";
  layout.paperSize = "A4";
  layout.zoom = { horizontalFitToPages: 1, verticalFitToPages: 0 };
  layout.setPrintTitleRows(`$1:$${k + 1}`);
  if (print.pageHeader) layout.headersFooters.defaultForAllPages.rightHeader = print.pageHeader;
  // A break goes above the cell given: the row under the page's last.
  for (const end of print.pageEnds) sheet.horizontalPageBreaks.add(sheet.getRangeByIndexes(k + 2 + end, 0, 1, 1));
}

/** Text that Excel would turn into something else if typed: a formula or sign, a number, a date. */
export function needsTextFormat(value: CellValue): boolean {
  return typeof value === "string" && (/^[=+\-@]/.test(value) || /^\s*(\d[\d,]*(\.\d+)?%?|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4})\s*$/.test(value));
}

/** JS Date → Excel serial (1900 date system; the day fraction is kept). */
export function excelSerial(date: Date): number {
  return date.getTime() / 86_400_000 + 25569;
}

/** A port value → what Office.js accepts in `values`. */
function toExcel(value: CellValue): string | number | boolean {
  if (value === null) return "";
  if (value instanceof Date) return excelSerial(value);
  if (isCellError(value)) return value.error;
  return value;
}

/** An Office.js value (with its value type) → a port value. */
function fromExcel(value: unknown, type: string | undefined): CellValue {
  if (type === "Error") return { error: String(value) };
  if (value === "" || value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  return String(value);
}

/** A rough size of a row in a request: JSON bytes plus per-cell overhead. */
function rowBytes(values: readonly unknown[], formats?: readonly unknown[] | null): number {
  return jsonBytes(values) + (formats ? jsonBytes(formats) : 0) + values.length * 4;
}

/** Splits rows into chunks whose estimated request size stays under the limit (and, if given, at
 * most maxItems rows each). */
export function chunkRows(rowSizes: readonly number[], limit = MAX_REQUEST_BYTES, maxItems = Infinity): Array<[start: number, end: number]> {
  const chunks: Array<[number, number]> = [];
  let start = 0;
  let size = 0;
  rowSizes.forEach((bytes, i) => {
    if (i > start && (size + bytes > limit || i - start >= maxItems)) {
      chunks.push([start, i]);
      start = i;
      size = 0;
    }
    size += bytes;
  });
  if (rowSizes.length > start) chunks.push([start, rowSizes.length]);
  return chunks;
}

/** Excel on the web's refusal of a request or a response over 5 MB (Excel.ErrorCodes has both codes). */
function isPayloadTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "RequestPayloadSizeLimitExceeded" || code === "ResponsePayloadSizeLimitExceeded";
}

/** Splits "Sheet1!A1:B2,'a,b'!C3" into its areas (commas inside quoted sheet names kept). */
function splitAreas(address: string): string[] {
  return address.split(/,(?=(?:[^']*'[^']*')*[^']*$)/).map((a) => a.trim()).filter(Boolean);
}

interface RangeBox {
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

function boxOf(range: Excel.Range): RangeBox {
  return { rowIndex: range.rowIndex, columnIndex: range.columnIndex, rowCount: range.rowCount, columnCount: range.columnCount };
}

function intersect(a: RangeBox, b: RangeBox): RangeBox | null {
  const top = Math.max(a.rowIndex, b.rowIndex);
  const left = Math.max(a.columnIndex, b.columnIndex);
  const bottom = Math.min(a.rowIndex + a.rowCount, b.rowIndex + b.rowCount);
  const right = Math.min(a.columnIndex + a.columnCount, b.columnIndex + b.columnCount);
  return bottom > top && right > left ? { rowIndex: top, columnIndex: left, rowCount: bottom - top, columnCount: right - left } : null;
}

function sameBox(a: RangeBox, b: RangeBox): boolean {
  return a.rowIndex === b.rowIndex && a.columnIndex === b.columnIndex && a.rowCount === b.rowCount && a.columnCount === b.columnCount;
}

/** The loads of one chunk of a read. */
interface Chunk {
  range: Excel.Range;
  areas: Excel.RangeAreas | null;
}

/** Appends a delivered chunk to the block; answers the bytes it brought (to size the next one). */
function takeChunk({ range, areas }: Chunk, block: Block): number {
  range.values.forEach((row, r) => block.values.push(row.map((v, c) => fromExcel(v, range.valueTypes[r][c]))));
  for (const row of range.numberFormat) block.formats.push(row.map((f) => String(f ?? "General")));
  if (areas && !areas.isNullObject) {
    for (const area of splitAreas(areas.address)) {
      const rect = parseRange(area);
      if (rect && !block.merged.some((m) => m.top === rect.top && m.left === rect.left)) block.merged.push(rect);
    }
  }
  return jsonBytes(range.values) + jsonBytes(range.valueTypes) + jsonBytes(range.numberFormat);
}

/** The part of a block inside a box it holds, with the merged areas that touch that part. */
function cutBlock(block: Block, box: RangeBox): Block {
  const top = box.rowIndex - block.top;
  const left = box.columnIndex - block.left;
  const rows = <T>(grid: T[][]): T[][] => grid.slice(top, top + box.rowCount).map((row) => row.slice(left, left + box.columnCount));
  const bottom = box.rowIndex + box.rowCount - 1;
  const right = box.columnIndex + box.columnCount - 1;
  return {
    sheet: block.sheet, top: box.rowIndex, left: box.columnIndex, values: rows(block.values), formats: rows(block.formats),
    merged: block.merged.filter((m) => m.top <= bottom && m.bottom >= box.rowIndex && m.left <= right && m.right >= box.columnIndex),
  };
}

const BOX_PROPS = "rowIndex,columnIndex,rowCount,columnCount";

/** The records sheet's used range and the settings a read was asked for (ReadTarget.along): queued
 * with the sync that delivers the data (again with each try), taken once it did. */
function queueAlong(
  context: Excel.RequestContext, sheetName: string, recordsSheet: Excel.Worksheet | null, asked: NonNullable<ReadTarget["along"]>,
): { queue: () => void; take: () => { records?: Map<string, string>; settings: Map<string, string | null> } } {
  let used: Excel.Range | null = null;
  let settings: Array<[string, Excel.Setting]> = [];
  return {
    queue: () => {
      used = !recordsSheet || recordsSheet.isNullObject ? null : recordsSheet.getUsedRangeOrNullObject(true).load("values,rowIndex,columnIndex");
      settings = (asked.settings?.(sheetName) ?? []).map((key) => [key, context.workbook.settings.getItemOrNullObject(key).load("value")]);
    },
    take: () => {
      const range = used as Excel.Range | null;
      const rows: CellValue[][] = [];
      // Rows from A1, as readRecords gives them.
      if (range && !range.isNullObject) {
        range.values.forEach((row, r) => {
          rows[range.rowIndex + r] = [...new Array<CellValue>(range.columnIndex).fill(null), ...row.map((v) => fromExcel(v, undefined))];
        });
      }
      return {
        ...(recordsSheet ? { records: parseRecords(rows) } : {}),
        settings: new Map(settings.map(([key, s]) => [key, s.isNullObject ? null : typeof s.value === "string" ? s.value : JSON.stringify(s.value)])),
      };
    },
  };
}
const ITEM_BOX_PROPS = BOX_PROPS.split(",").map((p) => `items/${p}`).join(",");

export class ExcelPort implements WorkbookPort {
  constructor(private readonly host: ExcelHost = officeHost()) {}

  /** Calculation and screen updating wait for the next sync: big writes go faster and flicker less. */
  private suspend(context: Excel.RequestContext, calculation = true): void {
    if (calculation && this.host.supports("1.6")) context.application.suspendApiCalculationUntilNextSync();
    if (this.host.supports("1.9")) context.application.suspendScreenUpdatingUntilNextSync();
  }

  async read(target: ReadTarget = {}): Promise<Block> {
    return this.host.run(async (context) => {
      const sheets = context.workbook.worksheets;
      const active = sheets.getActiveWorksheet().load("name,id");
      const sheet = target.sheet ? sheets.getItem(target.sheet).load("name,id") : active;
      // The marks and notes of the sheet come along, so marking it after a check needs no look.
      const kind = noteKind((v) => this.host.supports(v));
      // The notes the port last knew on the sheet are looked at by address (excel-marks.ts).
      let look = queueMarksLook(context, sheet, kind, this.expectedNotes(target.sheet));
      // First sync: where to read. Every candidate is queued at once so the choice costs one round trip.
      const used = sheet.getUsedRangeOrNullObject(true).load(BOX_PROPS);
      const explicit = target.range ? sheet.getRange(target.range).load(BOX_PROPS) : null;
      // getSelectedRange throws when several areas are selected (Ctrl+click): read the first area.
      const around = !explicit && !target.whole;
      const areas = around ? context.workbook.getSelectedRanges().areas.load(ITEM_BOX_PROPS) : null;
      const activeCell = around ? context.workbook.getActiveCell() : null;
      const tables = activeCell ? activeCell.getTables(false).load("items/name") : null;
      const region = activeCell ? activeCell.getSurroundingRegion().load(BOX_PROPS) : null;
      const listsSheet = target.sheet === LISTS_SHEET ? null : sheets.getItemOrNullObject(LISTS_SHEET).load("name");
      const recordsSheet = target.along?.records ? sheets.getItemOrNullObject(RECORDS_SHEET).load("name") : null;
      await context.sync();
      if (needsAllNotes(look)) {
        look = queueAllNotes(sheet, look);
        await context.sync();
      }

      const selection = areas?.items[0] ?? null;
      const name = sheet.name;
      // The lookup lists (a small sheet, only in workbooks that have it) ride along with the next
      // sync that delivers: the table's extent, else the data. No sync of their own. So do the
      // records and settings asked for (target.along).
      let lists: Excel.Range | null = null;
      const wantsLists = listsSheet !== null && !listsSheet.isNullObject && name !== LISTS_SHEET;
      const along = target.along ? queueAlong(context, name, recordsSheet, target.along) : undefined;
      const queueRiders = wantsLists || along ? () => {
        if (wantsLists) lists = listsSheet.getUsedRangeOrNullObject(true).load("values");
        along?.queue();
      } : undefined;
      let tableRange: Excel.Range | null = null;
      let detail: MarksDetail = { rules: [], places: [] };
      let early: Block | null = null;
      let ridden = false;
      const single = selection !== null && selection.rowCount * selection.columnCount === 1;
      if (single && name === active.name && tables && tables.items.length > 0) {
        // Office.js has no null-object "first table" here: the table's extent costs one more sync.
        // The data rides along: the sheet's used range, which holds the table unless its last rows
        // are empty, is read with it (when it may fit in one response) and the table cut out of it.
        const guess = !used.isNullObject && this.mayFit(boxOf(used)) ? boxOf(used) : null;
        const queue = (withGuess: boolean): Chunk | null => {
          tableRange = tables.items[0].getRange().load(BOX_PROPS);
          queueRiders?.();
          detail = queueMarksDetail(look);
          return withGuess && guess ? this.queueChunk(sheet, guess, guess.rowCount) : null;
        };
        let chunk = queue(true);
        try {
          await context.sync();
        } catch (error) {
          if (!chunk || !isPayloadTooLarge(error)) throw error;
          chunk = queue(false);
          await context.sync();
        }
        ridden = true;
        const table = boxOf(tableRange!);
        const inside = guess ? intersect(table, guess) : null;
        if (chunk && guess && inside && sameBox(inside, table)) {
          const whole: Block = { sheet: name, top: guess.rowIndex, left: guess.columnIndex, values: [], formats: [], merged: [] };
          takeChunk(chunk, whole);
          early = cutBlock(whole, table);
        }
      }
      const box = early ? null : this.chooseReadBox(name === active.name && !target.whole, used, explicit, selection, tableRange, region);
      const ridersAlong = ridden ? undefined : queueRiders;
      const alongside = (): void => {
        detail = queueMarksDetail(look); // queued again with each try: a refused sync delivers nothing
        ridersAlong?.();
      };
      const block: Block = early ?? (box
        ? await this.readBox(context, sheet, name, box, alongside)
        : { sheet: name, top: 0, left: 0, values: [[null]], formats: [["General"]], merged: [] });
      if (!box && !early) {
        alongside();
        if (ridersAlong || !isEmptyDetail(detail)) await context.sync();
      }
      this.seenMarks = marksSeen(name, sheet.id, look, detail);
      this.knowNotes(name, [...this.seenMarks.notes.keys()]);
      const read = lists as Excel.Range | null;
      if (read) block.lists = read.isNullObject ? [] : read.values.map((row) => row.map((v) => fromExcel(v, undefined)));
      if (along) block.along = { sheetId: sheet.id, ...along.take() };
      return block;
    });
  }

  private chooseReadBox(
    onActive: boolean,
    used: Excel.Range,
    explicit: Excel.Range | null,
    selection: Excel.Range | null,
    tableRange: Excel.Range | null,
    region: Excel.Range | null,
  ): RangeBox | null {
    if (explicit) return boxOf(explicit);
    const usedBox = used.isNullObject ? null : boxOf(used);
    if (!onActive) return usedBox;
    if (selection && selection.rowCount * selection.columnCount > 1) {
      // A whole-column selection would be a million rows: only its part inside the used range counts.
      return usedBox ? intersect(boxOf(selection), usedBox) : null;
    }
    if (tableRange) return boxOf(tableRange);
    if (region) return boxOf(region);
    return usedBox;
  }

  /**
   * Second sync (more only for big reads): values, value types, formats and merged areas, by row
   * chunks. Excel on the web refuses a response over 5 MB, and what a row weighs is known only once
   * read (a Thai character is 3 bytes), so the chunks adapt:
   * - the first is the whole box when even its smallest possible response (MIN_CELL_RESPONSE_BYTES a
   *   cell, an estimate from its size alone) is under the limit: so any box whose response fits in
   *   5 MB is read in one sync; a bigger box starts with MAX_READ_CELLS cells;
   * - each next one is sized from the bytes the last one really brought (READ_TARGET_BYTES);
   * - one refused as too large is halved and read again, down to one row (then a clear error); after
   *   a refusal chunks stay at most that half, so an estimate that keeps missing (Excel counting
   *   bytes otherwise) cannot fail every other sync.
   * Halving alone is correct but pays a few refused round trips for every chunk of a Thai sheet;
   * estimating alone fails when rows further down are heavier. Together they are a few lines.
   * A refused batch is discarded and the request context stays usable, so the retry stays in this
   * Excel.run (one per action) with new range objects; nothing from the refused batch is reused.
   */
  private async readBox(context: Excel.RequestContext, sheet: Excel.Worksheet, name: string, box: RangeBox, alongside?: () => void): Promise<Block> {
    const maxRows = this.mayFit(box) ? box.rowCount : Math.max(1, Math.floor(MAX_READ_CELLS / box.columnCount));
    const block: Block = { sheet: name, top: box.rowIndex, left: box.columnIndex, values: [], formats: [], merged: [] };
    let rows = maxRows;
    let ceiling = maxRows;
    for (let start = 0; start < box.rowCount;) {
      const count = Math.min(rows, ceiling, box.rowCount - start);
      const chunk = this.queueChunk(sheet, { ...box, rowIndex: box.rowIndex + start }, count);
      // Queued again with each try until a sync delivers it: a refused sync delivers none of its loads.
      if (start === 0) alongside?.();
      try {
        await context.sync(); // one per chunk
      } catch (error) {
        if (!isPayloadTooLarge(error)) throw error;
        if (count === 1) {
          throw new Error(`Row ${box.rowIndex + start + 1} of ${name} holds more than Excel on the web can send in one response (5 MB): shorten the text in that row and check again.`);
        }
        ceiling = Math.ceil(count / 2);
        continue;
      }
      const bytes = takeChunk(chunk, block);
      rows = Math.max(1, Math.min(maxRows, Math.floor((READ_TARGET_BYTES * count) / Math.max(bytes, 1))));
      start += count;
    }
    return block;
  }

  /** Whether a box's smallest possible response fits in one: then it is tried whole. */
  private mayFit(box: RangeBox): boolean {
    return box.rowCount * box.columnCount * MIN_CELL_RESPONSE_BYTES <= RESPONSE_LIMIT_BYTES;
  }

  /** Queues the loads of `count` rows of a box from its top: values, types, formats, merged areas. */
  private queueChunk(sheet: Excel.Worksheet, box: RangeBox, count: number): Chunk {
    const range = sheet.getRangeByIndexes(box.rowIndex, box.columnIndex, count, box.columnCount);
    range.load("values,valueTypes,numberFormat");
    const areas = this.host.supports("1.13") ? range.getMergedAreasOrNullObject().load("address") : null;
    return { range, areas };
  }

  async write(sheetName: string, writes: CellWrite[]): Promise<void> {
    await this.host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetName);
      const hide = writes.filter((w) => w.hideColumns && w.values[0]?.length);
      await this.writeRows(context, sheet, writes.flatMap((w) => splitWrite(w)), hide.length === 0 ? undefined : () => {
        for (const w of hide) sheet.getRangeByIndexes(w.row, w.col, 1, w.values[0].length).columnHidden = true;
      });
    });
  }

  /**
   * Queues rows chunk by chunk and syncs once per chunk of at most MAX_REQUEST_BYTES, so the number
   * of syncs follows the size of the data, not the number of rows. Consecutive rows of the same
   * width go out as one 2-D block. `last` runs in the final batch.
   */
  private async writeRows(context: Excel.RequestContext, sheet: Excel.Worksheet, rows: RowWrite[], last?: () => void): Promise<void> {
    const chunks = chunkRows(rows.map((r) => rowBytes(r.values, r.formats)));
    if (chunks.length === 0) chunks.push([0, 0]);
    for (const [index, [start, end]] of chunks.entries()) {
      const final = index === chunks.length - 1;
      // The last batch runs with calculation on, so what the earlier batches left dirty is
      // recalculated even where an explicit calculate in a suspended batch would be ignored.
      this.suspend(context, !final);
      for (const block of joinRows(rows.slice(start, end))) {
        const range = sheet.getRangeByIndexes(block.row, block.col, block.values.length, block.values[0].length);
        // Formats first, then values: a cell formatted as text takes "=1+1" as text, not a formula.
        if (block.formats) range.numberFormat = block.formats as string[][]; // null entries keep a cell's format
        range.values = block.values.map((row) => row.map(toExcel));
      }
      if (final) {
        last?.();
        // After suspendApiCalculationUntilNextSync recalculating is ours: once, in the last batch.
        if (this.host.supports("1.6")) context.application.calculate("Recalculate");
      }
      await context.sync();
    }
  }

  /** How the last mark() attached its messages, and which it could not place (for the `result` column). */
  lastMark: MarkOutcome = { kind: "none", unplaced: [] };

  async mark(sheetName: string, marks: CellMark[]): Promise<void> {
    this.lastMark = await this.markCells(sheetName, marks);
  }

  /** Marks cells, keeping the marks already there; the answer tells which messages still need a
   * place (the caller's `result` column). */
  async markCells(sheetName: string, marks: CellMark[]): Promise<MarkOutcome> {
    return this.applyMarks(sheetName, marks, false);
  }

  async remark(sheetName: string, marks: CellMark[]): Promise<void> {
    this.lastMark = await this.applyMarks(sheetName, marks, true);
  }

  async clearMarks(sheetName: string): Promise<void> {
    await this.applyMarks(sheetName, [], true);
  }

  /** What the last read saw of its sheet's marks and notes. A check marks the sheet it just read:
   * then the marks need no look of their own, and a clean check of an unmarked sheet no Excel.run
   * at all (one pane, one port: nothing else writes the record in between; marking forgets it). */
  private seenMarks: SheetMarks | undefined;

  /**
   * One Excel.run: what the sheet holds (from the last read of it, else two syncs of its own), then
   * one batch that clears the port's old marks when asked and puts the new ones: one sync for a
   * request under 5 MB, one per 4 MB chunk beyond.
   */
  private async applyMarks(sheetName: string, given: CellMark[], clearOld: boolean): Promise<MarkOutcome> {
    const kind = noteKind((v) => this.host.supports(v));
    const seen = this.seenMarks?.sheet === sheetName ? this.seenMarks : undefined;
    this.seenMarks = undefined;
    const marks = [...new Map(given.map((m) => [cellAddress(m.row, m.col), m])).values()];
    if (marks.length === 0 && (!clearOld || (seen && !hasMarks(seen)))) return { kind, unplaced: [] };
    return this.host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetName);
      const state = seen ?? await this.lookAtMarks(context, sheet, kind);
      if (marks.length === 0 && !hasMarks(state)) return { kind, unplaced: [] };
      const plan = planMarks(sheet, state, marks, { clearOld, kind, supports: (v) => this.host.supports(v) });
      const book = state.book;
      const recordOp = (records: Record<string, MarkRecord>): MarkOp => {
        const next = { ...book };
        if (Object.keys(records).length > 0) next[state.id] = records;
        else delete next[state.id];
        const text = JSON.stringify(next);
        return { bytes: jsonBytes(text), run: () => { context.workbook.settings.add(MARKS_SETTING, text); } };
      };
      const final = recordOp(plan.records);
      const chunks = chunkRows(plan.ops.map((op) => op.bytes), MAX_REQUEST_BYTES - 2 * final.bytes);
      if (chunks.length <= 1) {
        final.run();
        for (const op of plan.ops) op.run();
        await context.sync();
      } else {
        // Over several requests the record first names every note old and new, so a request that
        // fails half-way leaves none the port would not know as its own.
        recordOp(plan.during).run();
        for (const [index, [start, end]] of chunks.entries()) {
          for (const op of plan.ops.slice(start, end)) op.run();
          if (index === chunks.length - 1) final.run();
          await context.sync();
        }
      }
      this.knowNotes(sheetName, plan.notes);
      return { kind, unplaced: plan.unplaced };
    });
  }

  /** The cells holding notes on the sheet the port last read or marked, as it saw or left them. A
   * holder, so a port made over this one (Object.create, the pane's block port) keeps them here. */
  private readonly notesHeld: { known?: { sheet: string; cells: string[] } } = {};

  private knowNotes(sheet: string, cells: string[]): void {
    this.notesHeld.known = { sheet, cells };
  }

  /** Where a read's sheet is expected to hold notes: the named sheet's cells, or the active sheet's,
   * taken to be the last one (a guess the read checks: needsAllNotes). */
  private expectedNotes(sheet: string | undefined): string[] | undefined {
    const known = this.notesHeld.known;
    return known && (sheet === undefined || sheet === known.sheet) ? known.cells : undefined;
  }

  /** Two syncs: the record, the port's formats and the notes; then the formats' rules and the notes' cells. */
  private async lookAtMarks(context: Excel.RequestContext, sheet: Excel.Worksheet, kind: MarkNoteKind): Promise<SheetMarks> {
    sheet.load("name,id");
    const look = queueMarksLook(context, sheet, kind);
    await context.sync();
    const detail = queueMarksDetail(look);
    if (!isEmptyDetail(detail)) await context.sync();
    return marksSeen(sheet.name, sheet.id, look, detail);
  }

  async addTableSheet(name: string, columns: ColumnSpec[], rows: CellValue[][], options: TableOptions = {}): Promise<string> {
    return this.host.run(async (context) => {
      const sheets = context.workbook.worksheets.load("items/name");
      await context.sync();
      const taken = new Set(sheets.items.map((s) => s.name.toLowerCase()));
      // The lists go first: the table's drop-downs refer to them.
      if (options.hidden) await this.fillHiddenSheet(context, taken.has(options.hidden.name.toLowerCase()), options.hidden.name, options.hidden.rows);
      const finalName = uniqueSheetName(name, new Set([...taken, ...(options.hidden ? [options.hidden.name.toLowerCase()] : [])]));
      const sheet = sheets.add(finalName);
      const kinds = columns.map(columnFormat);
      // A header block above the table (a report's company and month): the table starts under it.
      const above = options.above ?? [];
      const k = above.length;
      const block: RowWrite[] = [
        ...above.map((values, i) => ({ row: i, col: 0, values, formats: values.map((v) => (needsTextFormat(v) ? TEXT_FORMAT : null)) })),
        { row: k, col: 0, values: columns.map((c) => c.header), formats: columns.map(() => TEXT_FORMAT) },
        ...rows.map((values, i) => ({
          row: k + i + 1,
          col: 0,
          // A formula of ours (a report's) is written as one, in its column's format; text stays text.
          values: columns.map((_, c) => options.formulas?.[i]?.[c] ?? values[c] ?? null),
          formats: columns.map((_, c) => {
            const kind = rowFormat(columns[c], options.rowFormats?.[i]);
            if (options.formulas?.[i]?.[c]) return kind === TEXT_FORMAT ? "General" : kind;
            return needsTextFormat(values[c] ?? null) ? TEXT_FORMAT : kind;
          }),
        })),
      ];
      const dataRows = Math.max(1, rows.length);
      await this.writeRows(context, sheet, block, () => {
        // Write the block, then make it a table: adding a table to written cells is the fast way.
        const table = sheet.tables.add(sheet.getRangeByIndexes(k, 0, rows.length + 1, columns.length), true);
        // Rows a user adds to the table take its columns' formats and drop-downs.
        columns.forEach((column, c) => {
          const range = sheet.getRangeByIndexes(k + 1, c, dataRows, 1);
          const list = column.allowed ? inlineList(column.allowed) : undefined;
          if (list !== undefined) {
            range.dataValidation.rule = { list: { inCellDropDown: true, source: list } };
          } else if (column.lookup) {
            range.dataValidation.rule = { list: { inCellDropDown: true, source: `=${lookupFormula(column.lookup)}` } };
            // A new customer, or an id typed in: allowed after a warning.
            range.dataValidation.errorAlert = { showAlert: true, style: "Warning", title: column.header, message: "Not in the list: keep it anyway?" };
          }
        });
        if (options.totals) {
          // The table's own totals row: a label, or Excel's SUBTOTAL of the column.
          table.showTotals = true;
          options.totals.forEach((total, c) => {
            const cell = table.columns.getItemAt(c).getTotalRowRange();
            if (total === null) cell.values = [[""]];
            else if ("label" in total) cell.values = [[total.label]];
            else {
              cell.numberFormat = [[kinds[c]]];
              cell.formulas = [[subtotalFormula(columns[c].header)]];
            }
          });
        }
        table.getRange().format.autofitColumns();
        columns.forEach((column, c) => {
          if (column.hidden) sheet.getRangeByIndexes(k, c, 1, 1).columnHidden = true;
        });
        // The rows that end printed pages (page totals) in bold, told apart from documents on screen too.
        for (const i of options.print?.strong ?? []) sheet.getRangeByIndexes(k + 1 + i, 0, 1, columns.length).format.font.bold = true;
        sheet.activate();
        sheet.getRangeByIndexes(0, 0, 1, 1).select();
      });
      if (options.print && this.host.supports("1.9")) {
        printAsForm(sheet, k, options.print);
        // A sync of its own: an Excel that refuses a print setting still has the whole report, printed plain.
        await context.sync().catch(() => undefined);
      }
      if (options.records) {
        sheet.load("id");
        await context.sync();
        await this.putRecords(context, withSheetName(options.records(finalName), sheet.id, finalName));
      }
      return finalName;
    });
  }

  /**
   * Three syncs: the table around the cell, its extent, then the rows added to it (Table.rows.add,
   * ExcelApi 1.1: Excel inserts them as table rows, so its formats, drop-downs and the user's
   * formula columns follow; null values leave each new cell to the table).
   */
  async extendTable(sheetName: string, at: { row: number; col: number }, rows: number): Promise<void> {
    if (rows <= 0) return;
    await this.host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetName);
      const tables = sheet.getRangeByIndexes(at.row, at.col, 1, 1).getTables(false).load("items/name");
      await context.sync();
      const table = tables.items[0];
      if (!table) return;
      const box = table.getRange().load(BOX_PROPS);
      await context.sync();
      const more = at.row + rows - (box.rowIndex + box.rowCount - 1);
      if (more <= 0) return;
      const blank = Array.from({ length: more }, () => new Array<null>(box.columnCount).fill(null));
      table.rows.add(undefined, blank as unknown as (string | number | boolean)[][]);
      await context.sync();
    });
  }

  async writeHiddenSheet(name: string, rows: CellValue[][]): Promise<void> {
    await this.host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItemOrNullObject(name).load("name");
      await context.sync();
      await this.fillHiddenSheet(context, !sheet.isNullObject, name, rows);
    });
  }

  /** Replaces a hidden sheet's contents with rows from A1 (the sheet is added when missing). */
  private async fillHiddenSheet(context: Excel.RequestContext, exists: boolean, name: string, rows: CellValue[][]): Promise<void> {
    const sheets = context.workbook.worksheets;
    const sheet = exists ? sheets.getItem(name) : sheets.add(name);
    if (exists) sheet.getRange().clear("Contents");
    sheet.visibility = "Hidden";
    const width = Math.max(1, ...rows.map((r) => r.length));
    await this.writeRows(context, sheet, rows.map((values, i) => ({
      row: i,
      col: 0,
      values: Array.from({ length: width }, (_, c) => values[c] ?? null),
      formats: Array.from({ length: width }, (_, c) => (needsTextFormat(values[c] ?? null) ? TEXT_FORMAT : null)),
    })));
  }

  async select(sheetName: string, row: number, col: number): Promise<void> {
    await this.host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetName);
      sheet.activate();
      sheet.getRangeByIndexes(row, col, 1, 1).select();
      await context.sync();
    });
  }

  /**
   * The rows the user selected and the block holding them with its header row (the table around the
   * active cell, else its current region), for actions on "the selected rows".
   */
  private selectionListeners = new Set<() => void>();
  private watching: Promise<void> | null = null;

  /**
   * Calls `listener` whenever the user selects other cells or another sheet (the worksheets'
   * onSelectionChanged and onActivated events, ExcelApi 1.9 and 1.7); answers how to stop. The
   * events are registered once per pane; each listener is only taken off the pane's own list.
   */
  watchSelection(listener: () => void): () => void {
    this.selectionListeners.add(listener);
    if (!this.watching && this.host.supports("1.9")) {
      const tell = async (): Promise<void> => {
        for (const l of [...this.selectionListeners]) l();
      };
      this.watching = this.host.run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.onSelectionChanged.add(tell);
        sheets.onActivated.add(tell);
        await context.sync();
      }).catch(() => {
        this.watching = null; // tried again with the next listener
      });
    }
    return () => {
      this.selectionListeners.delete(listener);
    };
  }

  async selectionInfo(): Promise<{ sheet: string; rows: number[]; region: string }> {
    return this.host.run(async (context) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet().load("name");
      // Every area of a Ctrl+click selection counts (getSelectedRange would throw on it).
      const areas = context.workbook.getSelectedRanges().areas.load(ITEM_BOX_PROPS);
      const activeCell = context.workbook.getActiveCell();
      const tables = activeCell.getTables(false).load("items/name");
      const region = activeCell.getSurroundingRegion().load(BOX_PROPS);
      await context.sync();
      let block = boxOf(region);
      if (tables.items.length > 0) {
        const tableRange = tables.items[0].getRange().load(BOX_PROPS);
        await context.sync();
        block = boxOf(tableRange);
      }
      const picked = new Set<number>();
      for (const area of areas.items) {
        for (let r = area.rowIndex; r < area.rowIndex + area.rowCount && picked.size < 100_000; r++) picked.add(r);
      }
      const rows = [...picked].sort((a, b) => a - b);
      const region1 = { top: block.rowIndex, left: block.columnIndex, bottom: block.rowIndex + block.rowCount - 1, right: block.columnIndex + block.columnCount - 1 };
      return { sheet: sheet.name, rows, region: rangeAddress(region1) };
    });
  }

  async sheetId(name: string): Promise<string | null> {
    return this.host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItemOrNullObject(name).load("id");
      await context.sync();
      return sheet.isNullObject ? null : sheet.id;
    });
  }

  async sheetNames(): Promise<string[]> {
    return this.host.run(async (context) => {
      const sheets = context.workbook.worksheets.load("items/name");
      await context.sync();
      return sheets.items.map((s) => s.name);
    });
  }

  /** A full calculation: Excel's own recalculation skips formulas whose inputs did not change, and
   * a DOCSHEET function's inputs (its arguments) rarely do; one Excel.run, one sync. */
  async recalculate(): Promise<void> {
    await this.host.run(async (context) => {
      context.application.calculate("Full");
      await context.sync();
    });
  }

  /** Workbook settings (ExcelApi 1.4) travel with the file, per add-in; one sync each way. */
  async loadSetting(key: string): Promise<string | null> {
    return this.host.run(async (context) => {
      const setting = context.workbook.settings.getItemOrNullObject(key).load("value");
      await context.sync();
      if (setting.isNullObject) return null;
      return typeof setting.value === "string" ? setting.value : JSON.stringify(setting.value);
    });
  }

  async saveSetting(key: string, value: string | null): Promise<void> {
    await this.host.run(async (context) => {
      const setting = context.workbook.settings.add(key, value ?? "");
      // Added and deleted in one batch: a removal needs no look first.
      if (value === null) setting.delete();
      await context.sync();
    });
  }

  async loadRecord(key: string): Promise<string | null> {
    return this.host.run(async (context) => (await this.readRecords(context)).records.get(key) ?? null);
  }

  /** Read, changed and written back whole in one Excel.run; every cell is text, so a piece of a
   * record that looks like a number, a date or TRUE stays what it was. */
  async saveRecord(key: string, value: string | null): Promise<void> {
    await this.host.run((context) => this.putRecords(context, new Map([[key, value]])));
  }

  /** Records set (text) or removed (null) inside a run: the records sheet read, changed, written whole. */
  private async putRecords(context: Excel.RequestContext, changes: ReadonlyMap<string, string | null>): Promise<void> {
    const { sheet, records } = await this.readRecords(context);
    if (!sheet && [...changes.values()].every((v) => v === null)) return;
    const target = sheet ?? context.workbook.worksheets.add(RECORDS_SHEET);
    if (sheet) target.getRange().clear("Contents");
    target.visibility = "VeryHidden";
    let next: Map<string, string> = records;
    for (const [key, value] of changes) next = withRecord(next, key, value);
    const rows = recordRows(next);
    await this.writeRows(context, target, rows.map((values, i) => ({ row: i, col: 0, values, formats: values.map(() => TEXT_FORMAT) })));
  }

  /** The records sheet (null when missing) and its records: one sync to find it, then its used range. */
  private async readRecords(context: Excel.RequestContext): Promise<{ sheet: Excel.Worksheet | null; records: Map<string, string> }> {
    const sheet = context.workbook.worksheets.getItemOrNullObject(RECORDS_SHEET).load("name");
    await context.sync();
    if (sheet.isNullObject) return { sheet: null, records: new Map() };
    const used = sheet.getUsedRangeOrNullObject(true).load(BOX_PROPS);
    await context.sync();
    if (used.isNullObject) return { sheet, records: new Map() };
    const block = await this.readBox(context, sheet, RECORDS_SHEET, boxOf(used));
    // Rows from A1: the used range of a sheet we wrote starts there, the header row first.
    const rows: CellValue[][] = [];
    block.values.forEach((row, r) => {
      rows[block.top + r] = [...new Array<CellValue>(block.left).fill(null), ...row];
    });
    return { sheet, records: parseRecords(rows) };
  }
}

/** One row of a write, with the formats it needs (null: keep the cell's own). */
interface RowWrite {
  row: number;
  col: number;
  values: CellValue[];
  formats: (string | null)[] | null;
}

/** A block → rows, each cell that must stay text given the text format, dates given a date format. */
function splitWrite(write: CellWrite): RowWrite[] {
  return write.values.map((values, r) => {
    const given = write.formats?.[r];
    let formats: (string | null)[] | null = null;
    values.forEach((value, c) => {
      const format = given?.[c] ?? (needsTextFormat(value) ? TEXT_FORMAT : value instanceof Date ? DATE_FORMAT : null);
      if (format !== null) (formats ??= values.map(() => null))[c] = format;
    });
    return { row: write.row + r, col: write.col, values, formats };
  });
}

/** Consecutive rows starting in the same column with the same width → one block each. */
function joinRows(rows: RowWrite[]): Array<{ row: number; col: number; values: CellValue[][]; formats: (string | null)[][] | null }> {
  const blocks: Array<{ row: number; col: number; values: CellValue[][]; formats: (string | null)[][] | null }> = [];
  for (const r of rows) {
    const prev = blocks[blocks.length - 1];
    const joins = prev && prev.col === r.col && prev.row + prev.values.length === r.row && prev.values[0].length === r.values.length;
    if (!joins) {
      blocks.push({ row: r.row, col: r.col, values: [r.values], formats: r.formats ? [r.formats] : null });
      continue;
    }
    if (r.formats && !prev.formats) prev.formats = prev.values.map((v) => v.map(() => null));
    prev.values.push(r.values);
    prev.formats?.push(r.formats ?? r.values.map(() => null));
  }
  return blocks;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ], unique ignoring case. */
export function uniqueSheetName(wanted: string, taken: Set<string>): string {
  const base = (wanted.replace(/[:\\/?*[\]]/g, " ").replace(/^'+|'+$/g, "").trim() || "Sheet").slice(0, 31);
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = base.slice(0, 31 - suffix.length) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
