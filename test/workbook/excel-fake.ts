// A STRICT fake of the Office.js objects the Excel port uses, over an in-memory grid. Like Office.js:
// - reading a property that was not loaded and synced throws PropertyNotLoaded;
// - writes are queued and take effect at context.sync(), in order; syncs are counted;
// - a request over 5 MB (UTF-8 bytes) fails (Excel on the web's limit); so does a response over 5 MB:
//   the JSON of every property loaded in one sync, all objects together. Every new object path and
//   every action counts ACTION_BYTES, so 10,000 single-cell fills in one request fail as on
//   Microsoft's payload page. A failed sync delivers none of its loads, and the context stays usable;
// - after suspendApiCalculationUntilNextSync, values written in that request leave the workbook
//   needing a recalculation until application.calculate runs; each calculation's type is kept;
// - an API newer than the fake's ExcelApi version throws ApiNotFound, so isSetSupported guards are tested;
// - strings written into a cell that is not text-formatted are coerced the way Excel does
//   ("=..." becomes a formula, "-5" and "12" become numbers).
// Only what the port uses is here; anything else is simply missing.
import { cellAddress, parseRange } from "../../src/workbook/address";
import type { ExcelHost } from "../../src/workbook/excel";

export const LIMIT_BYTES = 5 * 1024 * 1024;
/** A rough size of one object path or action in an Office.js request (each is a JSON object). */
export const ACTION_BYTES = 140;

/** Excel.ErrorCodes for the two 5 MB limits (Microsoft lists both; both occur only in Excel on the web). */
export const REQUEST_TOO_LARGE = "RequestPayloadSizeLimitExceeded";
export const RESPONSE_TOO_LARGE = "ResponsePayloadSizeLimitExceeded";

export class FakeOfficeError extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

type Scalar = string | number | boolean;

export interface FakeCell {
  value: Scalar;
  /** "Error" for #N/A and friends. */
  type?: "Error";
  formula?: string;
  format: string;
  fill: { color: string; pattern: string };
  /** format.font.bold */
  bold?: boolean;
}

/** What a worksheet's pageLayout (ExcelApi 1.9) was set to. */
export interface FakePageLayout {
  orientation?: "Portrait" | "Landscape";
  paperSize?: string;
  zoom?: { horizontalFitToPages?: number; verticalFitToPages?: number; scale?: number };
  /** setPrintTitleRows, as given. */
  printTitleRows?: string;
  /** headersFooters.defaultForAllPages.rightHeader */
  rightHeader?: string;
}

export interface FakeConditionalFormatData {
  id: string;
  type: string;
  areas: Array<{ top: number; left: number; rows: number; cols: number }>;
  formula?: string;
  fill?: string;
}

function inRect(a: { top: number; left: number; rows: number; cols: number }, row: number, col: number): boolean {
  return row >= a.top && row < a.top + a.rows && col >= a.left && col < a.left + a.cols;
}

interface Rect {
  sheet: FakeSheet;
  top: number;
  left: number;
  rows: number;
  cols: number;
}

export interface FakeTable {
  name: string;
  top: number;
  left: number;
  /** Header, data and the totals row when shown. */
  rows: number;
  cols: number;
  totals?: boolean;
}

/** Columns of a worksheet: a cell's key is row × this + column, a number (a string key made per
 * look-up cost most of the time of the tests that fill 5 MB sheets). */
const SHEET_COLUMNS = 16_384;
const cellKey = (row: number, col: number): number => row * SHEET_COLUMNS + col;
/** The row and column of a cell's key. */
const cellOfKey = (key: number): [number, number] => [Math.floor(key / SHEET_COLUMNS), key % SHEET_COLUMNS];

export class FakeSheet {
  /** Every cell made, by key (cellKey); change them through cell() and remove(). */
  readonly cells = new Map<number, FakeCell>();
  readonly tables: FakeTable[] = [];
  readonly notes = new Map<string, string>();
  readonly merged: Array<{ top: number; left: number; bottom: number; right: number }> = [];
  readonly validation = new Map<string, string>();
  /** Error alerts of validated cells (dataValidation.errorAlert), by address. */
  readonly validationAlerts = new Map<string, { showAlert: boolean; style: string; title?: string; message?: string }>();
  visibility: "Visible" | "Hidden" | "VeryHidden" = "Visible";
  /** Columns hidden from view (range.columnHidden). */
  readonly hiddenColumns = new Set<number>();
  /** Conditional formats, oldest first; only custom rules whose formula Excel would find true are faked. */
  readonly conditionalFormats: FakeConditionalFormatData[] = [];
  /** Manual page breaks (horizontalPageBreaks.add): the 0-based row each goes above. */
  readonly pageBreaks: number[] = [];
  readonly pageLayout: FakePageLayout = {};
  constructor(readonly id: string, public name: string) {}

  /** The fill Excel shows: the newest conditional format over the cell, else the cell's own. */
  shownFill(row: number, col: number): FakeCell["fill"] {
    const format = [...this.conditionalFormats].reverse().find((f) => f.fill && f.areas.some((a) => inRect(a, row, col)));
    return format?.fill ? { color: format.fill, pattern: "Solid" } : (this.peek(row, col)?.fill ?? { color: "#FFFFFF", pattern: "None" });
  }

  /** The same cells by row and column, for look-ups (reading 5 MB looks up every cell of it). */
  private readonly rows: Array<Array<FakeCell | undefined> | undefined> = [];

  cell(row: number, col: number): FakeCell {
    let c = this.peek(row, col);
    if (!c) {
      c = { value: "", format: "General", fill: { color: "#FFFFFF", pattern: "None" } };
      this.cells.set(cellKey(row, col), c);
      (this.rows[row] ??= [])[col] = c;
    }
    return c;
  }

  peek(row: number, col: number): FakeCell | undefined {
    return this.rows[row]?.[col];
  }

  /** Removes a cell altogether (Range.clear("All")). */
  remove(row: number, col: number): void {
    this.cells.delete(cellKey(row, col));
    const cells = this.rows[row];
    if (cells) cells[col] = undefined;
  }

  value(row: number, col: number): Scalar {
    return this.peek(row, col)?.value ?? "";
  }

  /** Test set-up: values from A1 (or a given corner), with optional formats. */
  fill(rows: Scalar[][], top = 0, left = 0, formats?: string[][]): void {
    rows.forEach((r, i) => r.forEach((v, j) => {
      const c = this.cell(top + i, left + j);
      c.value = v;
      if (formats?.[i]?.[j]) c.format = formats[i][j];
    }));
  }

  isEmpty(row: number, col: number): boolean {
    const v = this.peek(row, col)?.value;
    return v === undefined || v === "";
  }
}

function compareVersions(a: string, b: string): number {
  const [a1, a2] = a.split(".").map(Number);
  const [b1, b2] = b.split(".").map(Number);
  return a1 !== b1 ? a1 - b1 : a2 - b2;
}

export class FakeExcel {
  readonly sheets: FakeSheet[] = [];
  active: FakeSheet;
  selection: { sheet: FakeSheet; top: number; left: number; rows: number; cols: number; activeRow: number; activeCol: number };
  readonly settings = new Map<string, unknown>();
  /** Areas of a Ctrl+click selection after the first (which is `selection`). */
  otherAreas: Array<{ top: number; left: number; rows: number; cols: number }> = [];
  readonly comments = new Map<string, { sheet: FakeSheet; row: number; col: number; content: string }>();
  /** Every sync of every run, with the estimated request size and the size of what it loaded. */
  readonly syncLog: Array<{ run: number; bytes: number; response: number }> = [];
  runs = 0;
  suspended = { calculation: 0, screen: 0 };
  /** Values were written while calculation was suspended and no calculate() has run since. */
  needsRecalc = false;
  recalculations = 0;
  /** The type of each application.calculate that reached Excel, in order. */
  readonly calculations: string[] = [];
  /** Called as a calculation runs: a test's stand-in for Excel calling the formulas' functions. */
  onCalculate: ((type: string) => void) | undefined;
  /** Called as each request reaches Excel, before it runs: a test's stand-in for the user editing meanwhile. */
  onSync: ((run: number, sync: number) => void) | undefined;
  private nextId = 1;

  constructor(public apiVersion = "1.18", sheetNames: string[] = ["Sheet1"]) {
    for (const name of sheetNames) this.addSheet(name);
    this.active = this.sheets[0];
    this.selection = { sheet: this.active, top: 0, left: 0, rows: 1, cols: 1, activeRow: 0, activeCol: 0 };
  }

  addSheet(name: string): FakeSheet {
    if (this.sheets.some((s) => s.name.toLowerCase() === name.toLowerCase())) throw new FakeOfficeError("ItemAlreadyExists", name);
    const sheet = new FakeSheet(`{sheet-${this.nextId++}}`, name);
    this.sheets.push(sheet);
    return sheet;
  }

  sheet(name: string): FakeSheet {
    const s = this.sheets.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!s) throw new FakeOfficeError("ItemNotFound", `no worksheet ${name}`);
    return s;
  }

  /** Handlers registered (at their sync) on worksheets.onSelectionChanged and onActivated. */
  readonly events = { selectionChanged: [] as Array<(args: unknown) => Promise<unknown>>, activated: [] as Array<(args: unknown) => Promise<unknown>> };

  /** Selects a block (top-left is the active cell), as the user does: the events follow, after the
   * click (never inside the caller's own call), as Excel raises them. */
  select(sheet: FakeSheet, top: number, left: number, rows = 1, cols = 1): void {
    const activated = this.active !== sheet;
    this.active = sheet;
    this.selection = { sheet, top, left, rows, cols, activeRow: top, activeCol: left };
    this.otherAreas = [];
    const raise = (handlers: Array<(args: unknown) => Promise<unknown>>, type: string) => {
      for (const h of [...handlers]) setTimeout(() => void h({ type, worksheetId: sheet.id, address: `R${top + 1}C${left + 1}` }), 0);
    };
    if (activated) raise(this.events.activated, "WorksheetActivated");
    raise(this.events.selectionChanged, "WorksheetSelectionChanged");
  }

  /** A Ctrl+click selection of several blocks; the active cell is the first block's top-left. */
  selectAreas(sheet: FakeSheet, areas: Array<{ top: number; left: number; rows: number; cols: number }>): void {
    const [first, ...rest] = areas;
    this.select(sheet, first.top, first.left, first.rows, first.cols);
    this.otherAreas = rest;
  }

  newId(prefix: string): string {
    return `${prefix}-${this.nextId++}`;
  }

  supports(version: string): boolean {
    return compareVersions(version, this.apiVersion) <= 0;
  }

  requireApi(version: string, what: string): void {
    if (!this.supports(version)) throw new FakeOfficeError("ApiNotFound", `${what} needs ExcelApi ${version}, host has ${this.apiVersion}`);
  }

  /** Syncs made by the last run. */
  syncsOfRun(run = this.runs): number {
    return this.syncLog.filter((s) => s.run === run).length;
  }

  host(): ExcelHost {
    return {
      run: async <T>(batch: (context: Excel.RequestContext) => Promise<T>) => {
        const context = new FakeContext(this, ++this.runs);
        try {
          return await batch(context as unknown as Excel.RequestContext);
        } finally {
          context.closed = true;
        }
      },
      supports: (version) => this.supports(version),
    };
  }
}

interface Op {
  bytes: number;
  run: () => void;
}

export class FakeContext {
  private queue: Op[] = [];
  /** A suspendApiCalculationUntilNextSync is in the request being queued / in the one running. */
  private suspendQueued = false;
  calculationSuspended = false;
  closed = false;
  /** The sync now running: bytes of its loaded properties, and how to take each load back. */
  private response: { bytes: number; undo: Array<() => void> } | undefined;
  readonly workbook: FakeWorkbook;
  readonly application: FakeApplication;

  constructor(readonly excel: FakeExcel, readonly run: number) {
    this.workbook = new FakeWorkbook(this);
    this.application = new FakeApplication(this);
  }

  enqueue(run: () => void, bytes = ACTION_BYTES): void {
    if (this.closed) throw new FakeOfficeError("InvalidObjectPath", "object used after its Excel.run ended");
    this.queue.push({ run, bytes });
  }

  /** A new proxy object: its object path goes out with the next request. */
  path(): void {
    this.enqueue(() => undefined);
  }

  suspendCalculation(): void {
    this.suspendQueued = true;
  }

  /** A load made during this sync: its JSON counts toward the response; `undo` takes it back if the sync fails. */
  respond(bytes: number, undo: () => void): void {
    if (!this.response) throw new Error("fake: a load outside a sync");
    this.response.bytes += bytes;
    this.response.undo.push(undo);
  }

  async sync(): Promise<void> {
    if (this.closed) throw new FakeOfficeError("InvalidObjectPath", "sync after Excel.run ended");
    const ops = this.queue;
    const suspended = this.suspendQueued;
    this.queue = [];
    this.suspendQueued = false;
    const bytes = ops.reduce((n, op) => n + op.bytes, 0);
    const entry = { run: this.run, bytes, response: 0 };
    this.excel.syncLog.push(entry);
    if (bytes > LIMIT_BYTES) throw new FakeOfficeError(REQUEST_TOO_LARGE, `request of ${bytes} bytes`);
    this.excel.onSync?.(this.run, this.excel.syncsOfRun(this.run));
    await Promise.resolve();
    this.calculationSuspended = suspended;
    const response: { bytes: number; undo: Array<() => void> } = { bytes: 0, undo: [] };
    this.response = response;
    try {
      for (const op of ops) op.run();
      // Loads are visible to later actions of the same batch (the fake's own probes use that), so
      // an oversized response is found at the end and its loads are taken back: the caller gets none.
      if (response.bytes > LIMIT_BYTES) throw new FakeOfficeError(RESPONSE_TOO_LARGE, `response of ${response.bytes} bytes`);
    } catch (e) {
      for (const undo of response.undo.reverse()) undo();
      throw e;
    } finally {
      entry.response = response.bytes;
      this.response = undefined;
      this.calculationSuspended = false;
    }
  }
}

/** Common machinery: load() snapshots properties at sync; reads of anything else throw. */
abstract class FakeObject {
  private readonly loaded = new Map<string, unknown>();
  private nullObject: boolean | undefined;

  constructor(protected readonly ctx: FakeContext) {}

  /** The value of a property right now (at sync time); undefined when the object is a null object. */
  protected abstract snapshot(prop: string): unknown;
  /** Whether this is a null object (only *OrNullObject getters can make one). */
  protected exists(): boolean {
    return true;
  }

  load(props?: string | string[] | Record<string, unknown>): this {
    const names = typeof props === "string" ? props.split(",").map((p) => p.trim()).filter(Boolean) : Array.isArray(props) ? props : [];
    this.ctx.enqueue(() => this.loadNow(names));
    return this;
  }

  /** The load itself, at sync time; collections also call it to hand out loaded items. */
  loadNow(names: readonly string[]): void {
    const before = { loaded: new Map(this.loaded), nullObject: this.nullObject };
    let bytes = 0;
    this.during(() => {
      this.nullObject = !this.exists();
      bytes += 20; // {"isNullObject":…}
      if (this.nullObject) return;
      for (const name of names) {
        const value = this.snapshot(name);
        this.loaded.set(name, value);
        bytes += sizeOf(name) + 1 + sizeOf(value);
      }
    });
    this.ctx.respond(bytes, () => {
      this.loaded.clear();
      for (const [k, v] of before.loaded) this.loaded.set(k, v);
      this.nullObject = before.nullObject;
    });
  }

  /** Runs one load; a subclass may keep what it located for the length of it. */
  protected during(f: () => void): void {
    f();
  }

  get isNullObject(): boolean {
    if (this.nullObject === undefined) throw new FakeOfficeError("PropertyNotLoaded", `${this.constructor.name}.isNullObject`);
    return this.nullObject;
  }

  protected read<T>(prop: string): T {
    if (!this.loaded.has(prop)) throw new FakeOfficeError("PropertyNotLoaded", `${this.constructor.name}.${prop}`);
    return this.loaded.get(prop) as T;
  }
}

/** A collection: load("items/a,items/b") hands out its items with a and b loaded, as Office.js does. */
abstract class FakeCollection<T extends FakeObject> extends FakeObject {
  private itemsSnapshot: T[] | undefined;
  private loading: T[] | undefined;
  /** The items as they are now (at sync time). */
  protected abstract list(): T[];
  protected override during(f: () => void): void {
    this.loading = this.list();
    try {
      f();
      const before = this.itemsSnapshot;
      this.itemsSnapshot = this.loading;
      this.ctx.respond(0, () => { this.itemsSnapshot = before; });
    } finally {
      this.loading = undefined;
    }
  }
  protected snapshot(prop: string): unknown {
    const item = /^items\/(\w+)$/.exec(prop);
    if (!item) throw new FakeOfficeError("InvalidArgument", `cannot load ${this.constructor.name}.${prop}`);
    for (const x of this.loading!) x.loadNow([item[1]]);
    return true;
  }
  get items(): T[] {
    if (!this.itemsSnapshot) throw new FakeOfficeError("PropertyNotLoaded", `${this.constructor.name}.items`);
    return this.itemsSnapshot;
  }
}

class FakeApplication {
  constructor(private readonly ctx: FakeContext) {}
  suspendApiCalculationUntilNextSync(): void {
    this.ctx.excel.requireApi("1.6", "suspendApiCalculationUntilNextSync");
    this.ctx.suspendCalculation();
    this.ctx.enqueue(() => this.ctx.excel.suspended.calculation++);
  }
  calculate(type: string): void {
    if (!["Recalculate", "Full", "FullRebuild"].includes(type)) throw new FakeOfficeError("InvalidArgument", `calculate(${type})`);
    this.ctx.enqueue(() => {
      this.ctx.excel.needsRecalc = false;
      this.ctx.excel.recalculations++;
      this.ctx.excel.calculations.push(type);
      this.ctx.excel.onCalculate?.(type);
    });
  }
  suspendScreenUpdatingUntilNextSync(): void {
    this.ctx.excel.requireApi("1.9", "suspendScreenUpdatingUntilNextSync");
    this.ctx.enqueue(() => this.ctx.excel.suspended.screen++);
  }
}

class FakeWorkbook {
  readonly worksheets: FakeWorksheetCollection;
  readonly settings: FakeSettingCollection;
  constructor(private readonly ctx: FakeContext) {
    this.worksheets = new FakeWorksheetCollection(ctx);
    this.settings = new FakeSettingCollection(ctx);
  }
  get comments(): FakeCommentCollection {
    this.ctx.excel.requireApi("1.10", "workbook.comments");
    return new FakeCommentCollection(this.ctx, null);
  }
  getSelectedRange(): FakeRange {
    const x = this.ctx.excel;
    return new FakeRange(this.ctx, () => {
      if (x.otherAreas.length > 0) throw new FakeOfficeError("InvalidSelection", "getSelectedRange: several areas are selected");
      return { ...x.selection };
    });
  }
  getSelectedRanges(): FakeSelectedAreas {
    this.ctx.excel.requireApi("1.9", "getSelectedRanges");
    const x = this.ctx.excel;
    return new FakeSelectedAreas(this.ctx, () => [x.selection, ...x.otherAreas].map((a) => ({ sheet: x.selection.sheet, top: a.top, left: a.left, rows: a.rows, cols: a.cols })));
  }
  getActiveCell(): FakeRange {
    const x = this.ctx.excel;
    return new FakeRange(this.ctx, () => ({ sheet: x.selection.sheet, top: x.selection.activeRow, left: x.selection.activeCol, rows: 1, cols: 1 }));
  }
}

class FakeWorksheetCollection extends FakeObject {
  private itemsSnapshot: FakeWorksheet[] | undefined;
  protected snapshot(prop: string): unknown {
    if (prop === "items/name" || prop === "items") {
      const before = this.itemsSnapshot;
      this.itemsSnapshot = this.ctx.excel.sheets.map((s) => {
        const w = new FakeWorksheet(this.ctx, () => s);
        w.preload("name", s.name);
        return w;
      });
      this.ctx.respond(sizeOf(this.ctx.excel.sheets.map((s) => s.name)), () => { this.itemsSnapshot = before; });
      return true;
    }
    throw new FakeOfficeError("InvalidArgument", `cannot load ${prop}`);
  }
  get items(): FakeWorksheet[] {
    this.read("items/name");
    return this.itemsSnapshot!;
  }
  getActiveWorksheet(): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => this.ctx.excel.active);
  }
  get onSelectionChanged(): FakeEventHandlers {
    this.ctx.excel.requireApi("1.9", "worksheets.onSelectionChanged");
    return new FakeEventHandlers(this.ctx, this.ctx.excel.events.selectionChanged);
  }
  get onActivated(): FakeEventHandlers {
    this.ctx.excel.requireApi("1.7", "worksheets.onActivated");
    return new FakeEventHandlers(this.ctx, this.ctx.excel.events.activated);
  }
  getItem(name: string): FakeWorksheet {
    return new FakeWorksheet(this.ctx, () => this.ctx.excel.sheet(name));
  }
  getItemOrNullObject(name: string): FakeWorksheet {
    this.ctx.excel.requireApi("1.4", "worksheets.getItemOrNullObject");
    const find = () => this.ctx.excel.sheets.find((x) => x.name.toLowerCase() === name.toLowerCase());
    return new FakeWorksheet(this.ctx, () => {
      const s = find();
      if (!s) throw new FakeOfficeError("InvalidObjectPath", `the null object for worksheet ${name} was used`);
      return s;
    }, () => find() !== undefined);
  }
  add(name: string): FakeWorksheet {
    let sheet: FakeSheet | undefined;
    this.ctx.enqueue(() => { sheet = this.ctx.excel.addSheet(name); });
    return new FakeWorksheet(this.ctx, () => {
      if (!sheet) throw new FakeOfficeError("InvalidObjectPath", "worksheet used before it was added");
      return sheet;
    });
  }
}

/** An event's handlers: add() registers with the next sync, as Office.js does. */
class FakeEventHandlers {
  constructor(private readonly ctx: FakeContext, private readonly list: Array<(args: unknown) => Promise<unknown>>) {}
  add(handler: (args: unknown) => Promise<unknown>): { remove(): void } {
    this.ctx.enqueue(() => { this.list.push(handler); });
    return { remove: () => this.ctx.enqueue(() => { this.list.splice(this.list.indexOf(handler), 1); }) };
  }
}

class FakeWorksheet extends FakeObject {
  /** `found`: for getItemOrNullObject, whether the sheet is there (at sync time). */
  constructor(ctx: FakeContext, readonly resolve: () => FakeSheet, private readonly found?: () => boolean) {
    super(ctx);
  }
  protected override exists(): boolean {
    return this.found ? this.found() : true;
  }
  private preloaded = new Map<string, unknown>();
  /** Collections hand out items with the properties they loaded. */
  preload(prop: string, value: unknown): void {
    this.preloaded.set(prop, value);
  }
  protected snapshot(prop: string): unknown {
    const s = this.resolve();
    if (prop === "name") return s.name;
    if (prop === "id") return s.id;
    throw new FakeOfficeError("InvalidArgument", `cannot load Worksheet.${prop}`);
  }
  get name(): string {
    return this.preloaded.has("name") ? (this.preloaded.get("name") as string) : this.read<string>("name");
  }
  get id(): string {
    return this.read<string>("id");
  }
  get tables(): FakeTableCollection {
    return new FakeTableCollection(this.ctx, this);
  }
  /** PageBreakCollection (ExcelApi 1.9): add() puts a break above the range's top-left cell. */
  get horizontalPageBreaks(): { add(range: FakeRange | string): void } {
    this.ctx.excel.requireApi("1.9", "worksheet.horizontalPageBreaks");
    this.ctx.path();
    return {
      add: (range) => {
        const probe = typeof range === "string" ? this.getRange(range).load("rowIndex") : range.load("rowIndex");
        this.ctx.enqueue(() => {
          const sheet = this.resolve();
          if (!sheet.pageBreaks.includes(probe.rowIndex)) sheet.pageBreaks.push(probe.rowIndex);
        });
      },
    };
  }
  /** PageLayout (ExcelApi 1.9): what the port sets of it, checked as Office.js checks it. */
  get pageLayout(): object {
    this.ctx.excel.requireApi("1.9", "worksheet.pageLayout");
    this.ctx.path();
    const ctx = this.ctx;
    const layout = (): FakePageLayout => this.resolve().pageLayout;
    const set = <K extends keyof FakePageLayout>(key: K, value: FakePageLayout[K], ok: boolean): void => {
      ctx.enqueue(() => {
        if (!ok) throw new FakeOfficeError("InvalidArgument", `pageLayout.${key} = ${JSON.stringify(value)}`);
        layout()[key] = value;
      });
    };
    return {
      set orientation(v: FakePageLayout["orientation"]) { set("orientation", v, v === "Portrait" || v === "Landscape"); },
      set paperSize(v: string) { set("paperSize", v, ["A3", "A4", "A5", "Letter", "Legal"].includes(v)); },
      set zoom(v: NonNullable<FakePageLayout["zoom"]>) {
        const counts = [v.horizontalFitToPages, v.verticalFitToPages].every((n) => n === undefined || (Number.isInteger(n) && n >= 0));
        set("zoom", { ...v }, counts && (v.scale === undefined || (v.scale >= 10 && v.scale <= 400)));
      },
      setPrintTitleRows(rows: string) { set("printTitleRows", rows, /^\$\d+:\$\d+$/.test(rows)); },
      headersFooters: {
        defaultForAllPages: {
          set rightHeader(text: string) { set("rightHeader", text, typeof text === "string" && text.length <= 255); },
        },
      },
    };
  }
  get notes(): FakeNoteCollection {
    this.ctx.excel.requireApi("1.18", "worksheet.notes");
    return new FakeNoteCollection(this.ctx, this);
  }
  get comments(): FakeCommentCollection {
    this.ctx.excel.requireApi("1.10", "worksheet.comments");
    this.ctx.path();
    return new FakeCommentCollection(this.ctx, () => this.resolve());
  }
  activate(): void {
    this.ctx.enqueue(() => {
      const s = this.resolve();
      if (s.visibility !== "Visible") throw new FakeOfficeError("InvalidOperation", `cannot activate the hidden sheet ${s.name}`);
      this.ctx.excel.active = s;
    });
  }
  set visibility(v: "Visible" | "Hidden" | "VeryHidden") {
    this.ctx.excel.requireApi("1.2", "worksheet.visibility (set)");
    this.ctx.enqueue(() => {
      const s = this.resolve();
      if (!["Visible", "Hidden", "VeryHidden"].includes(v)) throw new FakeOfficeError("InvalidArgument", `visibility ${v}`);
      // Like Excel: a workbook keeps at least one visible sheet, and the active sheet is a visible one.
      if (v !== "Visible" && !this.ctx.excel.sheets.some((o) => o !== s && o.visibility === "Visible")) {
        throw new FakeOfficeError("InvalidOperation", "a workbook must keep one visible sheet");
      }
      s.visibility = v;
      if (v !== "Visible" && this.ctx.excel.active === s) this.ctx.excel.active = this.ctx.excel.sheets.find((o) => o.visibility === "Visible")!;
    });
  }
  /** The whole sheet when no address is given, as Office.js does. */
  getRange(address?: string): FakeRange {
    this.ctx.path();
    if (address === undefined) return new FakeRange(this.ctx, () => ({ sheet: this.resolve(), top: 0, left: 0, rows: 1_048_576, cols: 16_384 }));
    return new FakeRange(this.ctx, () => {
      const r = parseRange(address);
      if (!r) throw new FakeOfficeError("InvalidArgument", `bad address ${address}`);
      return { sheet: this.resolve(), top: r.top, left: r.left, rows: r.bottom - r.top + 1, cols: r.right - r.left + 1 };
    });
  }
  /** Several areas ("A1,C2:C9"); like Excel, an address over 255 characters is refused. */
  getRanges(address: string): { readonly conditionalFormats: FakeConditionalFormatCollection } {
    this.ctx.excel.requireApi("1.9", "worksheet.getRanges");
    this.ctx.path();
    const areas = (): Rect[] => {
      if (address.length > 255) throw new FakeOfficeError("InvalidArgument", `an address of ${address.length} characters`);
      return address.split(",").map((a) => {
        const r = parseRange(a.trim());
        if (!r) throw new FakeOfficeError("InvalidArgument", `bad address ${a}`);
        return { sheet: this.resolve(), top: r.top, left: r.left, rows: r.bottom - r.top + 1, cols: r.right - r.left + 1 };
      });
    };
    const ctx = this.ctx;
    return {
      get conditionalFormats() {
        ctx.path();
        return new FakeConditionalFormatCollection(ctx, areas);
      },
    };
  }
  getRangeByIndexes(top: number, left: number, rows: number, cols: number): FakeRange {
    if (rows < 1 || cols < 1 || top < 0 || left < 0) throw new FakeOfficeError("InvalidArgument", `getRangeByIndexes(${top}, ${left}, ${rows}, ${cols})`);
    this.ctx.path();
    return new FakeRange(this.ctx, () => ({ sheet: this.resolve(), top, left, rows, cols }));
  }
  getUsedRangeOrNullObject(_valuesOnly?: boolean): FakeRange {
    return new FakeRange(this.ctx, () => usedRect(this.resolve()));
  }
}

function usedRect(sheet: FakeSheet): Rect | null {
  let top = Infinity, left = Infinity, bottom = -1, right = -1;
  for (const [key, cell] of sheet.cells) {
    if (cell.value === "") continue;
    // cellOfKey without its array: this loop runs over every cell of the sheet, on every look-up
    const r = Math.floor(key / SHEET_COLUMNS), c = key - r * SHEET_COLUMNS;
    if (r < top) top = r;
    if (r > bottom) bottom = r;
    if (c < left) left = c;
    if (c > right) right = c;
  }
  return bottom < 0 ? null : { sheet, top, left, rows: bottom - top + 1, cols: right - left + 1 };
}

/** Excel's current region: grow the box while any cell touching it (diagonals too) holds a value.
 * Each side grows as far as it can before the next is tried: a big block costs its perimeter, not its area. */
function surroundingRect(sheet: FakeSheet, row: number, col: number): Rect {
  let top = row, left = col, bottom = row, right = col;
  const filled = (r: number, c: number): boolean => r >= 0 && c >= 0 && !sheet.isEmpty(r, c);
  const rowTouches = (r: number): boolean => {
    for (let c = left - 1; c <= right + 1; c++) if (filled(r, c)) return true;
    return false;
  };
  const colTouches = (c: number): boolean => {
    for (let r = top - 1; r <= bottom + 1; r++) if (filled(r, c)) return true;
    return false;
  };
  for (let grew = true; grew;) {
    grew = false;
    while (top > 0 && rowTouches(top - 1)) { top--; grew = true; }
    while (rowTouches(bottom + 1)) { bottom++; grew = true; }
    while (left > 0 && colTouches(left - 1)) { left--; grew = true; }
    while (colTouches(right + 1)) { right++; grew = true; }
  }
  return { sheet, top, left, rows: bottom - top + 1, cols: right - left + 1 };
}

/** Texts whose JSON is themselves in quotes: printable ASCII but `"` and `\`. */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** What JSON escapes in a text (a lone half of a surrogate pair too), or counts apart (a pair). */
const ESCAPED_OR_PAIRED = /["\\\x00-\x1f\ud800-\udfff]/;

/** Bytes of the JSON as sent: UTF-8, so a Thai character counts 3 (no TextEncoder under jsdom).
 * Grids (arrays of arrays of scalars, 5 MB of them in the size tests) are summed element by
 * element, the same count as of their whole JSON without making that 5 MB string (most of the CPU
 * of the Excel tests went to it and its garbage). */
export function sizeOf(value: unknown): number {
  switch (typeof value) {
    case "number":
      if (!Number.isFinite(value)) return 4; // JSON writes NaN and Infinity as null
      return Number.isInteger(value) && Math.abs(value) < 1e21 ? integerDigits(value) : String(value).length;
    case "boolean":
      return value ? 4 : 5;
    case "string":
      if (PLAIN_ASCII.test(value)) return value.length + 2;
      return typeof Buffer === "function" && !ESCAPED_OR_PAIRED.test(value) ? Buffer.byteLength(value, "utf8") + 2 : jsonBytes(value);
  }
  if (value === null) return 4;
  if (!Array.isArray(value)) return jsonBytes(value);
  // "[" and "]", a comma between elements; an element JSON cannot write (undefined, a function) is null.
  let bytes = 2 + Math.max(0, value.length - 1);
  for (const v of value) bytes += v === undefined || typeof v === "function" || typeof v === "symbol" ? 4 : sizeOf(v);
  return bytes;
}

/** Powers of ten, each exact as a double. */
const TENS = Array.from({ length: 22 }, (_, i) => 10 ** i);

/** String(n).length of an integer under 1e21 (which JSON writes in digits, -0 as "0"), without
 * making the string: grids of numbers are sized cell by cell. */
function integerDigits(n: number): number {
  const a = Math.abs(n);
  let digits = 1;
  while (digits < 21 && a >= TENS[digits]) digits++;
  return n < 0 ? digits + 1 : digits;
}

function jsonBytes(value: unknown): number {
  const json = JSON.stringify(value) ?? "null";
  // Node counts it natively, the same when there is no surrogate (jsdom has no Buffer).
  if (typeof Buffer === "function" && !/[\ud800-\udfff]/.test(json)) return Buffer.byteLength(json, "utf8");
  let bytes = json.length;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c < 0x80) continue;
    // 2 bytes below U+0800, 3 for the rest of the BMP; each half of a surrogate pair 2 (4 in all).
    bytes += c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 1 : 2;
  }
  return bytes;
}

/** Excel coerces what is typed into a General cell; a text ("@") cell keeps it as typed. */
function coerce(cell: FakeCell, value: unknown): void {
  cell.formula = undefined;
  cell.type = undefined;
  if (typeof value === "string" && cell.format !== "@") {
    if (value.startsWith("=")) {
      cell.formula = value;
      cell.value = "#NAME?";
      cell.type = "Error";
      return;
    }
    if (/^[+-]?\d+(\.\d+)?$/.test(value.trim())) {
      cell.value = Number(value);
      return;
    }
  }
  if (typeof value === "number" && !Number.isFinite(value)) throw new FakeOfficeError("InvalidArgument", `not a number: ${value}`);
  cell.value = value as Scalar;
}

export class FakeRange extends FakeObject {
  constructor(ctx: FakeContext, private readonly locate: () => Rect | null) {
    super(ctx);
  }
  private located: { rect: Rect | null } | undefined;
  protected override during(f: () => void): void {
    this.located = { rect: this.locate() }; // one load sees one state of the sheet
    try {
      f();
    } finally {
      this.located = undefined;
    }
  }
  protected override exists(): boolean {
    return (this.located ? this.located.rect : this.locate()) !== null;
  }
  private rect(): Rect {
    const r = this.located ? this.located.rect : this.locate();
    if (!r) throw new FakeOfficeError("InvalidObjectPath", "null object used");
    return r;
  }
  private grid<T>(f: (cell: FakeCell | undefined, r: number, c: number) => T): T[][] {
    const { sheet, top, left, rows, cols } = this.rect();
    // Plain loops: a 5 MB read makes half a million cells here, on every load of the size tests.
    const out: T[][] = new Array(rows);
    for (let i = 0; i < rows; i++) {
      const row: T[] = new Array(cols);
      for (let j = 0; j < cols; j++) row[j] = f(sheet.peek(top + i, left + j), top + i, left + j);
      out[i] = row;
    }
    return out;
  }
  protected snapshot(prop: string): unknown {
    const r = this.rect();
    switch (prop) {
      case "rowIndex": return r.top;
      case "columnIndex": return r.left;
      case "rowCount": return r.rows;
      case "columnCount": return r.cols;
      case "address": return `${r.sheet.name}!${cellAddress(r.top, r.left)}:${cellAddress(r.top + r.rows - 1, r.left + r.cols - 1)}`;
      case "values": return this.grid((c) => c?.value ?? "");
      case "valueTypes": return this.grid((c) => (c?.type ?? (c === undefined || c.value === "" ? "Empty" : typeof c.value === "number" ? "Double" : typeof c.value === "boolean" ? "Boolean" : "String")));
      case "numberFormat": return this.grid((c) => c?.format ?? "General");
      default: throw new FakeOfficeError("InvalidArgument", `cannot load Range.${prop}`);
    }
  }
  get rowIndex(): number { return this.read("rowIndex"); }
  get columnIndex(): number { return this.read("columnIndex"); }
  get rowCount(): number { return this.read("rowCount"); }
  get columnCount(): number { return this.read("columnCount"); }
  get address(): string { return this.read("address"); }
  get values(): Scalar[][] { return this.read("values"); }
  get valueTypes(): string[][] { return this.read("valueTypes"); }
  get numberFormat(): string[][] { return this.read("numberFormat"); }

  private checkShape(grid: unknown, what: string): unknown[][] {
    const { rows, cols } = this.rect();
    if (!Array.isArray(grid) || grid.length !== rows || grid.some((row) => !Array.isArray(row) || row.length !== cols)) {
      throw new FakeOfficeError("InvalidArgument", `${what}: the array does not match the range's ${rows}x${cols} size`);
    }
    return grid as unknown[][];
  }
  set values(grid: unknown[][]) {
    this.ctx.enqueue(() => {
      if (this.ctx.calculationSuspended) this.ctx.excel.needsRecalc = true;
      const { sheet, top, left } = this.rect();
      this.checkShape(grid, "values").forEach((row, i) => row.forEach((v, j) => {
        if (v === null) return; // null leaves the cell alone
        coerce(sheet.cell(top + i, left + j), v);
      }));
    }, sizeOf(grid) + ACTION_BYTES);
  }
  /** Hides (or shows) the range's whole columns. */
  set columnHidden(hidden: boolean) {
    this.ctx.enqueue(() => {
      const { sheet, left, cols } = this.rect();
      for (let c = left; c < left + cols; c++) {
        if (hidden) sheet.hiddenColumns.add(c);
        else sheet.hiddenColumns.delete(c);
      }
    });
  }
  /** Formulas ("=...") and constants, as values takes them. */
  set formulas(grid: unknown[][]) {
    this.values = grid;
  }
  set numberFormat(grid: unknown[][]) {
    this.ctx.enqueue(() => {
      const { sheet, top, left } = this.rect();
      this.checkShape(grid, "numberFormat").forEach((row, i) => row.forEach((f, j) => {
        if (f === null) return;
        if (typeof f !== "string") throw new FakeOfficeError("InvalidArgument", "numberFormat must be text");
        sheet.cell(top + i, left + j).format = f;
      }));
    }, sizeOf(grid) + ACTION_BYTES);
  }
  get format(): { readonly fill: FakeFill; readonly font: { bold: boolean }; autofitColumns: () => void } {
    const ctx = this.ctx;
    const rect = (): Rect => this.rect();
    ctx.path();
    return {
      get fill() {
        ctx.path();
        return new FakeFill(ctx, rect);
      },
      /** RangeFont (ExcelApi 1.1): bold, set on every cell of the range. */
      get font() {
        ctx.path();
        return {
          get bold(): boolean {
            throw new FakeOfficeError("PropertyNotLoaded", "fake: RangeFont.bold is set, never read");
          },
          set bold(on: boolean) {
            ctx.enqueue(() => {
              const { sheet, top, left, rows, cols } = rect();
              for (let r = top; r < top + rows; r++) for (let c = left; c < left + cols; c++) sheet.cell(r, c).bold = on;
            });
          },
        };
      },
      autofitColumns: () => ctx.enqueue(() => void rect()),
    };
  }
  get conditionalFormats(): FakeConditionalFormatCollection {
    this.ctx.excel.requireApi("1.6", "range.conditionalFormats");
    this.ctx.path();
    return new FakeConditionalFormatCollection(this.ctx, () => [this.rect()]);
  }
  get dataValidation(): { rule: unknown; errorAlert: unknown } {
    const ctx = this.ctx;
    const range = this;
    ctx.excel.requireApi("1.8", "range.dataValidation");
    const each = (f: (sheet: FakeSheet, address: string) => void): void => {
      const { sheet, top, left, rows, cols } = range.rect();
      for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) f(sheet, cellAddress(top + i, left + j));
    };
    return {
      set rule(rule: { list?: { source: string; inCellDropDown: boolean } }) {
        ctx.enqueue(() => {
          if (!rule.list || typeof rule.list.source !== "string") throw new FakeOfficeError("InvalidArgument", "only list rules are faked");
          const source = rule.list.source;
          if (source.startsWith("=")) {
            // Like Excel, a formula must make sense when it is set: every sheet it names exists.
            for (const m of source.matchAll(/'((?:[^']|'')+)'!/g)) ctx.excel.sheet(m[1].replace(/''/g, "'"));
          } else if (source.length > 255) {
            throw new FakeOfficeError("InvalidArgument", "an inline list is at most 255 characters");
          }
          each((sheet, address) => sheet.validation.set(address, source));
        }, sizeOf(rule) + ACTION_BYTES);
      },
      get rule(): unknown {
        throw new FakeOfficeError("PropertyNotLoaded", "DataValidation.rule");
      },
      set errorAlert(alert: { showAlert: boolean; style: string; title?: string; message?: string }) {
        ctx.enqueue(() => {
          if (!["Stop", "Warning", "Information"].includes(alert.style)) throw new FakeOfficeError("InvalidArgument", `alert style ${alert.style}`);
          each((sheet, address) => sheet.validationAlerts.set(address, { ...alert }));
        }, sizeOf(alert) + ACTION_BYTES);
      },
      get errorAlert(): unknown {
        throw new FakeOfficeError("PropertyNotLoaded", "DataValidation.errorAlert");
      },
    };
  }
  /** Clears contents ("Contents") or everything ("All") of the range's cells. */
  clear(applyTo: "All" | "Contents" | "Formats" = "All"): void {
    this.ctx.enqueue(() => {
      const { sheet, top, left, rows, cols } = this.rect();
      for (const [key, cell] of [...sheet.cells]) {
        const [r, c] = cellOfKey(key);
        if (r < top || r >= top + rows || c < left || c >= left + cols) continue;
        if (applyTo === "All") sheet.remove(r, c);
        else if (applyTo === "Contents") Object.assign(cell, { value: "", formula: undefined, type: undefined });
        else cell.format = "General";
      }
    });
  }
  select(): void {
    this.ctx.enqueue(() => {
      const r = this.rect();
      this.ctx.excel.select(r.sheet, r.top, r.left, r.rows, r.cols);
    });
  }
  getSurroundingRegion(): FakeRange {
    return new FakeRange(this.ctx, () => {
      const r = this.rect();
      return surroundingRect(r.sheet, r.top, r.left);
    });
  }
  getTables(fullyContained = false): FakeTableScoped {
    return new FakeTableScoped(this.ctx, () => {
      const r = this.rect();
      return r.sheet.tables.filter((t) => fullyContained
        ? t.top >= r.top && t.left >= r.left && t.top + t.rows <= r.top + r.rows && t.left + t.cols <= r.left + r.cols
        : t.top < r.top + r.rows && r.top < t.top + t.rows && t.left < r.left + r.cols && r.left < t.left + t.cols)
        .map((t) => ({ sheet: r.sheet, table: t }));
    });
  }
  getMergedAreasOrNullObject(): FakeRangeAreas {
    this.ctx.excel.requireApi("1.13", "getMergedAreasOrNullObject");
    return new FakeRangeAreas(this.ctx, () => {
      const r = this.rect();
      const hits = r.sheet.merged.filter((m) => m.top < r.top + r.rows && r.top <= m.bottom && m.left < r.left + r.cols && r.left <= m.right);
      return hits.length === 0 ? null : hits.map((m) => `${r.sheet.name}!${cellAddress(m.top, m.left)}:${cellAddress(m.bottom, m.right)}`).join(", ");
    });
  }
}

class FakeRangeAreas extends FakeObject {
  constructor(ctx: FakeContext, private readonly locate: () => string | null) {
    super(ctx);
  }
  protected override exists(): boolean {
    return this.locate() !== null;
  }
  protected snapshot(prop: string): unknown {
    if (prop === "address") return this.locate();
    throw new FakeOfficeError("InvalidArgument", `cannot load RangeAreas.${prop}`);
  }
  get address(): string { return this.read("address"); }
}

/** What getSelectedRanges gives: a RangeAreas whose `areas` collection holds one Range per block. */
class FakeSelectedAreas extends FakeObject {
  constructor(ctx: FakeContext, private readonly locate: () => Rect[]) {
    super(ctx);
  }
  protected snapshot(prop: string): unknown {
    throw new FakeOfficeError("InvalidArgument", `the fake loads only RangeAreas.areas, not ${prop}`);
  }
  get areas(): FakeRangeCollection {
    this.ctx.path();
    return new FakeRangeCollection(this.ctx, this.locate);
  }
}

class FakeRangeCollection extends FakeCollection<FakeRange> {
  constructor(ctx: FakeContext, private readonly locate: () => Rect[]) {
    super(ctx);
  }
  protected list(): FakeRange[] {
    return this.locate().map((rect) => new FakeRange(this.ctx, () => rect));
  }
}

class FakeFill extends FakeObject {
  constructor(ctx: FakeContext, private readonly rect: () => Rect) {
    super(ctx);
  }
  private first(): FakeCell["fill"] {
    const { sheet, top, left } = this.rect();
    return sheet.peek(top, left)?.fill ?? { color: "#FFFFFF", pattern: "None" };
  }
  protected snapshot(prop: string): unknown {
    if (prop === "color") return this.first().color;
    if (prop === "pattern") return this.first().pattern;
    throw new FakeOfficeError("InvalidArgument", `cannot load RangeFill.${prop}`);
  }
  private each(f: (cell: FakeCell) => void): void {
    const { sheet, top, left, rows, cols } = this.rect();
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) f(sheet.cell(top + i, left + j));
  }
  get color(): string { return this.read("color"); }
  set color(color: string) {
    this.ctx.enqueue(() => this.each((c) => { c.fill = { color: color.toUpperCase(), pattern: "Solid" }; }));
  }
  get pattern(): string { return this.read("pattern"); }
  clear(): void {
    this.ctx.enqueue(() => this.each((c) => { c.fill = { color: "#FFFFFF", pattern: "None" }; }));
  }
}

class FakeTableScoped extends FakeObject {
  private itemsSnapshot: FakeTableProxy[] | undefined;
  constructor(ctx: FakeContext, private readonly find: () => Array<{ sheet: FakeSheet; table: FakeTable }>) {
    super(ctx);
  }
  protected snapshot(prop: string): unknown {
    if (prop !== "items/name") throw new FakeOfficeError("InvalidArgument", `cannot load ${prop}`);
    const before = this.itemsSnapshot;
    const found = this.find();
    this.itemsSnapshot = found.map(({ sheet, table }) => new FakeTableProxy(this.ctx, sheet, table));
    this.ctx.respond(sizeOf(found.map(({ table }) => table.name)), () => { this.itemsSnapshot = before; });
    return true;
  }
  get items(): FakeTableProxy[] {
    this.read("items/name");
    return this.itemsSnapshot!;
  }
}

class FakeTableProxy {
  constructor(private readonly ctx: FakeContext, private readonly sheet: FakeSheet, private readonly table: FakeTable) {}
  get name(): string { return this.table.name; }
  getRange(): FakeRange {
    const t = this.table;
    return new FakeRange(this.ctx, () => ({ sheet: this.sheet, top: t.top, left: t.left, rows: t.rows, cols: t.cols }));
  }
  /** Table.rows.add (ExcelApi 1.1) at the end: one row per row of values, each as wide as the table;
   * null leaves a cell as it is. Excel shifts what is below down; the fake wants the room empty. */
  get rows(): { add(index?: number | null, values?: Scalar[][]): void } {
    return {
      add: (index, values) => {
        this.ctx.enqueue(() => {
          const t = this.table;
          if (index !== undefined && index !== null) throw new FakeOfficeError("InvalidArgument", "fake: rows are added at the end only");
          if (t.totals) throw new FakeOfficeError("InvalidOperation", "fake: rows of a table with totals are not faked");
          const added = values ?? [[...new Array<Scalar>(t.cols).fill(null as unknown as Scalar)]];
          if (added.length === 0 || added.some((r) => r.length !== t.cols)) throw new FakeOfficeError("InvalidArgument", `each row needs ${t.cols} values`);
          const below = t.top + t.rows;
          for (let r = below; r < below + added.length; r++) {
            for (let c = t.left; c < t.left + t.cols; c++) {
              const v = this.sheet.peek(r, c)?.value;
              if (v !== undefined && v !== "" && v !== null) throw new FakeOfficeError("InvalidOperation", "fake: the rows below the table are not empty");
            }
          }
          t.rows += added.length;
          added.forEach((row, i) => row.forEach((v, j) => {
            if (v !== null && v !== undefined) this.sheet.cell(below + i, t.left + j).value = v;
          }));
        });
      },
    };
  }
}

class FakeTableCollection {
  constructor(private readonly ctx: FakeContext, private readonly worksheet: FakeWorksheet) {}
  add(range: FakeRange, hasHeaders: boolean): FakeTableProxy {
    if (!(range instanceof FakeRange)) throw new FakeOfficeError("InvalidArgument", "tables.add needs a Range");
    let made: { sheet: FakeSheet; table: FakeTable } | undefined;
    const probe = range.load("rowIndex,columnIndex,rowCount,columnCount");
    this.ctx.enqueue(() => {
      if (!hasHeaders) throw new FakeOfficeError("InvalidArgument", "fake supports header tables only");
      const sheet = this.worksheet.resolve();
      const t = { name: `Table${sheet.tables.length + 1}`, top: probe.rowIndex, left: probe.columnIndex, rows: probe.rowCount, cols: probe.columnCount };
      if (sheet.tables.some((o) => o.top < t.top + t.rows && t.top < o.top + o.rows && o.left < t.left + t.cols && t.left < o.left + o.cols)) {
        throw new FakeOfficeError("InvalidOperation", "tables cannot overlap");
      }
      sheet.tables.push(t);
      made = { sheet, table: t };
    });
    const ctx = this.ctx;
    return new (class extends FakeTableProxy {
      constructor() {
        super(ctx, undefined as unknown as FakeSheet, undefined as unknown as FakeTable);
      }
      override getRange(): FakeRange {
        return new FakeRange(ctx, () => {
          if (!made) throw new FakeOfficeError("InvalidObjectPath", "table used before it was added");
          return { sheet: made.sheet, top: made.table.top, left: made.table.left, rows: made.table.rows, cols: made.table.cols };
        });
      }
      /** Shows the totals row under the data (ExcelApi 1.3). */
      set showTotals(on: boolean) {
        ctx.enqueue(() => {
          if (!made) throw new FakeOfficeError("InvalidObjectPath", "table used before it was added");
          if (on && !made.table.totals) Object.assign(made.table, { rows: made.table.rows + 1, totals: true });
        });
      }
      get columns(): { getItemAt(i: number): { getTotalRowRange(): FakeRange } } {
        return {
          getItemAt: (i) => ({
            getTotalRowRange: () => new FakeRange(ctx, () => {
              if (!made?.table.totals) throw new FakeOfficeError("InvalidOperation", "the table shows no totals row");
              if (i >= made.table.cols) throw new FakeOfficeError("ItemNotFound", `no column ${i}`);
              return { sheet: made.sheet, top: made.table.top + made.table.rows - 1, left: made.table.left + i, rows: 1, cols: 1 };
            }),
          }),
        };
      }
    })();
  }
}

class FakeNote extends FakeObject {
  constructor(ctx: FakeContext, private readonly sheet: () => FakeSheet, private readonly key: string) {
    super(ctx);
  }
  protected override exists(): boolean {
    return this.sheet().notes.has(this.key);
  }
  protected snapshot(prop: string): unknown {
    if (prop === "content") return this.sheet().notes.get(this.key);
    throw new FakeOfficeError("InvalidArgument", `cannot load Note.${prop}`);
  }
  get content(): string { return this.read("content"); }
  getLocation(): FakeRange {
    this.ctx.path();
    return new FakeRange(this.ctx, () => {
      const r = parseRange(this.key);
      if (!r || !this.exists()) throw new FakeOfficeError("ItemNotFound", `no note at ${this.key}`);
      return { sheet: this.sheet(), top: r.top, left: r.left, rows: 1, cols: 1 };
    });
  }
  set content(text: string) {
    this.ctx.enqueue(() => {
      if (!this.exists()) throw new FakeOfficeError("ItemNotFound", `no note at ${this.key}`);
      this.sheet().notes.set(this.key, text);
    }, sizeOf(text) + ACTION_BYTES);
  }
  delete(): void {
    this.ctx.enqueue(() => {
      if (!this.exists()) throw new FakeOfficeError("ItemNotFound", `no note at ${this.key}`);
      this.sheet().notes.delete(this.key);
    });
  }
}

class FakeNoteCollection extends FakeCollection<FakeNote> {
  constructor(ctx: FakeContext, private readonly worksheet: FakeWorksheet) {
    super(ctx);
  }
  protected list(): FakeNote[] {
    return [...this.worksheet.resolve().notes.keys()].map((key) => new FakeNote(this.ctx, () => this.worksheet.resolve(), key));
  }
  add(cell: FakeRange | string, content: string): FakeNote {
    const probe = typeof cell === "string" ? this.worksheet.getRange(cell) : cell;
    probe.load("rowIndex,columnIndex,rowCount,columnCount");
    let key = "";
    this.ctx.enqueue(() => {
      if (probe.rowCount !== 1 || probe.columnCount !== 1) throw new FakeOfficeError("InvalidCellAddress", "a note goes on one cell");
      key = cellAddress(probe.rowIndex, probe.columnIndex);
      const sheet = this.worksheet.resolve();
      if (sheet.notes.has(key)) throw new FakeOfficeError("InvalidOperation", `a note already exists at ${key}`);
      sheet.notes.set(key, content);
    }, sizeOf(content) + ACTION_BYTES);
    return new FakeNote(this.ctx, () => this.worksheet.resolve(), key);
  }
  /** By cell address; a missing note is an error when used (ItemNotFound), as in Office.js. */
  getItem(key: string): FakeNote {
    this.ctx.path();
    return new FakeNote(this.ctx, () => this.worksheet.resolve(), key.replace(/\$/g, "").toUpperCase());
  }
  getItemOrNullObject(key: string): FakeNote {
    this.ctx.path();
    return new FakeNote(this.ctx, () => this.worksheet.resolve(), key.replace(/\$/g, "").toUpperCase());
  }
  /** How many notes the sheet has: the value is there once the sync ran. */
  getCount(): { readonly value: number } {
    const result = new FakeClientResult<number>(this.ctx, "NoteCollection.getCount");
    this.ctx.enqueue(() => result.set(this.worksheet.resolve().notes.size));
    return result;
  }
}

/** A method's answer (OfficeExtension.ClientResult): its value is read after the sync, like a load. */
class FakeClientResult<T> {
  private answer: { value: T } | undefined;
  constructor(private readonly ctx: FakeContext, private readonly what: string) {}
  set(value: T): void {
    const before = this.answer;
    this.answer = { value };
    this.ctx.respond(sizeOf(value), () => { this.answer = before; });
  }
  get value(): T {
    if (!this.answer) throw new FakeOfficeError("PropertyNotLoaded", `${this.what}.value`);
    return this.answer.value;
  }
}

/** A conditional format: its id and type load; a custom one takes a rule formula and a fill. */
class FakeConditionalFormat extends FakeObject {
  constructor(ctx: FakeContext, private readonly find: () => { sheet: FakeSheet; data: FakeConditionalFormatData } | undefined) {
    super(ctx);
  }
  private found(): { sheet: FakeSheet; data: FakeConditionalFormatData } {
    const f = this.find();
    if (!f) throw new FakeOfficeError("ItemNotFound", "no such conditional format");
    return f;
  }
  protected snapshot(prop: string): unknown {
    if (prop === "id") return this.found().data.id;
    if (prop === "type") return this.found().data.type;
    throw new FakeOfficeError("InvalidArgument", `cannot load ConditionalFormat.${prop}`);
  }
  get id(): string { return this.read("id"); }
  get type(): string { return this.read("type"); }
  get custom(): { readonly rule: FakeConditionalRule; readonly format: { readonly fill: { color: string } } } {
    const ctx = this.ctx;
    ctx.path();
    const custom = (): FakeConditionalFormatData => {
      const { data } = this.found();
      if (data.type !== "Custom") throw new FakeOfficeError("InvalidOperation", `a ${data.type} format has no custom properties`);
      return data;
    };
    return {
      rule: new FakeConditionalRule(ctx, custom),
      format: {
        fill: {
          set color(color: string) {
            ctx.enqueue(() => { custom().fill = color.toUpperCase(); });
          },
          get color(): string {
            throw new FakeOfficeError("PropertyNotLoaded", "ConditionalRangeFill.color");
          },
        },
      },
    };
  }
  delete(): void {
    this.ctx.enqueue(() => {
      const { sheet, data } = this.found();
      sheet.conditionalFormats.splice(sheet.conditionalFormats.indexOf(data), 1);
    });
  }
}

class FakeConditionalRule extends FakeObject {
  constructor(ctx: FakeContext, private readonly data: () => FakeConditionalFormatData) {
    super(ctx);
  }
  protected snapshot(prop: string): unknown {
    if (prop === "formula") return this.data().formula ?? "";
    throw new FakeOfficeError("InvalidArgument", `cannot load ConditionalFormatRule.${prop}`);
  }
  get formula(): string { return this.read("formula"); }
  set formula(text: string) {
    this.ctx.enqueue(() => { this.data().formula = text; }, sizeOf(text) + ACTION_BYTES);
  }
}

/** The conditional formats that touch some areas of one sheet. */
class FakeConditionalFormatCollection extends FakeCollection<FakeConditionalFormat> {
  constructor(ctx: FakeContext, private readonly areas: () => Rect[]) {
    super(ctx);
  }
  private sheet(): FakeSheet {
    return this.areas()[0].sheet;
  }
  protected list(): FakeConditionalFormat[] {
    const sheet = this.sheet();
    const areas = this.areas();
    const touches = (f: FakeConditionalFormatData): boolean => f.areas.some((a) => areas.some((b) =>
      a.top < b.top + b.rows && b.top < a.top + a.rows && a.left < b.left + b.cols && b.left < a.left + a.cols));
    return sheet.conditionalFormats.filter(touches).map((data) => new FakeConditionalFormat(this.ctx, () => ({ sheet, data })));
  }
  add(type: string): FakeConditionalFormat {
    if (type !== "Custom") throw new FakeOfficeError("InvalidArgument", `only custom conditional formats are faked, not ${type}`);
    let made: { sheet: FakeSheet; data: FakeConditionalFormatData } | undefined;
    this.ctx.enqueue(() => {
      const sheet = this.sheet();
      const data = { id: this.ctx.excel.newId("cf"), type, areas: this.areas().map(({ top, left, rows, cols }) => ({ top, left, rows, cols })) };
      sheet.conditionalFormats.push(data);
      made = { sheet, data };
    });
    return new FakeConditionalFormat(this.ctx, () => (made && made.sheet.conditionalFormats.includes(made.data) ? made : undefined));
  }
  getItem(id: string): FakeConditionalFormat {
    this.ctx.path();
    return new FakeConditionalFormat(this.ctx, () => {
      const sheet = this.sheet();
      const data = sheet.conditionalFormats.find((f) => f.id === id);
      return data ? { sheet, data } : undefined;
    });
  }
}

class FakeComment extends FakeObject {
  constructor(ctx: FakeContext, private readonly idOf: () => string | undefined) {
    super(ctx);
  }
  private stored(): { sheet: FakeSheet; row: number; col: number; content: string } {
    const c = this.ctx.excel.comments.get(this.idOf() ?? "");
    if (!c) throw new FakeOfficeError("ItemNotFound", "no such comment");
    return c;
  }
  protected override exists(): boolean {
    const id = this.idOf();
    return id !== undefined && this.ctx.excel.comments.has(id);
  }
  protected snapshot(prop: string): unknown {
    if (prop === "id") return this.idOf();
    if (prop === "content") return this.stored().content;
    throw new FakeOfficeError("InvalidArgument", `cannot load Comment.${prop}`);
  }
  get id(): string { return this.read("id"); }
  get content(): string { return this.read("content"); }
  set content(text: string) {
    this.ctx.enqueue(() => { this.stored().content = text; }, sizeOf(text) + ACTION_BYTES);
  }
  getLocation(): FakeRange {
    this.ctx.path();
    return new FakeRange(this.ctx, () => {
      const c = this.stored();
      return { sheet: c.sheet, top: c.row, left: c.col, rows: 1, cols: 1 };
    });
  }
  delete(): void {
    this.ctx.enqueue(() => {
      if (!this.exists()) throw new FakeOfficeError("ItemNotFound", "no such comment");
      this.ctx.excel.comments.delete(this.idOf()!);
    });
  }
}

/** The workbook's comments, or one sheet's (worksheet.comments). */
class FakeCommentCollection extends FakeCollection<FakeComment> {
  constructor(ctx: FakeContext, private readonly sheet: (() => FakeSheet) | null) {
    super(ctx);
  }
  protected list(): FakeComment[] {
    const only = this.sheet?.();
    return [...this.ctx.excel.comments].filter(([, c]) => !only || c.sheet === only).map(([id]) => new FakeComment(this.ctx, () => id));
  }
  /** Like Excel: a cell holds at most one comment, so adding to a commented cell throws (office-js #1416). */
  add(cell: FakeRange, content: string): FakeComment {
    if (!(cell instanceof FakeRange)) throw new FakeOfficeError("InvalidArgument", "the fake takes a Range");
    const probe = cell.load("rowIndex,columnIndex,rowCount,columnCount");
    let id: string | undefined;
    this.ctx.enqueue(() => {
      if (probe.rowCount !== 1 || probe.columnCount !== 1) throw new FakeOfficeError("InvalidArgument", "a comment goes on one cell");
      const sheetOf = (cell as unknown as { rect(): Rect }).rect().sheet;
      if (this.sheet && this.sheet() !== sheetOf) throw new FakeOfficeError("InvalidArgument", "the cell is on another sheet");
      for (const c of this.ctx.excel.comments.values()) {
        if (c.sheet === sheetOf && c.row === probe.rowIndex && c.col === probe.columnIndex) throw new FakeOfficeError("InvalidOperation", "the cell already has a comment");
      }
      id = this.ctx.excel.newId("comment");
      this.ctx.excel.comments.set(id, { sheet: sheetOf, row: probe.rowIndex, col: probe.columnIndex, content });
    }, sizeOf(content) + ACTION_BYTES);
    return new FakeComment(this.ctx, () => id);
  }
  getItem(id: string): FakeComment {
    this.ctx.path();
    return new FakeComment(this.ctx, () => id);
  }
  getItemOrNullObject(id: string): FakeComment {
    this.ctx.excel.requireApi("1.14", "comments.getItemOrNullObject");
    this.ctx.path();
    return new FakeComment(this.ctx, () => id);
  }
}

class FakeSetting extends FakeObject {
  constructor(ctx: FakeContext, private readonly key: string) {
    super(ctx);
  }
  protected override exists(): boolean {
    return this.ctx.excel.settings.has(this.key);
  }
  protected snapshot(prop: string): unknown {
    if (prop === "value") return this.ctx.excel.settings.get(this.key);
    throw new FakeOfficeError("InvalidArgument", `cannot load Setting.${prop}`);
  }
  get value(): unknown { return this.read("value"); }
  /** Removes the setting; like Office.js, a setting that is not there at sync time is an error. */
  delete(): void {
    this.ctx.enqueue(() => {
      if (!this.ctx.excel.settings.delete(this.key)) throw new FakeOfficeError("ItemNotFound", `no setting ${this.key}`);
    });
  }
}

class FakeSettingCollection {
  constructor(private readonly ctx: FakeContext) {}
  add(key: string, value: unknown): FakeSetting {
    this.ctx.enqueue(() => { this.ctx.excel.settings.set(key, value); }, sizeOf(value) + ACTION_BYTES);
    return new FakeSetting(this.ctx, key);
  }
  getItemOrNullObject(key: string): FakeSetting {
    return new FakeSetting(this.ctx, key);
  }
}
