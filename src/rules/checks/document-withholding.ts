// Document-level withholding tax: the allowed rates, the show flag, a rate when shown.
import { finding, type Finding } from "../findings";
import { ruleMsg } from "../messages";
import { parseDecimal } from "../money";
import type { DocumentCheckContext } from "./context";
import { isWithholdingRate, truthy, type Obj } from "./read";

export function withholdingFindings(body: Obj, ctx: DocumentCheckContext): Finding[] {
  const out: Finding[] = [];
  const rate = parseDecimal(body.documentWithholdingTaxPercentage);
  const amount = parseDecimal(body.documentWithholdingTaxAmount);
  const show = truthy(body.documentShowWithholdingTax);
  if (rate !== null && !isWithholdingRate(rate)) out.push(finding("documentWithholdingTaxPercentage", ruleMsg("withholdingRate")));
  if (!show && ((rate !== null && rate.greaterThan(0)) || (amount !== null && amount.greaterThan(0)))) {
    out.push(finding("documentShowWithholdingTax", ruleMsg("withholdingNeedsShow")));
  }
  if (show && ctx.structure === "simple" && (rate === null || rate.lessThanOrEqualTo(0))) {
    out.push(finding("documentWithholdingTaxPercentage", ruleMsg("withholdingRateMissing")));
  }
  return out;
}
