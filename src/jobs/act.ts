// The act job, one for every family: on rows that have a recordId, change status, delete, record a
// payment, upgrade to the next document, export a PDF, send by e-mail, get a share link or attach a
// file, as the family's card offers; the outcome is written into each record's rows. Each record is
// read first, and a row whose record id and serial do not name the same record (jobs/verify.ts) is
// refused before anything is sent. Status, delete and PDF go through the family's store; what
// differs per family is its acting (families/actings.ts).
import type { Finding } from "../rules/findings";
import { at, serviceText, type Message } from "../rules/message";
import { ApiError, type DocSheetClient, type DocumentRecord } from "../api";
import { familyEntry, type ActKind } from "../families";
import { actingOf } from "../families/actings";
import { familyCard } from "../families/cards";
import type { PaymentBody } from "../rules/schemas/bodies";
import { checkPayment } from "../rules/checks";
import { FAMILY_INFO, PAYMENT_METHOD, type Family, type SheetFamily } from "../rules/codes";
import { settlePayment, type PaymentDue } from "../rules/settlement";
import { cellAddress } from "../workbook/address";
import { resultMsg, rowResultMsg } from "../sheet/i18n/results";
import { serviceStatus, statusText } from "../sheet/i18n/status";
import type { ColumnMapping } from "../sheet/mapping";
import { readDocuments, type SheetDocument } from "../sheet/read";
import { resultColumns, resultWrites, type ResultKey } from "../sheet/writeback";
import type { CellValue, ReadTarget, WorkbookPort } from "../workbook/port";
import { attachFile, type FileBytes } from "./attach";
import { owingDue } from "./owing";
import { assertRows } from "./no-rows";
import { assertSheetFamily } from "./sheet-family";
import { WriteBatch } from "./write-batch";
import { runPool } from "./pool";
import { errorMsg } from "./error-text";
import { guardSheet, postedDocuments } from "./company";
import { isConnectionFailure, runStoppedError, stopIfGone } from "./stop";
import { localDate, type JobContext } from "./types";
import { assertUpgradeTarget, rowPayment, UPGRADE_COLUMNS, upgradedAlready, upgradeOne } from "./upgrade";
import { rowMismatch } from "./verify";
import { render } from "../sheet/i18n/render";

export type Action =
  /** statusId for every row; without it, each row's status cell says where to go. */
  | { kind: "status"; statusId?: string }
  | { kind: "delete" }
  /** Payment columns of the row first, then these defaults; `fields`: more payment fields by wire
   * name (collected, withheldPercentage, withheldAmount, paymentDeductionAmount, chequeDate, channel
   * ids such as bankAccountId), the pane's payment form or the CLI's options; `origins`: where a
   * field of `fields` was given ("--collected"), named in a problem with it. */
  | { kind: "payment"; paymentMethod?: number; paymentDate?: string; fields?: Readonly<Record<string, string | number>>; origins?: Readonly<Record<string, string>> }
  /** `save` stores the PDF (the CLI writes a file) and answers where, for the pdfFile column. */
  | { kind: "exportPdf"; culture?: "th" | "en"; save: (fileName: string, base64: string) => Promise<string> }
  /** toEmail defaults to the row's contactEmail; without fromEmail (the service needs a sender) nothing is sent. */
  | { kind: "email"; fromEmail?: string; toEmail?: string; subject?: string; message?: string }
  | { kind: "share"; culture?: "th" | "en" }
  /** The next document made from each row's document (the target must accept the family). */
  | { kind: "upgrade"; to: Family }
  /** One file attached to every document of the rows. */
  | { kind: "attach"; file: FileBytes };

export interface ActJobOptions extends JobContext {
  /** Any family; the action must be one of its card's acts. */
  family: SheetFamily;
  action: Action;
  target?: ReadTarget;
  /** Which field each header is (docsheet map, the pane's mapping), checked for this family by parseMapping. */
  mapping?: ColumnMapping;
  /** Only documents with a row among these (sheet rows, 0-based); default every document. */
  rows?: readonly number[];
  concurrency?: number;
}

export interface ActResult {
  key: string;
  rows: number[];
  ok: boolean;
  /** Nothing to do (already upgraded): not counted as done. */
  skipped?: boolean;
  /** In the run's language, as written into the result column. */
  message: string;
  /** The share link made for the document (share), for the pane to show beside the sheet's cell. */
  link?: string;
}

export interface ActOutcome {
  sheet: string;
  results: ActResult[];
  done: number;
  failed: number;
  skipped: number;
}

const METHOD_NAMES: Record<number, string> = Object.fromEntries(Object.entries(PAYMENT_METHOD).map(([k, v]) => [v, k]));

/** The card's act (families/cards.ts) each action is. */
const ACT_OF: Readonly<Record<Action["kind"], ActKind>> = {
  status: "status", delete: "delete", payment: "payment", exportPdf: "pdf", email: "email", share: "share", upgrade: "upgrade", attach: "attach",
};

export async function actJob(port: WorkbookPort, client: DocSheetClient, opts: ActJobOptions): Promise<ActOutcome> {
  const entry = familyEntry(opts.family);
  const acting = actingOf(opts.family);
  if (opts.action.kind === "upgrade") assertUpgradeTarget(opts.family, opts.action.to);
  // The pane and the CLI offer a family its card's acts alone: anything else is refused unread.
  else if (!entry.acts.includes(ACT_OF[opts.action.kind])) throw new Error(`${ACT_OF[opts.action.kind]} is not an act of ${opts.family}`);
  const block = await port.read(opts.target);
  const read = readDocuments(block, { mapping: opts.mapping, table: entry.fields, family: opts.family });
  const sheet = block.sheet;
  const wanted = opts.rows ? new Set(opts.rows) : undefined;
  const chosen = read.documents.filter((d) => !wanted || d.rows.some((r) => wanted.has(r)));
  const docs = chosen.filter((d) => d.fields.recordId);
  // Rows the user picked that were never posted: said so in their rows, not passed over in silence.
  const unposted = wanted ? chosen.filter((d) => !d.fields.recordId) : [];
  await assertSheetFamily(port, sheet, opts.family, opts.lang ?? "en");
  assertRows(block, read, opts.lang ?? "en", wanted ? chosen.length : undefined, docs.length);
  // Another company's sheet is refused before anything is written or sent.
  if (docs.length > 0) {
    await stopIfGone(guardSheet(port, client, {
      sheet, family: opts.family, documents: postedDocuments(docs), lists: block.lists !== undefined, lang: opts.lang, signal: opts.signal, now: opts.now,
    }), docs.length + unposted.length, opts.lang ?? "en");
  }
  const keys: ResultKey[] = ["status", "result"];
  if (opts.action.kind === "share") keys.push("shareLink");
  if (opts.action.kind === "exportPdf") keys.push("pdfFile");
  if (opts.action.kind === "upgrade") keys.push(...UPGRADE_COLUMNS);
  const columns = resultColumns(read.layout, keys);
  // The write-back in batches (write-batch.ts); the headers it adds go with the first.
  const batch = new WriteBatch(port, sheet);
  if (docs.length + unposted.length > 0) batch.add(columns.headerWrites, 0);
  const store = entry.store(client);
  /** The documents' own acts (payment, upgrade, e-mail, share, attach): the card offers them only
   * where the family's records are documents. */
  const documents = (): { family: Family; api: ReturnType<DocSheetClient["documents"]> } => {
    if (!acting.documents) throw new Error(`${opts.family} has no documents' acts`);
    return { family: acting.documents, api: client.documents(acting.documents) };
  };
  const today = localDate((opts.now ?? (() => new Date()))());
  const results: ActResult[] = [];
  const lang = opts.lang ?? "en";
  const status = (word: string): string => statusText(word, lang, opts.family);
  let fatal: unknown;

  /** `msg`: written and reported in the run's language. */
  const finish = async (
    doc: SheetDocument, ok: boolean, msg: Message, extra: Partial<Record<ResultKey, CellValue>> = {}, skipped?: boolean, answer?: DocumentRecord,
  ): Promise<void> => {
    const message = render(msg, lang);
    results.push({ key: doc.key, rows: doc.rows, ok, message, ...(skipped ? { skipped } : {}), ...(typeof extra.shareLink === "string" ? { link: extra.shareLink } : {}) });
    // Skipped rows too: the sheet tells the truth for every row the action was asked of. A document
    // the service answered with: its totals, VAT and fingerprint as the service now has them.
    const answered = answer ? acting.answerWrites(doc, read.layout, answer, block) : [];
    await batch.push([...answered, ...resultWrites(doc, columns.cols, { result: message, ...extra })]);
    opts.onProgress?.({ done: results.length, total: docs.length + unposted.length, message: render(rowResultMsg(doc.key, doc.firstRow + 1, msg), lang) });
  };

  for (const doc of unposted) await finish(doc, true, resultMsg("notPostedYet"), {}, true);
  try {
    await actAll();
  } finally {
    // Every stop writes what is known: the end, a cancel, a failure.
    await batch.flush();
  }
  const failed = results.filter((r) => !r.ok).length;
  const skipped = results.filter((r) => r.skipped).length;
  // Rows not reached are left as they were.
  if (fatal) throw runStoppedError(fatal, { done: results.length - failed - skipped, notSent: docs.length + unposted.length - results.length }, lang);
  return { sheet, results, done: results.length - failed - skipped, failed, skipped };

  async function actAll(): Promise<void> {
    await runPool(docs, opts.concurrency ?? 4, async (doc) => {
      const id = Number(doc.fields.recordId.value);
      try {
        const copy = (await store.get(id, opts.signal)) as unknown as DocumentRecord;
        const other = rowMismatch(doc, copy, entry.proof);
        if (other) {
          await finish(doc, false, other);
          return;
        }
        const a = opts.action;
        switch (a.kind) {
          case "status": {
            // The service's word, or the people's word in either language ("รอเก็บเงิน", "cancelled").
            const asked = a.statusId ?? (doc.fields.status?.value as string | undefined);
            const statusId = asked ? serviceStatus(opts.family, asked, entry.statuses) : undefined;
            if (!statusId) {
              const statuses = entry.statuses.join(", ");
              await finish(doc, false, asked
                ? resultMsg("statusNotAllowed", { status: asked, family: opts.family, statuses })
                : resultMsg("statusMissing", { family: opts.family, statuses }));
              return;
            }
            const rec = (await store.setStatus!(id, statusId, opts.signal)) as unknown as DocumentRecord;
            const now = String(rec.statusString ?? statusId);
            await finish(doc, true, resultMsg("statusSet", { status: now }), { status: status(now) }, false, rec);
            return;
          }
          case "delete":
            await store.delete!(id, opts.signal);
            await finish(doc, true, resultMsg("deleted"), { status: null });
            return;
          case "payment": {
            // Settled against the service's own copy (read above) before anything is sent.
            // ...less what receipts made from it already settle: money settles once.
            const { family, api } = documents();
            const { body, due } = paymentBody(doc, family, id, a, today, await owingDue(client, copy, opts.signal));
            const problems = checkPayment(body, FAMILY_INFO[family].side, due).filter((f) => f.severity === "error");
            if (problems.length > 0) {
              const placed = (f: Finding): Message => {
                const cell = doc.fields[f.path];
                const where = cell ? cellAddress(cell.row, cell.col) : a.origins?.[f.path];
                return where ? at(where, f.msg) : f.msg;
              };
              await finish(doc, false, resultMsg("noPayment", { reason: problems.map(placed) }));
              return;
            }
            const rec = await api.pay(id, body);
            // As the service keeps it: collected, and the tax withheld when there is some.
            const kept = (rec.payments ?? {}) as Record<string, unknown>;
            const amount = String(kept.collected ?? body.collected);
            const withheld = Number(kept.withheldAmount ?? body.withheldAmount ?? 0);
            const paid = withheld > 0 ? resultMsg("paidWithheld", { amount, withheld: String(withheld) }) : resultMsg("paidAmount", { amount });
            await finish(doc, true, paid, { status: status(rec.statusString ?? "paid") }, false, rec);
            return;
          }
          case "exportPdf": {
            const base64 = await store.exportPdf!(id, a.culture ?? "th", opts.signal);
            const serial = String(doc.fields.documentSerial?.value ?? id).replace(/[^\w.-]+/g, "_");
            const where = await a.save(`${serial}.pdf`, base64);
            await finish(doc, true, resultMsg("pdfExported"), { pdfFile: where });
            return;
          }
          case "email": {
            const to = a.toEmail ?? (doc.fields.contactEmail?.value as string | undefined);
            if (!to) {
              await finish(doc, false, resultMsg("notSent", { reason: resultMsg("noRecipient") }));
              return;
            }
            // The service requires a sender (fromemail); asking it without one only earns a field error.
            if (!a.fromEmail) {
              await finish(doc, false, resultMsg("notSent", { reason: resultMsg("noSender") }));
              return;
            }
            const serial = doc.fields.documentSerial?.value ?? id;
            const sent = await documents().api.email({
              documentId: id, fromemail: a.fromEmail, toemail: to, subject: a.subject ?? `${entry.label.en} ${String(serial)}`,
              message: a.message ?? "", cCMyself: false,
            });
            // A relay failure answers 200 with ok false: the message was not delivered.
            if (sent.ok === false) {
              await finish(doc, false, resultMsg("notSent", { reason: sent.message ? serviceText(sent.message) : resultMsg("notDelivered") }));
              return;
            }
            await finish(doc, true, resultMsg("emailed", { to }));
            return;
          }
          case "share": {
            const link = await documents().api.share({ documentId: id, culture: a.culture ?? "th" });
            await finish(doc, true, resultMsg("shareCreated"), { shareLink: link });
            return;
          }
          case "attach":
            await finish(doc, true, await attachFile(documents().api, id, a.file, opts.signal));
            return;
          case "upgrade": {
            const already = upgradedAlready(block, doc, columns.cols.upgradedRecordId!);
            if (already !== undefined) {
              await finish(doc, true, resultMsg("alreadyUpgraded", { record: already }), {}, true);
              return;
            }
            const made = await upgradeOne(client, documents().family, a.to, copy, doc, today, opts.signal);
            if (!made) {
              await finish(doc, false, resultMsg("upgradeUnknown"));
              return;
            }
            const params = { family: a.to, serial: made.documentSerial };
            const done = resultMsg(made.found ? "upgradedFound" : made.withPayment ? "upgradedWithPayment" : "upgraded", params);
            await finish(doc, true, done, {
              upgradedTo: a.to, upgradedRecordId: made.recordId, upgradedSerial: made.documentSerial,
              ...(made.sourceStatus ? { status: status(made.sourceStatus) } : {}),
            }, false, made.source);
            return;
          }
        }
      } catch (err) {
        if (isConnectionFailure(err)) fatal ??= err;
        else if (err instanceof ApiError || err instanceof Error) await finish(doc, false, errorMsg(err));
        else throw err;
      }
    }, () => fatal !== undefined || opts.signal?.aborted === true);
  }
}

/** The row's payment (its columns, then the action's values) settled against the document's amount
 * on the service: a withholding rate gives its amount, a blank collected amount what settles the rest. */
function paymentBody(
  doc: SheetDocument, family: Family, id: number, a: { paymentMethod?: number; paymentDate?: string; fields?: Readonly<Record<string, string | number>> }, today: string,
  due: PaymentDue | null,
): { body: PaymentBody; due: PaymentDue | null } {
  const row = rowPayment(doc);
  for (const [field, value] of Object.entries(a.fields ?? {})) row[field] ??= value;
  row.paymentMethod ??= a.paymentMethod;
  row.paymentDate ??= a.paymentDate ?? today;
  const body = due ? settlePayment(row, due) : row;
  const method = METHOD_NAMES[Number(body.paymentMethod)];
  if (method) body.paymentStructureType = `Payment${familyCard(family).buying ? "Paid" : "Receiving"}${method}`;
  body.documentId = id;
  // The row's cells are read untyped: checkPayment parses this body before it is sent.
  return { body: body as PaymentBody, due };
}
