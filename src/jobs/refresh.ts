// The refresh job, one for every family a pull writes: a pulled sheet read again in place, with the
// pull's own query (kept with the sheet when it was pulled). Records changed on the service take
// their rows again, records new to the query are appended, and records deleted or void on the
// service are marked in their rows, never removed. Only the columns a pull writes are written: the
// user's own columns (notes, formulas) stay on their record's row, and rows stay where the user
// sorted them. A row edited in the sheet and not sent yet (its cells no longer what the row's
// fingerprint saw) is not overwritten: it is listed, and `rows` takes the service's copy for chosen
// rows (how an update conflict is resolved). A sheet of another company, or whose records were
// edited by hand so that they no longer hold on the service, is refused before anything is read
// or written (records-truth.ts). How a family's sheet is read, compared and written is its
// pulling's (families/pulling.ts: refresh).
import type { Message } from "../rules/message";
import type { DocSheetClient, DocumentRecord } from "../api";
import { SHEET_FAMILIES, type SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { familyEntry, recordIdOf } from "../families";
import { pullingOf, type PullQuery, type PullRecord } from "../families/pullings";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import { render } from "../sheet/i18n/render";
import type { SheetDocument } from "../sheet/read";
import { resultColumns } from "../sheet/writeback";
import type { CellValue, CellWrite, WorkbookPort } from "../workbook/port";
import { checkRecords, type NamedDocument } from "./records-truth";
import { rememberedSheetFamily } from "./sheet-family";
import { recordsWord } from "../sheet/i18n/record-count";
import { throwIfCancelled, type JobContext } from "./types";

export type { PullQuery, PullRecord } from "../families/pullings";

/** The record of the query a sheet was pulled with, by the sheet's name. */
export const pullQueryKey = (sheet: string): string => `pull-query:${sheet}`;

export async function loadPullRecord(port: WorkbookPort, sheet: string): Promise<PullRecord | null> {
  const text = await port.loadRecord(pullQueryKey(sheet));
  if (!text) return null;
  try {
    const r = JSON.parse(text) as PullRecord;
    return (SHEET_FAMILIES as readonly string[]).includes(r.family) ? { family: r.family, lines: r.lines === true, query: (r.query ?? {}) as PullQuery } : null;
  } catch {
    return null;
  }
}

export interface RefreshJobOptions extends JobContext {
  /** The pulled sheet; default the active one. */
  sheet?: string;
  /** Sheet rows (0-based) whose records take the service's copy even when edited in the sheet. */
  rows?: readonly number[];
  concurrency?: number;
}

/** refused: the row's record id names another record than the row's (verify.ts): left as it is. */
export type RefreshKind = "unchanged" | "refreshed" | "added" | "edited" | "deleted" | "void" | "refused";

export interface RefreshResult {
  key: string;
  /** What the row calls its record, as its family names one (a serial, a contact's code or name). */
  name?: string;
  rows: number[];
  recordId: number;
  kind: RefreshKind;
  /** In the run's language, as written into the row's result column. */
  message: string;
}

export interface RefreshOutcome {
  sheet: string;
  family: SheetFamily;
  results: RefreshResult[];
  counts: Record<RefreshKind, number>;
  /** The column of the rows' result cells, when one was written. */
  resultColumn?: number;
}

/** The sheet holds no pulled records DocSheet knows the family of. */
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
  const remembered = await rememberedSheetFamily(port, sheet);
  const family = record?.family ?? remembered;
  if (!family) throw new NotPulledError(sheet, lang);
  const entry = familyEntry(family);
  const onPage = (p: { page: number; done: number; total: number }): void =>
    opts.onProgress?.({ done: 0, total: p.total, message: render(resultMsg("pulledPage", { ...p, records: recordsWord(family) }), lang) });
  const pulled = pullingOf(family).refresh(client, block, family, { lang, query: record?.query ?? {}, signal: opts.signal, concurrency: opts.concurrency, onPage });
  const { layout, columns: cols } = pulled;
  // Rows are known by their record id, and a pulled sheet has fields of its family besides: a sheet
  // with neither (a sheet of another family named this one in the records) holds none of its records.
  if (!pulled.keys.includes("recordId") || !pulled.keys.some((k) => entry.fields.byKey.get(k)?.level !== "result")) throw new NotPulledError(sheet, lang);
  const blank = cols.map(() => null);

  // Rows by the record id they hold (a row pasted over another can hold the same id as it).
  const byId = new Map<number, SheetDocument[]>();
  for (const d of pulled.documents) {
    const id = Number(d.fields.recordId?.value);
    if (Number.isSafeInteger(id) && id > 0) byId.set(id, [...(byId.get(id) ?? []), d]);
  }
  const forced = new Set(opts.rows ?? []);
  const results: RefreshResult[] = [];
  const writes: CellWrite[] = [];
  const messages = new Map<SheetDocument, string>();
  let next = Math.max(layout.lastRow, layout.headerRow) + 1;
  const firstAppended = next;

  const writeRow = (row: number, values: CellValue[], appended = false): void => {
    // Runs of neighbouring columns go as one write each.
    let start = 0;
    for (let i = 1; i <= cols.length; i++) {
      if (i === cols.length || cols[i] !== cols[i - 1] + 1) {
        writes.push({ row, col: cols[start], values: [values.slice(start, i)], ...(appended ? { formats: [pulled.formats.slice(start, i)] } : {}) });
        start = i;
      }
    }
  };
  const put = (doc: SheetDocument | undefined, rec: Json, kind: RefreshKind, msg: Message): void => {
    const rows = pulled.rowsOf(rec);
    const at = doc ? [...doc.rows] : [];
    const own = at.length;
    while (at.length < rows.length) at.push(next++);
    rows.forEach((values, i) => writeRow(at[i], values, i >= own));
    // Rows the record no longer has lines for are emptied in the pull's columns only.
    for (const row of at.slice(rows.length)) writeRow(row, blank);
    const message = render(msg, lang);
    results.push({ key: entry.nameOf(rec), name: entry.nameOf(rec), rows: at, recordId: recordIdOf(rec), kind, message });
    if (doc && kind !== "added") messages.set(doc, message);
  };
  const say = (doc: SheetDocument, recordId: number, kind: RefreshKind, msg: Message): void => {
    const message = render(msg, lang);
    const name = pulled.nameIn(doc);
    results.push({ key: doc.key, ...(name ? { name } : {}), rows: doc.rows, recordId, kind, message });
    if (kind !== "unchanged") messages.set(doc, message);
  };
  const fieldNames = (list: readonly string[]): string => [...new Set(list.map(pulled.label))].join(", ");

  const refreshOne = (doc: SheetDocument, rec: Json): void => {
    // The row's record id must name the row's record, or the row would take another's.
    const other = pulled.mismatch(doc, rec);
    if (other) {
      say(doc, recordIdOf(rec), "refused", other);
      return;
    }
    const state = pulled.compare(doc, rec);
    const take = doc.rows.some((r) => forced.has(r));
    if (!take && state.edited.length > 0) {
      say(doc, recordIdOf(rec), "edited", resultMsg("refreshEdited", { fields: fieldNames(state.edited) }));
      return;
    }
    if (!take && state.same) {
      say(doc, recordIdOf(rec), "unchanged", resultMsg("refreshUnchanged"));
      return;
    }
    // What the row takes: the service's changes, and the sheet's edits it gives up (rows asked for).
    const taken = [...state.changed, ...(take ? state.edited : [])];
    const what = taken.length ? fieldNames(taken) : state.statusMoved ? pulled.label("status") : "";
    const voided = pulled.voided(rec);
    put(doc, rec, voided ? "void" : "refreshed", voided ? resultMsg("refreshVoid")
      : what ? resultMsg("refreshedFields", { fields: what }) : resultMsg("refreshed"));
  };

  // The query's records, then the workbook's records verified on the service (records-truth.ts)
  // with them before anything is written: rows the query no longer lists are read alone there, and
  // are said deleted only once verified so.
  const listed: Json[] = [];
  const copies = async (): Promise<Map<number, DocumentRecord>> => {
    listed.push(...await pulled.list());
    return new Map(listed.filter((rec) => byId.has(recordIdOf(rec))).map((rec) => [recordIdOf(rec), rec as unknown as DocumentRecord]));
  };
  const named: NamedDocument[] = [...byId].flatMap(([recordId, docs]) => docs.map((d) => {
    const serial = pulled.nameIn(d);
    return { recordId, row: d.firstRow, ...(serial ? { serial } : {}), fingerprint: d.fields.fingerprint?.value };
  }));
  const checked = await checkRecords(port, client, {
    sheet, family, documents: named, copies, pulledAs: record?.family ?? null, remembered, lang, signal: opts.signal, now: opts.now, concurrency: opts.concurrency,
  });
  throwIfCancelled(opts.signal);
  // A record whose serial (or code) a row holds is that row's, even when the row's record id was
  // typed over: never appended a second time. A row's own record by that name holds it only when
  // its record id names another (two contacts of one name, without codes, are two rows).
  const copyOf = new Map<number, Json>([...checked.found].map(([id, rec]) => [id, rec as unknown as Json]));
  for (const rec of listed) copyOf.set(recordIdOf(rec), rec);
  const heldNames = new Set(pulled.documents.filter((d) => {
    const own = copyOf.get(Number(d.fields.recordId?.value));
    return !own || entry.nameOf(own) !== pulled.nameIn(d);
  }).map(pulled.nameIn).filter((s) => s !== ""));
  const seen = new Set<number>();
  for (const rec of listed) {
    const id = recordIdOf(rec);
    seen.add(id);
    const docs = byId.get(id);
    if (docs) for (const doc of docs) refreshOne(doc, rec);
    else if (!heldNames.has(entry.nameOf(rec))) put(undefined, rec, "added", resultMsg("refreshAdded"));
  }
  // Rows the query no longer lists: deleted on the service, or moved out of the query (read alone).
  for (const [id, docs] of byId) {
    if (seen.has(id)) continue;
    const rec = checked.found.get(id) as unknown as Json | undefined;
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
