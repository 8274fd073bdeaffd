// Arithmetic: the totals given against the totals computed, to the cent, with messages that say
// which figure is wrong and what it should be.
import { finding, type Finding } from "../findings";
import { MESSAGES, formatMessage } from "../messages";
import { type Decimal, parseDecimal } from "../money";
import type { ComputedTotals } from "../totals";
import type { Structure } from "./document";
import { given2, isObject, itemsOf, money, truthy, type Obj } from "./read";

export function arithmeticFindings(body: Obj, structure: Structure, t: ComputedTotals): Finding[] {
  const out: Finding[] = [];
  const inline = structure === "inline";
  const mismatch = (field: string, expected: Decimal, template: string = MESSAGES.arithmeticDocument, extra: Record<string, string> = {}) => {
    const given = given2(body[field]);
    if (given !== null && !given.equals(expected)) {
      out.push(finding(field, formatMessage(template, { field, given: money(given), expected: money(expected), ...extra })));
    }
  };
  itemsOf(body).forEach((raw, i) => {
    if (!isObject(raw)) return;
    const given = given2(raw.total);
    const expected = t.lines[i].total;
    if (given !== null && !given.equals(expected)) {
      out.push(finding(`items.${i}.total`, formatMessage(MESSAGES.arithmeticLineTotal, {
        given: money(given), expected: money(expected),
        formula: inline ? "quantity × pricePerUnit − discountAmount" : "quantity × pricePerUnit",
      })));
    }
  });
  mismatch("subTotal", t.subTotal);
  const percentage = parseDecimal(body.discountPercentage);
  if (inline) mismatch("discountAmount", t.discountAmount);
  else if (percentage !== null && percentage.greaterThan(0)) {
    mismatch("discountAmount", t.discountAmount, MESSAGES.arithmeticDiscount, {
      rate: percentage.toString(), base: money(t.subTotal),
    });
  }
  mismatch("totalAfterDiscount", t.totalAfterDiscount);
  if (inline) {
    mismatch("exemptAmount", t.exemptAmount);
    mismatch("vatableAmount", t.vatableAmount);
  }
  // Manual VAT is the caller's figure; a simple document without VAT is the VAT rules' business.
  if (t.vatComputed && (inline || truthy(body.isVat))) {
    mismatch("vatAmount", t.vatAmount, MESSAGES.arithmeticVat, {
      rate: truthy(body.isVatInclusive) ? "7/107" : "7%", base: money(t.vatableAmount),
    });
  }
  mismatch("grandTotal", t.grandTotal);
  const rate = parseDecimal(body.documentWithholdingTaxPercentage);
  if (truthy(body.documentShowWithholdingTax) && rate !== null && rate.greaterThan(0)) {
    mismatch("documentWithholdingTaxAmount", t.documentWithholdingTaxAmount, MESSAGES.arithmeticWithholding, {
      rate: rate.toString(), base: money(t.withholdingBase),
    });
  }
  return out;
}
