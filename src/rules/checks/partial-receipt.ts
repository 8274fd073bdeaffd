// Partial receipts (spec, Partial receipt), create and update. The remaining balance is the
// service's to check.
import { DOCUMENT_STRUCTURE, DOCUMENT_TYPE, PARTIAL_PAYMENT_METHOD_RECEIPT } from "../codes";
import { finding, type Finding } from "../findings";
import { ruleMsg } from "../messages";
import { ZERO, parseDecimal, roundHalfUp } from "../money";
import { PartialReceiptCreateSchema, PartialReceiptUpdateSchema } from "../schemas";
import { contactIdFindings } from "./contact";
import { precisionWarnings } from "./precision";
import { absent, given2, isObject, itemsOf, money, truthy, type Obj } from "./read";
import { guarded, schemaFindings } from "./report";

export function checkPartialReceipt(body: unknown, operation: "create" | "update"): Finding[] {
  return guarded(() => (isObject(body) ? partialReceiptFindings(body, operation) : [finding("", ruleMsg("bodyNotObject"))]));
}


export function partialReceiptFindings(body: Obj, operation: "create" | "update"): Finding[] {
  const out: Finding[] = [];
  out.push(...schemaFindings(operation === "create" ? PartialReceiptCreateSchema : PartialReceiptUpdateSchema, body));
  if (!truthy(body.isBatchDocument)) out.push(finding("isBatchDocument", ruleMsg("partialBatch")));
  const method = parseDecimal(body.partialPaymentMethod);
  if (method === null || !method.equals(PARTIAL_PAYMENT_METHOD_RECEIPT)) out.push(finding("partialPaymentMethod", ruleMsg("partialMethod")));
  const creditType = parseDecimal(body.creditType);
  if (creditType === null || !creditType.equals(3)) out.push(finding("creditType", ruleMsg("partialCreditType")));
  out.push(...contactIdFindings(body));

  let sum = ZERO;
  let readable = true;
  itemsOf(body).forEach((raw, i) => {
    if (!isObject(raw)) {
      readable = false;
      return;
    }
    const at = `items.${i}`;
    const documentId = parseDecimal(raw.documentId);
    if (documentId === null ? absent(raw.documentId) : !(documentId.isInteger() && documentId.greaterThan(0))) {
      out.push(finding(`${at}.documentId`, ruleMsg("partialDocumentId")));
    }
    const documentType = parseDecimal(raw.documentType);
    if (documentType === null ? absent(raw.documentType) : !documentType.equals(DOCUMENT_TYPE.TaxInvoice)) {
      out.push(finding(`${at}.documentType`, ruleMsg("partialDocumentType")));
    }
    const amount = parseDecimal(raw.partialAmount);
    if (amount === null) {
      readable = false;
      if (absent(raw.partialAmount)) out.push(finding(`${at}.partialAmount`, ruleMsg("partialAmountPositive")));
    } else {
      // Kept at 2 dp: 0.004 would be a receipt of 0.00.
      const kept = roundHalfUp(amount, 2);
      if (!amount.greaterThan(0)) out.push(finding(`${at}.partialAmount`, ruleMsg("partialAmountPositive")));
      else if (kept.isZero()) out.push(finding(`${at}.partialAmount`, ruleMsg("partialAmountRoundsToZero", { given: amount.toString() })));
      sum = sum.plus(kept);
    }
  });
  const grandTotal = given2(body.grandTotal);
  if (readable && grandTotal !== null && itemsOf(body).length > 0 && !grandTotal.equals(sum)) {
    const key = operation === "create" ? "partialGrandTotal" : "partialUpdateGrandTotal";
    out.push(finding("grandTotal", ruleMsg(key, { given: money(grandTotal), expected: money(sum) })));
  }
  if (operation === "update") {
    if (absent(body.contactId)) out.push(finding("contactId", ruleMsg("partialUpdateContactId")));
    if (body.documentStructureType !== DOCUMENT_STRUCTURE.UpdateSimple) {
      out.push(finding("documentStructureType", ruleMsg("updateSimpleRequired")));
    }
    const refs = body.documentReference;
    if (!(refs === null || refs === undefined || (Array.isArray(refs) && refs.length === 0))) {
      out.push(finding("documentReference", ruleMsg("partialUpdateReference")));
    }
  }
  out.push(...precisionWarnings(body));
  return out;
}
