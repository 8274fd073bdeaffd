// Totals the lines add up to must stay within NUMBER_MAX like every number given (limits.ts):
// quantity and price may each be in range while their product is not.
import { finding, type Finding } from "../findings";
import { NUMBER_MAX } from "../limits";
import { NUMBER_MAX_TEXT, ruleMsg } from "../messages";
import { Decimal, formatMoney } from "../money";
import type { ComputedTotals } from "../totals";

const MAX = new Decimal(NUMBER_MAX);
const MIN = MAX.negated();
// Once per line of every document checked: no new Decimal unless it is out of range.
const outOfRange = (d: Decimal): boolean => d.greaterThanOrEqualTo(MAX) || d.lessThanOrEqualTo(MIN);

function check(out: Finding[], path: string, field: string, value: Decimal): void {
  if (outOfRange(value)) out.push(finding(path, ruleMsg("computedOutOfRange", { field, value: formatMoney(value), max: NUMBER_MAX_TEXT })));
}

export function computedRangeFindings(t: ComputedTotals): Finding[] {
  const out: Finding[] = [];
  t.lines.forEach((line, i) => check(out, `items.${i}.total`, `Line ${i + 1} total`, line.total));
  // Every other sum follows from these (VAT is 7% of them, discounts are within them).
  check(out, "subTotal", "subTotal", t.subTotal);
  check(out, "grandTotal", "grandTotal", t.grandTotal);
  return out;
}
