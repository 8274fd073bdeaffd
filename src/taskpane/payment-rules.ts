// The payment form's amounts under the shared rules (rules/settlement.ts, as the checks and the
// service run them): what a rate withholds and what settles the selected document, and the problem
// to say at each amount field. Reached through the engine chunk (decimal.js stays out of the pane's
// first paint); the form itself is sections/payment.tsx.
import type { Side } from "../rules/codes";
import { Decimal } from "../rules/money";
import { paymentPartFindings, paymentParts, settlePayment, settlementFindings, type PaymentDue } from "../rules/settlement";
import { render } from "../sheet/i18n/render";
import type { Lang } from "./i18n";
import { FIELD_OF, formFields, type AmountField, type PaymentForm } from "./payment-form";
import type { ShownView } from "./views";

/** What the form's payment comes to on the one selected document (amounts as wire text, 2 dp). */
export interface Settled {
  grandTotal: string;
  beforeVat: string;
  withheld: string;
  collected: string;
}

function settledBody(form: PaymentForm, side: Side, view: ShownView | null): { due: PaymentDue; body: Record<string, unknown> } | null {
  const owing = view?.one?.owing;
  // What the service still asks of the one selected document (its receipts deducted).
  const due: PaymentDue | null = owing ? {
    grandTotal: new Decimal(owing.stillDue), beforeVat: new Decimal(owing.beforeVat), perLineVat: owing.perLineVat,
    ...(owing.receipts.length > 0 ? { receipts: owing.receipts } : {}), ...(owing.paid ? { paid: view!.one!.serial } : {}),
  } : null;
  return due ? { due, body: settlePayment({ paymentMethod: form.method, ...formFields(form, side) }, due) } : null;
}

/** Null without one selected document. */
export function settledView(form: PaymentForm, side: Side, view: ShownView | null): Settled | null {
  const settled = settledBody(form, side, view);
  if (!settled) return null;
  const { due, body } = settled;
  return {
    grandTotal: due.grandTotal.toFixed(2), beforeVat: due.beforeVat.toFixed(2),
    withheld: paymentParts(body, due).withheld.toFixed(2), collected: Number(body.collected).toFixed(2),
  };
}

/** The shared rules' problem at each amount field, in `lang`; settled against the selected document when there is one. */
export function ruleProblems(lang: Lang, form: PaymentForm, side: Side, view: ShownView | null): Partial<Record<AmountField, string>> {
  const settled = settledBody(form, side, view);
  const body = settled?.body ?? { paymentMethod: form.method, ...formFields(form, side) };
  const findings = [...paymentPartFindings(body, side), ...(settled ? settlementFindings(body, settled.due) : [])];
  const out: Partial<Record<AmountField, string>> = {};
  for (const f of findings) {
    const field = FIELD_OF[f.path];
    if (f.severity === "error" && field && out[field] === undefined) out[field] = render(f.msg, lang);
  }
  return out;
}
