// The refresh job: a pulled sheet read again in place, with the pull's own query (kept with the
// sheet when it was pulled). Documents changed on the service take their rows again, documents new
// to the query are appended, and documents deleted or void on the service are marked in their rows,
// never removed. Only the columns of fields a pull writes are written: the user's own columns (notes,
// formulas) stay on their document's row, and rows stay where the user sorted them. A row edited in
// the sheet and not sent yet (its cells no longer what the row's fingerprint saw) is not
// overwritten: it is listed, and `rows` takes the service's copy for chosen rows (how an update
// conflict is resolved). A sheet of another company is refused before anything is read or written.
import type { Message } from "../rules/message";
import { type DocSheetClient, type DocumentRecord, type ListQuery } from "../api";
import { FAMILIES, type Family } from "../rules/codes";
import { changedSince, editedSince, fingerprintHolds } from "../sheet/fingerprint";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import { statusText } from "../sheet/i18n/status";
import { label } from "../sheet/i18n/names";
import { render } from "../sheet/i18n/render";
import { FIELD_BY_KEY, type FieldKind } from "../sheet/fields";
import { documentRows, pullKeys, pulledDateFormat } from "../sheet/pull";
import { readDocuments, type SheetDocument } from "../sheet/read";
import { ACCOUNT_CODE_WIRE, serviceCopy } from "../sheet/service-copy";
import { sheetChanges } from "../sheet/update";
import { headerLanguage, resultColumns } from "../sheet/writeback";
import type { CellValue, CellWrite, WorkbookPort } from "../workbook/port";
import { checkRecords, namedDocuments } from "./records-truth";
import { rememberedFamily } from "./sheet-family";
import { rowMismatch, rowSerial } from "./verify";
import { throwIfCancelled, type JobContext } from "./types";

/** Number formats of the cells a pull writes, by how the field is read (KIND_FORMATS of the hosts). */
const FORMATS: Partial<Record<FieldKind, string>> = { money: "#,##0.00", quantity: "#,##0.####", rate: "#,##0.####", date: "yyyy-mm-dd" };

/** The record of the query a sheet was pulled with, by the sheet's name. */
export const pullQueryKey = (sheet: string): string => `pull-query:${sheet}`;

export type PullQuery = Pick<ListQuery, "range" | "month" | "year" | "startDate" | "endDate" | "searchString" | "sortBy" | "filter">;

export interface PullRecord {
  family: Family;
  lines: boolean;
  query: PullQuery;
}

export async function loadPullRecord(port: WorkbookPort, sheet: string): Promise<PullRecord | null> {
  const text = await port.loadRecord(pullQueryKey(sheet));
  if (!text) return null;
  try {
    const r = JSON.parse(text) as PullRecord;
    return (FAMILIES as readonly string[]).includes(r.family) ? { family: r.family, lines: r.lines === true, query: r.query ?? {} } : null;
  } catch {
    return null;
  }
}

export interface RefreshJobOptions extends JobContext {
  /** The pulled sheet; default the active one. */
  sheet?: string;
  /** Sheet rows (0-based) whose documents take the service's copy even when edited in the sheet. */
  rows?: readonly number[];
  concurrency?: number;
}

/** refused: the row's record id names another document than the row's (verify.ts): left as it is. */
export type RefreshKind = "unchanged" | "refreshed" | "added" | "edited" | "deleted" | "void" | "refused";

export interface RefreshResult {
  key: string;
  rows: number[];
  recordId: number;
  kind: RefreshKind;
  /** In the run's language, as written into the row's result column. */
  message: string;
}

export interface RefreshOutcome {
  sheet: string;
  family: Family;
  results: RefreshResult[];
  counts: Record<RefreshKind, number>;
  /** The column of the rows' result cells, when one was written. */
  resultColumn?: number;
}

/** The sheet holds no pulled documents DocSheet knows the family of. */
export class NotPulledError extends Error {
  constructor(readonly sheet: string, lang: Lang) {
    super(render(resultMsg("refreshNotPulled", { sheet }), lang));
    this.name = "NotPulledError";
  }
}

export async function refreshJob(port: WorkbookPort, client: DocSheetClient, opts: RefreshJobOptions): Promise<RefreshOutcome> {
  const lang = opts.lang ?? "en";
  const block = await port.read({ sheet: opts.sheet, whole: true });
  const sheet = block.sheet;
  const record = await loadPullRecord(port, sheet);
  const remembered = await rememberedFamily(port, sheet);
  const family = record?.family ?? remembered;
  if (!family) throw new NotPulledError(sheet, lang);
  const read = readDocuments(block, { family });
  const layout = read.layout;

  // The columns a pull writes, as this sheet has them; every other column is the user's.
  const writable = new Set(pullKeys(family, true));
  const mapped = [...layout.headers.byColumn].filter(([, def]) => writable.has(def.key)).sort((a, b) => a[0] - b[0]);
  const cols = mapped.map(([col]) => col);
  const keys = mapped.map(([, def]) => def.key);
  const lines = keys.some((k) => k.startsWith("item."));
  // Words and labels as the sheet has them: a sheet of wire names keeps codes as numbers.
  const sheetLang = headerLanguage(layout);
  const cellLang = sheetLang === "key" ? undefined : sheetLang;
  const statusCol = keys.indexOf("status");
  const rowsOf = (doc: DocumentRecord): CellValue[][] => documentRows(doc, keys, lines, cellLang).map((r) => {
    if (statusCol >= 0 && typeof r[statusCol] === "string") r[statusCol] = statusText(r[statusCol] as string, cellLang ?? "en", family);
    return r;
  });
  // Edits are told on the fields the sheet shows (an account shown by its code cannot be hashed as its id).
  const editable = keys.filter((k) => !(k in ACCOUNT_CODE_WIRE) && FIELD_BY_KEY.get(k)?.level !== "result");

  const api = client.documents(family);
  const full = async (rec: DocumentRecord): Promise<DocumentRecord> =>
    lines && rec.items === undefined ? api.get(rec.recordId, { signal: opts.signal }) : rec;
  // Rows by the record id they hold (a row pasted over another can hold the same id as it).
  const byId = new Map<number, SheetDocument[]>();
  for (const d of read.documents) {
    const id = Number(d.fields.recordId?.value);
    if (Number.isSafeInteger(id) && id > 0) byId.set(id, [...(byId.get(id) ?? []), d]);
  }
  // A document whose serial a row holds is that row's, even when the row's record id was typed over:
  // never appended a second time.
  const heldSerials = new Set(read.documents.map(rowSerial).filter((s) => s !== ""));
  const forced = new Set(opts.rows ?? []);
  const results: RefreshResult[] = [];
  const writes: CellWrite[] = [];
  const messages = new Map<SheetDocument, string>();
  let next = Math.max(layout.lastRow, layout.headerRow) + 1;
  const firstAppended = next;

  // A row appended below gets the formats a pull gives its columns (the rows above have theirs).
  const formats = keys.map((k) => (FIELD_BY_KEY.get(k)!.kind === "date" ? pulledDateFormat(cellLang) : FORMATS[FIELD_BY_KEY.get(k)!.kind] ?? null));
  const writeRow = (row: number, values: CellValue[], appended = false): void => {
    // Runs of neighbouring columns go as one write each.
    let start = 0;
    for (let i = 1; i <= cols.length; i++) {
      if (i === cols.length || cols[i] !== cols[i - 1] + 1) {
        writes.push({ row, col: cols[start], values: [values.slice(start, i)], ...(appended ? { formats: [formats.slice(start, i)] } : {}) });
        start = i;
      }
    }
  };
  const put = (doc: SheetDocument | undefined, rec: DocumentRecord, kind: RefreshKind, msg: Message): void => {
    const rows = rowsOf(rec);
    const at = doc ? [...doc.rows] : [];
    const own = at.length;
    while (at.length < rows.length) at.push(next++);
    rows.forEach((values, i) => writeRow(at[i], values, i >= own));
    // Rows the document no longer has lines for are emptied in the pull's columns only.
    for (const row of at.slice(rows.length)) writeRow(row, keys.map(() => null));
    const message = render(msg, lang);
    results.push({ key: String(rec.documentSerial ?? rec.recordId), rows: at, recordId: rec.recordId, kind, message });
    if (doc && kind !== "added") messages.set(doc, message);
  };
  const say = (doc: SheetDocument, recordId: number, kind: RefreshKind, msg: Message): void => {
    const message = render(msg, lang);
    results.push({ key: doc.key, rows: doc.rows, recordId, kind, message });
    if (kind !== "unchanged") messages.set(doc, message);
  };
  const fieldNames = (list: readonly string[]): string =>
    [...new Set(list.map((k) => label(FIELD_BY_KEY.get(k)!, lang)))].join(", ");

  const refreshOne = (doc: SheetDocument, rec: DocumentRecord): void => {
    // The row's record id must name the row's document, or the row would take another's.
    const other = rowMismatch(doc, rec);
    if (other) {
      say(doc, rec.recordId, "refused", other);
      return;
    }
    const copy = serviceCopy(rec);
    const kept = doc.fields.fingerprint?.value;
    const edited = editedSince(kept, doc, editable, lines);
    const take = doc.rows.some((r) => forced.has(r));
    const sheetEdits = edited ?? (copy.linesKnown ? [...new Set(sheetChanges(doc, copy, layout).map((c) => c.key).filter(Boolean))] : []);
    if (!take && sheetEdits.length > 0) {
      say(doc, rec.recordId, "edited", resultMsg("refreshEdited", { fields: fieldNames(sheetEdits) }));
      return;
    }
    const voided = rec.statusString === "void";
    const since = edited === undefined ? undefined : changedSince(kept, copy);
    const status = statusCol >= 0 ? rowsOf(rec)[0][statusCol] : undefined;
    const statusMoved = statusCol >= 0 && String(doc.fields.status?.value ?? "") !== String(status ?? "")
      && statusText(String(doc.fields.status?.value ?? ""), "en", family) !== statusText(String(status ?? ""), "en", family);
    const same = !take && edited !== undefined && !since && fingerprintHolds(kept, copy) && !statusMoved;
    if (same) {
      say(doc, rec.recordId, "unchanged", resultMsg("refreshUnchanged"));
      return;
    }
    // What the row takes: the service's changes, and the sheet's edits it gives up (rows asked for).
    const taken = [...since?.keys ?? [], ...(take ? sheetEdits : [])];
    const what = taken.length ? fieldNames(taken) : statusMoved ? label(FIELD_BY_KEY.get("status")!, lang) : "";
    put(doc, rec, voided ? "void" : "refreshed", voided ? resultMsg("refreshVoid")
      : what ? resultMsg("refreshedFields", { fields: what }) : resultMsg("refreshed"));
  };

  // The query's documents, then the workbook's records verified on the service (records-truth.ts)
  // with them before anything is written: rows the query no longer lists are read alone there, and
  // are said deleted only once verified so.
  const listed: DocumentRecord[] = [];
  const copies = async (): Promise<Map<number, DocumentRecord>> => {
    for await (const page of api.listAll({ ...record?.query }, { signal: opts.signal, concurrency: opts.concurrency })) {
      throwIfCancelled(opts.signal);
      for (const rec of page.list) listed.push(await full(rec));
      opts.onProgress?.({ done: 0, total: page.total, message: render(resultMsg("pulledPage", { page: page.currentPage, done: listed.length, total: page.total }), lang) });
    }
    return new Map(listed.filter((rec) => byId.has(rec.recordId)).map((rec) => [rec.recordId, rec]));
  };
  const checked = await checkRecords(port, client, {
    sheet, family, documents: namedDocuments(read.documents), copies, pulledAs: record?.family ?? null, remembered, lang, signal: opts.signal, now: opts.now, concurrency: opts.concurrency,
  });
  throwIfCancelled(opts.signal);
  const seen = new Set<number>();
  for (const rec of listed) {
    seen.add(rec.recordId);
    const docs = byId.get(rec.recordId);
    if (docs) for (const doc of docs) refreshOne(doc, rec);
    else if (!heldSerials.has(String(rec.documentSerial ?? "").trim())) put(undefined, rec, "added", resultMsg("refreshAdded"));
  }
  // Rows the query no longer lists: deleted on the service, or moved out of the query (read alone).
  for (const [id, docs] of byId) {
    if (seen.has(id)) continue;
    const rec = checked.found.get(id);
    const wrong = checked.refused.get(id);
    for (const doc of docs) {
      if (rec) refreshOne(doc, rec);
      else if (wrong) say(doc, id, "refused", wrong);
      else say(doc, id, "deleted", resultMsg("refreshDeleted"));
    }
  }

  // Each row refreshed, added, edited or marked says so in its result column.
  const added = results.filter((r) => r.kind === "added");
  let resultColumn: number | undefined;
  if (messages.size + added.length > 0) {
    const columns = resultColumns(layout, ["result"]);
    resultColumn = columns.cols.result;
    writes.push(...columns.headerWrites);
    for (const [doc, message] of messages) for (const row of doc.rows) writes.push({ row, col: columns.cols.result!, values: [[message]] });
    for (const r of added) for (const row of r.rows) writes.push({ row, col: columns.cols.result!, values: [[r.message]] });
  }
  // Rows appended under a table join it (its formats, drop-downs and formula columns follow them).
  if (next > firstAppended) await port.extendTable(sheet, { row: firstAppended - 1, col: cols[0] ?? block.left }, next - firstAppended);
  if (writes.length > 0) await port.write(sheet, writes);
  const counts = { unchanged: 0, refreshed: 0, added: 0, edited: 0, deleted: 0, void: 0, refused: 0 } as Record<RefreshKind, number>;
  for (const r of results) counts[r.kind]++;
  return { sheet, family, results, counts, resultColumn };
}
