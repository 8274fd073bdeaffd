// Withholding tax certificates from sheets: check, pull, act, undo and the template, as the document
// families have them (the engine's reading, pinning, write-back, company guard and family record),
// against /withholding-taxes. Their post is the post job's (post.ts), with the posting of their
// family entry (families/post-certificates.ts), and its record the documents' (post-record.ts).
import { serviceText, type Message } from "../rules/message";
import type { DocSheetClient, DocumentRecord } from "../api";
import { CERTIFICATES } from "../families/certificates";
import { RESULT_KEYS } from "../sheet/fields";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import { recordCount } from "../sheet/i18n/record-count";
import { statusFromText, statusText } from "../sheet/i18n/status";
import type { ColumnMapping } from "../sheet/mapping";
import { findingMarks } from "../sheet/mark-text";
import { hasMarker } from "../sheet/marker";
import { readDocuments, type SheetDocument } from "../sheet/read";
import { checkCertificates } from "../sheet/wht-sheet";
import { certificateRows, whtColumn, whtTemplate, WHT_KEYS } from "../sheet/wht-rows";
import { resultColumns, resultWrites } from "../sheet/writeback";
import type { ReadTarget, WorkbookPort } from "../workbook/port";
import { companyRecords, connectedCompany, guardSheet } from "./company";
import { runSheet } from "./run-sheet";
import { NothingToUndoError, type UndoKind, type UndoOutcome, type UndoResult } from "./undo";
import { errorText } from "./error-text";
import { assertRows } from "./no-rows";
import { runPool } from "./pool";
import { assertSheetFamily, familyRecord } from "./sheet-family";
import { ConnectionError, guardConnection, isConnectionFailure } from "./stop";
import { removeCertificate } from "./certificate-race";
import { postJob } from "./post";
import { loadPostRecord, savePostRecord } from "./post-record";
import { WriteBatch } from "./write-batch";
import { localDate, throwIfCancelled, type CheckOutcome, type JobContext } from "./types";
import type { PostOutcome } from "./post";
import type { ActOutcome, ActResult } from "./act";
import { rowMismatch } from "./verify";
import { runRecords } from "./records-truth";
import type { Json } from "../rules/json";
import { render } from "../sheet/i18n/render";


/** The family these jobs run, asked for its name, statuses and records (families/certificates.ts). */
const ENTRY = CERTIFICATES;

/** A certificate's error as its row says it: the service's text in the run's language (as before keys). */
const shownError = (err: unknown, lang: Lang): Message => serviceText(errorText(err, lang));

export interface WhtSheetOptions extends JobContext {
  target?: ReadTarget;
  mapping?: ColumnMapping;
  /** Mark the findings' cells (check). */
  mark?: boolean;
}

async function readSheet(port: WorkbookPort, opts: WhtSheetOptions) {
  const block = await port.read(opts.target);
  const read = readDocuments(block, { mapping: opts.mapping, wht: true });
  const today = localDate((opts.now ?? (() => new Date()))());
  return { block, read, today };
}

export async function whtCheckJob(port: WorkbookPort, opts: WhtSheetOptions): Promise<CheckOutcome> {
  throwIfCancelled(opts.signal);
  const { block, read, today } = await readSheet(port, opts);
  const { certificates, findings } = checkCertificates(read, { today });
  const lang = opts.lang ?? "en";
  const checked = resultMsg("checkedRecords", { records: recordCount(ENTRY.name, certificates.length) });
  opts.onProgress?.({ done: certificates.length, total: certificates.length, message: render(checked, lang) });
  if (opts.mark) await port.remark(block.sheet, findingMarks(findings, lang));
  return { sheet: block.sheet, documents: read.documents.length, findings };
}

export interface WhtPostOptions extends WhtSheetOptions {
  concurrency?: number;
}

/** Posts the sheet's certificates: the post job's pipeline (post.ts), the family's posting its entry's. */
export function whtPostJob(port: WorkbookPort, client: DocSheetClient, opts: WhtPostOptions): Promise<PostOutcome> {
  return postJob(port, client, { ...opts, family: ENTRY.name });
}

export interface WhtPullOptions extends JobContext {
  /** YYYY-MM-DD bounds of the date paid (both or neither). */
  startDate?: string;
  endDate?: string;
  searchString?: string;
}

/** Every certificate the company has (of the date range), each once, oldest first. */
export async function readCertificates(client: DocSheetClient, opts: WhtPullOptions): Promise<Json[]> {
  const seen = new Map<string, Json>();
  for await (const page of client.withholdingTaxes.listAll({ searchString: opts.searchString }, { signal: opts.signal })) {
    throwIfCancelled(opts.signal);
    for (const rec of page.list) {
      const date = typeof rec.publishedOn === "string" ? rec.publishedOn.slice(0, 10) : "";
      if (opts.startDate && (date < opts.startDate || date > (opts.endDate ?? "9999"))) continue;
      seen.set(String(rec.recordId), rec as Json);
    }
    opts.onProgress?.({ done: seen.size, total: page.total });
  }
  return [...seen.values()].sort((a, b) => String(a.publishedOn).localeCompare(String(b.publishedOn)) || Number(a.recordId) - Number(b.recordId));
}

/** The certificates as a sheet (one row per income line) that check and post read back. */
export async function whtPullJob(port: WorkbookPort, client: DocSheetClient, opts: WhtPullOptions): Promise<{ sheet: string; documents: number; rows: number }> {
  const lang = opts.lang ?? "en";
  const company = await connectedCompany(client, opts.signal);
  const records = await readCertificates(client, opts);
  const rows = certificateRows(records, lang);
  const at = (opts.now ?? (() => new Date()))();
  const name = lang === "th" ? "หนังสือรับรองหัก ณ ที่จ่าย" : "Withholding taxes";
  const sheet = await port.addTableSheet(name, WHT_KEYS.map((k) => whtColumn(k, lang)), rows, {
    records: (s) => new Map([...familyRecord(ENTRY.name)(s), ...companyRecords(s, company, "pull", at)]),
  });
  return { sheet, documents: records.length, rows: rows.length };
}

/** The certificate template as a new table sheet (with the company recorded when connected). */
export async function whtTemplateJob(port: WorkbookPort, opts: JobContext & { client?: DocSheetClient }): Promise<{ sheet: string; columns: number }> {
  const lang = opts.lang ?? "en";
  const now = (opts.now ?? (() => new Date()))();
  const company = opts.client ? await connectedCompany(opts.client, opts.signal) : undefined;
  const t = whtTemplate(localDate(now), lang);
  const sheet = await port.addTableSheet(t.sheetName, t.columns, t.rows, {
    records: (name) => new Map([...familyRecord(ENTRY.name)(name), ...(company ? companyRecords(name, company, "template", now) : [])]),
  });
  return { sheet, columns: t.columns.length };
}

export interface WhtActOptions extends WhtSheetOptions {
  action: "status" | "delete" | "pdf";
  /** pdf: stores the certificate's PDF (the CLI writes a file, the pane offers a download) and answers
   * where, for the PDF file column; `culture` is the PDF's language (default Thai). */
  savePdf?: (fileName: string, base64: string) => Promise<string>;
  culture?: "th" | "en";
  /** status: the word to set (the service's or the people's, either language); else each row's status cell. */
  statusId?: string;
  /** Sheet rows (0-based) to act on; default every posted certificate. */
  rows?: readonly number[];
  concurrency?: number;
}

/** Acts on the posted certificates of the sheet (status, delete), each first read again and
 * refused when its record id names another certificate than the row's serial. */
export async function whtActJob(port: WorkbookPort, client: DocSheetClient, opts: WhtActOptions): Promise<ActOutcome> {
  const lang: Lang = opts.lang ?? "en";
  const { block, read } = await readSheet(port, opts);
  const sheet = block.sheet;
  await assertSheetFamily(port, sheet, ENTRY.name, lang);
  assertRows(block, read, lang);
  const picked = read.documents.filter((d) => !opts.rows || d.rows.some((r) => opts.rows!.includes(r)));
  const docs = picked.filter((d) => d.fields.recordId);
  if (docs.length > 0) await guardConnection(() => guardSheet(port, client, { sheet, family: ENTRY.name, documents: [], lang, signal: opts.signal, now: opts.now }));
  const columns = resultColumns(read.layout, opts.action === "pdf" ? ["status", "result", "pdfFile"] : ["status", "result"]);
  // Written in batches, as a post's are, and at every stop.
  const batch = new WriteBatch(port, sheet);
  if (docs.length > 0) batch.add(columns.headerWrites, 0);
  const results: ActResult[] = [];
  const finish = async (doc: SheetDocument, ok: boolean, msg: Message, status?: string | null, pdfFile?: string): Promise<void> => {
    const message = render(msg, lang);
    results.push({ key: doc.key, rows: doc.rows, ok, message });
    await batch.push(resultWrites(doc, columns.cols, { result: message, ...(status !== undefined ? { status } : {}), ...(pdfFile ? { pdfFile } : {}) }));
  };
  for (const doc of picked) if (!doc.fields.recordId) await finish(doc, true, resultMsg("notPostedYet"));
  const statuses = ENTRY.statuses.join(", ");
  let fatal: unknown;
  await runPool(docs, opts.concurrency ?? 4, async (doc) => {
    const id = Number(doc.fields.recordId.value);
    try {
      const copy = await ENTRY.store(client).get(id, opts.signal);
      const other = rowMismatch(doc, copy as unknown as DocumentRecord);
      if (other) return await finish(doc, false, other);
      if (opts.action === "pdf") {
        if (!opts.savePdf) throw new Error("whtActJob: pdf needs savePdf");
        const base64 = await client.withholdingTaxes.exportPdf(id, { culture: opts.culture ?? "th" }, { signal: opts.signal });
        const serial = String(copy.documentSerial ?? doc.fields.documentSerial?.value ?? id).replace(/[^\w.-]+/g, "_");
        const where = await opts.savePdf(`${serial}.pdf`, base64);
        return await finish(doc, true, resultMsg("pdfExported"), undefined, where);
      }
      if (opts.action === "delete") {
        await ENTRY.store(client).delete!(id, opts.signal);
        return await finish(doc, true, resultMsg("deleted"), null);
      }
      const asked = opts.statusId ?? (doc.fields.status?.value as string | undefined);
      const word = asked ? statusFromText(String(asked)) : undefined;
      if (!word || !ENTRY.statuses.includes(word)) {
        return await finish(doc, false, asked
          ? resultMsg("statusNotAllowed", { status: String(asked), family: ENTRY.name, statuses })
          : resultMsg("statusMissing", { family: ENTRY.name, statuses }));
      }
      const rec = await client.withholdingTaxes.setStatus(id, word, { signal: opts.signal });
      const now = String(rec.statusString ?? word);
      await finish(doc, true, resultMsg("statusSet", { status: now }), statusText(now, lang));
    } catch (err) {
      if (isConnectionFailure(err)) fatal ??= err;
      await finish(doc, false, shownError(err, lang));
    }
  }, () => fatal !== undefined || (opts.signal?.aborted ?? false));
  await batch.flush();
  if (fatal) throw new ConnectionError(errorText(fatal, lang), { cause: fatal, stopped: true });
  const done = results.filter((r) => r.ok).length;
  return { sheet, results, done, failed: results.length - done, skipped: 0 };
}

/** The sheet of the workbook's last certificate post, if any (the pane reads its saved mapping). */
export async function whtPostSheet(port: WorkbookPort): Promise<string | undefined> {
  return (await loadPostRecord(port, ENTRY.name))?.sheet;
}

export interface WhtUndoOptions extends JobContext {
  dryRun?: boolean;
  /** The sheet's column mapping (the post's), to find its result columns. */
  mapping?: ColumnMapping;
  concurrency?: number;
}

/**
 * Reverses the workbook's last certificate post: each certificate is read again, left alone unless
 * it carries that post's marker, set back to awaiting and deleted (voided when the service will
 * not delete it); its rows lose their record id, serial and status, and say what was done.
 */
export async function whtUndoJob(port: WorkbookPort, client: DocSheetClient, opts: WhtUndoOptions): Promise<UndoOutcome> {
  const lang: Lang = opts.lang ?? "en";
  const record = await loadPostRecord(port, ENTRY.name);
  // What undo reverses: the run's certificates (stuck copies included), with the markers that prove them its own.
  const created = (record?.documents ?? []).filter((d) => d.created).map((d) => ({ key: d.key, recordId: d.recordId, serial: d.serial ?? "", marker: d.marker ?? "" }));
  if (!record || created.length === 0) throw new NothingToUndoError(ENTRY.name);
  // The run's sheet, by its name or (renamed since) by the record ids the run wrote into it.
  const { sheet, read } = await runSheet(port, ENTRY.name, record.sheet, created.map((c) => c.recordId), (block) => readDocuments(block, { wht: true, mapping: opts.mapping }));
  const connected = await guardConnection(() => guardSheet(port, client, {
    sheet, family: ENTRY.name, documents: [], recorded: record.company ? { ...record.company, by: "post", at: record.at } : null,
    lang, signal: opts.signal, now: opts.now,
  }));
  // Every certificate the run made, read before any is called deleted: none of them the connected
  // company's means the records are not this company's (refused as a whole).
  const rowOf = (id: number): number => read.documents.find((d) => Number(d.fields.recordId?.value) === id)?.firstRow ?? 0;
  const reads = await guardConnection(() => runRecords(created.map((c) => ({ recordId: c.recordId, row: rowOf(c.recordId), serial: c.serial })),
    (id) => ENTRY.store(client).get(id, opts.signal), connected.name, lang, opts.concurrency ?? 8));
  const columns = resultColumns(read.layout, RESULT_KEYS);
  const results: UndoResult[] = [];
  const dry = opts.dryRun === true;
  const batch = new WriteBatch(port, sheet);
  let fatal: unknown;
  await runPool(created, opts.concurrency ?? 8, async (entry) => {
    const doc = read.documents.find((d) => Number(d.fields.recordId?.value) === entry.recordId);
    const say = async (kind: UndoKind, msg: Message): Promise<void> => {
      const message = render(msg, lang);
      results.push({ key: entry.key, rows: doc?.rows ?? [], recordId: entry.recordId, serial: entry.serial, kind, message });
      const cleared = kind === "deleted" || kind === "voided" || kind === "gone";
      if (doc && !dry) await batch.push(resultWrites(doc, columns.cols, cleared ? { recordId: null, documentSerial: null, status: null, result: message } : { result: message }));
    };
    const serial = entry.serial || `#${entry.recordId}`;
    try {
      const now = reads.get(entry.recordId);
      if (!now) return await say("gone", resultMsg("undoWasDeleted", { serial }));
      if (!hasMarker(now.internalNotes, entry.marker)) return await say("refused", resultMsg("undoNoMarker", { serial }));
      if (now.statusString === "void") return await say("gone", resultMsg("undoWasVoid", { serial }));
      if (dry) return await say("deleted", resultMsg("undoWouldDelete", { serial }));
      const removed = await removeCertificate(client, entry.recordId, now.statusString, opts.signal);
      await say(removed, resultMsg(removed === "deleted" ? "undoDeleted" : "undoVoided", { serial }));
    } catch (err) {
      if (isConnectionFailure(err)) fatal ??= err;
      await say("failed", resultMsg("undoFailed", { serial, reason: shownError(err, lang) }));
    }
  }, () => fatal !== undefined || (opts.signal?.aborted ?? false));
  await batch.flush();
  if (fatal) throw new ConnectionError(errorText(fatal, lang), { cause: fatal, stopped: true });
  // Undone: the record goes, so a second undo says there is nothing to undo.
  if (!dry && results.every((r) => r.kind === "deleted" || r.kind === "voided" || r.kind === "gone")) await savePostRecord(port, null, ENTRY.name);
  // Left to undo again: under the sheet's name now.
  else if (!dry && sheet !== record.sheet) await savePostRecord(port, { ...record, sheet }, ENTRY.name);
  const counts = { deleted: 0, voided: 0, gone: 0, kept: 0, refused: 0, failed: 0 } as Record<UndoKind, number>;
  for (const r of results) counts[r.kind]++;
  return {
    sheet, postedAt: record.at, dryRun: dry, results, counts, contacts: [], contactsMessage: null,
    resultColumn: columns.cols.result ?? read.layout.headers.right + 1,
  };
}
