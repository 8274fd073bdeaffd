// The preview's workbook survives a reload: kept in the browser's IndexedDB, one entry per sheet
// (values, formats, marks, tables, hidden sheets and columns) and one for the workbook (its sheets
// in order, the active one, its settings). Structured clone keeps what a sheet holds as it is
// (dates, Maps, Sets), so nothing is converted. Saves are debounced: a job writing many batches, or
// a user typing, saves once when they pause. A save writes only the sheets changed since the last
// one: a post saves its record (a hidden sheet) every second, and cloning its 1,000-row sheet each
// time took the page's thread. Saves are also spaced by SPACING times what the last one took, and a
// job that never pauses is still saved every MAX_WAIT_MS. Where IndexedDB is missing or refused (a
// private window), the workbook just lives as long as the page, as before.
import type { MemorySheet, MemoryWorkbook } from "../../workbook/memory";

const DB = "docsheet-preview";
const STORE = "workbook";
const KEY = "book";
const sheetKey = (name: string) => `sheet:${name}`;
/** A save starts at least this many times its predecessor's cost after it: at most 1/SPACING of
 * the page's time goes to saving, however big the workbook. */
const SPACING = 20;
/** Changes are saved within this long even while they keep coming (a long post's write-backs). */
const MAX_WAIT_MS = 5000;

/** The workbook's own entry; its sheets are entries of their own. */
interface SavedBook {
  names: string[];
  active: string;
  settings: Map<string, string>;
}

/** The single entry of the first version, still read. */
interface SavedWhole {
  sheets: Map<string, MemorySheet>;
  active: string;
  settings: Map<string, string>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined") return null;
  try {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    return await request(req);
  } catch {
    return null;
  }
}

export class WorkbookStore {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** When the first change not yet saved was made (0: everything is saved). */
  private dirtySince = 0;
  /** The earliest a save may start: SPACING times the last one's cost after it. */
  private nextAt = 0;
  /** Sheets changed since the last save; "all" after a change that did not say which. */
  private dirty: Set<string> | "all" = "all";
  /** Sheets the store holds an entry for (a sheet gone from the workbook has its entry deleted). */
  private stored = new Set<string>();
  /** Saves finished so far (the page's status line and the tests wait on it). */
  saved = 0;
  onSaved: (() => void) | undefined;

  private constructor(private readonly db: IDBDatabase | null, private readonly delayMs: number) {}

  static async open(delayMs = 400): Promise<WorkbookStore> {
    return new WorkbookStore(await open(), delayMs);
  }

  get available(): boolean {
    return this.db !== null;
  }

  /** Fills `workbook` with the workbook kept last time; false when there is none (a first visit). */
  async load(workbook: MemoryWorkbook): Promise<boolean> {
    if (!this.db) return false;
    try {
      const store = this.db.transaction(STORE).objectStore(STORE);
      const saved = await request(store.get(KEY)) as SavedBook | SavedWhole | undefined;
      if (!saved) return false;
      let sheets: Array<[string, MemorySheet]>;
      if ("sheets" in saved && saved.sheets instanceof Map) {
        sheets = [...saved.sheets];
      } else if ("names" in saved && Array.isArray(saved.names)) {
        const found = await Promise.all(saved.names.map((n) => request(store.get(sheetKey(n))) as Promise<MemorySheet | undefined>));
        sheets = saved.names.flatMap((n, i) => (found[i] ? [[n, found[i]] as [string, MemorySheet]] : []));
        this.stored = new Set(saved.names);
      } else {
        return false;
      }
      if (sheets.length === 0) return false;
      workbook.sheets.clear();
      for (const [name, sheet] of sheets) workbook.sheets.set(name, sheet);
      workbook.active = workbook.sheets.has(saved.active) ? saved.active : sheets[0][0];
      workbook.settings.clear();
      for (const [k, v] of saved.settings ?? []) workbook.settings.set(k, v);
      return true;
    } catch {
      return false;
    }
  }

  /** Saves the workbook once changes pause (or have waited MAX_WAIT_MS), not sooner than the
   * spacing after the last save. `sheets`: the sheets the change touched (none: only the
   * workbook's own entry, its settings); left out, every sheet. */
  schedule(workbook: MemoryWorkbook, sheets?: readonly string[]): void {
    if (!this.db) return;
    if (!sheets) this.dirty = "all";
    else if (this.dirty !== "all") for (const s of sheets) this.dirty.add(s);
    clearTimeout(this.timer);
    const now = Date.now();
    if (this.dirtySince === 0) this.dirtySince = now;
    const at = Math.max(this.nextAt, Math.min(now + this.delayMs, this.dirtySince + MAX_WAIT_MS));
    this.timer = setTimeout(() => void this.save(workbook), Math.max(0, at - now));
  }

  /** Saves now (after any save under way) what changed since the last save. */
  save(workbook: MemoryWorkbook): Promise<void> {
    clearTimeout(this.timer);
    const db = this.db;
    if (!db) return Promise.resolve();
    const dirty = this.dirty;
    this.dirty = new Set();
    this.dirtySince = 0;
    this.saving = this.saving.then(async () => {
      const names = [...workbook.sheets.keys()];
      const value: SavedBook = { names, active: workbook.active, settings: workbook.settings };
      try {
        const tx = db.transaction(STORE, "readwrite");
        const store = tx.objectStore(STORE);
        const started = performance.now();
        // The clones happen here, on the page's thread.
        for (const name of names) if (dirty === "all" || dirty.has(name) || !this.stored.has(name)) store.put(workbook.sheets.get(name), sheetKey(name));
        for (const name of this.stored) if (!workbook.sheets.has(name)) store.delete(sheetKey(name));
        store.put(value, KEY);
        this.nextAt = Date.now() + SPACING * (performance.now() - started);
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        });
        this.stored = new Set(names);
        this.saved++;
        // "Saved" only when no change came in while this one saved.
        if (this.dirtySince === 0) this.onSaved?.();
      } catch {
        // Full or refused storage: the workbook stays on the page; nothing else depends on the copy.
        // What it should have saved is saved next time.
        this.dirty = "all";
      }
    });
    return this.saving;
  }
}
