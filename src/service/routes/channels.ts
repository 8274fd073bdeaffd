// Bank accounts and payment channels (service-facts §5.3): GET /bank-accounts, POST /bank-accounts
// and /bank-channel/bank-accounts, and the cheque, credit card, petty cash, other channel lists.
// Each item carries `id` and the id field payments name (bankAccountId, bankChequeId, ...).
import { MASTER_ROUTES } from "../../api/routes";
import { BankAccountSchema } from "../../rules/schemas";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { parseWith, readJson } from "../http/validate";
import { createBankAccount, listChannels, type ChannelKind } from "../masters/channels";

export function registerChannelRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  const tags = ["Bank channel"];
  const lists: Array<[keyof typeof MASTER_ROUTES, ChannelKind, string]> = [
    ["bankAccountsList", "bank", "List bank accounts"],
    ["chequesList", "cheque", "List cheque channels"],
    ["creditCardsList", "credit-card", "List credit card channels"],
    ["pettyCashList", "petty-cash", "List petty cash channels"],
    ["otherChannelsList", "other", "List other payment channels"],
  ];
  for (const [name, kind, summary] of lists) {
    mount(api, MASTER_ROUTES[name], async (c) => c.json(ok(await listChannels(db, companyOf(c), kind))), { summary, tags });
  }
  const create = async (c: Parameters<Parameters<typeof mount>[2]>[0]) => {
    const body = parseWith(BankAccountSchema, await readJson(c)) as Record<string, unknown>;
    return c.json(ok(await createBankAccount(db, companyOf(c), body)));
  };
  mount(api, MASTER_ROUTES.bankAccountsCreate, create, { summary: "Create a bank account", tags, body: BankAccountSchema });
  mount(api, MASTER_ROUTES.bankChannelBankAccountsCreate, create, { summary: "Create a bank account", tags, body: BankAccountSchema });
}
