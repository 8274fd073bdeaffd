// A document's attachments: listed as the spec's records, and stored in the upload's transaction
// with the document locked, so uploads to one document take their order numbers one after the
// other; a failed upload leaves no file behind.
import type { Family } from "../../rules/codes";
import { attachmentRecord, saveAttachments, type AttachmentRecord, type NewAttachment } from "../files";
import type { Db, Tx } from "../store/database";
import { loadDocument } from "../documents/lifecycle";
import { TableAttachmentStore } from "./table-store";

/** The download link of a stored file (the HTTP layer knows where the service is reached). */
export type LinkOf = (accessKey: string, name: string) => string;

/** The document's attachments as the spec's records, with their download links. */
export async function attachmentRecordsOf(tx: Tx, linkOf: LinkOf, companyId: number, documentId: number): Promise<AttachmentRecord[]> {
  const stored = await new TableAttachmentStore(tx).list(companyId, documentId);
  return stored.map((s) => attachmentRecord(s, () => linkOf(s.accessKey, s.name)));
}

/** Stores checked files on the company's document; answers every attachment it now has. */
export async function attachFiles(
  db: Db, blobDir: string | undefined, linkOf: LinkOf, companyId: number, family: Family, documentId: number, files: NewAttachment[],
): Promise<AttachmentRecord[]> {
  let store: TableAttachmentStore | undefined;
  return db.transaction(async (tx) => {
    await loadDocument(tx, companyId, family, documentId, true);
    store = new TableAttachmentStore(tx, blobDir);
    await saveAttachments(store, companyId, documentId, files);
    return attachmentRecordsOf(tx, linkOf, companyId, documentId);
  }).catch(async (err: unknown) => {
    await store?.discardWritten();
    throw err;
  });
}
