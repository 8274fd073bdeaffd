// Partial receipts (spec, Partial receipt; service-facts §3.8): a receipt whose lines pay parts of
// tax invoices. Each tax invoice keeps what remains to be paid in documents.remaining; every
// change locks the tax invoices it touches (SELECT ... FOR UPDATE, in id order, so concurrent
// receipts queue instead of both reading the same balance; the embedded store runs one
// transaction at a time anyway), and a CHECK keeps remaining from ever going below 0.
import { and, eq } from "drizzle-orm";
import { DOCUMENT_STRUCTURE, DOCUMENT_TYPE, FAMILY_INFO, PARTIAL_PAYMENT_METHOD_RECEIPT, REFERENCE_KIND } from "../../rules/codes";
import { finding, type Finding } from "../../rules/findings";
import { MESSAGES, ruleMsg } from "../../rules/messages";
import { Decimal, ZERO, formatMoney, parseDecimal, roundHalfUp, toWireNumber } from "../../rules/money";
import { validationError } from "../envelope";
import type { Tx } from "../store/database";
import { documentReferences } from "../store/schema";
import type { Json } from "../../rules/json";
import { completeDocument } from "./answer-shape";
import { markPaid, unmarkPaid } from "./payments";
import { addReference, findAnyDocument, insertDocument, updateDocument, type DocumentRow } from "./repository";

interface Line {
  at: string;
  documentId: number;
  amount: Decimal;
}

/** A locked tax invoice and its balance as this change moves it. */
interface Balance {
  row: DocumentRow;
  remaining: Decimal;
}

const CONTACT_FIELDS = [
  "contactCode", "contactName", "contactAddress", "contactTaxId", "contactBranch", "contactPerson", "contactEmail",
  "contactNumber", "contactZipCode", "contactGroup",
];
const KEPT_FIELDS = ["reference", "projectName", "salesName", "remarks", "internalNotes", "showSignatureOrStamp", "externalId"];

const dec = (v: unknown): Decimal => parseDecimal(v) ?? ZERO;
const wire = (d: Decimal): number => toWireNumber(roundHalfUp(d, 2));

/** True for a receipt made in batch mode: only composeReceipt stores lines with partialAmount. */
export function isPartialReceipt(row: DocumentRow): boolean {
  const items = row.body.items;
  return row.family === "receipts" && row.body.isBatchDocument === true && Array.isArray(items)
    && items.some((i) => (i as Json).partialAmount !== undefined);
}

function linesOf(body: Json): Line[] {
  return (body.items as Json[]).map((item, i) => ({
    at: `items.${i}`, documentId: Number(item.documentId), amount: roundHalfUp(dec(item.partialAmount), 2),
  }));
}

/** The partial-payment links of a receipt (tax invoice → receipt, kind 11). */
async function linksOf(tx: Tx, receiptId: number) {
  return tx.select({ invoiceId: documentReferences.fromDocumentId, amount: documentReferences.amount }).from(documentReferences)
    .where(and(eq(documentReferences.toDocumentId, receiptId), eq(documentReferences.kind, REFERENCE_KIND.BatchPartialPayments)));
}

/** Locks the tax invoices among these ids, in id order. Other ids are simply absent from the map. */
async function lockInvoices(tx: Tx, companyId: number, ids: number[]): Promise<Map<number, Balance>> {
  const out = new Map<number, Balance>();
  for (const id of [...new Set(ids)].filter((n) => Number.isSafeInteger(n) && n > 0).sort((a, b) => a - b)) {
    const row = await findAnyDocument(tx, companyId, id, true);
    if (row && row.family === "tax-invoices") out.set(id, { row, remaining: dec(row.remaining ?? row.grandTotal) });
  }
  return out;
}

/** Takes the new lines off the balances, or throws every reason they cannot be. */
function reserve(lines: Line[], balances: Map<number, Balance>, contactId: number | undefined): void {
  const findings: Finding[] = [];
  const wanted = new Map<number, Decimal>();
  for (const line of lines) {
    const b = balances.get(line.documentId);
    if (!b) {
      findings.push(finding(`${line.at}.documentId`, ruleMsg("partialInvoiceNotFound", { documentId: line.documentId })));
      continue;
    }
    if (b.row.status === "void" || (b.row.status === "paid" && b.row.remaining === null)) {
      findings.push(finding(`${line.at}.documentId`, ruleMsg("partialInvoiceState", { serial: b.row.serial, status: b.row.status })));
      continue;
    }
    if (contactId !== undefined && b.row.contactId !== contactId) {
      findings.push(finding("contactId", ruleMsg("partialContactMismatch", { given: contactId, serial: b.row.serial })));
    }
    wanted.set(line.documentId, (wanted.get(line.documentId) ?? ZERO).plus(line.amount));
  }
  const contacts = new Set(lines.map((l) => balances.get(l.documentId)?.row.contactId).filter((c) => c !== undefined));
  if (contacts.size > 1) findings.push(finding("items", ruleMsg("partialOneContact")));
  for (const [id, sum] of wanted) {
    const b = balances.get(id)!;
    if (sum.greaterThan(b.remaining)) {
      const at = lines.find((l) => l.documentId === id)!.at;
      findings.push(finding(`${at}.partialAmount`, ruleMsg("partialAmountAboveRemaining", {
        given: formatMoney(sum, 2), remaining: formatMoney(b.remaining, 2), serial: b.row.serial,
      })));
    }
  }
  if (findings.length > 0) throw validationError(findings);
  for (const [id, sum] of wanted) balances.get(id)!.remaining = balances.get(id)!.remaining.minus(sum);
}

/** Writes the balances back: paid at 0, back to the state before paid when above 0 again. */
async function writeBalances(tx: Tx, balances: Iterable<Balance>): Promise<void> {
  for (const { row, remaining } of balances) {
    const grand = dec(row.grandTotal);
    // Nothing reserved any more: the invoice is no longer paid in parts (a plain payment may pay it).
    const value = remaining.equals(grand) ? null : remaining.toFixed(2);
    if (remaining.isZero() && row.status !== "paid") await markPaid(tx, row, "partial-receipts", undefined, { remaining: value });
    else if (!remaining.isZero() && row.status === "paid") await unmarkPaid(tx, row, { remaining: value });
    else await updateDocument(tx, row.id, { remaining: value });
  }
}

/** Gives back what a receipt's links took from their tax invoices and removes the links. */
function release(balances: Map<number, Balance>, links: Array<{ invoiceId: number; amount: string | null }>): void {
  for (const link of links) {
    const b = balances.get(link.invoiceId);
    if (b) b.remaining = b.remaining.plus(dec(link.amount));
  }
}

/** Today in the service's time zone, YYYY-MM-DD (publishedOn is optional on create). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

interface ComposedReceipt {
  body: Json;
  grandTotal: Decimal;
  contactId: number | null;
  contactName: string;
  projectName: string;
}

/**
 * The receipt from its lines: contact and company header from the tax invoice, VAT at document
 * level in the proportion of each invoice's VAT to its grand total (amounts include VAT).
 */
function composeReceipt(request: Json, lines: Line[], balances: Map<number, Balance>, previous?: Json): ComposedReceipt {
  const first = balances.get(lines[0].documentId)!.row;
  let grand = ZERO;
  let vat = ZERO;
  const items = lines.map((line) => {
    const inv = balances.get(line.documentId)!.row;
    const invGrand = dec(inv.grandTotal);
    grand = grand.plus(line.amount);
    if (!invGrand.isZero()) vat = vat.plus(line.amount.times(dec(inv.body.vatAmount)).dividedBy(invGrand));
    return {
      type: 1, name: `${FAMILY_INFO["tax-invoices"].label.en} ${inv.serial}`, description: `Partial payment of ${inv.serial}`,
      quantity: 1, unitName: "", pricePerUnit: wire(line.amount), total: wire(line.amount),
      documentId: inv.id, documentType: DOCUMENT_TYPE.TaxInvoice, documentSerial: inv.serial, partialAmount: wire(line.amount),
    };
  });
  vat = roundHalfUp(vat, 2);
  const body: Json = {};
  for (const f of KEPT_FIELDS) {
    const v = request[f] ?? previous?.[f];
    if (v !== undefined && v !== null) body[f] = v;
  }
  for (const f of CONTACT_FIELDS) if (first.body[f] !== undefined) body[f] = first.body[f];
  Object.assign(body, {
    documentStructureType: DOCUMENT_STRUCTURE.Simple, isBatchDocument: true, partialPaymentMethod: PARTIAL_PAYMENT_METHOD_RECEIPT,
    creditType: 3, creditDays: 0, isManualVat: false, isVatInclusive: true, isVat: vat.greaterThan(0),
    contactId: first.contactId, items,
    subTotal: wire(grand), discountAmount: 0, totalAfterDiscount: wire(grand), vatAmount: wire(vat), grandTotal: wire(grand),
    totalWithoutVat: wire(grand.minus(vat)), documentShowWithholdingTax: false, documentWithholdingTaxAmount: 0,
    company: previous?.company ?? first.body.company ?? {}, payments: null,
  });
  return { body: completeDocument("receipts", body), grandTotal: grand, contactId: first.contactId, contactName: String(body.contactName ?? ""), projectName: typeof body.projectName === "string" ? body.projectName : "" };
}

async function link(tx: Tx, companyId: number, receiptId: number, lines: Line[]): Promise<void> {
  for (const line of lines) {
    await addReference(tx, companyId, line.documentId, receiptId, REFERENCE_KIND.BatchPartialPayments, line.amount.toFixed(2));
  }
}

/** POST /receipts in batch mode, the body checked: the receipt, its links, the invoices' balances. */
export async function createPartialReceipt(tx: Tx, companyId: number, request: Json): Promise<DocumentRow> {
  const lines = linesOf(request);
  const balances = await lockInvoices(tx, companyId, lines.map((l) => l.documentId));
  const contactId = request.contactId === undefined || request.contactId === null ? undefined : Number(request.contactId);
  reserve(lines, balances, contactId);
  const receipt = composeReceipt(request, lines, balances);
  const publishedOn = typeof request.publishedOn === "string" ? request.publishedOn : today();
  const info = FAMILY_INFO.receipts;
  const row = await insertDocument(tx, {
    companyId, family: "receipts", documentType: info.documentType, structure: "simple", status: "awaiting",
    publishedOn, dueDate: publishedOn, contactId: receipt.contactId, contactName: receipt.contactName,
    projectName: receipt.projectName, grandTotal: receipt.grandTotal.toFixed(2), body: receipt.body,
  });
  await writeBalances(tx, balances.values());
  await link(tx, companyId, row.id, lines);
  return row;
}

/** PUT /receipts/{id} of an awaiting partial receipt (locked by the caller), the body checked. */
export async function updatePartialReceipt(tx: Tx, current: DocumentRow, request: Json): Promise<DocumentRow> {
  if (current.status !== "awaiting") throw validationError(MESSAGES.partialOnlyAwaiting);
  const lines = linesOf(request);
  const links = await linksOf(tx, current.id);
  const balances = await lockInvoices(tx, current.companyId, [...links.map((l) => l.invoiceId), ...lines.map((l) => l.documentId)]);
  release(balances, links);
  reserve(lines, balances, Number(request.contactId));
  const receipt = composeReceipt(request, lines, balances, current.body);
  const publishedOn = typeof request.publishedOn === "string" ? request.publishedOn : current.publishedOn;
  await tx.delete(documentReferences)
    .where(and(eq(documentReferences.toDocumentId, current.id), eq(documentReferences.kind, REFERENCE_KIND.BatchPartialPayments)));
  const row = await updateDocument(tx, current.id, {
    publishedOn, dueDate: publishedOn, contactId: receipt.contactId, contactName: receipt.contactName,
    projectName: receipt.projectName, grandTotal: receipt.grandTotal.toFixed(2), body: receipt.body,
  });
  await writeBalances(tx, balances.values());
  await link(tx, current.companyId, current.id, lines);
  return row;
}

/**
 * A partial receipt deleted or voided gives its amounts back to its tax invoices (the receipt is
 * locked by the caller). Any other document: nothing to do.
 */
export async function releasePartialReceipt(tx: Tx, receipt: DocumentRow): Promise<void> {
  if (!isPartialReceipt(receipt)) return;
  const links = await linksOf(tx, receipt.id);
  if (links.length === 0) return;
  const balances = await lockInvoices(tx, receipt.companyId, links.map((l) => l.invoiceId));
  release(balances, links);
  await tx.delete(documentReferences)
    .where(and(eq(documentReferences.toDocumentId, receipt.id), eq(documentReferences.kind, REFERENCE_KIND.BatchPartialPayments)));
  await writeBalances(tx, balances.values());
}

/** A tax invoice with partial receipts keeps its amounts: it cannot be edited, deleted or voided. */
export function assertNoPartialReceipts(row: DocumentRow): void {
  if (row.remaining !== null) throw validationError(ruleMsg("partialInvoiceLocked", { serial: row.serial }).text);
}

/** Before a document is deleted or voided (locked by the caller): tax invoices with partial
 * receipts refuse, partial receipts give their amounts back. */
export async function beforeRemoval(tx: Tx, row: DocumentRow): Promise<void> {
  assertNoPartialReceipts(row);
  await releasePartialReceipt(tx, row);
}
