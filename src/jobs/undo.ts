// The undo job: reverses the workbook's last post run of a family (post-record.ts), and only that.
// Each document the run created is read again; one still as the run left it is deleted where the
// service allows it (awaiting quotations and billing notes) and voided otherwise, children before
// the documents they were made from. One that changed since (paid, another status, made into
// another document, edited) is left alone, with the reason. Nothing is undone that cannot be
// verified on the service as the run's own (jobs/verify.ts: the post's marker in the document, the
// serial and fingerprint the run recorded, the entry's seal): an entry edited by hand, or naming a
// document the run did not create, is refused with the reason. Only the run's rows are written
// (rows holding a record id whose document carries the run's marker, and their serial): the rows
// of undone documents return to "not posted" (record id, serial and status cleared; the result says
// what became of the old document), so the sheet can be corrected and posted again; rows the run
// only found already posted are not touched. Then the contacts the service created for the run are
// deleted where that is safe (undo-contacts.ts), each one's outcome added to its document's row. A
// dry run says what would happen and changes nothing, on the service or in the workbook.
import { bare, type Message } from "../rules/message";
import { type DocSheetClient, type DocumentApi, type DocumentRecord } from "../api";
import type { Family } from "../rules/codes";
import { resultMsg } from "../sheet/i18n/results";
import { render } from "../sheet/i18n/render";
import type { ColumnMapping } from "../sheet/mapping";
import { readDocuments, type SheetDocument } from "../sheet/read";
import { resultColumns, resultWrites } from "../sheet/writeback";
import type { CellWrite, WorkbookPort } from "../workbook/port";
import { runPool } from "./pool";
import { errorMsg } from "./error-text";
import { isConnectionFailure, runStoppedError, stopIfGone } from "./stop";
import { changedSince } from "../sheet/fingerprint";
import { serviceCopy } from "../sheet/service-copy";
import { checkRecords } from "./records-truth";
import { loadPostRecord, savePostRecord, type RunDocument } from "./post-record";
import { undoRunContacts, type ContactUndoKind } from "./undo-contacts";
import { NothingToUndoError } from "./undo-error";
import { runSheet } from "./run-sheet";
import { checkPostDocument, entryIntact, rowSerial } from "./verify";
import type { JobContext } from "./types";

export interface UndoJobOptions extends JobContext {
  family: Family;
  /** Which field each header is; only the result columns are looked at. */
  mapping?: ColumnMapping;
  dryRun?: boolean;
  /** Documents read or changed at once. Default 8. */
  concurrency?: number;
}

/**
 * deleted / voided: undone now (or would be, in a dry run); gone: already deleted or void, the rows
 * are cleared; kept: left alone (changed since); refused: not verified on the service as the run's
 * document (the record edited by hand, another document); failed: the service refused.
 */
export type UndoKind = "deleted" | "voided" | "gone" | "kept" | "refused" | "failed";

export interface UndoResult {
  key: string;
  /** The document's rows in the sheet now (its record id and serial); empty when none holds it any more,
   * or when the document is not verified as the run's (its rows are then not the run's either). */
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

/** Families whose awaiting documents the service deletes (the spec's DELETE); the rest are voided. */
const DELETABLE: ReadonlySet<Family> = new Set(["quotations", "billing-notes"]);

interface Plan {
  doc: RunDocument;
  /** The rows written: the run's rows of this document (none until verified). */
  rows: SheetDocument[];
  serial: string;
  /** What to do, or the English result when nothing is to be done. */
  action: "delete" | "void" | { kind: Exclude<UndoKind, "deleted" | "voided">; message: Message };
  /** Record ids of the run's documents made from this one: undone first. */
  children: number[];
}

export async function undoJob(port: WorkbookPort, client: DocSheetClient, opts: UndoJobOptions): Promise<UndoOutcome> {
  const lang = opts.lang ?? "en";
  const record = await loadPostRecord(port, opts.family);
  if (!record) throw new NothingToUndoError(opts.family);
  // The run's sheet, by its name or (renamed since) by the record ids the run wrote into it.
  const createdIds = record.documents.filter((d) => d.created).map((d) => d.recordId);
  const { sheet, read } = await runSheet(port, opts.family, record.sheet, createdIds, (block) => readDocuments(block, { mapping: opts.mapping, family: opts.family }));
  const byId = new Map<number, SheetDocument[]>();
  for (const d of read.documents) {
    const id = Number(d.fields.recordId?.value);
    if (Number.isInteger(id) && id > 0) byId.set(id, [...(byId.get(id) ?? []), d]);
  }
  /** The rows holding the record id whose serial cell is empty or this serial. */
  const rowsOf = (id: number, serial: string): SheetDocument[] => (byId.get(id) ?? []).filter((d) => [serial, ""].includes(rowSerial(d)));
  const api = client.documents(opts.family);
  // Rows the run found already posted are not its own: undo neither reads nor writes them.
  const created = record.documents.filter((d) => d.created);
  const ids = new Set(created.map((d) => d.recordId));
  // Another company's post is refused before anything is read or changed (a record from before
  // companies were recorded: its sheet's company, else the documents it names, verified), and the
  // record's documents are verified on the service before any is called deleted (records-truth.ts).
  const checked = await stopIfGone(checkRecords(port, client, {
    sheet, family: opts.family, postRecord: { ...record, sheet },
    documents: created.map((d) => ({ recordId: d.recordId, row: byId.get(d.recordId)?.[0]?.firstRow ?? d.rows[0] ?? 0, ...(d.serial ? { serial: d.serial } : {}) })), lang, signal: opts.signal, now: opts.now,
    recorded: record.company ? { ...record.company, by: "post", at: record.at } : null,
    copies: () => listedCopies(api, created, opts.signal), concurrency: opts.concurrency ?? 8,
  }), created.length, lang);

  // 1. Decide on each created document from the service's copy.
  const plans: Plan[] = [];
  /** The contact each of the run's own documents names on the service (record id → contact id). */
  const named = new Map<number, number>();
  let fatal: unknown;
  let read1 = 0;
  await runPool(created, opts.concurrency ?? 8, async (doc) => {
    const serial = doc.serial || `#${doc.recordId}`;
    const plan: Plan = { doc, rows: [], serial, action: "void", children: [] };
    plans.push(plan);
    try {
      const now = checked.found.get(doc.recordId);
      if (!now) {
        // Not under the family: another family's document is refused (records-truth.ts); verified
        // deleted, an entry the post sealed, intact, is taken as gone, its rows cleared; one changed
        // by hand, or without a seal (added by hand, or older), is not trusted to name it.
        const wrong = checked.refused.get(doc.recordId);
        if (wrong) plan.action = { kind: "refused", message: wrong };
        else if (!entryIntact(doc, opts.family)) plan.action = { kind: "refused", message: resultMsg("undoRecordEdited", { serial }) };
        else if (doc.seal === undefined) plan.action = { kind: "refused", message: resultMsg("undoUnverified", { serial }) };
        else {
          plan.rows = doc.serial ? rowsOf(doc.recordId, doc.serial) : [];
          plan.action = { kind: "gone", message: resultMsg("undoWasDeleted", { serial }) };
        }
        return;
      }
      const check = checkPostDocument(doc, now, opts.family);
      if (check.own) plan.rows = rowsOf(doc.recordId, String(now.documentSerial ?? "").trim());
      if (check.own) named.set(doc.recordId, Number(now.contactId));
      if (check.refused) {
        plan.action = { kind: "refused", message: check.refused };
        return;
      }
      plan.children = (now.referencedToMe ?? []).map((r) => Number(r.documentId)).filter((id) => id !== doc.recordId);
      plan.action = decide(now, doc, serial, plan.children.filter((id) => !ids.has(id)), opts.family);
    } catch (err) {
      if (isConnectionFailure(err)) fatal ??= err;
      else plan.action = { kind: "failed", message: resultMsg("undoFailed", { serial, reason: errorMsg(err) }) };
    } finally {
      opts.onProgress?.({ done: ++read1, total: created.length * (opts.dryRun ? 1 : 2) });
    }
  }, () => fatal !== undefined || opts.signal?.aborted === true);
  // Nothing undone yet: the rows stay as they are.
  if (fatal) throw runStoppedError(fatal, { done: 0, notSent: created.length }, lang);
  plans.sort((a, b) => created.indexOf(a.doc) - created.indexOf(b.doc));

  // 2. Undo, children first: a document waits until the run's documents made from it are done.
  const outcome = new Map<Plan, { kind: UndoKind; msg: Message }>();
  for (const p of plans) if (typeof p.action === "object") outcome.set(p, { kind: p.action.kind, msg: p.action.message });
  const planOf = new Map(plans.map((p) => [p.doc.recordId, p]));
  let todo = plans.filter((p) => typeof p.action === "string");
  let done = created.length;
  while (todo.length > 0 && !fatal && !opts.signal?.aborted) {
    const ready = todo.filter((p) => p.children.every((c) => !planOf.has(c) || outcome.has(planOf.get(c)!)));
    // A child that could not be undone keeps its parent: the parent would lose what it was made into.
    for (const p of ready) {
      const stuck = p.children.map((c) => planOf.get(c)).find((c) => c && !["deleted", "voided", "gone"].includes(outcome.get(c)!.kind));
      if (stuck) outcome.set(p, { kind: "kept", msg: resultMsg("undoUpgraded", { serial: p.serial, children: stuck.serial }) });
    }
    const go = ready.filter((p) => !outcome.has(p));
    if (ready.length === 0) break; // a cycle cannot happen; do not spin if the service ever says so
    todo = todo.filter((p) => !ready.includes(p));
    await runPool(go, opts.concurrency ?? 8, async (p) => {
      const msg = resultMsg(p.action === "delete" ? (opts.dryRun ? "undoWouldDelete" : "undoDeleted") : opts.dryRun ? "undoWouldVoid" : "undoVoided", { serial: p.serial });
      try {
        if (!opts.dryRun) {
          if (p.action === "delete") await api.delete(p.doc.recordId, { signal: opts.signal });
          else await api.setStatus(p.doc.recordId, "void", { signal: opts.signal });
        }
        outcome.set(p, { kind: p.action === "delete" ? "deleted" : "voided", msg });
      } catch (err) {
        if (isConnectionFailure(err)) fatal ??= err;
        else if (err instanceof Error) outcome.set(p, { kind: "failed", msg: resultMsg("undoFailed", { serial: p.serial, reason: errorMsg(err) }) });
        else throw err;
      } finally {
        if (!opts.dryRun) opts.onProgress?.({ done: ++done, total: created.length * 2 });
      }
    }, () => fatal !== undefined || opts.signal?.aborted === true);
  }

  // 3. The contacts the service made for the run, once its documents are undone (not after a stop).
  const undoneIds = new Set([...outcome].filter(([, o]) => ["deleted", "voided", "gone"].includes(o.kind)).map(([p]) => p.doc.recordId));
  const contacts = fatal || opts.signal?.aborted ? [] : await undoRunContacts(client, opts.family, record.contacts, {
    named, undone: undoneIds, dryRun: opts.dryRun === true, concurrency: opts.concurrency ?? 8, signal: opts.signal,
  });

  // 4. The rows: cleared where the document is undone, the reason where it is not (and what became
  // of the contacts its document made). Written in one go.
  const results: UndoResult[] = [];
  const writes: CellWrite[] = [];
  const columns = resultColumns(read.layout, ["recordId", "documentSerial", "status", "result", "fingerprint"]);
  for (const p of plans) {
    const o = outcome.get(p);
    if (!o) continue; // not reached: cancelled or the connection failed
    // The row's undo, then what became of the contacts its document made the service create.
    const its = contacts.filter((c) => c.contact.recordId === p.doc.recordId).map((c) => c.msg);
    const message = its.length === 0 ? render(o.msg, lang) : [o.msg, ...its].map((m) => render(bare(m), lang)).join("; ");
    const undone = o.kind === "deleted" || o.kind === "voided" || o.kind === "gone";
    results.push({ key: p.doc.key || p.serial, rows: p.rows.flatMap((d) => d.rows), recordId: p.doc.recordId, serial: p.serial, kind: o.kind, message });
    if (opts.dryRun) continue;
    for (const d of p.rows) {
      writes.push(...resultWrites(d, columns.cols, undone ? { recordId: null, documentSerial: null, status: null, result: message, fingerprint: null } : { result: message }));
    }
  }
  if (!opts.dryRun) {
    if (writes.length > 0) await port.write(read.layout.sheet, [...columns.headerWrites, ...writes]);
    // What is left to undo stays recorded (undo again once, say, a payment is cancelled); the rest goes.
    const left = record.documents.filter((d) => d.created && !undoneIds.has(d.recordId));
    const gone = new Set(contacts.filter((c) => c.kind === "deleted" || c.kind === "gone").map((c) => c.contact.id));
    await savePostRecord(port, left.length > 0 ? { ...record, sheet, documents: left, contacts: record.contacts.filter((c) => !gone.has(c.id)) } : null, opts.family);
  }
  const counts: Record<UndoKind, number> = { deleted: 0, voided: 0, gone: 0, kept: 0, refused: 0, failed: 0 };
  for (const r of results) counts[r.kind]++;
  // Rows not reached keep their record id and stay recorded: undo again once the service is back.
  if (fatal) throw runStoppedError(fatal, { done: counts.deleted + counts.voided + counts.gone, notSent: plans.filter((p) => !outcome.has(p)).length }, lang);
  const contactsMessage = contacts.length > 0 ? render(resultMsg("undoContacts", { results: contacts.map((c) => bare(c.msg)) }), lang) : null;
  return {
    sheet, postedAt: record.at, dryRun: opts.dryRun === true, results, counts, contactsMessage,
    contacts: contacts.map((c) => ({ id: c.contact.id, name: c.contact.name, kind: c.kind, message: render(c.msg, lang) })),
    resultColumn: columns.cols.result ?? read.layout.headers.left,
  };
}

/** From this many documents a run's are listed page by page rather than read one by one. */
const LIST_FROM = 20;
/** A page of those lists: the service's largest. */
const LIST_PAGE = 200;

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
async function listedCopies(api: DocumentApi, docs: readonly RunDocument[], signal?: AbortSignal): Promise<Map<number, DocumentRecord>> {
  const found = new Map<number, DocumentRecord>();
  const dates = docs.map((d) => d.publishedOn ?? "").filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  if (docs.length < LIST_FROM || dates.length < docs.length) return found;
  const wanted = new Set(docs.map((d) => d.recordId));
  const query = { range: 5, startDate: dates[0], endDate: dates[dates.length - 1], pageSize: LIST_PAGE };
  const take = (list: readonly DocumentRecord[]): void => {
    for (const rec of list) {
      // The marker is checked in the notes: a copy listed without them is read by id.
      if (wanted.has(rec.recordId) && Array.isArray(rec.referencedToMe) && typeof rec.internalNotes === "string") found.set(rec.recordId, rec);
    }
  };
  const first = await api.list({ ...query, currentPage: 1 }, { signal });
  take(first.list);
  let front = 2;
  let back = Math.ceil(first.total / LIST_PAGE);
  while (found.size < wanted.size && front <= back) {
    const pages = front === back ? [front] : [front, back];
    front++;
    back--;
    for (const page of await Promise.all(pages.map((p) => api.list({ ...query, currentPage: p }, { signal })))) take(page.list);
  }
  return found;
}

/** What to do with a document the run created, from the service's copy now. */
function decide(now: DocumentRecord, doc: RunDocument, serial: string, otherChildren: number[], family: Family): Plan["action"] {
  const status = now.statusString ?? "";
  if (status === "void") return { kind: "gone", message: resultMsg("undoWasVoid", { serial }) };
  // Made into another document says more than the status that came with it (processed, paid).
  if (otherChildren.length > 0) {
    const names = (now.referencedToMe ?? []).filter((r) => otherChildren.includes(Number(r.documentId))).map((r) => r.documentSerial ?? `#${r.documentId}`);
    return { kind: "kept", message: resultMsg("undoUpgraded", { serial, children: [...new Set(names)].join(", ") }) };
  }
  if (doc.status && status !== doc.status) {
    return { kind: "kept", message: status === "paid" ? resultMsg("undoPaid", { serial }) : resultMsg("undoStatus", { serial, status }) };
  }
  if (doc.fingerprint && changedSince(doc.fingerprint, serviceCopy(now))) return { kind: "kept", message: resultMsg("undoEdited", { serial }) };
  return DELETABLE.has(family) && status === "awaiting" ? "delete" : "void";
}
