// How the update job (jobs/update.ts) updates a document family's rows, beside the entries as
// post-documents.ts is: each document of the sheet with a recordId is compared with the service's
// copy, field by field over the sheet's columns, and a changed one is sent (PUT, with the structure
// type of the service's copy; an awaiting partial receipt as the batch body posting builds, in the
// update form the spec asks). Not sent, each with the reason in its row: documents the service
// changed since the sheet last saw them (their fingerprint, sheet/fingerprint.ts, no longer matches),
// documents that are not awaiting (the spec edits only those), a receipt of part of a tax invoice whose
// customer was edited (the service keeps the invoice's), documents whose check fails, and rows
// whose record id and serial do not name the same document (jobs/verify.ts: a record id typed over
// must not overwrite another document). A row without a fingerprint is compared and sent, its result
// saying that changes made on the service since could not be checked. A document sent takes the
// service's figures and a new fingerprint, so the next update compares with what it sent.
import type { Message } from "../rules/message";
import type { DocSheetClient, DocumentApi, DocumentRecord } from "../api";
import type { UpdateDocumentBody } from "../rules/schemas/bodies";
import { checkDocument } from "../rules/checks";
import type { Family } from "../rules/codes";
import type { Json } from "../rules/json";
import { Decimal, formatMoney } from "../rules/money";
import { shownValue } from "../sheet/columns";
import { buildDocument, dueDateOf } from "../sheet/body";
import { FIELD_BY_KEY } from "../sheet/fields";
import { sortFindings, type CellFinding } from "../sheet/findings";
import { changedSince, fingerprintOf, isFingerprint } from "../sheet/fingerprint";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import { statusText } from "../sheet/i18n/status";
import { fieldName, label } from "../sheet/i18n/names";
import { markerIn } from "../sheet/marker";
import { fieldOfPath, pinFinding } from "../sheet/pin";
import { readDocuments, type SheetDocument, type SheetLayout } from "../sheet/read";
import { serviceCopy, type ServiceCopy } from "../sheet/service-copy";
import { TOTAL_KEYS, hasInlineLines, mergeForUpdate, sameValue, sheetChanges, type FieldChange } from "../sheet/update";
import type { Parsed } from "../sheet/values";
import { answerWrites } from "../sheet/writeback";
import { render } from "../sheet/i18n/render";
import { expenseCategoriesFor } from "../jobs/categories";
import { notSent } from "../jobs/not-sent";
import { shownDate } from "../jobs/month";
import { isConnectionFailure } from "../jobs/stop";
import { familyEntry } from "./index";
import { rowMismatch } from "../jobs/verify";
import type { ShownChange } from "../jobs/shown-change";
import type { RowPlan, Updating } from "./updating";

/** Company header fields the update bodies carry (service-facts §3.4), as the service has them. */
const COMPANY_FIELDS = [
  "companyName", "companyNameEn", "companyAddress", "companyAddressEn", "companyTaxId", "companyBranch", "companyBranchEn",
  "companyPhone", "companyMobile", "companyFax", "companyWebsite",
];

interface Plan {
  kind: RowPlan["kind"];
  changes: FieldChange[];
  /** By key, rendered in the run's language (the fields in it already named in that language). */
  message: Message;
  body?: UpdateDocumentBody;
  /** A partial receipt's body: sent through the client's partial-receipt update. */
  partial?: boolean;
  /** The row has no fingerprint: a change made on the service since could not be checked for. */
  unchecked?: boolean;
}

/** The document family's updating (families/updating.ts). */
export function documentUpdating(family: Family): Updating {
  const api = (client: DocSheetClient): DocumentApi => client.documents(family);
  return {
    // A line's category as the post takes it (by name or code, from the company's categories).
    read: async (block, o) => readDocuments(block, { mapping: o.mapping, family, categories: await expenseCategoriesFor(o.client, family, o.signal) }),
    columns: ["status", "result", "fingerprint"],
    reportsFindings: false,
    copies: (client, docs, signal) => listedCopies(api(client), docs, signal),
    async plan(client, doc, copy, ctx) {
      const rec = copy as unknown as DocumentRecord;
      const p = planFor(doc, rec, ctx.read.layout, ctx.read.findings, family, ctx.today, ctx.lang);
      const fields = fieldList(p.changes, ctx.lang);
      const { body, partial } = p;
      return {
        kind: p.kind, message: p.message, changes: p.changes.map((c) => shown(c, ctx.lang)), ...(p.unchecked ? { unchecked: true } : {}),
        ...(p.kind === "update" && body ? {
          done: resultMsg(p.unchecked ? "updatedUnchecked" : "updated", { fields }),
          send: async (signal?: AbortSignal) => (partial ? await api(client).updatePartialReceipt(rec.recordId, body, { signal }) : await api(client).update(rec.recordId, body, { signal })) as unknown as Json,
        } : {}),
      };
    },
    // The row shows what the service now holds: its totals and VAT computed from the new lines.
    written(doc, answer, ctx) {
      const rec = answer as unknown as DocumentRecord;
      const copy = serviceCopy(rec);
      return {
        values: { fingerprint: fingerprintOf(copy), status: statusText(rec.statusString ?? "awaiting", ctx.lang, family) },
        cells: answerWrites(doc, ctx.read.layout, copy, ctx.block),
      };
    },
  };
}

/** What to do with one document, given the service's copy of it. */
function planFor(
  doc: SheetDocument, rec: DocumentRecord, layout: SheetLayout, readFindings: CellFinding[], family: Family, today: string, lang: Lang,
): Plan {
  const copy = serviceCopy(rec, { row: doc.firstRow, col: layout.headers.left });
  const plan = (kind: Plan["kind"], message: Message, changes: FieldChange[] = [], body?: UpdateDocumentBody): Plan => ({ kind, changes, message, body });
  // First of all: the record id must name the row's document, or nothing is compared with it.
  const other = rowMismatch(doc, rec, familyEntry(family).proof);
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
  // A receipt of part of a tax invoice is the invoice's customer's: the service takes every contact
  // field from the invoice whatever is sent, so an edit of one would be said sent and never made.
  const contact = changes.filter((c) => c.line === undefined && c.key.startsWith("contact"));
  if (partial && contact.length > 0) return plan("refused", resultMsg("partialKeepsContact", { fields: fieldList(contact, lang) }), changes);
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

/**
 * The service's copies of the documents read a list page (200) at a time over the dates the sheet
 * gives, when that takes at most a tenth of the requests one read each would (the list holds at most
 * 20 documents for each of the sheet's). A
 * document missing from it (its date edited in the sheet, a list without lines) is read on its own.
 */
async function listedCopies(api: DocumentApi, docs: readonly SheetDocument[], signal?: AbortSignal): Promise<Map<number, DocumentRecord>> {
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
