// Withholding-tax certificates (service-facts §5.6): the body checked beyond its schema (form,
// income types, rates), the withheld amounts and totals worked out with decimals, and the stored
// certificate as the service answers it.
import { Decimal, parseDecimal, roundHalfUp, toWireNumber } from "../../rules/money";
import { finding, type Finding } from "../../rules/findings";
import { serviceText } from "../../rules/message";
import { DOCUMENT_TYPE } from "../../rules/codes";
import type { withholdingTaxes } from "../store/schema";
import { answerHeader } from "../documents/answer-header";
import { completeCertificate } from "../documents/answer-shape";
import type { Json } from "../../rules/json";

export type WithholdingRow = typeof withholdingTaxes.$inferSelect;

/** PND forms: 1 PND3, 3 PND53, 5 PND1K, 7 PND1K special, 9 PND2, 11 PND2K, 13 PND3K, 15 PND1. */
export const WHT_ENTITIES = [1, 3, 5, 7, 9, 11, 13, 15];
export const WHT_RATES = [-1, 0.5, 0.75, 1, 2, 3, 5, 10, 15];
export const WHT_STATUSES = ["awaiting", "processed", "void"] as const;
/** Certificates are issued when created (service-facts §2.2). */
export const WHT_CREATED_STATUS = "processed";

export const MSG = {
  entity: `entity must be one of ${WHT_ENTITIES.join(", ")} (the PND form)`,
  incomeType: "incomeType must be an odd number from 1 to 29 (section 40 income type)",
  taxRate: `taxRate must be one of ${WHT_RATES.join(", ")}`,
  taxAmount: "taxAmount must be a number of at least 0",
  withheldNeeded: "withheld is required when taxRate is -1 (tax by amount)",
  withheldRange: "withheld must be between 0 and taxAmount",
  total: "total must equal the sum of the lines' taxAmount ({expected})",
  totalTaxWithheld: "totalTaxWithheld must equal the sum of the lines' withheld ({expected})",
  contactRequired: "contactName or contactId is required",
} as const;

const two = (d: Decimal): Decimal => roundHalfUp(d, 2);

/** Items with withheld and total filled in, the certificate's totals, or the findings. */
export function computeWithholding(body: Json): { items: Json[]; total: Decimal; withheld: Decimal; findings: Finding[] } {
  const findings: Finding[] = [];
  if (!WHT_ENTITIES.includes(Number(body.entity))) findings.push(finding("entity", serviceText(MSG.entity)));
  let total = new Decimal(0);
  let withheldSum = new Decimal(0);
  const items = (body.withholdingTaxItems as Json[]).map((item, i) => {
    const at = (f: string) => `withholdingTaxItems.${i}.${f}`;
    const type = Number(item.incomeType);
    if (!(Number.isInteger(type) && type >= 1 && type <= 29 && type % 2 === 1)) findings.push(finding(at("incomeType"), serviceText(MSG.incomeType)));
    const rate = Number(item.taxRate);
    if (!WHT_RATES.includes(rate)) findings.push(finding(at("taxRate"), serviceText(MSG.taxRate)));
    const amount = parseDecimal(item.taxAmount ?? 0);
    if (amount === null || amount.isNegative()) {
      findings.push(finding(at("taxAmount"), serviceText(MSG.taxAmount)));
      return item;
    }
    const sent = item.withheld === undefined || item.withheld === null ? null : parseDecimal(item.withheld);
    let withheld: Decimal;
    if (sent !== null) withheld = two(sent);
    else if (rate === -1) {
      findings.push(finding(at("withheld"), serviceText(MSG.withheldNeeded)));
      return item;
    } else withheld = two(amount.times(rate > 0 ? rate : 0).dividedBy(100));
    if (withheld.isNegative() || withheld.greaterThan(amount)) findings.push(finding(at("withheld"), serviceText(MSG.withheldRange)));
    total = total.plus(two(amount));
    withheldSum = withheldSum.plus(withheld);
    return { ...item, taxAmount: toWireNumber(two(amount)), withheld: toWireNumber(withheld), total: toWireNumber(two(amount).minus(withheld)) };
  });
  const agrees = (field: "total" | "totalTaxWithheld", expected: Decimal) => {
    const sent = body[field] === undefined || body[field] === null ? null : parseDecimal(body[field]);
    if (sent !== null && !two(sent).equals(expected)) findings.push(finding(field, serviceText(MSG[field].replace("{expected}", expected.toFixed(2)))));
  };
  if (findings.length === 0) {
    agrees("total", total);
    agrees("totalTaxWithheld", withheldSum);
  }
  return { items, total, withheld: withheldSum, findings };
}

/** The certificate as the service answers it: columns first, then the stored body. */
export function withholdingAnswer(row: WithholdingRow): Json {
  return { ...completeCertificate(row.body), ...answerHeader(row, DOCUMENT_TYPE.WithHoldingTax) };
}
