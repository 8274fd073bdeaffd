// The undo job, one for every family (issue 34): reverses the workbook's last post run of a family
// (the post record every family's post leaves, read by undo-record.ts), and only that. Each record the
// run created is read again on the service first (records-truth.ts: another company's records, or
// records naming another family, are refused as a whole before anything is changed); one still as
// the run left it is taken off the service the family's way (families/unpostings.ts: deleted, or
// voided where the service will not delete it), children before the documents they were made from;
// one the service has no way to remove (a journal voucher) is kept and its rows say so. One that
// changed since (paid, another status, made into another document, edited, a contact something
// still names) is left alone, with the reason. Nothing is undone that cannot be verified on the
// service as the run's own (verify.ts: the post's marker, the serial or code the run recorded, the
// entry's seal): an entry edited by hand, or naming a record the run did not create, is refused with
// the reason. Only the run's rows are written (rows holding a record id verified as the run's, and
// its serial): the rows of undone records return to "not posted" (the entry's undo columns cleared;
// the result says what became of the old record), so the sheet can be corrected and posted again;
// rows the run only found already posted are not touched. Then the contacts the service created
// for a documents run are deleted where that is safe (undo-contacts.ts), each one's outcome added to
// its document's row. A dry run says what would happen and changes nothing, on the service or in
// the workbook.
import { bare, type Message } from "../rules/message";
import { type DocSheetClient, type DocumentRecord } from "../api";
import type { SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { familyEntry, recordIdOf, type RecordStore } from "../families";
import { unpostingOf } from "../families/unpostings";
import { resultMsg } from "../sheet/i18n/results";
import { render } from "../sheet/i18n/render";
import type { ColumnMapping } from "../sheet/mapping";
import { readDocuments, type SheetDocument } from "../sheet/read";
import { resultColumns, resultWrites, type ResultKey } from "../sheet/writeback";
import type { CellValue, CellWrite, WorkbookPort } from "../workbook/port";
import { guardSheet } from "./company";
import { contactsUsers, type ContactUsers } from "./contact-use";
import { runPool } from "./pool";
import { errorMsg } from "./error-text";
import { isConnectionFailure, runStoppedError, stopIfGone } from "./stop";
import { checkRecords } from "./records-truth";
import { undoRunContacts, type ContactUndoKind } from "./undo-contacts";
import { NothingToUndoError } from "./undo-error";
import { loadUndoRun, type UndoEntry } from "./undo-record";
import { runSheet } from "./run-sheet";
import { rowSerial } from "./verify";
import type { JobContext } from "./types";

export interface UndoJobOptions extends JobContext {
  family: SheetFamily;
  /** Which field each header is; only the result columns are looked at. */
  mapping?: ColumnMapping;
  dryRun?: boolean;
  /** Records read or changed at once. Default 8. */
  concurrency?: number;
}

/**
 * deleted / voided: undone now (or would be, in a dry run); gone: already deleted or void, the rows
 * are cleared; kept: left alone (changed since, or the service cannot remove it); refused: not
 * verified on the service as the run's record (the record edited by hand, another record); failed:
 * the service refused.
 */
export type UndoKind = "deleted" | "voided" | "gone" | "kept" | "refused" | "failed";

export interface UndoResult {
  key: string;
  /** The record's rows in the sheet now (its record id and serial); empty when none holds it any more,
   * or when the record is not verified as the run's (its rows are then not the run's either). */
  rows: number[];
  recordId: number;
  serial: string;
  kind: UndoKind;
  /** In the run's language, as written into the result column. */
  message: string;
}

export interface UndoOutcome {
  sheet: string;
  /** When the run undone was posted (ISO). */
  postedAt: string;
  dryRun: boolean;
  results: UndoResult[];
  counts: Record<UndoKind, number>;
  /** Contacts the service created for the run, and what undo did with each (in the run's language). */
  contacts: Array<{ id: number; name: string; kind: ContactUndoKind; message: string }>;
  /** The sentence about them, in the run's language; null when there are none. */
  contactsMessage: string | null;
  /** The sheet column (0-based) of the result cells. */
  resultColumn: number;
}

export { NothingToUndoError };

interface Plan {
  entry: UndoEntry;
  /** The rows written: the run's rows of this record (none until verified). */
  rows: SheetDocument[];
  serial: string;
  /** The service's copy, once read. */
  copy?: Json;
  /** What to do, or the English result when nothing is to be done. */
  action: "delete" | "void" | { kind: Exclude<UndoKind, "deleted" | "voided">; message: Message };
  /** Record ids of the run's records made from this one: undone first. */
  children: number[];
}

const UNDONE: readonly UndoKind[] = ["deleted", "voided", "gone"];

export async function undoJob(port: WorkbookPort, client: DocSheetClient, opts: UndoJobOptions): Promise<UndoOutcome> {
  const lang = opts.lang ?? "en";
  const { family, signal } = opts;
  const concurrency = opts.concurrency ?? 8;
  const entry = familyEntry(family);
  const run = await loadUndoRun(port, family);
  if (!run || run.entries.length === 0) throw new NothingToUndoError(family);
  const created = run.entries;
  // The run's sheet, by its name or (renamed since) by the record ids the run wrote into it.
  const { sheet, read } = await runSheet(port, family, run.sheet, created.map((e) => e.recordId),
    (block) => readDocuments(block, { table: entry.fields, mapping: opts.mapping, family }));
  const byId = new Map<number, SheetDocument[]>();
  for (const d of read.documents) {
    const id = Number(d.fields.recordId?.value);
    if (Number.isInteger(id) && id > 0) byId.set(id, [...(byId.get(id) ?? []), d]);
  }
  /** The rows holding the record id whose serial cell is empty or this serial. */
  const rowsOf = (id: number, serial: string): SheetDocument[] => (byId.get(id) ?? []).filter((d) => [serial, ""].includes(rowSerial(d)));
  const ids = new Set(created.map((e) => e.recordId));
  const unposting = unpostingOf(entry, client);
  const recorded = run.company ? { ...run.company, by: "post" as const, at: run.at } : null;
  // Another company's post is refused before anything is read or changed (a record from before
  // companies were recorded: its sheet's company, else the records it names, verified), and the
  // run's records are verified on the service before any is called deleted (records-truth.ts). A
  // family the service cannot remove records of reads none: its rows only say so.
  const checked = unposting ? await stopIfGone(checkRecords(port, client, {
    sheet, family, postRecord: { sheet, at: run.at, company: run.company },
    documents: created.map((e) => ({ recordId: e.recordId, row: byId.get(e.recordId)?.[0]?.firstRow ?? 0, ...(e.name ? { serial: e.name } : {}) })),
    lang, signal, now: opts.now, recorded, concurrency,
    copies: () => listedCopies(entry.store(client), created, signal),
  }), created.length, lang) : (await stopIfGone(guardSheet(port, client, { sheet, family, documents: [], lang, signal, now: opts.now, recorded }), created.length, lang), undefined);

  // 1. Decide on each created record from the service's copy.
  const plans: Plan[] = created.map((e) => ({ entry: e, rows: [], serial: e.name || `#${e.recordId}`, action: "void", children: [] }));
  /** The contact each of the run's own documents names on the service (record id → contact id). */
  const named = new Map<number, number>();
  for (const plan of plans) {
    const e = plan.entry;
    const { serial } = plan;
    if (e.untrusted && !e.readUntrusted) {
      plan.action = { kind: "refused", message: e.untrusted };
      continue;
    }
    if (!unposting || !checked) {
      plan.rows = rowsOf(e.recordId, e.name);
      plan.action = { kind: "kept", message: resultMsg("journalNoUndo", { serial }) };
      continue;
    }
    const now = checked.found.get(e.recordId) as unknown as Json | undefined;
    if (!now) {
      // Not under the family: another family's record is refused (records-truth.ts); verified
      // deleted, an entry the post sealed is taken as gone, its rows cleared; one without a seal
      // (added by hand, or older) is not trusted to name it.
      const wrong = checked.refused.get(e.recordId);
      if (wrong) plan.action = { kind: "refused", message: wrong };
      else if (e.untrusted) plan.action = { kind: "refused", message: e.untrusted };
      else if (!e.mayBeGone) plan.action = { kind: "refused", message: resultMsg("undoUnverified", { serial }) };
      else {
        plan.rows = e.name ? rowsOf(e.recordId, e.name) : [];
        plan.action = { kind: "gone", message: resultMsg("undoWasDeleted", { serial }) };
      }
      continue;
    }
    plan.copy = now;
    const check = e.check(now);
    if (check.own) plan.rows = rowsOf(e.recordId, text(entry.nameOf(now)) === `#${e.recordId}` ? "" : text(entry.nameOf(now)));
    if (check.own && now.contactId !== undefined) named.set(e.recordId, Number(now.contactId));
    if (check.refused) {
      plan.action = { kind: "refused", message: check.refused };
      continue;
    }
    plan.children = childrenOf(now).filter((id) => id !== e.recordId);
    plan.action = decide(now, e, serial, plan.children.filter((id) => !ids.has(id)), unposting.way(now));
  }
  opts.onProgress?.({ done: created.length, total: created.length * (opts.dryRun ? 1 : 2) });

  // 2. Records something still names (contacts) stay, saying what (lists shared by ten at a time).
  const outcome = new Map<Plan, { kind: UndoKind; msg: Message }>();
  for (const p of plans) if (typeof p.action === "object") outcome.set(p, { kind: p.action.kind, msg: p.action.message });
  let fatal: unknown;
  const failed = (p: Plan, err: unknown): void => {
    if (isConnectionFailure(err)) fatal ??= err;
    else if (err instanceof Error) outcome.set(p, { kind: "failed", msg: resultMsg("undoFailed", { serial: p.serial, reason: errorMsg(err) }) });
    else throw err;
  };
  if (unposting && entry.namedByOthers) {
    const free = plans.filter((p) => !outcome.has(p));
    if (free.length > 0) {
      let users: Map<number, ContactUsers> | undefined;
      try {
        users = await contactsUsers(client, free.map((p) => ({ id: p.entry.recordId, name: text(p.copy?.contactName) || p.entry.name })), new Set(), signal, concurrency);
      } catch (err) {
        for (const p of free) failed(p, err);
      }
      for (const p of users ? free : []) {
        const used = users!.get(p.entry.recordId);
        if (used?.documents.length) outcome.set(p, { kind: "kept", msg: resultMsg("undoInUse", { serial: p.serial, documents: used.documents.join(", ") }) });
        else if (used?.vouchers.length) outcome.set(p, { kind: "kept", msg: resultMsg("undoInUseVoucher", { serial: p.serial, vouchers: used.vouchers.join(", ") }) });
      }
    }
  }

  // 3. Undo, children first: a record waits until the run's records made from it are done.
  const planOf = new Map(plans.map((p) => [p.entry.recordId, p]));
  let todo = plans.filter((p) => !outcome.has(p));
  let done = created.length;
  while (todo.length > 0 && !fatal && !signal?.aborted) {
    const ready = todo.filter((p) => p.children.every((c) => !planOf.has(c) || outcome.has(planOf.get(c)!)));
    // A child that could not be undone keeps its parent: the parent would lose what it was made into.
    for (const p of ready) {
      const stuck = p.children.map((c) => planOf.get(c)).find((c) => c && !UNDONE.includes(outcome.get(c)!.kind));
      if (stuck) outcome.set(p, { kind: "kept", msg: resultMsg("undoUpgraded", { serial: p.serial, children: stuck.serial }) });
    }
    const go = ready.filter((p) => !outcome.has(p));
    if (ready.length === 0) break; // a cycle cannot happen; do not spin if the service ever says so
    todo = todo.filter((p) => !ready.includes(p));
    await runPool(go, concurrency, async (p) => {
      try {
        const kind = opts.dryRun ? (p.action === "delete" ? "deleted" : "voided") : await unposting!.run(client, p.entry.recordId, p.copy!, signal);
        const key = kind === "deleted" ? (opts.dryRun ? "undoWouldDelete" : "undoDeleted") : opts.dryRun ? "undoWouldVoid" : "undoVoided";
        outcome.set(p, { kind, msg: resultMsg(key, { serial: p.serial }) });
      } catch (err) {
        failed(p, err);
      } finally {
        if (!opts.dryRun) opts.onProgress?.({ done: ++done, total: created.length * 2 });
      }
    }, () => fatal !== undefined || signal?.aborted === true);
  }

  // 4. The contacts the service made for a documents run, once its documents are undone (not after a stop).
  const undoneIds = new Set([...outcome].filter(([, o]) => UNDONE.includes(o.kind)).map(([p]) => p.entry.recordId));
  const contacts = fatal || signal?.aborted || run.contacts.length === 0 ? [] : await undoRunContacts(client, family, run.contacts, {
    named, undone: undoneIds, dryRun: opts.dryRun === true, concurrency, signal,
  });

  // 5. The rows: the entry's undo columns cleared where the record is undone, the reason where it is
  // not (and what became of the contacts its document made). Written in one go.
  const results: UndoResult[] = [];
  const writes: CellWrite[] = [];
  const keys = entry.columns.undo as readonly ResultKey[];
  const columns = resultColumns(read.layout, keys);
  for (const p of plans) {
    const o = outcome.get(p);
    if (!o) continue; // not reached: cancelled or the connection failed
    // The row's undo, then what became of the contacts its document made the service create.
    const its = contacts.filter((c) => c.contact.recordId === p.entry.recordId).map((c) => c.msg);
    const message = its.length === 0 ? render(o.msg, lang) : [o.msg, ...its].map((m) => render(bare(m), lang)).join("; ");
    const undone = UNDONE.includes(o.kind);
    results.push({ key: p.entry.key || p.serial, rows: p.rows.flatMap((d) => d.rows), recordId: p.entry.recordId, serial: p.serial, kind: o.kind, message });
    if (opts.dryRun) continue;
    const cleared: Partial<Record<ResultKey, CellValue>> = Object.fromEntries(keys.map((k) => [k, null]));
    for (const d of p.rows) writes.push(...resultWrites(d, columns.cols, undone ? { ...cleared, result: message } : { result: message }));
  }
  if (!opts.dryRun) {
    if (writes.length > 0) await port.write(read.layout.sheet, [...columns.headerWrites, ...writes]);
    // What is left to undo stays recorded (undo again once, say, a payment is cancelled); the rest goes.
    const left = new Set(created.filter((e) => !undoneIds.has(e.recordId)).map((e) => e.recordId));
    await run.save(port, sheet, left, new Set(contacts.filter((c) => c.kind === "deleted" || c.kind === "gone").map((c) => c.contact.id)));
  }
  const counts: Record<UndoKind, number> = { deleted: 0, voided: 0, gone: 0, kept: 0, refused: 0, failed: 0 };
  for (const r of results) counts[r.kind]++;
  // Rows not reached keep their record id and stay recorded: undo again once the service is back.
  if (fatal) throw runStoppedError(fatal, { done: counts.deleted + counts.voided + counts.gone, notSent: plans.filter((p) => !outcome.has(p)).length }, lang);
  const contactsMessage = contacts.length > 0 ? render(resultMsg("undoContacts", { results: contacts.map((c) => bare(c.msg)) }), lang) : null;
  return {
    sheet, postedAt: run.at, dryRun: opts.dryRun === true, results, counts, contactsMessage,
    contacts: contacts.map((c) => ({ id: c.contact.id, name: c.contact.name, kind: c.kind, message: render(c.msg, lang) })),
    resultColumn: columns.cols.result ?? read.layout.headers.left,
  };
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** The record ids of the documents made from this one (upgrades, receipts), as the service lists them. */
const childrenOf = (copy: Json): number[] => (Array.isArray(copy.referencedToMe) ? copy.referencedToMe : []).map((r: Json) => Number(r.documentId));

/** From this many documents a run's are listed page by page rather than read one by one. */
const LIST_FROM = 20;
/** A page of those lists: the service's largest. */
const LIST_PAGE = 200;

/** The service's copies of a big run's records from the family's lists, where the lists answer them
 * whole by their dates (documents), else from its whole list. */
const listedCopies = (store: RecordStore, entries: readonly UndoEntry[], signal?: AbortSignal): Promise<Map<number, DocumentRecord>> =>
  (store.datedPage ? listedByDates(store.datedPage, entries, signal) : listedRecords(store, entries, signal));

/**
 * The service's copies of a big run's documents from the family's list over the run's dates: a few
 * pages instead of a request per document, read from both ends at once (pages 2, 3, ... and the
 * last, the one before it, ...: a run is most often the last post of its dates, or the first, as
 * when later posts of the same day followed it) and stopped once every one was seen or the two
 * ends met. One query in one order: the service reads a page past the middle from the list's other
 * end, and keeps one total for it (a second order would be one more kept total each write updates).
 * Copies listed without their references or notes are left out (read one by one, as are those not listed:
 * deleted, or moved to another date).
 */
async function listedByDates(page: NonNullable<RecordStore["datedPage"]>, docs: readonly UndoEntry[], signal?: AbortSignal): Promise<Map<number, DocumentRecord>> {
  const found = new Map<number, DocumentRecord>();
  const dates = docs.map((d) => d.publishedOn ?? "").filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  if (docs.length < LIST_FROM || dates.length < docs.length) return found;
  const wanted = new Set(docs.map((d) => d.recordId));
  const query = { startDate: dates[0], endDate: dates[dates.length - 1], pageSize: LIST_PAGE };
  const take = (list: readonly unknown[]): void => {
    for (const rec of list as DocumentRecord[]) {
      // The marker is checked in the notes: a copy listed without them is read by id.
      if (wanted.has(rec.recordId) && Array.isArray(rec.referencedToMe) && typeof rec.internalNotes === "string") found.set(rec.recordId, rec);
    }
  };
  const first = await page({ ...query, page: 1 }, signal);
  take(first.list);
  let front = 2;
  let back = Math.ceil(first.total / LIST_PAGE);
  while (found.size < wanted.size && front <= back) {
    const pages = front === back ? [front] : [front, back];
    front++;
    back--;
    for (const p of await Promise.all(pages.map((n) => page({ ...query, page: n }, signal)))) take(p.list);
  }
  return found;
}

/**
 * The service's copies of a big run's records (certificates, contacts, products) from the family's
 * whole list, page by page, when that is fewer pages than half the records: a copy listed is taken
 * only when it is the run's record unchanged since (what the create answered, field for field), so a
 * list that answers less than a read would is never trusted to say more; every other record is read
 * by its id (records-truth.ts).
 */
async function listedRecords(store: RecordStore, entries: readonly UndoEntry[], signal?: AbortSignal): Promise<Map<number, DocumentRecord>> {
  const found = new Map<number, DocumentRecord>();
  const wanted = new Map(entries.filter((e) => !e.untrusted).map((e) => [e.recordId, e]));
  if (wanted.size < LIST_FROM) return found;
  let first = true;
  for await (const page of store.listAll(signal)) {
    const total = Number((page as { total?: unknown }).total);
    if (first && !(Number.isFinite(total) && Math.ceil(total / LIST_PAGE) <= wanted.size / 2)) break;
    first = false;
    for (const copy of page.list as Json[]) {
      const e = wanted.get(recordIdOf(copy));
      const check = e?.check(copy);
      if (e && check?.own && !check.refused && !e.edited(copy)) found.set(e.recordId, copy as unknown as DocumentRecord);
    }
    if (found.size === wanted.size) break;
  }
  return found;
}

/** What to do with a record the run created, from the service's copy now. */
function decide(now: Json, e: UndoEntry, serial: string, otherChildren: number[], way: "delete" | "void"): Plan["action"] {
  const status = text(now.statusString);
  if (status === "void") return { kind: "gone", message: resultMsg("undoWasVoid", { serial }) };
  // Made into another document says more than the status that came with it (processed, paid).
  if (otherChildren.length > 0) {
    const refs = (now.referencedToMe ?? []) as Array<{ documentId?: unknown; documentSerial?: string }>;
    const names = refs.filter((r) => otherChildren.includes(Number(r.documentId))).map((r) => r.documentSerial ?? `#${String(r.documentId)}`);
    return { kind: "kept", message: resultMsg("undoUpgraded", { serial, children: [...new Set(names)].join(", ") }) };
  }
  if (e.status && status !== e.status) {
    return { kind: "kept", message: status === "paid" ? resultMsg("undoPaid", { serial }) : resultMsg("undoStatus", { serial, status }) };
  }
  if (e.edited(now)) return { kind: "kept", message: resultMsg("undoEdited", { serial }) };
  return way;
}
