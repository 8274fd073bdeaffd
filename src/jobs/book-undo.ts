// Undo of a book's last post run (book-record.ts), by the rules of the documents' undo (undo.ts):
// only what that run created, only what can be verified on the service as the run's, and nothing
// of another company. Contacts and products the run created are deleted (DELETE /contacts/{id},
// /products/{id}) when the service's copy is still as the create answered it (its fingerprint);
// one edited since is left alone with the reason, one already gone has its rows cleared; a contact
// that a live document or a journal voucher names since (jobs/contact-use.ts) is left too, naming it. Records
// the run found on the service are not in the record, so never touched; an entry changed by hand
// (its seal broken) is refused. Journal vouchers: the service has no route that deletes or voids
// one (service-facts §5.7: draft and approve only), so each voucher's rows say so and nothing is
// sent. The rows of undone records return to "not posted" (record id and result), so the sheet can
// be corrected and posted again. A dry run says what would happen and changes nothing.
import type { Message } from "../rules/message";
import type { DocSheetClient } from "../api";
import type { BookFamily } from "../rules/codes";
import { render } from "../sheet/i18n/render";
import { resultMsg } from "../sheet/i18n/results";
import type { ColumnMapping } from "../sheet/column-mapping";
import type { SheetDocument } from "../sheet/read";
import { resultColumns, resultWrites, type ResultKey } from "../sheet/writeback";
import { familyEntry } from "../families";
import type { CellWrite, WorkbookPort } from "../workbook/port";
import { bookFingerprint } from "../sheet/books/fingerprint";
import { bookSealOf, loadBookRecord, saveBookRecord, type BookRunEntry } from "./book-record";
import { readBook } from "./books";
import { guardSheet } from "./company";
import { contactsUsers, type ContactUsers } from "./contact-use";
import { errorMsg } from "./error-text";
import { runPool } from "./pool";
import { runSheet } from "./run-sheet";
import { isConnectionFailure, runStoppedError, stopIfGone } from "./stop";
import { runRecords } from "./records-truth";
import type { JobContext } from "./types";
import { NothingToUndoError, type UndoKind, type UndoOutcome, type UndoResult } from "./undo";
import type { Json } from "../rules/json";

export interface BookUndoOptions extends JobContext {
  family: BookFamily;
  /** Which field each header is; only the result columns are looked at. */
  mapping?: ColumnMapping;
  dryRun?: boolean;
  concurrency?: number;
}

export async function bookUndoJob(port: WorkbookPort, client: DocSheetClient, opts: BookUndoOptions): Promise<UndoOutcome> {
  const { family, signal } = opts;
  const lang = opts.lang ?? "en";
  const record = await loadBookRecord(port, family);
  if (!record || record.created.length === 0) throw new NothingToUndoError(family);
  // The run's sheet, by its name or (renamed since) by the record ids the run wrote into it.
  const { sheet, read } = await runSheet(port, family, record.sheet, record.created.map((e) => e.recordId), (block) => readBook(block, family, opts.mapping));
  const byId = new Map<number, SheetDocument[]>();
  for (const d of read.documents) {
    const id = Number(d.fields.recordId?.value);
    if (Number.isInteger(id) && id > 0) byId.set(id, [...(byId.get(id) ?? []), d]);
  }
  // Another company's post is refused before anything is read or changed.
  const connected = await stopIfGone(guardSheet(port, client, {
    sheet, family, documents: [], lang, signal, now: opts.now, recorded: { ...record.company, by: "post", at: record.at },
  }), record.created.length, lang);

  // The family's records as its entry keeps them; one the service cannot delete is kept (vouchers).
  const entry = familyEntry(family);
  const store = entry.store(client);
  const outcome = new Map<BookRunEntry, { kind: UndoKind; msg: Message }>();
  let fatal: unknown;
  let done = 0;
  const progress = (): void => opts.onProgress?.({ done: ++done, total: record.created.length });
  const stopped = () => fatal !== undefined || signal?.aborted === true;
  // Every record the run made, read before any is called deleted: none of them the connected
  // company's means the records are not this company's (refused as a whole).
  const reads = entry.undo === "keep" || !store.delete ? new Map<number, Json | undefined>()
    : await stopIfGone(runRecords(record.created.filter((e) => e.seal === bookSealOf(family, e))
      .map((e) => ({ recordId: e.recordId, row: byId.get(e.recordId)?.[0]?.firstRow ?? 0, serial: e.name })), (id) => store.get(id, signal), connected.name, lang, opts.concurrency ?? 8), record.created.length, lang);
  const failed = (e: BookRunEntry, err: unknown): void => {
    if (isConnectionFailure(err)) fatal ??= err;
    else outcome.set(e, { kind: "failed", msg: resultMsg("undoFailed", { serial: e.name || `#${e.recordId}`, reason: errorMsg(err) }) });
  };
  const remove = async (e: BookRunEntry): Promise<void> => {
    const serial = e.name || `#${e.recordId}`;
    if (!opts.dryRun) await store.delete!(e.recordId, signal);
    outcome.set(e, { kind: "deleted", msg: resultMsg(opts.dryRun ? "undoWouldDelete" : "undoDeleted", { serial }) });
  };
  // 1. Each verified and read again. A contact unchanged since the run waits for step 2; the rest is
  // decided here.
  const unchanged: Array<{ e: BookRunEntry; name: string }> = [];
  await runPool(record.created, opts.concurrency ?? 8, async (e) => {
    const serial = e.name || `#${e.recordId}`;
    const set = (kind: UndoKind, msg: Message): void => void outcome.set(e, { kind, msg });
    try {
      if (e.seal !== bookSealOf(family, e)) return set("refused", resultMsg("undoRecordEdited", { serial }));
      if (entry.undo === "keep" || !store.delete) return set("kept", resultMsg("journalNoUndo", { serial }));
      const now = reads.get(e.recordId);
      if (!now) return set("gone", resultMsg("undoWasDeleted", { serial }));
      // The name the service's copy goes by (what the entry recorded), to tell another record apart.
      const actual = entry.nameOf(now);
      if (actual !== e.name) return set("refused", resultMsg("undoOtherDocument", { recordId: e.recordId, serial, actual }));
      if (bookFingerprint(now) !== e.fingerprint) return set("kept", resultMsg("undoEdited", { serial }));
      if (family === "contacts") return void unchanged.push({ e, name: typeof now.contactName === "string" ? now.contactName : e.name });
      await remove(e);
    } catch (err) {
      failed(e, err);
    } finally {
      if (!unchanged.some((u) => u.e === e)) progress();
    }
  }, stopped);
  // 2. Contacts a live document names stay (lists shared by ten contacts at a time); the rest go.
  if (unchanged.length > 0 && !stopped()) {
    let users: Map<number, ContactUsers> | undefined;
    try {
      users = await contactsUsers(client, unchanged.map(({ e, name }) => ({ id: e.recordId, name })), new Set(), signal, opts.concurrency ?? 8);
    } catch (err) {
      for (const { e } of unchanged) failed(e, err);
    }
    if (users) {
      const inUse = users;
      await runPool(unchanged, opts.concurrency ?? 8, async ({ e }) => {
        try {
          const used = inUse.get(e.recordId);
          const serial = e.name || `#${e.recordId}`;
          if (used?.documents.length) outcome.set(e, { kind: "kept", msg: resultMsg("undoInUse", { serial, documents: used.documents.join(", ") }) });
          else if (used?.vouchers.length) outcome.set(e, { kind: "kept", msg: resultMsg("undoInUseVoucher", { serial, vouchers: used.vouchers.join(", ") }) });
          else await remove(e);
        } catch (err) {
          failed(e, err);
        } finally {
          progress();
        }
      }, stopped);
    }
  }

  // The rows: cleared where the record is gone, the reason where it is not. Only rows that hold the
  // record id of an entry verified as the run's (not refused) are written.
  const results: UndoResult[] = [];
  const writes: CellWrite[] = [];
  const columns = resultColumns(read.layout, entry.columns.undo as readonly ResultKey[]);
  for (const e of record.created) {
    const o = outcome.get(e);
    if (!o) continue; // not reached: cancelled or the connection failed
    const message = render(o.msg, lang);
    const undone = o.kind === "deleted" || o.kind === "gone";
    const rows = o.kind === "refused" ? [] : byId.get(e.recordId) ?? [];
    results.push({ key: e.key || e.name, rows: rows.flatMap((d) => d.rows), recordId: e.recordId, serial: e.name, kind: o.kind, message });
    if (opts.dryRun) continue;
    for (const d of rows) writes.push(...resultWrites(d, columns.cols, undone ? { recordId: null, documentSerial: null, status: null, result: message } : { result: message }));
  }
  if (!opts.dryRun) {
    if (writes.length > 0) await port.write(read.layout.sheet, [...columns.headerWrites, ...writes]);
    // What is left to undo stays recorded; the rest goes.
    const left = record.created.filter((e) => !["deleted", "gone"].includes(outcome.get(e)?.kind ?? ""));
    await saveBookRecord(port, family, left.length > 0 ? { ...record, sheet, created: left } : null);
  }
  const counts: Record<UndoKind, number> = { deleted: 0, voided: 0, gone: 0, kept: 0, refused: 0, failed: 0 };
  for (const r of results) counts[r.kind]++;
  if (fatal) throw runStoppedError(fatal, { done: counts.deleted + counts.gone, notSent: record.created.length - results.length }, lang);
  return {
    sheet, postedAt: record.at, dryRun: opts.dryRun === true, results, counts, contacts: [], contactsMessage: null,
    resultColumn: columns.cols.result ?? read.layout.headers.left,
  };
}
