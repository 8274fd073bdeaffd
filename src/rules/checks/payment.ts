// Payment fields by method for sell and buy documents (spec, Errors, rule table 3).
import { PAYMENT_METHOD, PAYMENT_METHOD_CODES, type Side } from "../codes";
import { finding, type Finding } from "../findings";
import { ruleMsg, type PlainKey } from "../messages";
import { parseDecimal } from "../money";
import { PaymentSchema } from "../schemas";
import { paymentPartFindings, settlementFindings, type PaymentDue } from "../settlement";
import { precisionWarnings } from "./precision";
import { absent, absentId, given2, isObject, isWithholdingRate, type Obj } from "./read";
import { guarded, schemaFindings } from "./report";

type Requirement = readonly [field: string, message: PlainKey, isId: boolean];
const SELL_REQUIREMENTS: Partial<Record<number, readonly Requirement[]>> = {
  [PAYMENT_METHOD.Cheque]: [["chequeBankAccountId", "paymentChequeBankAccountId", true], ["chequeDate", "paymentChequeDate", false]],
  [PAYMENT_METHOD.Transfer]: [["bankAccountId", "paymentTransferBankAccountId", true]],
  [PAYMENT_METHOD.OtherChannel]: [["otherChannelId", "paymentOtherChannelId", true]],
};
const BUY_REQUIREMENTS: Partial<Record<number, readonly Requirement[]>> = {
  [PAYMENT_METHOD.Cheque]: [
    ["chequeBankAccountId", "paymentChequeBankAccountId", true], ["chequeDate", "paymentChequeDate", false],
    ["bankAccountId", "paymentChequeBankAccountIdBuy", true], ["bankChequeId", "paymentChequeBankChequeId", true],
  ],
  [PAYMENT_METHOD.Transfer]: [["bankAccountId", "paymentTransferBankAccountId", true]],
  [PAYMENT_METHOD.CreditCard]: [
    ["creditCardBankAccountId", "paymentCreditCardBankAccountId", true], ["creditCardId", "paymentCreditCardId", true],
  ],
  [PAYMENT_METHOD.PettyCash]: [["pettyCashId", "paymentPettyCashId", true]],
  [PAYMENT_METHOD.OtherChannel]: [["otherChannelId", "paymentOtherChannelId", true]],
};

/** The payment-field rules alone (the schema is the caller's): shared by payments and with-payment bodies. */
export function paymentRuleFindings(body: Obj, side: Side): Finding[] {
  const out: Finding[] = [];
  const method = parseDecimal(body.paymentMethod);
  if (method !== null) {
    const code = method.toNumber();
    if (!(PAYMENT_METHOD_CODES as number[]).includes(code)) out.push(finding("paymentMethod", ruleMsg("paymentMethodUnknown")));
    else {
      // Expenses pay out like purchases.
      const table = side === "sell" ? SELL_REQUIREMENTS : BUY_REQUIREMENTS;
      for (const [field, message, isId] of table[code] ?? []) {
        if (isId ? absentId(body[field]) : absent(body[field])) out.push(finding(field, ruleMsg(message)));
      }
    }
  }
  // A payment of nothing (0, negative, or 0.004 kept as 0.00) pays nothing.
  const collected = given2(body.collected);
  if (collected !== null && !collected.greaterThan(0)) out.push(finding("collected", ruleMsg("collectedPositive")));
  if (!absent(body.withheldPercentage)) {
    const rate = parseDecimal(body.withheldPercentage);
    if (rate !== null && !isWithholdingRate(rate) && !rate.equals(-1)) out.push(finding("withheldPercentage", ruleMsg("withheldPercentage")));
  }
  out.push(...paymentPartFindings(body, side));
  return out;
}

/** A payment body; with `due` (the document's amount) also whether it settles the document. */
export function checkPayment(body: unknown, side: Side, due?: PaymentDue | null): Finding[] {
  return guarded(() => {
    if (!isObject(body)) return [finding("", ruleMsg("bodyNotObject"))];
    return [
      ...schemaFindings(PaymentSchema, body), ...paymentRuleFindings(body, side), ...(due ? settlementFindings(body, due) : []), ...precisionWarnings(body),
    ];
  });
}
