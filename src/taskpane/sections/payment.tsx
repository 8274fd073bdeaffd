// The payment form of Actions: method, date, amount and the company's channels the method needs
// (bank account, cheque, credit card, petty cash, other channel), read from the service.
import { useEffect, useState } from "preact/hooks";
import { PAYMENT_METHOD, PAYMENT_METHOD_CODES, type Side } from "../../rules/codes";
import { channelPickers, type ChannelKind, type ChannelLists } from "../channels";
import { describeError } from "../errors";
import type { Translate } from "../i18n";
import type { PaneServices, PaymentRequest } from "../services";
import { Message } from "../ui";

export interface PaymentForm {
  method: number;
  date: string;
  amount: string;
  /** Blank: the payment date. */
  chequeDate: string;
  chosen: Partial<Record<ChannelKind, number>>;
}

export function emptyPayment(today: string): PaymentForm {
  return { method: PAYMENT_METHOD.Cash, date: today, amount: "", chequeDate: "", chosen: {} };
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
export function paymentRequest(t: Translate, form: PaymentForm, side: Side, lists: ChannelLists | null): PaymentRequest | string {
  const amount = form.amount.trim();
  if (amount !== "" && (!AMOUNT.test(amount) || Number(amount.replace(/,/g, "")) <= 0)) return t("payAmountBad");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) return t("required", { field: t("payDate") });
  const fields: Record<string, string | number> = {};
  for (const picker of channelPickers(form.method, side)) {
    const id = chosenId(form, picker.kind, lists);
    if (lists && lists[picker.kind].length === 0) return t("chanNone", { channel: t(`chan_${picker.kind}`).toLowerCase() });
    if (id === undefined || !lists?.[picker.kind].some((o) => o.id === id)) return t("required", { field: t(`chan_${picker.kind}`) });
    for (const field of picker.fields) fields[field] = id;
  }
  if (form.method === PAYMENT_METHOD.Cheque) fields.chequeDate = form.chequeDate || form.date;
  return { method: form.method, date: form.date, amount: amount || undefined, fields };
}

export function PaymentFields(props: {
  t: Translate; side: Side; form: PaymentForm; lists: ChannelLists | null; error: string | null; onChange: (form: PaymentForm) => void;
}) {
  const { t, side, form, lists } = props;
  const set = (patch: Partial<PaymentForm>) => props.onChange({ ...form, ...patch });
  const pickers = channelPickers(form.method, side);
  return (
    <>
      <label for="ds-pay-method">{t("payMethod")}</label>
      <select id="ds-pay-method" value={String(form.method)} onChange={(e) => set({ method: Number((e.currentTarget as HTMLSelectElement).value) })}>
        {PAYMENT_METHOD_CODES.map((code) => <option key={code} value={String(code)}>{t(`pay_${code}`)}</option>)}
      </select>
      <div class="row">
        <div>
          <label for="ds-pay-date">{t("payDate")}</label>
          <input id="ds-pay-date" type="date" value={form.date} onInput={(e) => set({ date: e.currentTarget.value })} />
        </div>
        {form.method === PAYMENT_METHOD.Cheque && (
          <div>
            <label for="ds-pay-cheque-date">{t("chequeDate")}</label>
            <input id="ds-pay-cheque-date" type="date" value={form.chequeDate || form.date} onInput={(e) => set({ chequeDate: e.currentTarget.value })} />
          </div>
        )}
      </div>
      <label for="ds-pay-amount">{t("payAmount")}</label>
      <input id="ds-pay-amount" inputMode="decimal" autocomplete="off" value={form.amount} onInput={(e) => set({ amount: e.currentTarget.value })} />
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
