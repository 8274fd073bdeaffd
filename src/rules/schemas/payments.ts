// Payment fields, alone and as the payment body of a document.
import * as z from "zod/mini";
import { CODE_MAX, LONG_TEXT_MAX } from "../limits";
import { MESSAGES } from "../messages";
import { date, int, num, opt, str, textOrNumber, wireDate, wireIdOrCode, wireInt, wireNumber } from "./wire";

export const paymentFields = {
  paymentMethod: wireInt(),
  paymentDate: wireDate(),
  collected: wireNumber(),
  bankAccountId: opt(wireIdOrCode()),
  transferBankAccountId: opt(wireIdOrCode()),
  chequeBankAccountId: opt(wireIdOrCode()),
  chequeDate: date(),
  chequeNumber: opt(textOrNumber(CODE_MAX, "must be text")),
  bankChequeId: opt(wireIdOrCode()),
  creditCardBankAccountId: opt(wireIdOrCode()),
  creditCardId: opt(wireIdOrCode()),
  pettyCashId: opt(wireIdOrCode()),
  otherChannelId: opt(wireIdOrCode()),
  withheldAmount: num(),
  withheldPercentage: num(),
  paymentDeductionType: int(),
  paymentDeductionAmount: num(),
  paymentRemarks: str(LONG_TEXT_MAX),
  remainingCollectedType: int(),
  remainingCollected: num(),
  paymentCharge: num(),
};

/** The payment fields alone (spec, Payment fields; service-facts §3.6). */
export const PaymentFieldsSchema = z.looseObject(paymentFields, { error: MESSAGES.bodyNotObject });
export type PaymentFields = z.infer<typeof PaymentFieldsSchema>;

export const PAYMENT_STRUCTURE_TYPES = [
  "PaymentReceivingCash", "PaymentReceivingTransfer", "PaymentReceivingCheque", "PaymentReceivingCreditCard",
  "PaymentPaidCash", "PaymentPaidTransfer", "PaymentPaidCheque", "PaymentPaidCreditCard",
] as const;

/**
 * POST {family}/{id}/payment (service-facts §3.7). paymentStructureType and documentId are
 * optional here: the path already names the document, and paymentMethod says the channel.
 */
export const PaymentSchema = z.looseObject({
  ...paymentFields,
  paymentStructureType: str(CODE_MAX),
  documentId: int(),
}, { error: MESSAGES.bodyNotObject });
export type Payment = z.infer<typeof PaymentSchema>;
