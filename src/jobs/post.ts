// The post job, one pipeline for every family its entry gives a posting (families/posting.ts: the
// document families and withholding tax certificates): every record of the sheet without a
// recordId is checked as `check` checks it, sent as its family sends it, and its result written
// back on all its rows (with the next batch of results). The family's entry says how rows are read,
// checked, sent, found again and raced; the write batch, race guard, post record, checkpoints and
// company guard are this file's, the same for all.
//
// No document is created twice: each body carries a marker in internalNotes (sheet/marker.ts).
// Before sending, documents that an earlier (killed) run created are found by their marker and
// written back instead of sent. A create whose answer is lost is looked up by its marker before
// it is tried again; if the lookup fails too, the row says so and claims nothing. After each
// create the marker is read back, and of two posts racing on the same rows the lower record id
// wins (jobs/race.ts).
//
// Results are written in batches (write-batch.ts): one workbook write per batch of documents, and
// one at every stop, so a post of 1,000 documents in Excel is a few syncs, not 1,000.
//
// Faults lose nothing: the write-back and the post record are checkpointed together (every
// CHECKPOINT_DOCS documents or CHECKPOINT_MS), so a kill, a crash or a full disk loses at most
// documents the marker search finds again on the next run.
import type { DocSheetClient, DocumentRecord } from "../api";
import { postingOf } from "../families/postings";
import { familyEntry } from "../families";
import type { Before, Existing, PostBuilt, Posting } from "../families/posting";
import type { SheetFamily } from "../rules/codes";
import { KeyedError, type Message } from "../rules/message";
import { sortFindings, type CellFinding } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg, rowResultMsg } from "../sheet/i18n/results";
import { recordCount, recordWord } from "../sheet/i18n/record-count";
import type { ColumnMapping } from "../sheet/mapping";
import type { SheetDocument } from "../sheet/read";
import { resultColumns, type ResultColumns, type ResultKey } from "../sheet/writeback";
import type { ReadTarget, WorkbookPort } from "../workbook/port";
import { checkRows } from "./check";
import { bindSheet, guardSheet, sheetCompany } from "./company";
import { errorMsg } from "./error-text";
import { createOnce } from "./create-once";
import { postedWrites } from "./posted-writes";
import { answerOf } from "./book-races";
import { notSent } from "./not-sent";
import { assertRows } from "./no-rows";
import { WriteBatch, flushedOnStop, type HeldBatch } from "./write-batch";
import { assertSheetFamily, rememberFamily } from "./sheet-family";
import { runPool } from "./pool";
import { PostRecorder, loadPostRecord, pendingOf, postRecordKey, type PostRunRecord } from "./post-record";
import { sameCompany } from "./same-company";
import { nameKnownContacts } from "./contact-match";
import { RaceGuard, settledRow, type Settled } from "./race";
import { LIST_ORDER_MAX } from "../rules/list-order";
import { guardConnection, isConnectionFailure, stopDetail, stopReason, stoppedError } from "./stop";
import { inSheetOrder, localDate, type JobContext } from "./types";
import { render } from "../sheet/i18n/render";

export interface PostJobOptions extends JobContext {
  /** Any family: what differs is the family's posting (families/posting.ts). */
  family: SheetFamily;
  /** Journal vouchers: saved as drafts instead of approved. */
  draft?: boolean;
  /** The family's record in the file the run writes to, when that is not the workbook it reads (the
   * command line's default output or --out): what a killed run of the sheet made there is claimed
   * as here. */
  outputRecord?: PostRunRecord | null;
  target?: ReadTarget;
  /** Which field each header is (docsheet map, the pane's mapping), checked for this family by parseMapping. */
  mapping?: ColumnMapping;
  /** Documents in flight at once (the client paces requests on top). Default 4. */
  concurrency?: number;
  /** Called as each result is known (its cells are written with their batch). */
  onResult?: (r: DocumentResult) => void | Promise<void>;
  /** Called at each checkpoint, with the write-back and the post record in the port (the CLI saves
   * the file here); a failure stops the run (PostSaveError). */
  onCheckpoint?: () => Promise<void>;
  /** How long a read-back waits for the list to show a created document (race.ts). */
  lagBudgetMs?: number;
}

/** A checkpoint after this many documents, or after CHECKPOINT_MS with something new. */
const CHECKPOINT_DOCS = 50;
const CHECKPOINT_MS = 1000;

/** A checkpoint could not be saved (a full disk, an unwritable output): the run stopped. */
export class PostSaveError extends Error {
  constructor(readonly counts: Record<ResultKind, number>, options: { cause: unknown }) {
    super(`the workbook could not be saved: ${options.cause instanceof Error ? options.cause.message : String(options.cause)}`, options);
    this.name = "PostSaveError";
  }
}

/** What stopped the run at a checkpoint. */
class SaveFailure extends KeyedError {
  constructor(cause: unknown) {
    super(resultMsg("saveFailed", { system: cause instanceof Error ? cause.message : String(cause) }), { cause });
  }
}

/** `found`: made by another run (a killed one, or one at the same time); `existing`: on the service
 * before (a person's, or another sheet's contact or product); `repeated`: a row naming the record an
 * earlier row of the run was given. */
export type ResultKind = "created" | "found" | "existing" | "repeated" | "skipped" | "invalid" | "failed" | "unknown" | "cancelled";

export interface DocumentResult {
  key: string;
  rows: number[];
  kind: ResultKind;
  recordId?: number;
  documentSerial?: string;
  /** In the run's language, as written into the result column. */
  message: string;
}

export interface PostOutcome {
  sheet: string;
  results: DocumentResult[];
  findings: CellFinding[];
  counts: Record<ResultKind, number>;
}

/** Created documents waiting for their read-back, at most: two lists in flight and one gathering. */
export const READ_BACK_MAX = 3 * LIST_ORDER_MAX;

export function postJob(port: WorkbookPort, client: DocSheetClient, opts: PostJobOptions): Promise<PostOutcome> {
  return flushedOnStop((held) => postRun(port, client, opts, held));
}

async function postRun(port: WorkbookPort, client: DocSheetClient, opts: PostJobOptions, held: HeldBatch): Promise<PostOutcome> {
  const entry = familyEntry(opts.family);
  // The fingerprint rows and the post record keep: the family's, as pull and update write it.
  const print: Print = (rec) => entry.proof.fingerprint(answerOf(rec));
  const posting: Posting | undefined = postingOf(opts.family);
  if (!posting) throw new Error(`${opts.family} is not posted by the post job`);
  const block = await port.read(opts.target);
  const read = await posting.read(block, { mapping: opts.mapping, client, signal: opts.signal });
  await assertSheetFamily(port, block.sheet, opts.family, opts.lang ?? "en");
  assertRows(block, read, opts.lang ?? "en");
  const sheet = block.sheet;
  const today = localDate((opts.now ?? (() => new Date()))());
  // The family's check, as `check` runs it: a post sends nothing check would refuse.
  const checked = checkRows(posting, read, sheet, today);
  const findings: CellFinding[] = [...checked.findings];
  const results: DocumentResult[] = [];
  // The entry names its result columns (sheet/writeback.ts ResultKey).
  const columns = resultColumns(read.layout, entry.columns.post as readonly ResultKey[]);
  // Another company's sheet (or lookup lists) is refused before anything is written or sent. Rows
  // posted before are left alone: a sheet of no company is bound at its first post, unverified.
  const company = read.documents.length > 0
    ? await guardConnection(() => guardSheet(port, client, {
      sheet, family: opts.family, documents: [], lists: block.lists !== undefined,
      lang: opts.lang, signal: opts.signal, now: opts.now,
    }))
    : undefined;
  // What undo needs to reverse this run, saved with the workbook at the end; what an earlier run of
  // the sheet made (a killed one's, or the output's of a run that lost the service) is claimed again.
  const previous = await loadPostRecord(port, opts.family);
  const ours = (r: PostRunRecord | null | undefined): r is PostRunRecord => !!r && r.sheet === sheet && !!company && !!r.company && sameCompany(r.company, company);
  const output = ours(opts.outputRecord) ? opts.outputRecord : undefined;
  const recorder = new PostRecorder(opts.family, sheet, previous ?? undefined, { carried: output ? [output] : [], fingerprint: print });
  if (company) recorder.company = company;
  const killed = [previous, output].find((r) => ours(r) && r.partial) ?? undefined;
  const before: Before = { pending: new Set(pendingOf(killed)), knownMax: killed?.knownMax ?? Infinity, created: recorder.createdIds() };
  // The write-back, in batches; the headers it adds go with the first.
  const batch = (held.batch = new WriteBatch(port, sheet));
  if (read.documents.length > 0) batch.add(columns.headerWrites, 0);
  const now = opts.now ?? (() => new Date());
  let fatal: unknown;
  const stopRun = (err: unknown): void => {
    fatal ??= err;
  };

  // A checkpoint saves the write-back and the record together: nothing is written between the two
  // (`exclusive`), so a row that shows a record id in a saved file is in that file's record too.
  let gate: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = gate.then(fn);
    gate = run.catch(() => undefined);
    return run;
  };
  let sinceCheckpoint = 0;
  let lastCheckpoint = Date.now();
  let checkpointCost = 0;
  const checkpoint = async (force: boolean): Promise<void> => {
    if (sinceCheckpoint === 0 || fatal instanceof SaveFailure) return;
    // By count and by time; never more often than twice what a save costs (a big workbook's save).
    const due = Math.max(CHECKPOINT_MS, 2 * checkpointCost);
    // By count only where the caller saves a file (the command line): in the pane the record is the
    // workbook's own, and a save by count was an Excel sync every 50 records, a third of a books
    // post's time on the strict fake; by time it is still saved every second or so.
    const byCount = opts.onCheckpoint !== undefined && sinceCheckpoint >= CHECKPOINT_DOCS;
    if (!force && !byCount && Date.now() - lastCheckpoint < due) return;
    sinceCheckpoint = 0;
    const t0 = Date.now();
    try {
      // A checkpoint that saves the file saves the rows written back so far with the record.
      if (opts.onCheckpoint) await batch.flush();
      await recorder.save(port, now(), true);
      await opts.onCheckpoint?.();
    } catch (err) {
      stopRun(new SaveFailure(err));
    }
    lastCheckpoint = Date.now();
    checkpointCost = lastCheckpoint - t0;
  };

  const total = read.documents.length;
  const lang = opts.lang ?? "en";
  let done = 0;
  // r.msg is rendered in the run's language: written and reported so.
  // `rec`: the service's copy, whose fingerprint an update compares with (sheet/fingerprint.ts).
  // `claim`: the record this run answers for (created, or found from a killed or racing run).
  // `p`: the record of the rows, whose later rows naming the same record (p.also) are told too.
  const report = async (doc: SheetDocument, { msg, ...r }: Omit<DocumentResult, "key" | "rows" | "message"> & { msg: Message }, rec?: DocumentRecord, claim?: DocumentRecord, p?: PostBuilt): Promise<void> => {
    const also = (p?.also ?? []).map((d): [SheetDocument, DocumentResult, Message] => {
      const m = r.recordId !== undefined && p?.sameAs ? p.sameAs : msg;
      return [d, { key: d.key, rows: d.rows, ...r, ...(r.recordId !== undefined ? { kind: "repeated" as const } : {}), message: render(m, lang) }, m];
    });
    const result: DocumentResult = { key: doc.key, rows: doc.rows, ...r, message: render(msg, lang) };
    await exclusive(async () => {
      results.push(result, ...also.map(([, a]) => a));
      if (claim) recorder.created(also.length > 0 ? { ...doc, rows: [...doc.rows, ...also.flatMap(([d]) => d.rows)] } : doc, claim);
      if (r.kind !== "skipped") await batch.push([doc, ...also.map(([d]) => d)].flatMap((d, i) => writeFor(d, columns, i === 0 ? result : also[i - 1][1], posting, print, lang, rec)));
      if (claim) sinceCheckpoint++;
    });
    await exclusive(() => checkpoint(false));
    for (const [d, a, m] of [[doc, result, msg] as const, ...also]) {
      done++;
      opts.onProgress?.({ done, total, message: render(rowResultMsg(d.key, d.firstRow + 1, m), lang) });
      await opts.onResult?.(a);
    }
  };

  // 1. Only clean records without a recordId go on.
  for (const doc of read.documents) {
    if (!doc.fields.recordId) continue;
    const serial = doc.fields.documentSerial?.value;
    recorder.posted(doc, Number(doc.fields.recordId.value), serial === undefined || serial === null ? undefined : String(serial));
    await report(doc, { kind: "skipped", recordId: Number(doc.fields.recordId.value), msg: resultMsg("alreadyPosted") });
  }
  const pending: PostBuilt[] = [];
  for (const p of checked.records) {
    if (p.problems.length > 0 || p.doc.broken) {
      await report(p.doc, { kind: "invalid", msg: notSent(sortFindings(p.problems)) }, undefined, undefined, p);
      continue;
    }
    pending.push(p);
  }

  // What needs the service to say (a tax invoice lacking what s.86/4 asks of its buyer): still sent.
  if (pending.length > 0 && posting.warnings) findings.push(...await posting.warnings(client, read, pending, opts.signal));

  // 2. Records an earlier run created but could not write back, and (families found again by
  // identity) records the service had before, which are the rows' but not the run's.
  const toSend: PostBuilt[] = [];
  let pendingSaved: { text: string | null } | undefined;
  if (pending.length > 0) {
    const existing: Existing = posting.existing
      ? await guardConnection(() => posting.existing!(client, pending, { before, lang, signal: opts.signal }))
      : { found: new Map([...await guardConnection(() => posting.byMarker(client, pending.map((p) => p.body), new Set(pending.map((p) => p.marker))))].map(([m, record]) => [m, { record, claimed: true }])) };
    for (const p of pending) {
      const f = existing.found.get(p.marker);
      const rec = f?.record;
      // A killed run's record: this run is the one that claims it.
      if (rec && f.claimed) await report(p.doc, { kind: "found", recordId: rec.recordId, documentSerial: rec.documentSerial, msg: resultMsg("createdFound") }, rec, rec, p);
      // The service's own (a person's, another sheet's): its id is the row's, never undone.
      else if (rec) await report(p.doc, { kind: "existing", recordId: rec.recordId, documentSerial: rec.documentSerial, msg: f.msg ?? resultMsg("foundOnService") }, rec, undefined, p);
      else toSend.push(p);
    }
    // What the run is about to create, saved before anything is sent (the CLI saves the file), for
    // records that carry no marker to be found again by: a run killed after this claims them.
    if (toSend.length > 0 && existing.pending && existing.pending.length > 0 && company) {
      pendingSaved = { text: await port.loadRecord(postRecordKey(opts.family)) };
      recorder.setPending(existing.pending, existing.knownMax ?? 0);
      await exclusive(async () => {
        await batch.flush();
        await recorder.save(port, now(), true);
        // Not saved (a full disk): the run stops as at a checkpoint, before anything is sent.
        await opts.onCheckpoint?.().catch((err: unknown) => stopRun(new SaveFailure(err)));
      });
    }
  }

  // 3. Send, a few at a time; results are written as they arrive.
  // A sheet of no company yet is bound at its first post, before its first document is sent; one a
  // template or a pull bound is the company's posted sheet from now on (a refusal then says "posted to").
  if (toSend.length > 0 && company && (await sheetCompany(port, sheet))?.by !== "post") await bindSheet(port, sheet, company, "post", (opts.now ?? (() => new Date()))());
  if (toSend.length > 0 && posting.makesContacts) {
    const bodies = toSend.map((p) => p.body);
    const listed = await guardConnection(() => recorder.beforeSending(client, bodies, opts.signal));
    // A contact a contacts post made (or a person) is the document's, not a second one the service makes.
    if (listed) nameKnownContacts(bodies, listed);
  }
  // Not the run's cancel signal: a cancel stops what is not sent yet, while a document already
  // created is still read back (within the lag budget), or a racing post's copy could stay live.
  const guard = new RaceGuard(posting.races(client), { lagBudgetMs: opts.lagBudgetMs, flushAt: LIST_ORDER_MAX });
  // Read-backs run beside the next creates (they do not hold a create's place in the pool).
  const settling: Promise<void>[] = [];
  const reading = new Set<Promise<void>>();
  const concurrency = opts.concurrency ?? 4;
  // `found`: the create's answer was lost and its marker search found `own` (guard's step 4).
  const settled = async (p: PostBuilt, own: DocumentRecord, found = false): Promise<void> => {
    let s: Settled;
    try {
      const look = posting.raceLookup ? posting.raceLookup(p, own) : lookupOf(p, own, now);
      // Nothing else can be the row's record (a record of no identity): ours stands.
      s = look ? await guard.settle(look.key, own, look.date, look.search, found) : { kind: "won" };
    } catch (err) {
      if (isConnectionFailure(err)) stopRun(err);
      s = { kind: "unlisted" };
    }
    const row = settledRow(s, own, found, posting.stuckMsg);
    // Ours left live beside the winner: the record holds both (undo reverses them).
    if (row.stuck) await exclusive(async () => recorder.created({ ...p.doc, rows: [] }, row.stuck!));
    const rec = row.record;
    await report(p.doc, { kind: row.kind, recordId: rec.recordId, documentSerial: rec.documentSerial, msg: row.msg }, rec, rec, p);
  };
  await runPool(toSend, concurrency, async (p) => {
    try {
      const byMarker = async () => (await posting.byMarker(client, [p.body], new Set([p.marker]))).get(p.marker);
      const rec = await createOnce(() => posting.send(client, p, { signal: opts.signal, draft: opts.draft }), byMarker, (err) => {
        if (isConnectionFailure(err)) stopRun(err);
      });
      if (rec === undefined) {
        await report(p.doc, { kind: "unknown", msg: resultMsg("postUnknown", { record: recordWord(opts.family) }) }, undefined, undefined, p);
      } else {
        // Read back beside the next creates: a full list's worth gathers while two are read (a list
        // per ten documents, not per `concurrency`: lists cost the service as much as creates), so
        // documents on their way when the run stops stay bounded.
        const one = settled(p, rec.record, rec.found).finally(() => reading.delete(one));
        reading.add(one);
        settling.push(one);
        while (reading.size >= (posting.readBackMax ?? READ_BACK_MAX)) await Promise.race(reading);
      }
    } catch (err) {
      // Refused before it was sent (a create is only retried then): said "not sent" below.
      if (isConnectionFailure(err)) return stopRun(err);
      // Refused for a record another post (or a person) made since the look-up: that one is the row's.
      const other = await posting.refused?.(client, p, err, opts.signal).catch(() => undefined);
      if (other) return report(p.doc, { kind: "found", recordId: other.recordId, documentSerial: other.documentSerial, msg: resultMsg("foundOnService") }, other, undefined, p);
      await report(p.doc, { kind: "failed", msg: errorMsg(err) }, undefined, undefined, p);
    }
  }, () => fatal !== undefined || opts.signal?.aborted === true);
  guard.finish();
  await Promise.all(settling);

  // The documents left when the run stopped or was cancelled: written with the last batch (a write
  // each is an Excel sync each: minutes on a long sheet) and one progress line.
  const reported = new Set(results.map((r) => r.key));
  const left = toSend.filter((p) => !reported.has(p.doc.key)).flatMap(({ doc, also }) => [doc, ...(also ?? [])]);
  if (left.length > 0) {
    const unsentMsg = resultMsg("notSent", { reason: fatal ? stopReason(fatal) : resultMsg("cancelled") });
    const unsent = left.map((doc): DocumentResult => ({ key: doc.key, rows: doc.rows, kind: "cancelled", message: render(unsentMsg, lang) }));
    results.push(...unsent);
    batch.add(left.flatMap((doc, i) => writeFor(doc, columns, unsent[i], posting, print, lang)), left.length);
    done += left.length;
    const line = left.length === 1
      ? rowResultMsg(left[0].key, left[0].firstRow + 1, unsentMsg)
      : resultMsg("recordsLeft", { records: recordCount(opts.family, left.length), message: unsentMsg });
    opts.onProgress?.({ done, total, message: render(line, lang) });
    for (const r of unsent) await opts.onResult?.(r);
  }
  await exclusive(() => batch.flush());
  const counts = { created: 0, found: 0, existing: 0, repeated: 0, skipped: 0, invalid: 0, failed: 0, unknown: 0, cancelled: 0 } as Record<ResultKind, number>;
  for (const r of results) counts[r.kind]++;
  // The sheet now holds documents of the family: later actions on it follow it.
  if (counts.created + counts.found + counts.existing + counts.repeated > 0) await rememberFamily(port, sheet, opts.family);
  // After a failed save, left in the port for the caller's last try at saving (the caller says where
  // the ids are), still partial: the file holds at most the last checkpoint.
  // The contacts the service made for the run, read as the run leaves them (undo deletes them only
  // unchanged). Not at checkpoints: a checkpoint's record keeps them unread, so never deleted.
  if (!fatal) await recorder.readContacts(client, opts.concurrency ?? 4, opts.signal);
  await recorder.save(port, now(), fatal instanceof SaveFailure);
  // Saved before sending and nothing created after all: the last run that did stays undoable (one
  // that never ended is done with: this run looked for all it was about to create).
  if (pendingSaved && !recorder.hasCreated) await port.saveRecord(postRecordKey(opts.family), previous?.partial ? null : pendingSaved.text);
  if (fatal instanceof SaveFailure) throw new PostSaveError(counts, { cause: fatal.cause });
  if (fatal) {
    const c = { reason: stopDetail(fatal), posted: counts.created + counts.found + counts.existing + counts.repeated, unknown: counts.unknown, notSent: counts.cancelled };
    throw stoppedError(fatal, c.unknown > 0 ? resultMsg("postStoppedUnknown", c) : resultMsg("postStopped", c), lang);
  }
  return { sheet, results: inSheetOrder(results), findings, counts };
}

type Print = (rec: DocumentRecord) => string;

/** The row's result cells; the status as people say it (the service's word is read back from it: values.ts). */
function writeFor(doc: SheetDocument, columns: ResultColumns, r: DocumentResult, posting: Posting, print: Print, lang: Lang, rec?: DocumentRecord) {
  return postedWrites(doc, columns, r, posting.statusWord(rec, lang), rec, print);
}

/** A document's read-back: by its marker, among its date's documents of its contact, as the
 * service keeps them (it may take a contact's name from the contact): what its list shows. */
function lookupOf(p: PostBuilt, own: DocumentRecord, now: () => Date): { key: string; date: string; search?: string } {
  const date = String(own.publishedOn ?? p.body.publishedOn ?? "").slice(0, 10) || localDate(now());
  const named = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  return { key: p.marker, date, search: named(own.contactName) ?? named(p.body.contactName) };
}
