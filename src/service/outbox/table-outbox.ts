// The outbox in the outbox table, for both stores: every message the service sends is kept with
// its attachments (base64) and the outcome of the SMTP relay, and read back per company.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../store/database";
import { outbox } from "../store/schema";
import type { OutboxEntry, OutboxStore } from "../mail";
import type { OwnerId } from "../files";
import type { Json } from "../../rules/json";

/** How the outbox endpoint shows a message: attachments with their bytes as base64. */
export interface OutboxMessage extends Omit<OutboxEntry, "attachments" | "companyId"> {
  documentId: number | null;
  attachments: Array<{ filename: string; contentType: string; size: number; base64: string }>;
}

function stored(entry: OutboxEntry): Json {
  const { companyId: _company, attachments, ...rest } = entry;
  return { ...rest, attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size, base64: a.content.toString("base64") })) };
}

function entryOf(row: typeof outbox.$inferSelect): OutboxEntry {
  const m = row.message as unknown as OutboxMessage;
  return {
    ...m, companyId: row.companyId,
    attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size, content: Buffer.from(a.base64, "base64") })),
  };
}

export class TableOutbox implements OutboxStore {
  /** documentId: the document the messages added through this instance are about. */
  constructor(private readonly tx: Tx, private readonly documentId: number | null = null) {}

  async add(entry: OutboxEntry): Promise<void> {
    await this.tx.insert(outbox).values({
      companyId: Number(entry.companyId), documentId: this.documentId, message: stored(entry),
      relayedAt: entry.relay.status === "sent" ? new Date() : null,
      relayError: entry.relay.status === "failed" ? entry.relay.error : null,
    });
  }

  async list(companyId: OwnerId): Promise<OutboxEntry[]> {
    const rows = await this.tx.select().from(outbox).where(eq(outbox.companyId, Number(companyId))).orderBy(outbox.id);
    return rows.map(entryOf);
  }
}

/** One page of the company's messages, newest first, as the outbox endpoint answers them. */
export async function outboxPage(tx: Tx, companyId: number, currentPage: number, pageSize: number): Promise<{ total: number; list: OutboxMessage[] }> {
  const where = and(eq(outbox.companyId, companyId));
  const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(outbox).where(where);
  const rows = await tx.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(pageSize).offset((currentPage - 1) * pageSize);
  return { total, list: rows.map((r) => ({ ...(r.message as unknown as OutboxMessage), documentId: r.documentId })) };
}
