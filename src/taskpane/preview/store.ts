// The preview's workbook survives a reload: kept in the browser's IndexedDB, one record holding its
// sheets (values, formats, marks, tables, hidden sheets and columns), the active sheet and the
// workbook's settings. Structured clone keeps what a sheet holds as it is (dates, Maps, Sets), so
// nothing is converted. Saves are debounced: a job writing many batches, or a user typing, saves
// once when they pause. The clone takes the page's thread (a 1,000-row sheet with its post record:
// tens of ms), so saves are spaced by SPACING times what the last one took, and a job that never
// pauses is still saved every MAX_WAIT_MS. Where IndexedDB is missing or refused (a private
// window), the workbook just lives as long as the page, as before.
import type { MemorySheet, MemoryWorkbook } from "../../workbook/memory";

const DB = "docsheet-preview";
const STORE = "workbook";
const KEY = "book";
/** A save starts at least this many times its predecessor's cost after it: at most 1/SPACING of
 * the page's time goes to saving, however big the workbook. */
const SPACING = 20;
/** Changes are saved within this long even while they keep coming (a long post's write-backs). */
const MAX_WAIT_MS = 5000;

interface Saved {
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

export class BookStore {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** When the first change not yet saved was made (0: everything is saved). */
  private dirtySince = 0;
  /** The earliest a save may start: SPACING times the last one's cost after it. */
  private nextAt = 0;
  /** Saves finished so far (the page's status line and the tests wait on it). */
  saved = 0;
  onSaved: (() => void) | undefined;

  private constructor(private readonly db: IDBDatabase | null, private readonly delayMs: number) {}

  static async open(delayMs = 400): Promise<BookStore> {
    return new BookStore(await open(), delayMs);
  }

  get available(): boolean {
    return this.db !== null;
  }

  /** Fills `book` with the workbook kept last time; false when there is none (a first visit). */
  async load(book: MemoryWorkbook): Promise<boolean> {
    if (!this.db) return false;
    try {
      const saved = await request(this.db.transaction(STORE).objectStore(STORE).get(KEY)) as Saved | undefined;
      if (!saved || !(saved.sheets instanceof Map) || saved.sheets.size === 0) return false;
      book.sheets.clear();
      for (const [name, sheet] of saved.sheets) book.sheets.set(name, sheet);
      book.active = saved.sheets.has(saved.active) ? saved.active : [...saved.sheets.keys()][0];
      book.settings.clear();
      for (const [k, v] of saved.settings ?? []) book.settings.set(k, v);
      return true;
    } catch {
      return false;
    }
  }

  /** Saves the workbook once changes pause (or have waited MAX_WAIT_MS), not sooner than the
   * spacing after the last save. */
  schedule(book: MemoryWorkbook): void {
    if (!this.db) return;
    clearTimeout(this.timer);
    const now = Date.now();
    if (this.dirtySince === 0) this.dirtySince = now;
    const at = Math.max(this.nextAt, Math.min(now + this.delayMs, this.dirtySince + MAX_WAIT_MS));
    this.timer = setTimeout(() => void this.save(book), Math.max(0, at - now));
  }

  /** Saves now (after any save under way). */
  save(book: MemoryWorkbook): Promise<void> {
    clearTimeout(this.timer);
    const db = this.db;
    if (!db) return Promise.resolve();
    this.dirtySince = 0;
    this.saving = this.saving.then(async () => {
      const value: Saved = { sheets: book.sheets, active: book.active, settings: book.settings };
      try {
        const tx = db.transaction(STORE, "readwrite");
        const started = performance.now();
        tx.objectStore(STORE).put(value, KEY); // the clone happens here, on the page's thread
        this.nextAt = Date.now() + SPACING * (performance.now() - started);
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        });
        this.saved++;
        this.onSaved?.();
      } catch {
        // Full or refused storage: the workbook stays on the page; nothing else depends on the copy.
      }
    });
    return this.saving;
  }
}
