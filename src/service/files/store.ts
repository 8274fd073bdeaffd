// Where attachment bytes live. The service core picks the implementation: files under the embedded
// store's data directory (FsAttachmentStore), or a table (bytea) behind the same interface.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export type OwnerId = number | string;

export interface NewAttachment {
  /** The name as uploaded; kept as given, never used as a path. */
  name: string;
  mime: string;
  bytes: Uint8Array;
}

export interface StoredAttachment {
  attachmentId: number;
  name: string;
  mime: string;
  size: number;
  createdOn: Date;
  /** 1-based position among the document's attachments. */
  orderNumber: number;
}

export interface AttachmentStore {
  /** Stores one file for a document and answers its record. */
  put(companyId: OwnerId, documentId: OwnerId, file: NewAttachment): Promise<StoredAttachment>;
  /** The document's attachments in upload order. */
  list(companyId: OwnerId, documentId: OwnerId): Promise<StoredAttachment[]>;
  /** One attachment with its bytes, or null when the company's document has no such attachment. */
  read(companyId: OwnerId, documentId: OwnerId, attachmentId: number): Promise<{ attachment: StoredAttachment; bytes: Buffer } | null>;
  /** Removes one attachment (used to undo a partly stored upload). */
  remove(companyId: OwnerId, documentId: OwnerId, attachmentId: number): Promise<void>;
  /** Removes every attachment of a document (the document was deleted). */
  removeDocument(companyId: OwnerId, documentId: OwnerId): Promise<void>;
}

interface IndexEntry extends Omit<StoredAttachment, "createdOn"> {
  createdOn: string;
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

function segment(id: OwnerId): string {
  const text = String(id);
  // Ids come from the core, but a path segment must never climb out of the store.
  if (!SAFE_SEGMENT.test(text)) throw new Error(`Not a valid id for the attachment store: ${JSON.stringify(text)}`);
  return text;
}

async function writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temp, data);
  await rename(temp, path);
}

/**
 * Files under `{dir}/{companyId}/{documentId}/`: `{attachmentId}.bin` and `index.json`. One
 * process owns the directory (as with the embedded database); writes are queued so ids and
 * indexes never race.
 */
export class FsAttachmentStore implements AttachmentStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dir: string) {}

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private docDir(companyId: OwnerId, documentId: OwnerId): string {
    return join(this.dir, segment(companyId), segment(documentId));
  }

  private async readIndex(docDir: string): Promise<IndexEntry[]> {
    try {
      return JSON.parse(await readFile(join(docDir, "index.json"), "utf8")) as IndexEntry[];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
  }

  private async nextId(): Promise<number> {
    const counter = join(this.dir, "next-id");
    let next = 1;
    try {
      next = Number.parseInt(await readFile(counter, "utf8"), 10) || 1;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    await writeAtomically(counter, String(next + 1));
    return next;
  }

  async put(companyId: OwnerId, documentId: OwnerId, file: NewAttachment): Promise<StoredAttachment> {
    const docDir = this.docDir(companyId, documentId);
    return this.serial(async () => {
      await mkdir(docDir, { recursive: true });
      const id = await this.nextId();
      await writeAtomically(join(docDir, `${id}.bin`), file.bytes);
      const index = await this.readIndex(docDir);
      const entry: IndexEntry = {
        attachmentId: id,
        name: file.name,
        mime: file.mime,
        size: file.bytes.length,
        createdOn: new Date().toISOString(),
        orderNumber: index.reduce((max, e) => Math.max(max, e.orderNumber), 0) + 1,
      };
      index.push(entry);
      await writeAtomically(join(docDir, "index.json"), JSON.stringify(index));
      return { ...entry, createdOn: new Date(entry.createdOn) };
    });
  }

  async list(companyId: OwnerId, documentId: OwnerId): Promise<StoredAttachment[]> {
    const index = await this.readIndex(this.docDir(companyId, documentId));
    return index.map((e) => ({ ...e, createdOn: new Date(e.createdOn) }));
  }

  async read(companyId: OwnerId, documentId: OwnerId, attachmentId: number) {
    const docDir = this.docDir(companyId, documentId);
    const entry = (await this.readIndex(docDir)).find((e) => e.attachmentId === attachmentId);
    if (!entry) return null;
    const bytes = await readFile(join(docDir, `${entry.attachmentId}.bin`));
    return { attachment: { ...entry, createdOn: new Date(entry.createdOn) }, bytes };
  }

  async remove(companyId: OwnerId, documentId: OwnerId, attachmentId: number): Promise<void> {
    const docDir = this.docDir(companyId, documentId);
    return this.serial(async () => {
      const index = await this.readIndex(docDir);
      const kept = index.filter((e) => e.attachmentId !== attachmentId);
      if (kept.length === index.length) return;
      await writeAtomically(join(docDir, "index.json"), JSON.stringify(kept));
      await rm(join(docDir, `${attachmentId}.bin`), { force: true });
    });
  }

  async removeDocument(companyId: OwnerId, documentId: OwnerId): Promise<void> {
    const docDir = this.docDir(companyId, documentId);
    return this.serial(() => rm(docDir, { recursive: true, force: true }));
  }
}
