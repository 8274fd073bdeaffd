// The upgrade action of the act job: the next document made from a posted one (quotation → billing
// note, tax invoice or cash invoice; billing note → tax invoice or receipt; tax invoice → receipt;
// purchase order → purchase). The source is read back from the service and turned into the
// target's create body (same contact, lines, VAT settings and totals) naming the source in
// documentReference; the row's payment columns make it an upgrade with payment where the target
// has one. The new document goes into the row's upgradedTo / upgradedRecordId / upgradedSerial.
//
// Never twice: a row whose upgradedRecordId is filled is skipped, and a source that already links
// to a document of the target family (an earlier run whose write-back was lost) is written back
// instead of upgraded again.
import { KeyedError } from "../rules/message";
import { OutcomeUnknownError, type DocSheetClient, type DocumentRecord, type JsonBody } from "../api";
import { FAMILY_INFO, paymentMethodName, upgradeTargets, type Family, type SheetFamily } from "../rules/codes";
import { actingOf } from "../families/actings";
import { familyCard } from "../families/cards";
import { dueOf, settlePayment } from "../rules/settlement";
import type { SendableDocument } from "../sheet/body";
import { sendBuilt } from "./send-built";
import type { UpgradeDocumentBody, UpgradeWithPaymentDocumentBody } from "../rules/schemas/bodies";
import { FIELD_BY_KEY } from "../sheet/fields";
import { resultMsg } from "../sheet/i18n/results";
import { MARKER_PREFIX } from "../sheet/marker";
import type { SheetDocument } from "../sheet/read";
import { isEmptyCell } from "../sheet/values";
import type { ResultKey } from "../sheet/writeback";
import type { Block } from "../workbook/port";
import { addDays } from "../rules/calendar";

/** The result columns the upgrade writes, added at the right of the header when missing. */
export const UPGRADE_COLUMNS = ["upgradedTo", "upgradedRecordId", "upgradedSerial"] as const satisfies readonly ResultKey[];

/** The families a family's records may be upgraded to: none where they are not documents. */
export function upgradeTargetsOf(from: SheetFamily): Family[] {
  const own = actingOf(from).documents;
  return own ? upgradeTargets(own) : [];
}

export class UpgradeTargetError extends KeyedError {
  constructor(from: SheetFamily, to: string) {
    const allowed = upgradeTargetsOf(from);
    const label = familyCard(from).label.en;
    super(allowed.length === 0
      ? resultMsg("cannotUpgrade", { family: label })
      : resultMsg("cannotUpgradeTo", { family: label.toLowerCase(), to, allowed: allowed.join(" or ") }));
    this.name = "UpgradeTargetError";
  }
}

export function assertUpgradeTarget(from: SheetFamily, to: string): asserts to is Family {
  if (!upgradeTargetsOf(from).includes(to as Family)) throw new UpgradeTargetError(from, to);
}

/**
 * The upgradedRecordId already in one of the document's rows, if any. Read from the raw cells: any
 * filled cell counts, even one the sheet layer could not read as an id (never upgrade twice).
 */
export function upgradedAlready(block: Block, doc: SheetDocument, col: number): string | undefined {
  for (const row of doc.rows) {
    const v = block.values[row - block.top]?.[col - block.left];
    if (v !== undefined && !isEmptyCell(v) && typeof v !== "object") return String(v);
  }
  return undefined;
}

/** The row's payment columns by wire name (empty when none is filled). */
export function rowPayment(doc: SheetDocument): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, cell] of Object.entries(doc.fields)) {
    const def = FIELD_BY_KEY.get(key);
    if (def?.level === "payment") out[def.wire] = cell.value;
  }
  return out;
}

const HEADER_FIELDS = [
  "contactId", "contactCode", "contactName", "contactAddress", "contactTaxId", "contactBranch", "contactPerson", "contactEmail",
  "contactNumber", "contactZipCode", "contactGroup", "creditType", "creditDays", "salesName", "projectName", "reference",
  "isManualVat", "isVatInclusive", "isVat", "subTotal", "discountPercentage", "discountAmount", "totalAfterDiscount", "vatAmount",
  "grandTotal", "documentShowWithholdingTax", "documentWithholdingTaxPercentage", "documentWithholdingTaxAmount",
  "useReceiptDeduction", "documentDeductionType", "documentDeductionAmount", "remarks", "showSignatureOrStamp",
  "saleAndPurchaseChannel", "expenseCategoryView",
] as const;
const INLINE_FIELDS = ["discountType", "useInlineDiscount", "useInlineVat", "exemptAmount", "vatableAmount"] as const;
const LINE_FIELDS = [
  "type", "name", "description", "unitName", "quantity", "pricePerUnit", "total", "discountAmount", "vatRate",
  "sellChartOfAccountCode", "buyChartOfAccountCode", "systemCode", "categoryId", "creditId", "debitId", "nameLocal",
  "nameForeign", "withHeldPerItem", "withHeldPerItemValue",
] as const;

function pick(from: Record<string, unknown>, keys: readonly string[]): JsonBody {
  const out: JsonBody = {};
  for (const k of keys) if (from[k] !== undefined && from[k] !== null) out[k] = from[k];
  return out;
}

export const isInline = (doc: DocumentRecord): boolean => doc.documentStructureType === "InlineDocument";

/**
 * The target's create body from the source as the service holds it. Dated today (or the source's
 * date when that is later); the post job's marker is not carried over: it names the source's row.
 */
export function upgradeBody(source: DocumentRecord, target: Family, today: string, payment: JsonBody): UpgradeWithPaymentDocumentBody;
export function upgradeBody(source: DocumentRecord, target: Family, today: string): UpgradeDocumentBody;
export function upgradeBody(source: DocumentRecord, target: Family, today: string, payment?: JsonBody): UpgradeDocumentBody {
  const inline = isInline(source);
  const body = pick(source, inline ? [...HEADER_FIELDS, ...INLINE_FIELDS] : HEADER_FIELDS);
  const date = typeof source.publishedOn === "string" ? source.publishedOn.slice(0, 10) : "";
  body.publishedOn = date > today ? date : today;
  body.dueDate = typeof body.creditDays === "number" && body.creditDays > 0 ? addDays(String(body.publishedOn), body.creditDays) : body.publishedOn;
  const notes = typeof source.internalNotes === "string"
    ? source.internalNotes.split(/\r?\n/).filter((l) => !l.trim().startsWith(MARKER_PREFIX)).join("\n").trim() : "";
  if (notes) body.internalNotes = notes;
  body.documentStructureType = inline ? "InlineDocument" : "SimpleDocument";
  // Answers give every line discountAmount and vatRate; a simple document's lines send neither.
  const lineFields = inline ? LINE_FIELDS : LINE_FIELDS.filter((f) => f !== "discountAmount" && f !== "vatRate");
  body.items = (source.items ?? []).map((item) => pick(item, lineFields));
  body.documentReference = [{
    recordId: source.recordId, referenceDocumentSerial: source.documentSerial, referenceDocumentType: source.documentType,
  }];
  if (payment) {
    const due = dueOf(body);
    const pay: JsonBody = due ? settlePayment(payment, due) : { ...payment };
    pay.paymentDate ??= body.publishedOn;
    const method = paymentMethodName(Number(pay.paymentMethod)) ?? "Cash";
    const side = familyCard(target).buying ? "Paid" : "Receiving";
    pay.documentPaymentStructureType = `${inline ? "Inline" : "Simple"}DocumentWithPayment${side}${method}`;
    Object.assign(body, pay);
  }
  // The source's own fields, as the service gave them, and its reference: the upgrade's body.
  return body as UpgradeDocumentBody;
}

/** The document of the target family the source already links to (made by an earlier run). */
export function existingUpgrade(source: DocumentRecord, target: Family): { recordId: number; documentSerial: string } | undefined {
  const type = FAMILY_INFO[target].documentType;
  const link = (source.referencedToMe ?? []).find((r) => r.documentType === type && typeof r.documentId === "number");
  return link ? { recordId: link.documentId!, documentSerial: link.documentSerial ?? "" } : undefined;
}

export interface Upgraded {
  recordId: number;
  documentSerial: string;
  /** The source's status after the upgrade. */
  sourceStatus?: string;
  /** The source as the service holds it after the upgrade (its row shows it). */
  source?: DocumentRecord;
  /** Found linked to the source (an earlier run) rather than created now. */
  found: boolean;
  withPayment: boolean;
}

/** Upgrades one source document, as just read from the service (and verified as the row's);
 * undefined when the answer was lost and nothing links to it yet. */
export async function upgradeOne(
  client: DocSheetClient, from: Family, to: Family, source: DocumentRecord, doc: SheetDocument, today: string, signal?: AbortSignal,
): Promise<Upgraded | undefined> {
  const sourceApi = client.documents(from);
  const id = source.recordId;
  const earlier = existingUpgrade(source, to);
  if (earlier) return { ...earlier, sourceStatus: source.statusString, source, found: true, withPayment: false };

  const payment = rowPayment(doc);
  const withPayment = FAMILY_INFO[to].upgradeWithPayment && Object.keys(payment).length > 0;
  const api = client.documents(to);
  const inline = isInline(source);
  const send: SendableDocument = withPayment
    ? { operation: inline ? "upgradeInlineWithPayment" : "upgradeWithPayment", body: upgradeBody(source, to, today, payment) }
    : { operation: inline ? "upgradeInline" : "upgrade", body: upgradeBody(source, to, today) };
  let made: DocumentRecord;
  try {
    made = await sendBuilt(api, send, { signal });
  } catch (err) {
    if (!(err instanceof OutcomeUnknownError)) throw err;
    const again = await sourceApi.get(id, { signal });
    const after = existingUpgrade(again, to);
    return after ? { ...after, sourceStatus: again.statusString, source: again, found: true, withPayment } : undefined;
  }
  const refreshed = await sourceApi.get(id, { signal });
  return { recordId: made.recordId, documentSerial: made.documentSerial, sourceStatus: refreshed.statusString, source: refreshed, found: false, withPayment };
}
