// The update job: every document of the sheet with a recordId is compared with the service's copy
// (read now), field by field over the sheet's columns, and the changed ones are sent (PUT, with the
// structure type of the service's copy; an awaiting partial receipt as the batch body posting
// builds, in the update form the spec asks). Not sent, each with the reason in its row: documents the
// service changed since the sheet last saw them (their fingerprint, sheet/fingerprint.ts, no longer
// matches), documents that are not awaiting (the spec edits only those), documents whose check
// fails, and rows whose record id and serial do not name the same document (jobs/verify.ts: a
// record id typed over must not overwrite another document). A row without a fingerprint is
// compared and sent, its result saying that changes made on the service since could not be
// checked. A dry run answers the preview and sends and writes nothing. A document sent gets a new
// fingerprint, so the next update compares with what it sent.
import type { Message } from "../rules/message";
import { type DocSheetClient, type DocumentApi, type DocumentRecord } from "../api";
import type { UpdateDocumentBody } from "../rules/schemas/bodies";
import { checkDocument } from "../rules/checks";
import type { BookFamily, Family } from "../rules/codes";
import { isBook } from "../families/cards";
import { updateBookJob } from "./books";
import { Decimal, formatMoney } from "../rules/money";
import { shownValue } from "../sheet/columns";
import { buildDocument, dueDateOf } from "../sheet/body";
import { FIELD_BY_KEY } from "../sheet/fields";
import { sortFindings, type CellFinding } from "../sheet/findings";
import { changedSince, fingerprintOf, isFingerprint } from "../sheet/fingerprint";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg, rowResultMsg } from "../sheet/i18n/results";
import { statusText } from "../sheet/i18n/status";
import { fieldName, label } from "../sheet/i18n/names";
import type { ColumnMapping } from "../sheet/mapping";
import { markerIn } from "../sheet/marker";
import { fieldOfPath, pinFinding } from "../sheet/pin";
import { readDocuments, type SheetDocument, type SheetLayout } from "../sheet/read";
import { serviceCopy, type ServiceCopy } from "../sheet/service-copy";
import { TOTAL_KEYS, hasInlineLines, mergeForUpdate, sameValue, sheetChanges, type FieldChange } from "../sheet/update";
import type { Parsed } from "../sheet/values";
import { WriteBatch } from "./write-batch";
import { answerWrites, resultColumns, resultWrites } from "../sheet/writeback";
import type { CellValue, CellWrite, ReadTarget, WorkbookPort } from "../workbook/port";
import { NoRowsError, assertRows } from "./no-rows";
import { assertSheetFamily } from "./sheet-family";
import { runPool } from "./pool";
import { errorMsg } from "./error-text";
import { notSent } from "./not-sent";
import { checkRecords, namedDocuments } from "./records-truth";
import { shownDate } from "./month";
import { isConnectionFailure, mayHaveReached, notSentMsg, runStoppedError, stopIfGone } from "./stop";
import { inSheetOrder, localDate, type JobContext } from "./types";
import { rowMismatch } from "./verify";
import { render } from "../sheet/i18n/render";
import type { ShownChange } from "./shown-change";

export interface UpdateJobOptions extends JobContext {
  /** Every family that updates: a document family, or a book (contacts, products; vouchers say they cannot). */
  family: Family | BookFamily;
  target?: ReadTarget;
  mapping?: ColumnMapping;
  /** Only documents with a row among these (sheet rows, 0-based); default every document with a recordId. */
  rows?: readonly number[];
  /** Documents read or sent at once (default 4). */
  concurrency?: number;
  /** The preview only: nothing is sent, nothing written into the sheet. */
  dryRun?: boolean;
}

/** update: would be sent (dry run); updated: sent; the others are not sent. */
export type UpdateKind = "update" | "updated" | "unchanged" | "conflict" | "refused" | "invalid" | "failed" | "cancelled";

/** One line of the preview (shown-change.ts, shared with the books' update). */
export type { ShownChange };

export interface UpdateResult {
  key: string;
  rows: number[];
  recordId: number;
  documentSerial?: string;
  kind: UpdateKind;
  /** Sheet value against the service's, for the documents with changes (sent or not). */
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
  /** What the rows' build found (a book's rows are built as its post builds them). */
  findings?: CellFinding[];
}

/** Company header fields the update bodies carry (service-facts §3.4), as the service has them. */
const COMPANY_FIELDS = [
  "companyName", "companyNameEn", "companyAddress", "companyAddressEn", "companyTaxId", "companyBranch", "companyBranchEn",
  "companyPhone", "companyMobile", "companyFax", "companyWebsite",
];

interface Plan {
  doc: SheetDocument;
  copy?: ServiceCopy;
  kind: UpdateKind;
  changes: FieldChange[];
  /** By key, rendered in the run's language (the fields in it already named in that language). */
  message: Message;
  body?: UpdateDocumentBody;
  /** A partial receipt's body: sent through the client's partial-receipt update. */
  partial?: boolean;
  /** The row has no fingerprint: a change made on the service since could not be checked for. */
  unchecked?: boolean;
}

/** The update of every family: a book's rows through its hook (families/update-books.ts, jobs/books.ts),
 * said in the same results as a document's. */
export async function updateJob(port: WorkbookPort, client: DocSheetClient, opts: UpdateJobOptions): Promise<UpdateOutcome> {
  const family = opts.family;
  // Which body updates the family's rows is its card's kind (documents', or the books' hook).
  if (!isBook(family)) return updateDocuments(port, client, { ...opts, family });
  const dryRun = opts.dryRun ?? false;
  const book = await updateBookJob(port, client, { ...opts, family });
  const results = book.results.map((r): UpdateResult => ({
    key: r.key, rows: r.rows, recordId: r.recordId ?? 0, changes: r.changes ?? [], message: r.message,
    kind: r.kind === "updated" ? (dryRun ? "update" : "updated") : (r.kind as UpdateKind),
  }));
  return { ...outcome(book.sheet, dryRun, results), findings: book.findings };
}

async function updateDocuments(port: WorkbookPort, client: DocSheetClient, opts: UpdateJobOptions & { family: Family }): Promise<UpdateOutcome> {
  const block = await port.read(opts.target);
  const read = readDocuments(block, { mapping: opts.mapping, family: opts.family });
  const sheet = block.sheet;
  const lang = opts.lang ?? "en";
  const dryRun = opts.dryRun ?? false;
  const wanted = opts.rows ? new Set(opts.rows) : undefined;
  const docs = read.documents.filter((d) => d.fields.recordId && (!wanted || d.rows.some((r) => wanted.has(r))));
  await assertSheetFamily(port, sheet, opts.family, lang);
  assertRows(block, read, lang, wanted ? read.documents.filter((d) => d.rows.some((r) => wanted.has(r))).length : undefined);
  // Only posted documents can be updated: rows never posted are the post's to send.
  if (docs.length === 0) throw new NoRowsError("nonePosted", lang);
  const api = client.documents(opts.family);
  const today = localDate((opts.now ?? (() => new Date()))());
  const concurrency = opts.concurrency ?? 4;
  let fatal: unknown;
  const stop = (): boolean => fatal !== undefined || opts.signal?.aborted === true;

  // Another company's sheet is refused before anything is read, sent or written, and the records
  // the rows hold are verified on the service first (records-truth.ts), their copies read there.
  const checked = await stopIfGone(checkRecords(port, client, {
    sheet, family: opts.family, documents: namedDocuments(docs), lists: block.lists !== undefined, lang, signal: opts.signal, now: opts.now,
    copies: () => listedCopies(api, docs, opts.signal), concurrency,
  }), docs.length, lang);

  // 1. The service's copy of each document, and what the sheet would change in it.
  const plans = new Map<SheetDocument, Plan>();
  await runPool(docs, concurrency, async (doc) => {
    try {
      const id = Number(doc.fields.recordId.value);
      const wrong = checked.refused.get(id);
      if (wrong) plans.set(doc, { doc, kind: "refused", changes: [], message: wrong });
      else {
        // One verified deleted is read again: its row says what the service answers.
        const rec = checked.found.get(id) ?? await api.get(id, { signal: opts.signal });
        plans.set(doc, planFor(doc, rec, read.layout, read.findings, opts.family, today, lang));
      }
    } catch (err) {
      if (isConnectionFailure(err)) fatal ??= err;
      else plans.set(doc, { doc, kind: "failed", changes: [], message: errorMsg(err) });
    }
    opts.onProgress?.({ done: plans.size, total: docs.length });
  }, stop);
  // Nothing sent yet: the rows stay as they are.
  if (fatal) throw runStoppedError(fatal, { done: 0, notSent: docs.length }, lang);

  const results: UpdateResult[] = [];
  const resultOf = (p: Plan): UpdateResult => ({
    key: p.doc.key, rows: p.doc.rows, recordId: Number(p.doc.fields.recordId.value),
    documentSerial: p.doc.fields.documentSerial ? String(p.doc.fields.documentSerial.value) : undefined,
    kind: p.kind, changes: p.changes.map((c) => shown(c, lang)), message: render(p.message, lang), ...(p.unchecked ? { unchecked: true } : {}),
  });
  const ordered = docs.map((d) => plans.get(d) ?? { doc: d, kind: "cancelled" as const, changes: [], message: resultMsg("notSent", { reason: resultMsg("cancelled") }) });
  if (dryRun) return outcome(sheet, true, ordered.map(resultOf));

  // 2. Send the changed ones; every row says what became of its document.
  const columns = resultColumns(read.layout, ["status", "result", "fingerprint"]);
  // The write-back in batches (write-batch.ts); the headers it adds go with the first.
  const batch = new WriteBatch(port, sheet);
  if (docs.length > 0) batch.add(columns.headerWrites, 0);
  const reported = (p: Plan, r: UpdateResult): void => {
    results.push(r);
    opts.onProgress?.({ done: results.length, total: docs.length, message: render(rowResultMsg(p.doc.key, p.doc.firstRow + 1, p.message), lang) });
  };
  const finish = async (p: Plan, extra: Partial<Record<"status" | "fingerprint", CellValue>> = {}, answered: CellWrite[] = []): Promise<void> => {
    const r = resultOf(p);
    // The service's figures first: the result columns (the fingerprint among them) have the last word.
    await batch.push([...answered, ...resultWrites(p.doc, columns.cols, { result: r.message, ...extra })]);
    reported(p, r);
  };
  // The rows not sent say why, with the first batch.
  const unsent = ordered.filter((p) => p.kind !== "update").map((p) => ({ p, r: resultOf(p) }));
  batch.add(unsent.flatMap(({ p, r }) => resultWrites(p.doc, columns.cols, { result: r.message })), unsent.length);
  for (const { p, r } of unsent) reported(p, r);
  const toSend = ordered.filter((p) => p.kind === "update");
  try {
    await sendAll();
  } finally {
    // Every stop writes what is known: the end, a cancel, a failure.
    await batch.flush();
  }
  if (fatal) {
    const c = outcome(sheet, false, results).counts;
    throw runStoppedError(fatal, { done: c.updated, notSent: c.cancelled }, lang);
  }
  return outcome(sheet, false, results);

  async function sendAll(): Promise<void> {
    await runPool(toSend, concurrency, async (p) => {
      try {
        const id = p.copy!.recordId;
        const o = { signal: opts.signal };
        const rec = p.partial ? await api.updatePartialReceipt(id, p.body!, o) : await api.update(id, p.body!, o);
        const fields = fieldList(p.changes, lang);
        const answer = serviceCopy(rec);
        // The row shows what the service now holds: its totals and VAT computed from the new lines.
        await finish({ ...p, kind: "updated", message: resultMsg(p.unchecked ? "updatedUnchecked" : "updated", { fields }) }, {
          fingerprint: fingerprintOf(answer), status: statusText(rec.statusString ?? "awaiting", lang, opts.family),
        }, answerWrites(p.doc, read.layout, answer, block));
      } catch (err) {
        if (!isConnectionFailure(err)) return finish({ ...p, kind: "failed", message: errorMsg(err) });
        fatal ??= err;
        if (mayHaveReached(err)) await finish({ ...p, kind: "failed", message: resultMsg("updateUnknown") });
      }
    }, stop);
    for (const p of toSend) {
      if (!results.some((r) => r.key === p.doc.key)) {
        await finish({ ...p, kind: "cancelled", message: notSentMsg(fatal) });
      }
    }
  }
}

/**
 * The service's copies of the documents read a list page (200) at a time over the dates the sheet
 * gives, when that takes at most a tenth of the requests one read each would (the list holds at most
 * 20 documents for each of the sheet's). A
 * document missing from it (its date edited in the sheet, a list without lines) is read on its own.
 */
async function listedCopies(api: DocumentApi, docs: SheetDocument[], signal?: AbortSignal): Promise<Map<number, DocumentRecord>> {
  const found = new Map<number, DocumentRecord>();
  const wanted = new Set(docs.map((d) => Number(d.fields.recordId.value)));
  const dates = docs.map((d) => d.fields.publishedOn?.value).filter((v): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v)).sort();
  if (wanted.size < 10 || dates.length === 0) return found;
  try {
    for await (const page of api.listAll({ range: 5, startDate: dates[0], endDate: dates[dates.length - 1] }, { signal })) {
      if (page.total > wanted.size * 20) break;
      for (const rec of page.list) if (wanted.has(rec.recordId) && Array.isArray(rec.items)) found.set(rec.recordId, rec);
      if (found.size === wanted.size) break;
    }
  } catch (err) {
    // The reads one by one say what is wrong, document by document.
    if (isConnectionFailure(err)) throw err;
  }
  return found;
}

function outcome(sheet: string, dryRun: boolean, results: UpdateResult[]): UpdateOutcome {
  const counts = { update: 0, updated: 0, unchanged: 0, conflict: 0, refused: 0, invalid: 0, failed: 0, cancelled: 0 } as Record<UpdateKind, number>;
  for (const r of results) counts[r.kind]++;
  return { sheet, dryRun, results: inSheetOrder([...results]), counts };
}

/** What to do with one document, given the service's copy of it. */
function planFor(
  doc: SheetDocument, rec: DocumentRecord, layout: SheetLayout, readFindings: CellFinding[], family: Family, today: string, lang: Lang,
): Plan {
  const copy = serviceCopy(rec, { row: doc.firstRow, col: layout.headers.left });
  const plan = (kind: UpdateKind, message: Message, changes: FieldChange[] = [], body?: UpdateDocumentBody): Plan => ({ doc, copy, kind, changes, message, body });
  // First of all: the record id must name the row's document, or nothing is compared with it.
  const other = rowMismatch(doc, rec);
  if (other) return plan("refused", other);
  const own = readFindings.filter((f) => doc.rows.includes(f.row) && f.severity === "error");
  if (own.length > 0 || doc.broken) return plan("invalid", notSent(own));

  const changes = sheetChanges(doc, copy, layout);
  const since = changedSince(doc.fields.fingerprint?.value, copy);
  if (since) {
    const fields = [...new Set(since.keys.map((k) => label(FIELD_BY_KEY.get(k)!, lang)))].join(", ");
    return plan("conflict", fields ? resultMsg("changedOnService", { fields }) : resultMsg("changedOnServiceUnnamed"), changes);
  }
  if (changes.length === 0) return plan("unchanged", resultMsg("noChanges"));
  if (copy.status !== undefined && copy.status !== "awaiting") {
    return plan("refused", resultMsg("notAwaiting", { family, status: copy.status }), changes);
  }
  const merged = mergeForUpdate(doc, copy, layout);
  if (copy.structure === "simple" && hasInlineLines(merged)) return plan("refused", resultMsg("keepsSimple"), changes);
  const built = buildDocument(merged, family, layout, { today, marker: markerIn(rec.internalNotes), structure: copy.structure });
  const partial = built.operation === "partialReceipt";
  const body = updateBody(built.body, rec, copy, changes, layout, partial);
  // The due date the service will set from the date and the credit days (it ignores one sent) is
  // sent and shown as it will be, unless the sheet's own due date was edited.
  const due = changes.some((c) => c.key === "dueDate") ? undefined : dueDateOf(body);
  if (due !== undefined) body.dueDate = due;
  const problems = sortFindings([
    ...built.findings.filter((f) => f.field === "internalNotes"),
    ...checkDocument(body, { family, structure: copy.structure, operation: "update", arithmetic: true })
      .filter((f) => f.severity === "error")
      .map((f) => pinFinding(merged, layout, fieldOfPath(f.path), f.msg, f.severity)),
  ]);
  if (problems.length > 0) return plan("invalid", notSent(problems), changes);
  // Totals the edits changed, computed again: shown too, after the fields the user changed.
  for (const key of TOTAL_KEYS) {
    if (changes.some((c) => c.key === key && c.line === undefined)) continue;
    const now = body[FIELD_BY_KEY.get(key)!.wire];
    if ((typeof now === "number" || typeof now === "string") && !sameValue(copy.fields[key]?.value, now)) changes.push({ key, from: copy.fields[key]?.value, to: now });
  }
  if (due !== undefined && !sameValue(copy.fields.dueDate?.value, due)) changes.push({ key: "dueDate", from: copy.fields.dueDate?.value, to: due });
  const unchecked = !isFingerprint(doc.fields.fingerprint?.value);
  return { ...plan("update", resultMsg(unchecked ? "toUpdateUnchecked" : "toUpdate", { fields: fieldList(changes, lang) }), changes, body), partial, unchecked };
}

/** The built body as the PUT takes it: the update structure type, the company header as the service
 * has it, no upgrade source; a contact renamed in the sheet is not tied to the old contact's id. A
 * partial receipt (the batch body posting builds) keeps its contact id, which the PUT requires and
 * the service matches with the tax invoice's, and names no source (spec, Partial receipt). */
function updateBody(
  built: Record<string, unknown>, rec: DocumentRecord, copy: ServiceCopy, changes: FieldChange[], layout: SheetLayout, partial: boolean,
): UpdateDocumentBody {
  // The built body is checked with the update's rules before it is sent.
  const body: UpdateDocumentBody = { ...built } as UpdateDocumentBody;
  delete body.documentReference;
  body.documentStructureType = copy.structure === "inline" ? "UpdateInlineDocument" : "UpdateSimpleDocument";
  for (const k of COMPANY_FIELDS) if (typeof rec[k] === "string" && body[k] === undefined) body[k] = rec[k];
  if (partial) {
    body.documentReference = [];
    body.contactId ??= rec.contactId;
    return body;
  }
  const cols = layout.headers.columns;
  const renamed = changes.some((c) => c.key === "contactName" || c.key === "contactCode");
  if (renamed && !cols.has("contactId")) {
    delete body.contactId;
    if (!cols.has("contactCode")) delete body.contactCode;
  }
  return body;
}

/** The names of the fields changed, each once, in the run's language. */
function fieldList(changes: FieldChange[], lang: Lang): string {
  return [...new Set(changes.map((c) => shown(c, lang).field))].join(", ");
}

function shown(c: FieldChange, lang: Lang): ShownChange {
  const line = c.line === undefined ? undefined : c.line + 1;
  const def = FIELD_BY_KEY.get(c.key);
  const field = !def ? (fieldName(`Line ${line}`, lang) ?? `Line ${line}`)
    : line === undefined ? label(def, lang) : (fieldName(`Line ${line} ${def.wire}`, lang) ?? `${label(def, lang)} (${line})`);
  if (c.lineChange === "added") return { field, from: render(resultMsg("emptyValue"), lang), to: `${valueText(c.key, c.to, lang)} ${render(resultMsg("lineAdded"), lang)}` };
  if (c.lineChange === "removed") return { field, from: valueText(c.key, c.from, lang), to: render(resultMsg("lineRemoved"), lang) };
  return { field, from: valueText(c.key, c.from, lang), to: valueText(c.key, c.to, lang) };
}

/** A value as the preview shows it: money with two places, codes and yes/no as words. */
function valueText(key: string, v: Parsed | undefined, lang: Lang): string {
  if (v === undefined || v === "") return render(resultMsg("emptyValue"), lang);
  const def = FIELD_BY_KEY.get(key);
  if (typeof v === "boolean" || (typeof v === "number" && def?.kind === "code")) return String(shownValue(key, v, lang));
  if (typeof v === "string" && def?.kind === "date") return shownDate(v, lang);
  if (typeof v === "number" && def?.kind === "money") return formatMoney(new Decimal(v));
  // A price is money kept to 4 places (spec precision): shown as money, with its 3rd and 4th places when it has them.
  if (typeof v === "number" && key === "item.pricePerUnit") {
    const d = new Decimal(v);
    return formatMoney(d, Math.min(4, Math.max(2, d.decimalPlaces())));
  }
  return String(v);
}
