// What is still due on a document as the service has it: its amount due less what the receipts made
// from it settle (a receipt upgraded from it settles all of it, a partial receipt the part its line
// names; a void receipt nothing). Money settles once: the payment form and the act job ask only for
// what is left. A paid document owes nothing. As of a date (the worksheet functions' DUE and AGING),
// only the receipts and the payment made by that date count: what was owed then.
import type { DocSheetClient, DocumentRecord } from "../api";
import { DOCUMENT_TYPE, REFERENCE_KIND } from "../rules/codes";
import { Decimal, ZERO, parseDecimal } from "../rules/money";
import { dueOf, stillDue, type PaymentDue } from "../rules/settlement";

const dayOf = (v: unknown): string | undefined => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined);

/** The receipts made from `copy` that are not void (issued by `asOf` when given), and how much of it they settle together. */
export async function receiptsCovering(client: DocSheetClient, copy: DocumentRecord, signal?: AbortSignal, asOf?: string): Promise<{ covered: Decimal; receipts: string[] }> {
  const made = (copy.referencedToMe ?? []).filter((r) => r.documentType === DOCUMENT_TYPE.Receipt && r.documentId !== undefined && r.documentId !== copy.recordId);
  const grandTotal = parseDecimal(copy.grandTotal) ?? ZERO;
  let covered = ZERO;
  const receipts: string[] = [];
  for (const ref of made) {
    const receipt = await client.documents("receipts").get(ref.documentId!, { signal });
    if (receipt.statusString === "void") continue;
    if (asOf && (dayOf(receipt.publishedOn) ?? "") > asOf) continue;
    receipts.push(receipt.documentSerial);
    if (ref.type === REFERENCE_KIND.BatchPartialPayments) {
      for (const item of receipt.items ?? []) {
        if (Number(item.documentId) === copy.recordId) covered = covered.plus(parseDecimal(item.partialAmount) ?? ZERO);
      }
    } else {
      covered = covered.plus(grandTotal);
    }
  }
  return { covered: Decimal.min(covered, grandTotal), receipts };
}

/** The document's amount due as a payment must settle it now (or as it stood at the end of `asOf`);
 * null when it names no grand total. */
export async function owingDue(client: DocSheetClient, copy: DocumentRecord, signal?: AbortSignal, asOf?: string): Promise<PaymentDue | null> {
  const due = dueOf(copy);
  if (!due) return null;
  const paid = { ...due, grandTotal: ZERO, beforeVat: ZERO, paid: copy.documentSerial || `#${copy.recordId}` };
  // A payment's date says whether it was made by then; paid by receipts, their dates say it.
  const paidOn = dayOf((copy.payments as { paymentDate?: unknown } | undefined)?.paymentDate);
  if (copy.statusString === "paid" && (!asOf || (paidOn !== undefined && paidOn <= asOf))) return paid;
  const { covered, receipts } = await receiptsCovering(client, copy, signal, asOf);
  // Paid, with neither a payment date nor a receipt to tell when: paid, as the service says.
  if (copy.statusString === "paid" && paidOn === undefined && !(copy.referencedToMe ?? []).some((r) => r.documentType === DOCUMENT_TYPE.Receipt)) return paid;
  return stillDue(due, covered, receipts);
}
