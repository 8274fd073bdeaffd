// The payment form of Actions: method, date, the company's channels the method needs (bank account,
// cheque, credit card, petty cash, other channel), read from the service, and the amounts as Thai
// customers pay: the tax the payer withheld (a rate of the amount before VAT, or an amount), a
// deduction at payment (sell documents), a bank fee (cheque or transfer), and the amount collected.
// With one document selected, the form reads its amount from the service and works out the withheld
// and collected amounts; parts that do not settle it are said at their field (the shared rules).
import { useEffect, useState } from "preact/hooks";
import { PAYMENT_METHOD, PAYMENT_METHOD_CODES, WITHHOLDING_RATES, type Side } from "../../rules/codes";
import { channelPickers, type ChannelKind, type ChannelLists } from "../channels";
import { describeError } from "../errors";
import type { Lang, Translate } from "../i18n";
import { formatMoney } from "../money";
import type * as Engine from "../engine";
import { formFields, takesCharge, typedNumber, type AmountField, type PaymentForm } from "../payment-form";
import { loadEngine } from "../services";
import { type PaneServices, type PaymentRequest, type ShownView } from "../views";
import type { Shown } from "./shown";
import { Message } from "../ui";
import { DateField } from "./date-field";

export type { PaymentForm } from "../payment-form";

export function emptyPayment(today: string): PaymentForm {
  return {
    method: PAYMENT_METHOD.Cash, date: today, amount: "", chequeDate: "", chosen: {}, withheldRate: "", withheldAmount: "", deductionType: "", deductionAmount: "", charge: "",
  };
}

const DEDUCTION_TYPES = ["1", "3", "5", "7"] as const;
const RATES = WITHHOLDING_RATES.filter((r) => r > 0).map(String);
const INPUT_ID: Readonly<Record<AmountField, string>> = {
  amount: "ds-pay-amount", withheldRate: "ds-pay-wht-rate", withheldAmount: "ds-pay-wht-amount", deduction: "ds-pay-deduction", charge: "ds-pay-charge",
};

/** The pane's engine (rules with decimal.js), once loaded; null until then. */
export type PaymentRules = Pick<typeof Engine, "ruleProblems" | "settledView">;

export function usePaymentRules(): PaymentRules | null {
  const [rules, setRules] = useState<PaymentRules | null>(null);
  useEffect(() => {
    let live = true;
    loadEngine().then((engine) => live && setRules(engine), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return rules;
}

/**
 * The problem to say at each amount field, in the pane's language: amounts that are not amounts,
 * then the shared rules on the payment the form makes, settled against the selected document.
 */
export function amountProblems(
  t: Translate, lang: Lang, form: PaymentForm, side: Side, view: ShownView | null, rules: PaymentRules | null,
): Partial<Record<AmountField, string>> {
  const out: Partial<Record<AmountField, string>> = {};
  const typed: Array<[AmountField, string]> = [["amount", form.amount], ["withheldAmount", form.withheldRate ? form.withheldAmount : ""],
    ["deduction", side === "sell" && form.deductionType ? form.deductionAmount : ""], ["charge", side !== "sell" && takesCharge(form.method) ? form.charge : ""]];
  for (const [field, text] of typed) {
    if (text.trim() !== "" && (!AMOUNT.test(text.trim()) || typedNumber(text.trim()) <= 0)) out[field] = t("payAmountBad");
  }
  if (Object.keys(out).length > 0 || !rules) return out;
  return rules.ruleProblems(lang, form, side, view);
}

/** An amount people type: 1190, 1,190.5, 1190.50; above 0, at most 2 decimals. */
const AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** The channel chosen for a picker; a kind with one channel has it chosen for the user. */
function chosenId(form: PaymentForm, kind: ChannelKind, lists: ChannelLists | null): number | undefined {
  const options = lists?.[kind] ?? [];
  return form.chosen[kind] ?? (options.length === 1 ? options[0].id : undefined);
}

/** The company's channels, read when the payment form shows (once per connection: services keep them). */
export function useChannels(t: Translate, services: PaneServices, wanted: boolean): { lists: ChannelLists | null; error: string | null } {
  const [lists, setLists] = useState<ChannelLists | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    setError(null);
    services.paymentChannels().then((read) => live && setLists(read), (err: unknown) => live && setError(describeError(err, t)));
    return () => {
      live = false;
    };
  }, [wanted, services]);
  return { lists: wanted ? lists : null, error: wanted ? error : null };
}

/** The request for the form, or the problem to show first. */
export function paymentRequest(
  t: Translate, form: PaymentForm, side: Side, lists: ChannelLists | null, lang: Lang = "en", view: ShownView | null = null,
  rules: PaymentRules | null = null,
): PaymentRequest | string {
  const amount = form.amount.trim();
  // Said at its field too: the first one is the reason nothing was sent.
  const problem = Object.values(amountProblems(t, lang, form, side, view, rules))[0];
  if (problem) return problem;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) return t("required", { field: t("payDate") });
  const { collected: _collected, ...amounts } = formFields(form, side);
  const fields: Record<string, string | number> = { ...amounts };
  for (const picker of channelPickers(form.method, side)) {
    const id = chosenId(form, picker.kind, lists);
    if (lists && lists[picker.kind].length === 0) return t("chanNone", { channel: t(`chan_${picker.kind}`).toLowerCase() });
    if (id === undefined || !lists?.[picker.kind].some((o) => o.id === id)) return t("required", { field: t(`chan_${picker.kind}`) });
    for (const field of picker.fields) fields[field] = id;
  }
  if (form.method === PAYMENT_METHOD.Cheque) fields.chequeDate = form.chequeDate || form.date;
  return { method: form.method, date: form.date, amount: amount || undefined, fields };
}

/** An amount input with its problem said right under it. */
function AmountInput(props: { id: string; label: string; value: string; placeholder?: string; problem?: string; onInput: (v: string) => void }) {
  const msg = `${props.id}-msg`;
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input id={props.id} inputMode="decimal" autocomplete="off" value={props.value} placeholder={props.placeholder}
        aria-invalid={props.problem ? "true" : undefined} aria-describedby={props.problem ? msg : undefined}
        onInput={(e) => props.onInput(e.currentTarget.value)} />
      {props.problem && <p id={msg} class="msg error" role="alert">{props.problem}</p>}
    </>
  );
}

export function PaymentFields(props: {
  t: Translate; lang: Lang; side: Side; form: PaymentForm; lists: ChannelLists | null; error: string | null; onChange: (form: PaymentForm) => void;
  due: Shown; onReread: () => void; rules: PaymentRules | null;
}) {
  const { t, lang, side, form, lists } = props;
  const set = (patch: Partial<PaymentForm>) => props.onChange({ ...form, ...patch });
  const pickers = channelPickers(form.method, side);
  const problems = amountProblems(t, lang, form, side, props.due.view, props.rules);
  const settled = props.rules?.settledView(form, side, props.due.view) ?? null;
  const money = (v: string | number): string => formatMoney(v, lang);
  const view = props.due.view;
  return (
    <>
      <label for="ds-pay-method">{t("payMethod")}</label>
      <select id="ds-pay-method" value={String(form.method)} onChange={(e) => set({ method: Number((e.currentTarget as HTMLSelectElement).value) })}>
        {PAYMENT_METHOD_CODES.map((code) => <option key={code} value={String(code)}>{t(`pay_${code}`)}</option>)}
      </select>
      <div class="row">
        <div>
          <label for="ds-pay-date">{t("payDate")}</label>
          <DateField id="ds-pay-date" lang={lang} value={form.date} onChange={(date) => set({ date })} />
        </div>
        {form.method === PAYMENT_METHOD.Cheque && (
          <div>
            <label for="ds-pay-cheque-date">{t("chequeDate")}</label>
            <DateField id="ds-pay-cheque-date" lang={lang} value={form.chequeDate || form.date} onChange={(chequeDate) => set({ chequeDate })} />
          </div>
        )}
      </div>
      <p id="ds-pay-due" class="help">
        {props.due.reading ? t("payDueReading")
          : view?.one?.mismatch ? view.one.mismatch
            : view?.one?.owing?.paid ? t("payDuePaid", { serial: view.one.serial, customer: view.one.customer, total: money(view.one.grandTotal) })
            : settled && view?.one && view.one.owing && view.one.owing.receipts.length > 0
              ? t("payDueOwing", { serial: view.one.serial, customer: view.one.customer, due: money(settled.grandTotal), base: money(settled.beforeVat),
                total: money(view.one.grandTotal), receipts: view.one.owing.receipts.join(", ") })
              : settled && view?.one ? t("payDueOne", { serial: view.one.serial, customer: view.one.customer, due: money(settled.grandTotal), base: money(settled.beforeVat) })
                : view && view.documents.length > 1 ? t("payDueMany", { n: view.documents.length }) : t("payDueNone")}
        {" "}<button type="button" class="link" id="ds-pay-reread" onClick={props.onReread}>{t("payDueReread")}</button>
      </p>
      <Message tone="error" text={props.due.error} />
      <label for="ds-pay-wht-rate">{t("payWithheld")}</label>
      <select id="ds-pay-wht-rate" value={form.withheldRate} aria-invalid={problems.withheldRate ? "true" : undefined}
        onChange={(e) => set({ withheldRate: (e.currentTarget as HTMLSelectElement).value })}>
        <option value="">{t("payWithheldNone")}</option>
        {RATES.map((r) => <option key={r} value={r}>{t("payWithheldRate", { rate: r })}</option>)}
        <option value="-1">{t("payWithheldByAmount")}</option>
      </select>
      {problems.withheldRate && <p id="ds-pay-wht-rate-msg" class="msg error" role="alert">{problems.withheldRate}</p>}
      {form.withheldRate !== "" && (
        <AmountInput id={INPUT_ID.withheldAmount} label={t("payWithheldAmount")} value={form.withheldAmount} problem={problems.withheldAmount}
          placeholder={settled && form.withheldRate !== "-1" ? money(settled.withheld) : undefined} onInput={(v) => set({ withheldAmount: v })} />
      )}
      {side === "sell" && (
        <>
          <label for="ds-pay-deduction-type">{t("payDeduction")}</label>
          <select id="ds-pay-deduction-type" value={form.deductionType} onChange={(e) => set({ deductionType: (e.currentTarget as HTMLSelectElement).value })}>
            <option value="">{t("payWithheldNone")}</option>
            {DEDUCTION_TYPES.map((d) => <option key={d} value={d}>{t(`payDeduction_${d}`)}</option>)}
          </select>
          {form.deductionType !== "" && (
            <AmountInput id={INPUT_ID.deduction} label={t("payDeductionAmount")} value={form.deductionAmount} problem={problems.deduction}
              onInput={(v) => set({ deductionAmount: v })} />
          )}
        </>
      )}
      {side !== "sell" && takesCharge(form.method) && (
        <AmountInput id={INPUT_ID.charge} label={t("payCharge")} value={form.charge} problem={problems.charge} onInput={(v) => set({ charge: v })} />
      )}
      <AmountInput id={INPUT_ID.amount} label={t("payAmount")} value={form.amount} problem={problems.amount}
        placeholder={settled ? money(settled.collected) : undefined} onInput={(v) => set({ amount: v })} />
      {settled && !problems.amount && (
        <p id="ds-pay-settles" class="help">{t("paySettles", { withheld: money(settled.withheld), collected: money(form.amount.trim() ? typedNumber(form.amount) : settled.collected) })}</p>
      )}
      {pickers.map(({ kind }) => {
        const options = lists?.[kind] ?? [];
        const chosen = chosenId(form, kind, lists);
        return (
          <div key={kind}>
            <label for={`ds-pay-${kind}`}>{t(`chan_${kind}`)}</label>
            <select id={`ds-pay-${kind}`} value={chosen === undefined ? "" : String(chosen)} disabled={!lists}
              onChange={(e) => set({ chosen: { ...form.chosen, [kind]: Number((e.currentTarget as HTMLSelectElement).value) || undefined } })}>
              <option value="">{lists ? t("chanChoose") : t("chanLoading")}</option>
              {options.map((o) => <option key={o.id} value={String(o.id)}>{o.label}</option>)}
            </select>
            {lists && options.length === 0 && <Message tone="error" text={t("chanNone", { channel: t(`chan_${kind}`).toLowerCase() })} />}
          </div>
        );
      })}
      <Message tone="error" text={props.error} />
    </>
  );
}
