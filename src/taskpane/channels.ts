// The payment form's channel pickers: which of the company's channels (the service's bank channel
// lists) a payment by each method names, and in which payment fields, for sell and buy documents
// (the spec's required payment fields, Errors, rule 3).
import type { DocSheetClient } from "../api/client";
import { PAYMENT_METHOD, type Side } from "../rules/codes";

export type ChannelKind = "bank" | "cheque" | "creditCard" | "pettyCash" | "other";

export interface ChannelOption {
  id: number;
  label: string;
}

export type ChannelLists = Record<ChannelKind, ChannelOption[]>;

/** One picker: the list it offers and the payment fields the chosen id fills. */
export interface ChannelPicker {
  kind: ChannelKind;
  fields: readonly string[];
}

const M = PAYMENT_METHOD;
const bank = (...fields: string[]): ChannelPicker => ({ kind: "bank", fields });
const SELL: Partial<Record<number, ChannelPicker[]>> = {
  [M.Cheque]: [bank("chequeBankAccountId")],
  [M.Transfer]: [bank("bankAccountId")],
  [M.OtherChannel]: [{ kind: "other", fields: ["otherChannelId"] }],
};
const BUY: Partial<Record<number, ChannelPicker[]>> = {
  [M.Cheque]: [{ kind: "cheque", fields: ["bankChequeId"] }, bank("bankAccountId", "chequeBankAccountId")],
  [M.Transfer]: [bank("bankAccountId")],
  [M.CreditCard]: [{ kind: "creditCard", fields: ["creditCardId"] }, bank("creditCardBankAccountId")],
  [M.PettyCash]: [{ kind: "pettyCash", fields: ["pettyCashId"] }],
  [M.OtherChannel]: [{ kind: "other", fields: ["otherChannelId"] }],
};

/** The pickers a payment by `method` needs (none for cash). Expenses pay out like purchases. */
export function channelPickers(method: number, side: Side): ChannelPicker[] {
  return (side === "sell" ? SELL : BUY)[method] ?? [];
}

type Item = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v).trim() : "");
const words = (...parts: unknown[]): string => parts.map(text).filter(Boolean).join(" ");

/** Each list as options: the id the payment names (the kind's own id field, else `id`) and a name people know. */
function options(items: Item[], idField: string, label: (x: Item) => string): ChannelOption[] {
  return items.flatMap((x) => {
    const id = Number(x[idField] ?? x.id);
    return Number.isSafeInteger(id) && id > 0 ? [{ id, label: label(x) || `#${id}` }] : [];
  });
}

/** The company's channels, every list read at once. */
export async function readChannels(client: DocSheetClient, signal?: AbortSignal): Promise<ChannelLists> {
  const o = { signal };
  const [banks, cheques, cards, petty, other] = await Promise.all([
    client.bankAccounts.list(o), client.bankAccounts.cheques(o), client.bankAccounts.creditCards(o),
    client.bankAccounts.pettyCash(o), client.bankAccounts.otherChannels(o),
  ]);
  const named = (x: Item) => text(x.name);
  return {
    bank: options(banks as Item[], "bankAccountId", (x) => words(x.bankName, x.bankAccountNumber, x.bankAccountName ? `(${text(x.bankAccountName)})` : "")),
    cheque: options(cheques, "bankChequeId", (x) => named(x) || words(x.bankName, x.bankAccountNumber)),
    creditCard: options(cards, "creditCardId", (x) => words(named(x), x.creditCardNumber)),
    pettyCash: options(petty, "pettyCashId", named),
    other: options(other, "otherChannelId", named),
  };
}
