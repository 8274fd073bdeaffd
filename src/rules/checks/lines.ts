// Line rules: quantity and price given, per-line withholding (rate and value
// within the line total, useInlineVat on inline expenses) and the expense fields by view.
import { FAMILY_INFO } from "../codes";
import { finding, type Finding } from "../findings";
import { ruleMsg, type PlainKey } from "../messages";
import { parseDecimal } from "../money";
import type { ComputedTotals } from "../totals";
import type { DocumentCheckContext } from "./context";
import { absent, absentId, isObject, isWithholdingRate, itemsOf, money, truthy, type Obj } from "./read";

const EXPENSE_LINE_FIELDS: Record<1 | 3, readonly (readonly [string, PlainKey, boolean])[]> = {
  // [field, message, is an id (0 counts as missing)]
  1: [["description", "itemDescription", false], ["creditId", "itemCreditId", true], ["debitId", "itemDebitId", true]],
  3: [
    ["description", "itemDescription", false], ["systemCode", "itemSystemCode", false],
    ["categoryId", "itemCategoryId", true], ["creditId", "itemCreditId", true], ["debitId", "itemDebitId", true],
  ],
};

/** The expense view; business view (3) when absent, the only view before the accounting view came. */
function expenseView(body: Obj): 1 | 3 | null {
  if (absent(body.expenseCategoryView)) return 3;
  const v = parseDecimal(body.expenseCategoryView);
  if (v === null) return null;
  return v.equals(1) ? 1 : v.equals(3) ? 3 : null;
}


export function lineFindings(body: Obj, ctx: DocumentCheckContext, computed: ComputedTotals): Finding[] {
  const out: Finding[] = [];
  const items = itemsOf(body);
  const view = FAMILY_INFO[ctx.family].expenseCategories ? expenseView(body) : null;
  let inlineWithholding = false;
  items.forEach((raw, i) => {
    if (!isObject(raw)) return; // the schema reports it
    const at = `items.${i}`;
    if (absent(raw.quantity)) out.push(finding(`${at}.quantity`, ruleMsg("itemQuantityRequired")));
    if (absent(raw.pricePerUnit)) out.push(finding(`${at}.pricePerUnit`, ruleMsg("itemPricePerUnitRequired")));
    if (!absent(raw.withHeldPerItem)) {
      const rate = parseDecimal(raw.withHeldPerItem);
      if (rate !== null && !isWithholdingRate(rate)) out.push(finding(`${at}.withHeldPerItem`, ruleMsg("itemWithholdingRate")));
      if (rate !== null && rate.greaterThan(0)) inlineWithholding = true;
    }
    if (!absent(raw.withHeldPerItemValue)) {
      const value = parseDecimal(raw.withHeldPerItemValue);
      const given = parseDecimal(raw.total);
      const lineTotal = given ?? computed.lines[i].total;
      if (value !== null && (value.isNegative() && !value.isZero() || value.greaterThan(lineTotal))) {
        out.push(finding(`${at}.withHeldPerItemValue`, ruleMsg("itemWithholdingValueRange", { total: money(lineTotal) })));
      }
      if (value !== null && value.greaterThan(0)) inlineWithholding = true;
    }
    if (view !== null) {
      for (const [field, message, isId] of EXPENSE_LINE_FIELDS[view]) {
        if (isId ? absentId(raw[field]) : absent(raw[field])) out.push(finding(`${at}.${field}`, ruleMsg(message)));
      }
    }
  });
  if (FAMILY_INFO[ctx.family].expenseCategories && ctx.structure === "inline" && inlineWithholding && !truthy(body.useInlineVat)) {
    out.push(finding("useInlineVat", ruleMsg("useInlineVatRequired")));
  }
  return out;
}
