// Bank accounts and payment channels (service-facts §5.3) as stored: the channels payments name.
// Each item carries `id` and the id field payments name (bankAccountId, bankChequeId, ...).
import { and, asc, eq } from "drizzle-orm";
import { paymentChannels } from "../store/schema";
import type { Tx } from "../store/database";

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

/** A bank account of the company, named from its bankId. */
export async function createBankAccount(tx: Tx, companyId: number, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const bankId = Number(body.bankId);
  const [row] = await tx.insert(paymentChannels).values({
    companyId, kind: "bank", body: { ...body, bankName: BANK_NAMES[bankId] ?? `Bank ${bankId}` },
  }).returning();
  return answer(row);
}
