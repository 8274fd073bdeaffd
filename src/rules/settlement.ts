// How a payment settles a document, as Thai customers pay: the amount due (grandTotal) is met by
// what was collected, the tax the payer withheld (withheldPercentage of the amount before VAT, or
// withheldAmount), the deduction taken at payment (paymentDeductionAmount) and a stated difference
// (remainingCollected: cash short or over, a bank fee). paymentCharge (the payer's bank fee) is
// outside the settlement. One module for the pane, the sheet, the act job and the service. Pure.
import { PAYMENT_METHOD, type Side } from "./codes";
import { finding, type Finding } from "./findings";
import { ruleMsg } from "./messages";
import { Decimal, HUNDRED, ZERO, formatMoney, parseDecimal, roundHalfUp, toWireNumber } from "./money";

/** What a document asks of its payment. */
export interface PaymentDue {
  grandTotal: Decimal;
  /** The amount before VAT: withholding is worked out on it. */
  beforeVat: Decimal;
  /** VAT per line (inline, useInlineVat): the service takes withholding only as an amount. */
  perLineVat: boolean;
  /** The receipts made from the document that already settle part or all of it (their serials):
   * grandTotal and beforeVat are then what is still due. */
  receipts?: readonly string[];
  /** The document is paid already (its serial): nothing more is collected on it. */
  paid?: string;
}

type Obj = Record<string, unknown>;

const given = (v: unknown): Decimal | null => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : parseDecimal(v));
const two = (d: Decimal): Decimal => roundHalfUp(d, 2);
const text = (d: Decimal): string => formatMoney(d, 2);

/** The amount due of a document (a body or the service's answer); null when it names no grand total. */
export function dueOf(doc: Obj): PaymentDue | null {
  const grandTotal = given(doc.grandTotal);
  if (grandTotal === null) return null;
  const vat = given(doc.vatAmount) ?? ZERO;
  const beforeVat = given(doc.totalWithoutVat) ?? grandTotal.minus(vat);
  const inline = typeof doc.documentStructureType === "string" && doc.documentStructureType.includes("Inline");
  return { grandTotal: two(grandTotal), beforeVat: two(beforeVat), perLineVat: inline && doc.useInlineVat !== false };
}

/**
 * What is still due once receipts made from the document cover `covered` of it: the amount due and
 * the amount before VAT in proportion, none below 0. Money settles once: a receipt's amount is not
 * asked again of the document it was made from.
 */
export function stillDue(due: PaymentDue, covered: Decimal, receipts: readonly string[]): PaymentDue {
  if (receipts.length === 0) return due;
  const left = Decimal.max(ZERO, due.grandTotal.minus(covered));
  const beforeVat = due.grandTotal.isZero() ? ZERO : two(due.beforeVat.times(left).dividedBy(due.grandTotal));
  return { ...due, grandTotal: two(left), beforeVat, receipts };
}

/** withheldPercentage % of the amount before VAT, at 2 decimals. */
export function withheldByRate(rate: Decimal, due: PaymentDue): Decimal {
  return two(due.beforeVat.times(rate).dividedBy(HUNDRED));
}

export interface PaymentParts {
  withheld: Decimal;
  /** paymentDeductionAmount + remainingCollected. */
  deductions: Decimal;
  /** What the collected amount must be to settle the document. */
  collected: Decimal;
}

/** The withheld tax and deductions a payment gives, and the collected amount that settles the rest. */
export function paymentParts(body: Obj, due: PaymentDue): PaymentParts {
  const rate = given(body.withheldPercentage);
  const withheld = given(body.withheldAmount) ?? (rate !== null && rate.greaterThan(0) ? withheldByRate(rate, due) : ZERO);
  const deductions = (given(body.paymentDeductionAmount) ?? ZERO).plus(given(body.remainingCollected) ?? ZERO);
  return { withheld: two(withheld), deductions: two(deductions), collected: due.grandTotal.minus(two(withheld)).minus(two(deductions)) };
}

/**
 * The payment with what it leaves to be worked out filled in, as clients send it: the withheld
 * amount of a rate, and the collected amount that settles the document. On a document with VAT per
 * line a rate is sent as an amount (withheldPercentage -1), as the service requires.
 */
export function settlePayment(body: Obj, due: PaymentDue): Obj {
  const out: Obj = { ...body };
  const parts = paymentParts(body, due);
  const rate = given(body.withheldPercentage);
  if (rate !== null && rate.greaterThan(0) && given(body.withheldAmount) === null) out.withheldAmount = toWireNumber(parts.withheld);
  // An amount without a rate is an amount (-1), as the service reads it.
  if ((due.perLineVat && rate !== null && rate.greaterThan(0)) || (rate === null && given(body.withheldAmount)?.isZero() === false)) out.withheldPercentage = -1;
  if (given(body.collected) === null) out.collected = toWireNumber(parts.collected);
  return out;
}

/** The payment against the document's amount due: the withheld tax agrees with its rate, and the parts settle the amount. */
export function settlementFindings(body: Obj, due: PaymentDue): Finding[] {
  const out: Finding[] = [];
  if (due.paid !== undefined) return [finding("collected", ruleMsg("paymentAlreadyPaid", { serial: due.paid }))];
  // Receipts made from the document settle all of it: nothing more can be collected on it.
  if (due.receipts && due.receipts.length > 0 && due.grandTotal.isZero()) {
    return [finding("collected", ruleMsg("paymentSettledByReceipts", { receipts: due.receipts.join(", ") }))];
  }
  // Part settled by receipts: the service takes no payment on the document itself any more (the
  // rest is collected with a receipt), so asking would only earn its refusal.
  if (due.receipts && due.receipts.length > 0) {
    return [finding("collected", ruleMsg("paymentRestOnReceipt", { receipts: due.receipts.join(", "), due: text(due.grandTotal) }))];
  }
  const rate = given(body.withheldPercentage);
  const amount = given(body.withheldAmount);
  if (rate !== null && rate.equals(-1) && amount === null) out.push(finding("withheldAmount", ruleMsg("withheldAmountRequired")));
  if (rate !== null && rate.greaterThan(0)) {
    if (due.perLineVat) out.push(finding("withheldPercentage", ruleMsg("withheldPerLineVat")));
    const expected = withheldByRate(rate, due);
    if (amount !== null && !two(amount).equals(expected)) {
      out.push(finding("withheldAmount", ruleMsg("withheldAmountMismatch", {
        given: text(amount), rate: rate.toString(), base: text(due.beforeVat), expected: text(expected),
      })));
    }
  }
  const collected = given(body.collected);
  if (collected !== null) {
    const parts = paymentParts(body, due);
    const sum = two(collected).plus(parts.withheld).plus(parts.deductions);
    // More collected than is due is said as such (with the receipts that took the rest).
    if (two(collected).greaterThan(due.grandTotal)) {
      out.push(finding("collected", due.receipts && due.receipts.length > 0
        ? ruleMsg("paymentMoreThanStillDue", { collected: text(two(collected)), due: text(due.grandTotal), receipts: due.receipts.join(", ") })
        : ruleMsg("paymentMoreThanDue", { collected: text(two(collected)), due: text(due.grandTotal) })));
    } else if (!sum.equals(due.grandTotal)) {
      out.push(finding("collected", ruleMsg("paymentNotSettled", {
        collected: text(two(collected)), withheld: text(parts.withheld), deductions: text(parts.deductions), sum: text(sum), due: text(due.grandTotal),
      })));
    }
  }
  return out;
}

const DEDUCTION_TYPES = new Set([1, 3, 5, 7]);
const REMAINING_TYPES = new Set([51, 55]);
const nonZero = (v: unknown): boolean => {
  const d = given(v);
  return d !== null && !two(d).isZero();
};
const code = (v: unknown): number => given(v)?.toNumber() ?? 0;

/** The deductions and charges beside the amount collected (spec, Payment fields; the openapi's
 * Payment* bodies): none negative; a deduction only on payments received, with its type; a bank
 * fee only on a cheque or transfer; a difference with its type. */
export function paymentPartFindings(body: Obj, side: Side): Finding[] {
  const out: Finding[] = [];
  for (const field of ["withheldAmount", "paymentDeductionAmount", "paymentCharge"]) {
    const d = given(body[field]);
    if (d !== null && two(d).isNegative() && !two(d).isZero()) out.push(finding(field, ruleMsg("paymentAmountNegative", { field })));
  }
  if (nonZero(body.paymentDeductionAmount)) {
    if (side !== "sell") out.push(finding("paymentDeductionAmount", ruleMsg("paymentDeductionBuy")));
    else if (!DEDUCTION_TYPES.has(code(body.paymentDeductionType))) out.push(finding("paymentDeductionType", ruleMsg("paymentDeductionType")));
  }
  const method = code(body.paymentMethod);
  if (nonZero(body.paymentCharge) && method !== PAYMENT_METHOD.Cheque && method !== PAYMENT_METHOD.Transfer) {
    out.push(finding("paymentCharge", ruleMsg("paymentChargeMethod")));
  }
  if (nonZero(body.remainingCollected) && !REMAINING_TYPES.has(code(body.remainingCollectedType))) {
    out.push(finding("remainingCollectedType", ruleMsg("remainingCollectedType")));
  }
  return out;
}
