// What a document's totals must be (spec, Calculation rules 1-3), from its lines and flags.
// Inputs may be unvalidated: numbers are read with parseDecimal and anything unreadable counts 0,
// so this never throws. Inputs are first rounded to their precision (quantity and pricePerUnit
// 4 dp, line discountAmount 2 dp), as the service does since 30/05/2025.
//
// Rules as written in the spec:
// - subTotal = Σ(quantity × pricePerUnit), rounded once to 2 dp (rule 1; not a sum of rounded
//   line totals). Line total = quantity × pricePerUnit (− line discountAmount on inline
//   documents, rule 2), rounded to 2 dp.
// - totalAfterDiscount = subTotal − discountAmount.
// - Inline: discountAmount = Σ line discounts; exemptAmount = Σ line totals whose vatRate is 0 or
//   -1; vatableAmount = totalAfterDiscount − exemptAmount; grandTotal = exempt + vatable + VAT.
// Choices for what the spec leaves open (documented, tested):
// - Simple documents: discountAmount = subTotal × discountPercentage / 100 (2 dp) when
//   discountPercentage is above 0; otherwise the discountAmount given (0 when absent). Line
//   discountAmount is ignored on simple documents (the spec gives it to inline lines only).
// - VAT when isManualVat is not true: 7% of the vatable amount when prices exclude VAT, 7/107 of
//   it when they include VAT, half-up at 2 dp. isVat false (absent counts as false) means no VAT
//   on simple documents; on inline documents VAT follows each line's vatRate (absent = 7), and
//   isVat false explicitly means no VAT at all.
// - VAT-inclusive documents (simple and inline, manual or not): VAT is already inside the prices,
//   so grandTotal = totalAfterDiscount (rule 1), and on inline documents exempt + vatable, which
//   is the same amount.
// - Simple documents: exemptAmount = totalAfterDiscount when there is no VAT, else 0;
//   vatableAmount = the rest. (They are not wire fields of simple documents.)
// - Withholding (document level) = documentWithholdingTaxPercentage × the pre-VAT amount
//   (grandTotal − vatAmount), 2 dp. Computed whenever a percentage is given.
import { Decimal, ZERO, parseDecimal, roundHalfUp } from "./money";

export interface ComputedLine {
  total: Decimal;
  discountAmount: Decimal;
  /** quantity × pricePerUnit at 4 dp inputs, unrounded. */
  gross: Decimal;
  /** 7, 0 or -1 on inline documents; 7 on simple VAT documents, 0 otherwise. */
  vatRate: number;
}

export interface ComputedTotals {
  subTotal: Decimal;
  discountAmount: Decimal;
  totalAfterDiscount: Decimal;
  exemptAmount: Decimal;
  vatableAmount: Decimal;
  vatAmount: Decimal;
  grandTotal: Decimal;
  documentWithholdingTaxAmount: Decimal;
  /** Base the withholding percentage applied to (pre-VAT amount). */
  withholdingBase: Decimal;
  /** True when VAT came from the formula rather than from the request (manual VAT). */
  vatComputed: boolean;
  lines: ComputedLine[];
}

/** Anything shaped like a document body; fields are read tolerantly. */
export type DocumentLike = { [key: string]: unknown; items?: unknown };

export interface TotalsOptions {
  structure?: "simple" | "inline";
}

const SEVEN = new Decimal(7);
const VAT_INCLUSIVE_DIVISOR = new Decimal(107);
// Multiplying by these is exact like dividing by 100, and much cheaper in decimal.js.
const SEVEN_PERCENT = new Decimal("0.07");
const ONE_PERCENT = new Decimal("0.01");

const dec = (v: unknown, places: number): Decimal => {
  const d = parseDecimal(v);
  return d === null ? ZERO : roundHalfUp(d, places);
};
const truthy = (v: unknown): boolean => v === true || (typeof v === "string" && v.trim().toLowerCase() === "true");
const isFalse = (v: unknown): boolean => v === false || (typeof v === "string" && v.trim().toLowerCase() === "false");

function lineVatRate(raw: unknown): number {
  if (typeof raw === "number") return raw === 0 ? 0 : raw === -1 ? -1 : 7; // the usual case, no Decimal
  const d = parseDecimal(raw);
  if (d === null) return 7;
  const n = d.toNumber();
  return n === 0 || n === -1 ? n : 7;
}

/** VAT on an amount: 7% of it, or 7/107 of it when the amount already includes VAT. */
export function vatOf(amount: Decimal, inclusive: boolean): Decimal {
  const vat = inclusive ? amount.times(SEVEN).dividedBy(VAT_INCLUSIVE_DIVISOR) : amount.times(SEVEN_PERCENT);
  return roundHalfUp(vat, 2);
}

export function computeTotals(doc: DocumentLike, opts: TotalsOptions = {}): ComputedTotals {
  const body: DocumentLike = doc !== null && typeof doc === "object" ? doc : {};
  const inline = opts.structure === "inline";
  const rawItems = Array.isArray(body.items) ? (body.items as unknown[]) : [];
  const inclusive = truthy(body.isVatInclusive);
  const manual = truthy(body.isManualVat);
  const noVat = inline ? isFalse(body.isVat) : !truthy(body.isVat);

  let grossSum = ZERO;
  let lineDiscounts = ZERO;
  let exempt = ZERO;
  const lines: ComputedLine[] = [];
  for (const raw of rawItems) {
    const item = raw !== null && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
    const gross = dec(item.quantity, 4).times(dec(item.pricePerUnit, 4));
    const discount = inline ? dec(item.discountAmount, 2) : ZERO;
    const total = roundHalfUp(discount.isZero() && !gross.isZero() ? gross : gross.minus(discount), 2); // minus turns -0 into 0
    const vatRate = inline ? lineVatRate(item.vatRate) : noVat ? 0 : 7;
    grossSum = grossSum.plus(gross);
    if (!discount.isZero()) lineDiscounts = lineDiscounts.plus(discount);
    if (inline && vatRate !== 7) exempt = exempt.plus(total);
    lines.push({ total, discountAmount: discount, gross, vatRate });
  }

  const subTotal = roundHalfUp(grossSum, 2);
  let discountAmount: Decimal;
  if (inline) discountAmount = roundHalfUp(lineDiscounts, 2);
  else {
    const percentage = dec(body.discountPercentage, 4);
    discountAmount = percentage.greaterThan(0)
      ? roundHalfUp(subTotal.times(percentage).times(ONE_PERCENT), 2)
      : dec(body.discountAmount, 2);
  }
  const totalAfterDiscount = subTotal.minus(discountAmount);

  let exemptAmount: Decimal;
  let vatableAmount: Decimal;
  if (inline) {
    exemptAmount = exempt;
    vatableAmount = totalAfterDiscount.minus(exemptAmount);
  } else {
    exemptAmount = noVat ? totalAfterDiscount : ZERO;
    vatableAmount = noVat ? ZERO : totalAfterDiscount;
  }

  let vatAmount: Decimal;
  if (manual) vatAmount = dec(body.vatAmount, 2);
  else if (noVat) vatAmount = ZERO;
  else vatAmount = vatOf(vatableAmount, inclusive);

  const grandTotal = inclusive
    ? exemptAmount.plus(vatableAmount)
    : exemptAmount.plus(vatableAmount).plus(vatAmount);

  const withholdingBase = grandTotal.minus(vatAmount);
  const whtRate = dec(body.documentWithholdingTaxPercentage, 4);
  const documentWithholdingTaxAmount = whtRate.greaterThan(0)
    ? roundHalfUp(withholdingBase.times(whtRate).times(ONE_PERCENT), 2)
    : ZERO;

  return {
    subTotal,
    discountAmount,
    totalAfterDiscount,
    exemptAmount,
    vatableAmount,
    vatAmount,
    grandTotal,
    documentWithholdingTaxAmount,
    withholdingBase,
    vatComputed: !manual,
    lines,
  };
}
