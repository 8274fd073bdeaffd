// Withholding tax certificates from sheets: act, as the document families have it (the engine's
// reading, pinning, write-back, company guard and family record), against /withholding-taxes.
// Their check is the check job's (check.ts, with the posting's read and check) and their post is the post job's (post.ts), with the posting of their
// family entry (families/post-certificates.ts), and its record the documents' (post-record.ts);
// their pull is the pull job's (families/pull-certificates.ts).
import type { Message } from "../rules/message";
import type { DocSheetClient, DocumentRecord } from "../api";
import { CERTIFICATES } from "../families/certificates";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import { statusFromText, statusText } from "../sheet/i18n/status";
import type { ColumnMapping } from "../sheet/mapping";
import { readDocuments, type SheetDocument } from "../sheet/read";
import { resultColumns, resultWrites } from "../sheet/writeback";
import type { ReadTarget, WorkbookPort } from "../workbook/port";
import { guardSheet } from "./company";
import { errorMsg, errorText } from "./error-text";
import { assertRows } from "./no-rows";
import { runPool } from "./pool";
import { assertSheetFamily } from "./sheet-family";
import { ConnectionError, guardConnection, isConnectionFailure } from "./stop";
import { postJob } from "./post";
import { loadPostRecord } from "./post-record";
import { WriteBatch } from "./write-batch";
import { localDate, throwIfCancelled, type JobContext } from "./types";
import type { PostOutcome } from "./post";
import type { ActOutcome, ActResult } from "./act";
import { rowMismatch } from "./verify";
import type { Json } from "../rules/json";
import { render } from "../sheet/i18n/render";


/** The family these jobs run, asked for its name, statuses and records (families/certificates.ts). */
const ENTRY = CERTIFICATES;

export interface WhtSheetOptions extends JobContext {
  target?: ReadTarget;
  mapping?: ColumnMapping;
}

async function readSheet(port: WorkbookPort, opts: WhtSheetOptions) {
  const block = await port.read(opts.target);
  const read = readDocuments(block, { mapping: opts.mapping, table: ENTRY.fields });
  const today = localDate((opts.now ?? (() => new Date()))());
  return { block, read, today };
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
      await finish(doc, false, errorMsg(err));
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
