// Bank accounts and payment channels (service-facts §5.3): GET /bank-accounts, POST /bank-accounts
// and /bank-channel/bank-accounts, and the cheque, credit card, petty cash, other channel lists.
// Each item carries `id` and the id field payments name (bankAccountId, bankChequeId, ...).
import { and, asc, eq } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { BankAccountSchema } from "../../rules/schemas";
import { paymentChannels } from "../store/schema";
import type { Tx } from "../store/database";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../http/envelope";
import { parseWith, readJson } from "../http/validate";

export type ChannelKind = "bank" | "cheque" | "credit-card" | "petty-cash" | "other";

/** The field of a payment body that names a channel of this kind. */
export const CHANNEL_ID_FIELD: Record<ChannelKind, string> = {
  bank: "bankAccountId",
  cheque: "bankChequeId",
  "credit-card": "creditCardId",
  "petty-cash": "pettyCashId",
  other: "otherChannelId",
};

const BANK_NAMES: Record<number, string> = {
  1: "Bangkok Bank", 2: "Kasikorn Bank", 3: "Krungthai Bank", 4: "TMB Bank", 5: "Siam Commercial Bank",
  6: "Standard Chartered", 7: "CIMB Thai", 8: "UOB", 10: "Krungsri", 11: "Government Savings Bank",
  12: "Thanachart", 13: "LH Bank", 14: "Kiatnakin", 15: "Citibank", 16: "Tisco",
};

type ChannelRow = typeof paymentChannels.$inferSelect;
const answer = (row: ChannelRow) => ({ ...row.body, id: row.id, [CHANNEL_ID_FIELD[row.kind as ChannelKind]]: row.id });

export async function listChannels(tx: Tx, companyId: number, kind: ChannelKind): Promise<Record<string, unknown>[]> {
  const rows = await tx.select().from(paymentChannels)
    .where(and(eq(paymentChannels.companyId, companyId), eq(paymentChannels.kind, kind))).orderBy(asc(paymentChannels.id));
  return rows.map(answer);
}

/** True when the company has a channel of this kind with this id (payments check it). */
export async function channelExists(tx: Tx, companyId: number, kind: ChannelKind, id: unknown): Promise<boolean> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return false;
  const rows = await tx.select({ id: paymentChannels.id }).from(paymentChannels)
    .where(and(eq(paymentChannels.id, n), eq(paymentChannels.companyId, companyId), eq(paymentChannels.kind, kind)));
  return rows.length > 0;
}

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
    const bankId = Number(body.bankId);
    const [row] = await db.insert(paymentChannels).values({
      companyId: companyOf(c), kind: "bank", body: { ...body, bankName: BANK_NAMES[bankId] ?? `Bank ${bankId}` },
    }).returning();
    return c.json(ok(answer(row)));
  };
  mount(api, MASTER_ROUTES.bankAccountsCreate, create, { summary: "Create a bank account", tags, body: BankAccountSchema });
  mount(api, MASTER_ROUTES.bankChannelBankAccountsCreate, create, { summary: "Create a bank account", tags, body: BankAccountSchema });
}
