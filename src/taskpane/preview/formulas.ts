// The preview's grid calculates its DOCSHEET formulas (only these) as Excel does with the add-in's
// functions: a formula typed or pasted into a cell, or in a workbook opened (Open .xlsx, whose
// other formulas keep the values the file holds; its DOCSHEET cells show the values it was saved
// with until the pane connects, as Excel shows them until it calculates), is called through the pane's connection (the
// same calls Excel's runtime makes: functions/pane-call.ts), showing #BUSY! until it answers; a
// table spills into the cells below and right of it, and where other values stand in the way the
// formula is #SPILL! until they are cleared. An error's message is the cell's tooltip. The sheet's
// formulas are calculated again after every change of the workbook (a referenced cell may have
// changed; the answers read are kept, so only a changed call reads the service), when the pane
// connects or disconnects, and on "Refresh figures" (recalculate). Other formulas stay text.
import { functionsConnection, onFunctionsConnection } from "../../functions/connection";
import type { FunctionResult } from "../../functions/cells";
import type { ArgValue } from "../../functions/args";
import { parseFormula, type ArgExpr } from "../../functions/formula";
import { callInPane } from "../../functions/pane-call";
import { FunctionError, msg, renderFunctionText } from "../../functions/texts";
import { parseCell, rangeAddress } from "../../workbook/address";
import type { MemorySheet } from "../../workbook/memory";
import { isCellError, type CellRect, type CellValue } from "../../workbook/port";
import type { Lang } from "../i18n";
import type { PreviewWorkbook } from "./workbook";

const BUSY = { error: "#BUSY!" };

interface Anchor {
  sheet: string;
  row: number;
  col: number;
  formula: string;
  args: ArgExpr[];
  name: string;
}

type Outcome = { value: FunctionResult } | { error: string; message: string };

const at = (row: number, col: number): string => `${row},${col}`;
const empty = (v: CellValue | undefined): boolean => v === null || v === undefined || v === "";
const same = (a: CellValue | undefined, b: CellValue | undefined): boolean =>
  (empty(a) && empty(b)) || a === b || (isCellError(a) && isCellError(b) && a.error === b.error) || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());

/** A cell's value as a function's argument: a date as its serial, as Excel passes it. */
function argValue(v: CellValue): ArgValue {
  if (v instanceof Date) return v.getTime() / 86_400_000 + 25569;
  if (isCellError(v)) return null;
  return v;
}

export class PreviewFormulas {
  /** The tooltip of each formula cell that is an error: "sheet!row,col" → message. */
  private readonly messages = new Map<string, string>();
  /** What each formula was last called with ("sheet!row,col" → formula and arguments): a changed
   * call shows #BUSY! while it is answered. */
  private readonly calledWith = new Map<string, string>();
  private running: Promise<void> | null = null;
  private again = false;
  /** Our own writes are edits too: they do not start another calculation. */
  private writing = false;
  /** Formula cells of a workbook opened that show the values it was saved with ("sheet!row,col"),
   * kept until the pane connects. */
  private readonly saved = new Set<string>();

  constructor(private readonly workbook: PreviewWorkbook, private readonly lang: () => Lang) {}

  /** Calculates on every change of the workbook and of the connection; answers how to stop. */
  watch(): () => void {
    const offEdit = this.workbook.onEdit(() => {
      if (!this.writing && this.hasFormulas()) void this.calculate();
    });
    const offConnection = onFunctionsConnection(() => void this.calculate());
    return () => {
      offEdit();
      offConnection();
    };
  }

  /** The formula of a cell, if it holds a DOCSHEET formula. */
  formulaAt(sheet: string, row: number, col: number): string | undefined {
    const f = this.workbook.memory.sheets.get(sheet)?.formulas.get(at(row, col));
    return f !== undefined && parseFormula(f).kind === "call" ? f : undefined;
  }

  /** The message of a formula cell's error. */
  messageAt(sheet: string, row: number, col: number): string | undefined {
    return this.messages.get(`${sheet}!${at(row, col)}`);
  }

  /** Text typed or pasted into a cell: a DOCSHEET call becomes the cell's formula (#BUSY! until the
   * calculation the edit starts answers it); false for anything else, which stays as typed. */
  typed(sheet: string, row: number, col: number, text: string): boolean {
    if (!text.trim().startsWith("=") || parseFormula(text).kind !== "call") return false;
    const s = this.workbook.memory.sheet(sheet);
    s.formulas.set(at(row, col), text.trim());
    (s.values[row] ??= [])[col] = BUSY;
    return true;
  }

  /** A workbook was opened: its DOCSHEET cells keep the values they were saved with (their tables
   * as their spills) until the pane is connected to calculate them. */
  opened(): void {
    this.saved.clear();
    for (const [sheet, s] of this.workbook.memory.sheets) {
      for (const [key, formula] of s.formulas) if (parseFormula(formula).kind === "call") this.saved.add(`${sheet}!${key}`);
    }
  }

  /** The cells of `rect` are typed over or cleared: their formulas go, with the tables they spilled. */
  forget(sheet: string, rect: CellRect): void {
    const s = this.workbook.memory.sheets.get(sheet);
    if (!s) return;
    for (const key of [...s.formulas.keys()]) {
      const [r, c] = key.split(",").map(Number);
      if (r < rect.top || r > rect.bottom || c < rect.left || c > rect.right || parseFormula(s.formulas.get(key)!).kind !== "call") continue;
      this.unspill(s, r, c);
      s.formulas.delete(key);
      this.saved.delete(`${sheet}!${key}`);
      this.messages.delete(`${sheet}!${key}`);
      this.calledWith.delete(`${sheet}!${key}`);
    }
  }

  /** Calculates every DOCSHEET formula of the workbook; resolves when a calculation that started
   * after this call has ended (calls made meanwhile share one more). */
  calculate(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private hasFormulas(): boolean {
    for (const s of this.workbook.memory.sheets.values()) for (const f of s.formulas.values()) if (parseFormula(f).kind === "call") return true;
    return false;
  }

  private anchors(): Anchor[] {
    const out: Anchor[] = [];
    for (const [sheet, s] of this.workbook.memory.sheets) {
      for (const [key, formula] of s.formulas) {
        const parsed = parseFormula(formula);
        if (parsed.kind !== "call") continue;
        const [row, col] = key.split(",").map(Number);
        out.push({ sheet, row, col, formula, args: parsed.args, name: parsed.name });
      }
    }
    // Top to bottom, left to right: of two tables that would overlap, the first spills.
    return out.sort((a, b) => (a.sheet === b.sheet ? a.row - b.row || a.col - b.col : 0));
  }

  private async pass(): Promise<void> {
    const all = this.anchors();
    // Not connected, a workbook's saved figures stay: there is nothing to calculate them with yet.
    if (functionsConnection().connection) this.saved.clear();
    const anchors = all.filter((a) => !this.saved.has(`${a.sheet}!${at(a.row, a.col)}`));
    const byKey = new Map(all.map((a) => [`${a.sheet}!${at(a.row, a.col)}`, a]));
    const lang = this.lang();
    const memory = this.workbook.memory;
    const results = new Map<string, Promise<Outcome>>();
    const touched = new Set<string>();
    // Cells that hold no formula now (another workbook opened, a sheet cleared) keep no message.
    for (const known of [this.messages, this.calledWith]) for (const key of [...known.keys()]) if (!byKey.has(key)) known.delete(key);

    const argsOf = (a: Anchor): { refs: ArgExpr[]; values: (ArgValue | undefined)[] } => {
      const values = a.args.map((e) => {
        if (e.kind === "value") return e.value;
        const pos = parseCell(e.address);
        const sheet = memory.sheets.get(e.sheet ?? a.sheet);
        // A reference to another DOCSHEET cell waits for that cell's answer (undefined here).
        if (!pos || !sheet || byKey.has(`${e.sheet ?? a.sheet}!${at(pos.row, pos.col)}`)) return undefined;
        return argValue(sheet.values[pos.row]?.[pos.col] ?? null);
      });
      return { refs: a.args, values };
    };

    const evaluate = (a: Anchor, seen: ReadonlySet<string>): Promise<Outcome> => {
      const key = `${a.sheet}!${at(a.row, a.col)}`;
      const known = results.get(key);
      if (known) return known;
      const run = (async (): Promise<Outcome> => {
        try {
          const { refs, values } = argsOf(a);
          const args = await Promise.all(refs.map(async (e, i): Promise<ArgValue> => {
            if (e.kind === "value" || values[i] !== undefined) return values[i] as ArgValue;
            const target = `${e.sheet ?? a.sheet}!${at(parseCell(e.address)!.row, parseCell(e.address)!.col)}`;
            const other = byKey.get(target);
            if (!other) return null;
            if (seen.has(target)) throw new FunctionError("#VALUE!", msg("badArgument", { argument: e.address, problem: msg("missing") }));
            const v = await evaluate(other, new Set([...seen, target]));
            if (!("value" in v)) return null;
            return Array.isArray(v.value) ? (v.value[0]?.[0] ?? null) : v.value;
          }));
          return { value: await callInPane(a.name, args, lang) };
        } catch (err) {
          if (err instanceof FunctionError) return { error: err.code, message: renderFunctionText(err.message_, lang) };
          return { error: "#N/A", message: renderFunctionText(msg("serviceError", { text: err instanceof Error ? err.message : String(err) }), lang) };
        }
      })();
      results.set(key, run);
      return run;
    };

    // A call that changed shows #BUSY! while it is answered.
    let busy = false;
    for (const a of anchors) {
      const key = `${a.sheet}!${at(a.row, a.col)}`;
      const call = JSON.stringify([a.formula, argsOf(a).values]);
      if (this.calledWith.get(key) === call) continue;
      this.calledWith.set(key, call);
      const s = memory.sheet(a.sheet);
      if (!isCellError(s.values[a.row]?.[a.col]) || (s.values[a.row][a.col] as { error: string }).error !== BUSY.error) {
        (s.values[a.row] ??= [])[a.col] = BUSY;
        touched.add(a.sheet);
        busy = true;
      }
    }
    if (busy) this.redraw(touched);

    const outcomes = await Promise.all(anchors.map((a) => evaluate(a, new Set([`${a.sheet}!${at(a.row, a.col)}`]))));
    touched.clear();
    anchors.forEach((a, i) => {
      // A formula cleared while it was answered is left alone.
      const s = memory.sheets.get(a.sheet);
      if (s?.formulas.get(at(a.row, a.col)) !== a.formula) return;
      if (this.apply(a, s, outcomes[i])) touched.add(a.sheet);
    });
    if (touched.size > 0) this.redraw(touched);
  }

  /** Writes a formula's outcome into its cell, or spills its table; true when a cell changed. */
  private apply(a: Anchor, s: MemorySheet, outcome: Outcome): boolean {
    const key = `${a.sheet}!${at(a.row, a.col)}`;
    const before = JSON.stringify(this.snapshot(s, a.row, a.col));
    this.unspill(s, a.row, a.col);
    this.messages.delete(key);
    const put = (v: CellValue) => ((s.values[a.row] ??= [])[a.col] = v);
    if ("error" in outcome) {
      put({ error: outcome.error });
      this.messages.set(key, outcome.message);
    } else if (!Array.isArray(outcome.value)) {
      put(outcome.value);
    } else {
      const table: CellValue[][] = outcome.value.map((r) => r.map((v) => (v === "" ? null : v)));
      const rows = Math.max(1, table.length);
      const cols = Math.max(1, ...table.map((r) => r.length));
      const area = { top: a.row, left: a.col, bottom: a.row + rows - 1, right: a.col + cols - 1 };
      if (this.blocked(s, area)) {
        put({ error: "#SPILL!" });
        this.messages.set(key, renderFunctionText(msg("spillBlocked", { range: rangeAddress(area) }), this.lang()));
      } else {
        table.forEach((r, i) => r.forEach((v, j) => ((s.values[a.row + i] ??= [])[a.col + j] = v)));
        if (table.length === 0) put(null);
        (s.spills ??= new Map()).set(at(a.row, a.col), table);
      }
    }
    return JSON.stringify(this.snapshot(s, a.row, a.col)) !== before;
  }

  /** A formula's cell and the table it spilled, as they stand (to tell whether anything changed). */
  private snapshot(s: MemorySheet, row: number, col: number): unknown {
    const table = s.spills?.get(at(row, col));
    return [s.values[row]?.[col] ?? null, table ?? null];
  }

  /** Whether a cell of the table's place, but its anchor, holds a value or a formula. */
  private blocked(s: MemorySheet, area: CellRect): boolean {
    for (let r = area.top; r <= area.bottom; r++) {
      for (let c = area.left; c <= area.right; c++) {
        if (r === area.top && c === area.left) continue;
        if (!empty(s.values[r]?.[c]) || s.formulas.has(at(r, c))) return true;
      }
    }
    return false;
  }

  /** Empties the cells a formula's table filled, but those typed over since. */
  private unspill(s: MemorySheet, row: number, col: number): void {
    const table = s.spills?.get(at(row, col));
    if (!table) return;
    s.spills!.delete(at(row, col));
    table.forEach((r, i) => r.forEach((v, j) => {
      if ((i > 0 || j > 0) && same(s.values[row + i]?.[col + j], v)) s.values[row + i][col + j] = null;
    }));
  }

  private redraw(sheets: ReadonlySet<string>): void {
    this.writing = true;
    try {
      this.workbook.edited(true, [...sheets]);
    } finally {
      this.writing = false;
    }
  }
}
