// The preview's workbook: the in-memory port, plus what Excel would give it — a selection the user
// makes on the grid, and a redraw after every change a job or the user makes (and, for a change of
// the workbook's contents, a save: preview/store.ts).
import { rangeAddress } from "../../workbook/address";
import { MemoryWorkbook, usedRange } from "../../workbook/memory";
import { RECORDS_SHEET } from "../../workbook/records";
import type { CellRect, WorkbookPort } from "../../workbook/port";

export interface GridSelection extends CellRect {
  sheet: string;
}

export class PreviewWorkbook {
  readonly memory: MemoryWorkbook;
  selection: GridSelection | null = null;
  private listeners = new Set<() => void>();
  private editListeners = new Set<(sheets?: readonly string[]) => void>();
  /** Counts changes of the contents (not of the selection): the grid measures its columns again. */
  version = 0;

  constructor(memory = new MemoryWorkbook()) {
    this.memory = memory;
    this.lastSelected = this.whereSelected();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    for (const l of this.listeners) l();
    // What Excel's selection-changed events tell the pane: the selection or the sheet shown moved.
    const now = this.whereSelected();
    if (now !== this.lastSelected) {
      this.lastSelected = now;
      for (const l of this.selectListeners) l();
    }
  }

  private selectListeners = new Set<() => void>();
  private lastSelected = "";

  /** Calls `listener` when the selection or the sheet shown changes; answers how to stop. */
  onSelect(listener: () => void): () => void {
    this.selectListeners.add(listener);
    return () => this.selectListeners.delete(listener);
  }

  private whereSelected(): string {
    const s = this.selection;
    return JSON.stringify([this.memory.active, s && [s.sheet, s.top, s.left, s.bottom, s.right]]);
  }

  /** Called after every change of the workbook's contents (a job's write, a typed cell, a paste),
   * with the sheets it touched when it says (none: the workbook's settings). */
  onEdit(listener: (sheets?: readonly string[]) => void): () => void {
    this.editListeners.add(listener);
    return () => this.editListeners.delete(listener);
  }

  /** The contents changed: redraw, and tell whoever keeps the workbook. `shown` false: only what
   * the grid does not draw changed (a hidden sheet, a record), so it is kept but not redrawn: a
   * post saves its record at every checkpoint, and each redraw measures every row's width. */
  edited(shown = true, sheets?: readonly string[]): void {
    this.version++;
    for (const l of this.editListeners) l(sheets);
    if (shown) this.changed();
  }

  select(sel: GridSelection | null): void {
    this.selection = sel;
    if (sel) this.memory.active = sel.sheet;
    this.changed();
  }

  /** The selected rows, and the sheet's used range as the block that holds them with its header. */
  async selectionInfo(): Promise<{ sheet: string; rows: number[]; region?: string } | null> {
    const sheet = this.memory.active;
    const used = usedRange(this.memory.sheet(sheet).values);
    const sel = this.selection && this.selection.sheet === sheet ? this.selection : null;
    if (!sel || !used) return null;
    const rows = Array.from({ length: sel.bottom - sel.top + 1 }, (_, i) => sel.top + i);
    return { sheet, rows, region: rangeAddress(used) };
  }

  /** The port jobs use: reads the grid selection when it spans more than one cell, as Excel does. */
  port(): WorkbookPort {
    const m = this.memory;
    const after = async <T>(p: Promise<T>, sheets?: readonly string[], shown = true): Promise<T> => {
      try {
        return await p;
      } finally {
        this.edited(shown, sheets);
      }
    };
    return {
      read: (target = {}) => {
        const sel = this.selection;
        const sheet = target.sheet ?? m.active;
        const multi = sel && sel.sheet === sheet && (sel.bottom > sel.top || sel.right > sel.left);
        return m.read(target.range || !multi ? target : { sheet, range: rangeAddress(sel) });
      },
      write: (sheet, writes) => after(m.write(sheet, writes), [sheet]),
      mark: (sheet, marks) => after(m.mark(sheet, marks), [sheet]),
      clearMarks: (sheet) => after(m.clearMarks(sheet), [sheet]),
      remark: (sheet, marks) => after(m.remark(sheet, marks), [sheet]),
      addTableSheet: (name, columns, rows, options) => after(m.addTableSheet(name, columns, rows, options).then((made) => {
        m.active = made; // Excel shows the new sheet; so does the grid
        this.selection = null;
        return made;
      })),
      extendTable: (sheet, at, rows) => after(m.extendTable(sheet, at, rows), [sheet], false),
      writeHiddenSheet: (name, rows) => after(m.writeHiddenSheet(name, rows), [name], false),
      select: async (sheet, row, col) => {
        await m.select(sheet, row, col);
        this.select({ sheet, top: row, left: col, bottom: row, right: col });
      },
      sheetNames: () => m.sheetNames(),
      loadSetting: (key) => m.loadSetting(key),
      saveSetting: (key, value) => after(m.saveSetting(key, value), [], false),
      loadRecord: (key) => m.loadRecord(key),
      saveRecord: (key, value) => after(m.saveRecord(key, value), [RECORDS_SHEET], false),
    };
  }
}
