// Payments of documents: the channels a payment names must be configured for the company (spec,
// Errors, rule table 2), the payment kept on the document as `payments`, and the paid state
// (with the state before it, in document_payments, so a partial receipt lowered later can undo it).
import { and, eq, ne } from "drizzle-orm";
import { REFERENCE_KIND, paymentMethodName, type StatusWord } from "../../rules/codes";
import { finding, type Finding } from "../../rules/findings";
import { ruleMsg } from "../../rules/messages";
import { Decimal, ZERO, parseDecimal, roundField, toWireNumber } from "../../rules/money";
import { dueOf, paymentParts, settlementFindings } from "../../rules/settlement";
import { validationError } from "../envelope";
import type { Tx } from "../store/database";
import { documentPayments, documentReferences, documents, paymentChannels } from "../store/schema";
import type { ChannelKind } from "../masters/channels";
import { updateDocument, type DocumentRow } from "./repository";
import type { Json } from "../../rules/json";
import { completePayment } from "./answer-shape";

/** Payment fields that name a channel, and the kind of channel each must be. */
const CHANNEL_FIELDS: ReadonlyArray<[field: string, kind: ChannelKind]> = [
  ["bankAccountId", "bank"],
  ["chequeBankAccountId", "bank"],
  ["creditCardBankAccountId", "bank"],
  ["bankChequeId", "cheque"],
  ["creditCardId", "credit-card"],
  ["pettyCashId", "petty-cash"],
  ["otherChannelId", "other"],
];

/** Fields copied from the request into `payments` as given. */
const KEPT_FIELDS = [
  "paymentDate", "paymentDeductionType", "paymentRemarks", "remainingCollectedType", "transferBankAccountId",
  "chequeDate", "chequeNumber",
];

/** The .NET service reads an absent id, null, "" and 0 alike as "not given". */
const givenId = (v: unknown): boolean => v !== undefined && v !== null && String(v).trim() !== "" && String(v).trim() !== "0";

async function channelBody(tx: Tx, companyId: number, kind: ChannelKind, id: unknown): Promise<Json | undefined> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return undefined;
  const [row] = await tx.select({ body: paymentChannels.body }).from(paymentChannels)
    .where(and(eq(paymentChannels.id, n), eq(paymentChannels.companyId, companyId), eq(paymentChannels.kind, kind)));
  return row?.body;
}

export interface CheckedChannels {
  /** The channels named by the payment, by field. */
  byField: Map<string, Json>;
}

/** Every channel id the payment names must be one of this company's channels of the right kind. */
export async function checkPaymentChannels(tx: Tx, companyId: number, body: Json): Promise<CheckedChannels> {
  const method = paymentMethodName(Number(body.paymentMethod)) ?? String(body.paymentMethod);
  const findings: Finding[] = [];
  const byField = new Map<string, Json>();
  for (const [field, kind] of CHANNEL_FIELDS) {
    if (!givenId(body[field])) continue;
    const channel = await channelBody(tx, companyId, kind, body[field]);
    if (channel) byField.set(field, channel);
    else findings.push(finding(field, ruleMsg("paymentChannelNotConfigured", { method, field })));
  }
  if (findings.length > 0) throw validationError(findings);
  return { byField };
}

const dec = (v: unknown): Decimal | null => (v === undefined || v === null || v === "" ? null : parseDecimal(v));
const wire = (field: string, d: Decimal): number => toWireNumber(roundField(field, d));

/** What the payment is called on documents and PDFs: the channel's name, else the method's. */
function channelName(method: string, channels: CheckedChannels): string {
  const bank = channels.byField.get("bankAccountId") ?? channels.byField.get("chequeBankAccountId") ?? channels.byField.get("creditCardBankAccountId");
  const own = channels.byField.get("bankChequeId") ?? channels.byField.get("creditCardId")
    ?? channels.byField.get("pettyCashId") ?? channels.byField.get("otherChannelId");
  if (own && typeof own.name === "string") return own.name;
  if (bank) return [bank.bankName, bank.bankAccountNumber].filter((x) => typeof x === "string" && x !== "").join(" ");
  return method;
}

/**
 * The `payments` object of a paid document (service-facts §4.1), amounts at their precision. The
 * payment must settle the document as stored (rules/settlement.ts, the clients' rule too):
 * collected + withheld + deductions = grandTotal; withheldAmount defaults to withheldPercentage of
 * the amount before VAT.
 */
export function composePayment(body: Json, document: Json, channels: CheckedChannels): Json {
  const method = Number(body.paymentMethod);
  const name = paymentMethodName(method) ?? String(method);
  const due = dueOf(document);
  if (due) {
    const unsettled = settlementFindings(body, due);
    if (unsettled.length > 0) throw validationError(unsettled);
  }
  const parts = due ? paymentParts(body, due) : undefined;
  const collected = dec(body.collected) ?? ZERO;
  const percentage = dec(body.withheldPercentage) ?? ZERO;
  const withheld = parts?.withheld ?? dec(body.withheldAmount) ?? ZERO;
  const deduction = dec(body.paymentDeductionAmount) ?? ZERO;
  const remaining = dec(body.remainingCollected) ?? ZERO;
  const payments: Json = {
    paymentMethod: method,
    paymentChannel: channelName(name, channels),
    collected: wire("collected", collected),
    withheldPercentage: wire("withheldPercentage", percentage),
    withheldAmount: wire("withheldAmount", withheld),
    paymentDeductionAmount: wire("paymentDeductionAmount", deduction),
    remainingCollected: wire("remainingCollected", remaining),
    paymentCharge: wire("paymentCharge", dec(body.paymentCharge) ?? ZERO),
  };
  for (const f of KEPT_FIELDS) if (body[f] !== undefined && body[f] !== null) payments[f] = body[f];
  for (const [field] of CHANNEL_FIELDS) if (givenId(body[field])) payments[field] = body[field];
  const bank = channels.byField.get("bankAccountId");
  if (bank) {
    payments.bankAccountType = bank.bankAccountType ?? 0;
    payments.bankAccountName = bank.bankAccountName ?? "";
    payments.bankAccountNumber = bank.bankAccountNumber ?? "";
  }
  return completePayment(payments);
}

/** Refuses a payment on a void or already paid document. */
export function assertPayable(row: DocumentRow): void {
  if (row.status === "void") throw validationError(ruleMsg("paymentDocumentVoid", { serial: row.serial }).text);
  if (row.status === "paid") throw validationError(ruleMsg("paymentAlreadyPaid", { serial: row.serial }).text);
  if (row.remaining !== null) throw validationError(ruleMsg("paymentHasPartialReceipts", { serial: row.serial }).text);
}

/** Refuses a payment on a document a live receipt was made from: the receipt is what gets paid,
 * so the money is not collected twice. */
export async function assertNoReceipt(tx: Tx, row: DocumentRow): Promise<void> {
  if (!row.hasReferences) return;
  const made = await tx.select({ serial: documents.serial }).from(documentReferences)
    .innerJoin(documents, eq(documents.id, documentReferences.toDocumentId))
    .where(and(eq(documentReferences.fromDocumentId, row.id), eq(documentReferences.kind, REFERENCE_KIND.ImportDocument),
      eq(documents.family, "receipts"), eq(documents.deleted, false), ne(documents.status, "void")));
  if (made.length > 0) throw validationError(ruleMsg("paymentHasReceipt", { serial: row.serial, receipts: made.map((m) => m.serial).join(", ") }).text);
}

export type PaidBy = "payment" | "partial-receipts";

/** Moves a document to paid, keeping the state it leaves; `payments` is set when given. */
export async function markPaid(tx: Tx, row: DocumentRow, by: PaidBy, payments?: Json, extra: Partial<DocumentRow> = {}): Promise<DocumentRow> {
  await tx.insert(documentPayments).values({ documentId: row.id, companyId: row.companyId, source: by, statusBefore: row.status })
    .onConflictDoUpdate({ target: documentPayments.documentId, set: { source: by, statusBefore: row.status, paidAt: new Date() } });
  const body = payments ? { ...row.body, payments } : row.body;
  return updateDocument(tx, row.id, { ...extra, status: "paid", body });
}

/** Takes a document paid by partial receipts back to the state it was in before (a PUT lowered an amount). */
export async function unmarkPaid(tx: Tx, row: DocumentRow, extra: Partial<DocumentRow> = {}): Promise<DocumentRow> {
  const [was] = await tx.delete(documentPayments).where(eq(documentPayments.documentId, row.id)).returning();
  const status: StatusWord = (was?.statusBefore as StatusWord | undefined) ?? "awaiting";
  return updateDocument(tx, row.id, { ...extra, status });
}
