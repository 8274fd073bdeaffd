// The update job, one for every family: the rows with a record id are compared with the service's
// copies of their records (read now) and the edited ones are sent, each row saying what became of its
// record; a dry run answers the preview and sends and writes nothing. What differs per kind (how the
// sheet is read, what a row would change and how it is sent, what a sent row writes back) is the
// family's updating (families/updatings.ts); the run is this, the same for every family: another
// company's sheet is refused and the records the rows name are verified on the service first
// (records-truth.ts), a row whose record id names another family's record is refused at its row,
// rows naming one record are sent once (the first), the rows not sent say why with the first batch
// of the write-back (write-batch.ts), a stop (the service gone) leaves the rows not sent saying so,
// and a row whose send may have reached the service says its outcome is unknown.
import type { DocSheetClient } from "../api";
import type { SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { familyEntry } from "../families";
import { updatingOf, type RowPlan, type UpdateContext, type UpdateWrites } from "../families/updatings";
import { sortFindings, type CellFinding } from "../sheet/findings";
import { resultMsg, rowResultMsg } from "../sheet/i18n/results";
import type { ColumnMapping } from "../sheet/mapping";
import type { SheetDocument } from "../sheet/read";
import { WriteBatch } from "./write-batch";
import { resultColumns, resultWrites } from "../sheet/writeback";
import type { ReadTarget, WorkbookPort } from "../workbook/port";
import { NoRowsError, assertRows } from "./no-rows";
import { assertSheetFamily } from "./sheet-family";
import { runPool } from "./pool";
import { errorMsg } from "./error-text";
import { checkRecords, namedDocuments } from "./records-truth";
import { isConnectionFailure, mayHaveReached, notSentMsg, runStoppedError, stopIfGone } from "./stop";
import { inSheetOrder, localDate, type JobContext } from "./types";
import { render } from "../sheet/i18n/render";
import type { ShownChange } from "./shown-change";

export interface UpdateJobOptions extends JobContext {
  /** Every family; one whose service takes no update (journal vouchers) says so at each row. */
  family: SheetFamily;
  target?: ReadTarget;
  mapping?: ColumnMapping;
  /** Only records with a row among these (sheet rows, 0-based); default every row with a recordId. */
  rows?: readonly number[];
  /** Records read or sent at once (default 4). */
  concurrency?: number;
  /** The preview only: nothing is sent, nothing written into the sheet. */
  dryRun?: boolean;
}

/** update: would be sent (dry run); updated: sent; the others are not sent. */
export type UpdateKind = "update" | "updated" | "unchanged" | "conflict" | "refused" | "invalid" | "failed" | "cancelled";

/** One line of the preview (shown-change.ts). */
export type { ShownChange };

export interface UpdateResult {
  key: string;
  rows: number[];
  recordId: number;
  documentSerial?: string;
  /** What the row calls its record, as its family names one (a serial, a contact's code or name). */
  name?: string;
  kind: UpdateKind;
  /** Sheet value against the service's, for the records with changes (sent or not). */
  changes: ShownChange[];
  /** In the run's language, as written into the result column. */
  message: string;
  /** Sent (or to be sent) from a row without a fingerprint: changes made on the service since were not checked for. */
  unchecked?: boolean;
}

export interface UpdateOutcome {
  sheet: string;
  dryRun: boolean;
  results: UpdateResult[];
  counts: Record<UpdateKind, number>;
  /** What the rows' build found, where the family reports it (a book's rows are built as its post builds them). */
  findings: CellFinding[];
}

/** A row's plan, or what kept it from being planned (a failure, a stop). */
type Planned = Omit<RowPlan, "kind"> & { kind: UpdateKind };

const idOf = (doc: SheetDocument): number => Number(doc.fields.recordId!.value);

export async function updateJob(port: WorkbookPort, client: DocSheetClient, opts: UpdateJobOptions): Promise<UpdateOutcome> {
  const { family, signal } = opts;
  const updating = updatingOf(family);
  const block = await port.read(opts.target);
  const read = await updating.read(block, { mapping: opts.mapping, client, signal });
  const sheet = block.sheet;
  const lang = opts.lang ?? "en";
  const dryRun = opts.dryRun ?? false;
  const wanted = opts.rows ? new Set(opts.rows) : undefined;
  const picked = wanted ? read.documents.filter((d) => d.rows.some((r) => wanted.has(r))) : read.documents;
  const docs = picked.filter((d) => d.fields.recordId);
  await assertSheetFamily(port, sheet, family, lang);
  assertRows(block, read, lang, wanted ? picked.length : undefined);
  // Only posted records can be updated: rows never posted are the post's to send.
  if (docs.length === 0) throw new NoRowsError("nonePosted", lang);
  const ctx: UpdateContext = { block, read, lang, today: localDate((opts.now ?? (() => new Date()))()), signal };
  const concurrency = opts.concurrency ?? 4;
  let fatal: unknown;
  const stop = (): boolean => fatal !== undefined || signal?.aborted === true;

  // Another company's sheet is refused before anything is read, sent or written, and the records
  // the rows hold are verified on the service first (records-truth.ts), their copies read there.
  const checked = await stopIfGone(checkRecords(port, client, {
    sheet, family, documents: namedDocuments(docs), lists: block.lists !== undefined, lang, signal, now: opts.now, concurrency,
    ...(updating.copies ? { copies: () => updating.copies!(client, docs, signal) } : {}),
  }), docs.length, lang);
  await stopIfGone(updating.prepare?.(client, read, signal) ?? Promise.resolve(), docs.length, lang);

  // 1. The service's copy of each record, and what the row would change in it.
  const store = familyEntry(family).store(client);
  const planOf = async (doc: SheetDocument): Promise<Planned> => {
    if (updating.refusal) return { kind: "invalid", message: updating.refusal };
    const id = idOf(doc);
    const wrong = checked.refused.get(id);
    if (wrong) return { kind: "refused", message: wrong };
    // One verified deleted is read again: its row says what the service answers.
    const copy = (checked.found.get(id) as unknown as Json | undefined) ?? await store.get(id, signal);
    return updating.plan(client, doc, copy, ctx);
  };
  const plans = new Map<SheetDocument, Planned>();
  await runPool(docs, concurrency, async (doc) => {
    try {
      plans.set(doc, await planOf(doc));
    } catch (err) {
      if (isConnectionFailure(err)) fatal ??= err;
      else plans.set(doc, { kind: "failed", message: errorMsg(err) });
    }
    opts.onProgress?.({ done: plans.size, total: docs.length });
  }, stop);
  // Nothing sent yet: the rows stay as they are.
  if (fatal) throw runStoppedError(fatal, { done: 0, notSent: docs.length }, lang);
  // Rows naming one record (a contact sent once for two rows) are not sent side by side: each
  // update rewrites the record from its own row, so the last would undo the others. The first row
  // that is the record's (not refused as another's) is the one sent.
  const firstOf = new Map<number, SheetDocument>();
  for (const doc of docs) {
    const p = plans.get(doc);
    if (!p || p.kind === "refused") continue;
    const first = firstOf.get(idOf(doc));
    if (!first) firstOf.set(idOf(doc), doc);
    else plans.set(doc, { kind: "unchanged", message: resultMsg("sameRecordAsRow", { row: first.firstRow + 1 }) });
  }

  // The name the row's own cells give its record ("#undefined" when none: no name but the id).
  const nameIn = (doc: SheetDocument): string => {
    const name = familyEntry(family).nameOf({ ...Object.fromEntries(Object.entries(doc.fields).map(([k, c]) => [k, c.value])), recordId: undefined, id: undefined } as Json);
    return name === "#undefined" ? "" : name;
  };
  const findings = sortFindings([...(updating.reportsFindings ? read.findings : []), ...docs.flatMap((d) => plans.get(d)?.findings ?? [])]);
  const resultOf = (doc: SheetDocument, p: Planned): UpdateResult => ({
    key: doc.key, rows: doc.rows, recordId: idOf(doc),
    ...(doc.fields.documentSerial ? { documentSerial: String(doc.fields.documentSerial.value) } : {}),
    ...(nameIn(doc) ? { name: nameIn(doc) } : {}),
    kind: p.kind, changes: p.changes ?? [], message: render(p.message, lang), ...(p.unchecked ? { unchecked: true } : {}),
  });
  const ordered = docs.map((doc) => ({ doc, p: plans.get(doc) ?? { kind: "cancelled" as const, message: resultMsg("notSent", { reason: resultMsg("cancelled") }) } }));
  if (dryRun) return outcome(sheet, true, ordered.map(({ doc, p }) => resultOf(doc, p)), findings);

  // 2. Send the changed ones; every row says what became of its record.
  const columns = resultColumns(read.layout, updating.columns);
  // The write-back in batches (write-batch.ts); the headers it adds go with the first.
  const batch = new WriteBatch(port, sheet);
  batch.add(columns.headerWrites, 0);
  const results: UpdateResult[] = [];
  const reported = (doc: SheetDocument, p: Planned, r: UpdateResult): void => {
    results.push(r);
    opts.onProgress?.({ done: results.length, total: docs.length, message: render(rowResultMsg(doc.key, doc.firstRow + 1, p.message), lang) });
  };
  const finish = async (doc: SheetDocument, p: Planned, written: UpdateWrites = { values: {} }): Promise<void> => {
    const r = resultOf(doc, p);
    // The service's figures first: the result columns (the fingerprint among them) have the last word.
    await batch.push([...(written.cells ?? []), ...resultWrites(doc, columns.cols, { result: r.message, ...written.values })]);
    reported(doc, p, r);
  };
  // The rows not sent say why, with the first batch.
  const unsent = ordered.filter(({ p }) => p.kind !== "update").map(({ doc, p }) => ({ doc, p, r: resultOf(doc, p) }));
  batch.add(unsent.flatMap(({ doc, r }) => resultWrites(doc, columns.cols, { result: r.message })), unsent.length);
  for (const { doc, p, r } of unsent) reported(doc, p, r);
  const toSend = ordered.filter(({ p }) => p.kind === "update");
  try {
    await runPool(toSend, concurrency, async ({ doc, p }) => {
      // A failure after the answer (the write-back) is no send that may have reached.
      let sending = true;
      try {
        const answer = await p.send!(signal);
        sending = false;
        await finish(doc, { ...p, kind: "updated", message: p.done ?? p.message }, updating.written(doc, answer, ctx));
      } catch (err) {
        if (!isConnectionFailure(err)) return finish(doc, { ...p, kind: "failed", message: errorMsg(err) });
        fatal ??= err;
        if (sending && mayHaveReached(err)) await finish(doc, { ...p, kind: "failed", message: resultMsg("updateUnknown") });
      }
    }, stop);
    for (const { doc, p } of toSend) {
      if (!results.some((r) => r.key === doc.key)) await finish(doc, { ...p, kind: "cancelled", message: notSentMsg(fatal) });
    }
  } finally {
    // Every stop writes what is known: the end, a cancel, a failure.
    await batch.flush();
  }
  if (fatal) {
    const c = outcome(sheet, false, results, findings).counts;
    throw runStoppedError(fatal, { done: c.updated, notSent: c.cancelled }, lang);
  }
  return outcome(sheet, false, results, findings);
}

function outcome(sheet: string, dryRun: boolean, results: UpdateResult[], findings: CellFinding[]): UpdateOutcome {
  const counts = { update: 0, updated: 0, unchanged: 0, conflict: 0, refused: 0, invalid: 0, failed: 0, cancelled: 0 } as Record<UpdateKind, number>;
  for (const r of results) counts[r.kind]++;
  return { sheet, dryRun, results: inSheetOrder([...results]), counts, findings };
}
