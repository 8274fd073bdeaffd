// The payment form's values and the payment fields they make, by wire name: light (no decimal.js),
// shared by the form (sections/payment.tsx) and its rules (payment-rules.ts, in the engine chunk).
import { PAYMENT_METHOD, type Side } from "../rules/codes";
import type { ChannelKind } from "./channels";

export interface PaymentForm {
  method: number;
  date: string;
  amount: string;
  /** Blank: the payment date. */
  chequeDate: string;
  chosen: Partial<Record<ChannelKind, number>>;
  /** "" none, a rate of WITHHOLDING_RATES, or "-1" (an amount). */
  withheldRate: string;
  /** Blank: the rate's amount. */
  withheldAmount: string;
  /** "" none, or 1 special discount, 3 commission, 5 fee, 7 rounding (sell documents). */
  deductionType: string;
  deductionAmount: string;
  /** The bank fee of a cheque or transfer. */
  charge: string;
}

export const takesCharge = (method: number): boolean => method === PAYMENT_METHOD.Cheque || method === PAYMENT_METHOD.Transfer;

/** The form's amount fields, each with the wire fields whose problems are said at it. */
export type AmountField = "amount" | "withheldRate" | "withheldAmount" | "deduction" | "charge";
export const FIELD_OF: Readonly<Record<string, AmountField>> = {
  collected: "amount", withheldPercentage: "withheldRate", withheldAmount: "withheldAmount",
  paymentDeductionType: "deduction", paymentDeductionAmount: "deduction", paymentCharge: "charge",
};

export const typedNumber = (text: string): number => Number(text.replace(/,/g, ""));

/** The payment fields the form gives, by wire name (amounts as numbers). */
export function formFields(form: PaymentForm, side: Side): Record<string, number> {
  const out: Record<string, number> = {};
  if (form.amount.trim()) out.collected = typedNumber(form.amount.trim());
  if (form.withheldRate) out.withheldPercentage = Number(form.withheldRate);
  if (form.withheldRate && form.withheldAmount.trim()) out.withheldAmount = typedNumber(form.withheldAmount.trim());
  if (side === "sell" && form.deductionType) {
    out.paymentDeductionType = Number(form.deductionType);
    if (form.deductionAmount.trim()) out.paymentDeductionAmount = typedNumber(form.deductionAmount.trim());
  }
  if (side !== "sell" && takesCharge(form.method) && form.charge.trim()) out.paymentCharge = typedNumber(form.charge.trim());
  return out;
}

