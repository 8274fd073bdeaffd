// Arithmetic: the totals given against the totals computed, to the cent, with messages that say
// which figure is wrong and what it should be.
import { finding, type Finding } from "../findings";
import { ruleMsg } from "../messages";
import { type Decimal, parseDecimal, roundHalfUp } from "../money";
import { vatOf, type ComputedTotals } from "../totals";
import type { Structure } from "./context";
import { given2, isObject, itemsOf, money, truthy, type Obj } from "./read";

type Extra = () => Record<string, string>;
const NO_EXTRA: Extra = () => ({});

/** The given figure at 2 dp when it differs from the expected one; null when equal, absent or unreadable. */
function differing(v: unknown, expected: Decimal): Decimal | null {
  // A JSON number equal to the expected figure has the same shortest text (both canonical, no
  // exponent below 1e21): a right figure, the usual case, then costs no Decimal at all.
  if (typeof v === "number" && String(v) === expected.toString()) return null;
  const given = given2(v);
  return given !== null && !given.equals(expected) ? given : null;
}

/** A finding when a document figure differs; the message parameters are built only then. */
function compare(out: Finding[], body: Obj, field: string, expected: Decimal, key: "arithmeticDocument" | "arithmeticDiscount" | "arithmeticVat" | "arithmeticWithholding" = "arithmeticDocument", extra = NO_EXTRA): void {
  const given = differing(body[field], expected);
  if (given !== null) {
    out.push(finding(field, ruleMsg(key, { field, given: money(given), expected: money(expected), rate: "", base: "", ...extra() })));
  }
}

export function arithmeticFindings(body: Obj, structure: Structure, t: ComputedTotals): Finding[] {
  const out: Finding[] = [];
  const inline = structure === "inline";
  const items = itemsOf(body);
  for (let i = 0; i < items.length; i++) {
    const raw = items[i];
    if (!isObject(raw)) continue;
    const expected = t.lines[i].total;
    const given = differing(raw.total, expected);
    if (given !== null) {
      out.push(finding(`items.${i}.total`, ruleMsg("arithmeticLineTotal", {
        given: money(given), expected: money(expected),
        formula: inline ? "quantity × pricePerUnit − discountAmount" : "quantity × pricePerUnit",
      })));
    }
  }
  out.push(...lineWithholdingFindings(items, body, t));
  compare(out, body, "subTotal", t.subTotal);
  const percentage = parseDecimal(body.discountPercentage);
  if (inline) compare(out, body, "discountAmount", t.discountAmount);
  else if (percentage !== null && percentage.greaterThan(0)) {
    compare(out, body, "discountAmount", t.discountAmount, "arithmeticDiscount", () => ({
      rate: percentage.toString(), base: money(t.subTotal),
    }));
  }
  compare(out, body, "totalAfterDiscount", t.totalAfterDiscount);
  if (inline) {
    compare(out, body, "exemptAmount", t.exemptAmount);
    compare(out, body, "vatableAmount", t.vatableAmount);
  }
  // Manual VAT is the caller's figure; a simple document without VAT is the VAT rules' business.
  if (t.vatComputed && (inline || truthy(body.isVat))) {
    compare(out, body, "vatAmount", t.vatAmount, "arithmeticVat", () => ({
      rate: truthy(body.isVatInclusive) ? "7/107" : "7%", base: money(t.vatableAmount),
    }));
  }
  compare(out, body, "grandTotal", t.grandTotal);
  const rate = parseDecimal(body.documentWithholdingTaxPercentage);
  if (truthy(body.documentShowWithholdingTax) && rate !== null && rate.greaterThan(0)) {
    compare(out, body, "documentWithholdingTaxAmount", t.documentWithholdingTaxAmount, "arithmeticWithholding", () => ({
      rate: rate.toString(), base: money(t.withholdingBase),
    }));
  }
  return out;
}

/**
 * A line's withholding amount against its rate, as a document's is: the rate's share of the line's
 * amount before VAT (its total, less the VAT inside it on a VAT-inclusive line), to the satang.
 * Without this a line of 5,000.00 at 3% withholding 151.00 went through, where the same mistake on
 * a document's own withholding is pinned.
 */
function lineWithholdingFindings(items: readonly unknown[], body: Obj, t: ComputedTotals): Finding[] {
  const out: Finding[] = [];
  const inclusive = truthy(body.isVatInclusive);
  for (let i = 0; i < items.length; i++) {
    const raw = items[i];
    if (!isObject(raw)) continue;
    const rate = parseDecimal(raw.withHeldPerItem);
    if (rate === null || !rate.greaterThan(0)) continue;
    const line = t.lines[i];
    const base = inclusive && line.vatRate === 7 ? line.total.minus(vatOf(line.total, true)) : line.total;
    const expected = roundHalfUp(base.times(rate).dividedBy(100), 2);
    const given = differing(raw.withHeldPerItemValue, expected);
    // Below 0 or above the line's total is said once, by the line rules (lines.ts).
    if (given !== null && !given.isNegative() && !given.greaterThan(line.total)) {
      out.push(finding(`items.${i}.withHeldPerItemValue`, ruleMsg("arithmeticLineWithholding", {
        given: money(given), rate: rate.toString(), base: money(base), expected: money(expected),
      })));
    }
  }
  return out;
}
