// Attachments in the attachments table: one record per file, for both stores. The bytes go in the
// table (bytea) on PostgreSQL; on the embedded store they go in a file under the data directory
// named by the access key, because PGlite copies a 10 MB parameter several times through its WASM
// heap (measured: ~415 MB peak, 9 s per 10 MB upload; a file: see bench/service-files.ts). Used
// inside the upload's transaction, so order numbers cannot race (the document row is locked
// first); files written by a transaction that fails are removed by the caller (discardWritten).
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
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

/** Where the embedded store keeps attachment bytes; PostgreSQL keeps them in the table. */
export function attachmentBlobDir(kind: "pglite" | "postgres", dataDir: string | undefined): string | undefined {
  return kind === "pglite" && dataDir ? join(dataDir, "attachments") : undefined;
}

/** 192 random bits, URL-safe: the download path cannot be guessed. */
const newAccessKey = (): string => randomBytes(24).toString("base64url");

const EMPTY = Buffer.alloc(0);

/** The bytes of an attachment: in the row, or in its file when the row holds none. */
async function bytesOf(content: Buffer, accessKey: unknown, blobDir: string | undefined): Promise<Buffer> {
  if (content.length > 0 || !blobDir || typeof accessKey !== "string") return content;
  return readFile(join(blobDir, accessKey));
}

export class TableAttachmentStore implements AttachmentStore {
  private readonly written: string[] = [];

  /** blobDir: where the bytes go as files (embedded store); absent: in the table. */
  constructor(private readonly tx: Tx, private readonly blobDir?: string) {}

  /** Removes the files this store wrote (their transaction failed). */
  async discardWritten(): Promise<void> {
    await Promise.allSettled(this.written.splice(0).map((path) => rm(path, { force: true })));
  }

  private async keep(accessKey: string, bytes: Uint8Array): Promise<Buffer> {
    if (!this.blobDir) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    await mkdir(this.blobDir, { recursive: true });
    const path = join(this.blobDir, accessKey);
    await writeFile(`${path}.tmp`, bytes);
    await rename(`${path}.tmp`, path);
    this.written.push(path);
    return EMPTY;
  }

  private async drop(keys: unknown[]): Promise<void> {
    if (!this.blobDir) return;
    await Promise.allSettled(keys.filter((k): k is string => typeof k === "string").map((k) => rm(join(this.blobDir!, k), { force: true })));
  }

  async put(companyId: OwnerId, documentId: OwnerId, file: NewAttachment): Promise<KeyedAttachment> {
    const doc = Number(documentId);
    const accessKey = newAccessKey();
    const [{ next }] = await this.tx.select({ next: sql<number>`coalesce(max(${attachments.orderNumber}), 0)::int + 1` })
      .from(attachments).where(eq(attachments.documentId, doc));
    const [row] = await this.tx.insert(attachments).values({
      companyId: Number(companyId), documentId: doc, orderNumber: next, name: file.name, contentType: file.mime,
      size: file.bytes.length, content: await this.keep(accessKey, file.bytes), accessKey,
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
    return row ? { attachment: keyed(row), bytes: await bytesOf(row.content, row.accessKey, this.blobDir) } : null;
  }

  async remove(companyId: OwnerId, documentId: OwnerId, attachmentId: number): Promise<void> {
    const gone = await this.tx.delete(attachments).where(and(
      eq(attachments.companyId, Number(companyId)), eq(attachments.documentId, Number(documentId)), eq(attachments.id, attachmentId),
    )).returning({ accessKey: attachments.accessKey });
    await this.drop(gone.map((g) => g.accessKey));
  }

  async removeDocument(companyId: OwnerId, documentId: OwnerId): Promise<void> {
    const gone = await this.tx.delete(attachments)
      .where(and(eq(attachments.companyId, Number(companyId)), eq(attachments.documentId, Number(documentId))))
      .returning({ accessKey: attachments.accessKey });
    await this.drop(gone.map((g) => g.accessKey));
  }
}

/** The attachment behind a download key, with its bytes, while its document is live. */
export async function attachmentByKey(tx: Tx, accessKey: string, blobDir?: string): Promise<{ name: string; mime: string; bytes: Buffer } | null> {
  const result = await tx.execute(sql`
    select a.name, a.content_type as mime, a.content as bytes from ${attachments} a
    join documents d on d.id = a.document_id and not d.deleted
    where a.access_key = ${accessKey}`);
  const [row] = (result as unknown as { rows: Array<{ name: string; mime: string; bytes: Buffer | Uint8Array }> }).rows;
  if (!row) return null;
  const content = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
  return { name: row.name, mime: row.mime, bytes: await bytesOf(content, accessKey, blobDir) };
}
