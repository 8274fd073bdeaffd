// Attachment bytes in the attachments table (bytea), for both stores: one behaviour whether the
// service runs on the embedded store or on PostgreSQL, and the files go wherever the documents go
// (backups, a moved data dir). Used inside the upload's transaction, so an upload is stored whole
// or not at all, and order numbers cannot race (the document row is locked first).
import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../store/database";
import { attachments } from "../store/schema";
import type { AttachmentStore, NewAttachment, OwnerId, StoredAttachment } from "../files";

/** A stored attachment with the key of its download path. */
export interface KeyedAttachment extends StoredAttachment {
  accessKey: string;
}

const META = {
  attachmentId: attachments.id, name: attachments.name, mime: attachments.contentType, size: attachments.size,
  createdOn: attachments.createdAt, orderNumber: attachments.orderNumber, accessKey: attachments.accessKey,
};
type MetaRow = { [K in keyof typeof META]: unknown };

function keyed(row: MetaRow): KeyedAttachment {
  return {
    attachmentId: Number(row.attachmentId), name: String(row.name), mime: String(row.mime), size: Number(row.size),
    createdOn: row.createdOn as Date, orderNumber: Number(row.orderNumber), accessKey: String(row.accessKey ?? ""),
  };
}

/** 192 random bits, URL-safe: the download path cannot be guessed. */
const newAccessKey = (): string => randomBytes(24).toString("base64url");

export class TableAttachmentStore implements AttachmentStore {
  constructor(private readonly tx: Tx) {}

  async put(companyId: OwnerId, documentId: OwnerId, file: NewAttachment): Promise<KeyedAttachment> {
    const doc = Number(documentId);
    const [{ next }] = await this.tx.select({ next: sql<number>`coalesce(max(${attachments.orderNumber}), 0)::int + 1` })
      .from(attachments).where(eq(attachments.documentId, doc));
    const [row] = await this.tx.insert(attachments).values({
      companyId: Number(companyId), documentId: doc, orderNumber: next, name: file.name, contentType: file.mime,
      size: file.bytes.length, content: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length), accessKey: newAccessKey(),
    }).returning(META);
    return keyed(row);
  }

  async list(companyId: OwnerId, documentId: OwnerId): Promise<KeyedAttachment[]> {
    const rows = await this.tx.select(META).from(attachments)
      .where(and(eq(attachments.companyId, Number(companyId)), eq(attachments.documentId, Number(documentId))))
      .orderBy(asc(attachments.orderNumber), asc(attachments.id));
    return rows.map(keyed);
  }

  async read(companyId: OwnerId, documentId: OwnerId, attachmentId: number): Promise<{ attachment: KeyedAttachment; bytes: Buffer } | null> {
    const [row] = await this.tx.select({ ...META, content: attachments.content }).from(attachments).where(and(
      eq(attachments.companyId, Number(companyId)), eq(attachments.documentId, Number(documentId)), eq(attachments.id, attachmentId),
    ));
    return row ? { attachment: keyed(row), bytes: row.content } : null;
  }

  async remove(companyId: OwnerId, documentId: OwnerId, attachmentId: number): Promise<void> {
    await this.tx.delete(attachments).where(and(
      eq(attachments.companyId, Number(companyId)), eq(attachments.documentId, Number(documentId)), eq(attachments.id, attachmentId),
    ));
  }

  async removeDocument(companyId: OwnerId, documentId: OwnerId): Promise<void> {
    await this.tx.delete(attachments).where(and(eq(attachments.companyId, Number(companyId)), eq(attachments.documentId, Number(documentId))));
  }
}

/** The attachment behind a download key, with its bytes, while its document is live. */
export async function attachmentByKey(tx: Tx, accessKey: string): Promise<{ name: string; mime: string; bytes: Buffer } | null> {
  const result = await tx.execute(sql`
    select a.name, a.content_type as mime, a.content as bytes from ${attachments} a
    join documents d on d.id = a.document_id and not d.deleted
    where a.access_key = ${accessKey}`);
  const [row] = (result as unknown as { rows: Array<{ name: string; mime: string; bytes: Buffer | Uint8Array }> }).rows;
  if (!row) return null;
  return { name: row.name, mime: row.mime, bytes: Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes) };
}
