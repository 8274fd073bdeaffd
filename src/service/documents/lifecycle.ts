// How a document of the eight families is created, updated, deleted and moved between statuses,
// from a body the shared checks of src/rules have passed: the contact rules, then the composed
// stored document, in the caller's transaction.
import { FAMILY_INFO, type Family } from "../../rules/codes";
import { formatMessage } from "../../rules/messages";
import { ServiceError, validationError } from "../envelope";
import type { Db, Store, Tx } from "../store/database";
import { cachedCompanyInfo } from "../masters/company";
import { contactNameToResolve, resolveContact, resolvesFromCache, type ResolvedContact, type ResolveOptions } from "./contact-resolution";
import { composeDocument, type Structure } from "./compose";
import { accountBook, type AccountBook } from "./expense-lines";
import { DOCUMENT_NOT_FOUND, ONLY_AWAITING_DELETE, ONLY_AWAITING_UPDATE, STATUS_NOT_ALLOWED } from "./messages";
import { assertNoPartialReceipts, beforeRemoval } from "./partial-receipts";
import { findDocument, insertDocument, moveStatus, softDeleteDocument, updateDocument, type DocumentRow } from "./repository";
import type { Json } from "../../rules/json";
import type { DocumentInsertQueue } from "./insert-queue";
import type { StatusMoveQueue } from "./status-moves";

export async function loadDocument(tx: Tx, companyId: number, family: Family, id: number, lock = false): Promise<DocumentRow> {
  const row = await findDocument(tx, companyId, family, id, lock);
  if (!row) throw new ServiceError(404, DOCUMENT_NOT_FOUND, 404);
  return row;
}

export interface CreateOptions {
  /** Company information for the header (masters/company.ts cachedCompanyInfo). */
  company: Json;
  /** How contacts are resolved (lock on PostgreSQL, cache on the embedded store). */
  contacts: ResolveOptions;
}

/** The row of a new document, composed from a checked body and its resolved contact. */
function documentValues(companyId: number, family: Family, structure: Structure, body: Json, contact: ResolvedContact, company: Json, accounts?: AccountBook) {
  const info = FAMILY_INFO[family];
  const composed = composeDocument({ family, structure, body, contact, company, accounts });
  return {
    companyId, family, documentType: info.documentType, structure, status: "awaiting",
    publishedOn: composed.publishedOn, dueDate: composed.dueDate, contactId: composed.contactId,
    contactName: composed.contactName, projectName: composed.projectName, grandTotal: composed.grandTotal, body: composed.body,
  };
}

/** The row of a new document: its contact resolved in `tx`, then composed. */
export async function newDocumentValues(tx: Tx, companyId: number, family: Family, structure: Structure, body: Json, opts: CreateOptions) {
  const contact = await resolveContact(tx, companyId, FAMILY_INFO[family].side, body, opts.contacts);
  const accounts = family === "expenses" ? await accountBook(tx, companyId) : undefined;
  return documentValues(companyId, family, structure, body, contact, opts.company, accounts);
}

/** Creates a document from a checked body, in the caller's transaction. */
export async function createDocument(tx: Tx, companyId: number, family: Family, structure: Structure, body: Json, opts: CreateOptions): Promise<DocumentRow> {
  return insertDocument(tx, await newDocumentValues(tx, companyId, family, structure, body, opts));
}

/** Creates a document of a plain create (no upgrade, no payment) and notes the write. On the
 * embedded store a create is one of a batch that shares one commit (insert-queue.ts): its contact
 * known from the cache, or resolved by name in the batch. Otherwise (PostgreSQL, a contactId not
 * cached) contact and document are one transaction of their own. */
export async function createCheckedDocument(
  store: Store, inserts: DocumentInsertQueue, companyId: number, family: Family, structure: Structure, body: Json, contacts: ResolveOptions,
): Promise<DocumentRow> {
  const db = store.db;
  const opts: CreateOptions = { company: await cachedCompanyInfo(db, companyId), contacts };
  const alone = () => db.transaction((tx) => createDocument(tx, companyId, family, structure, body, opts));
  const name = contacts.cache ? contactNameToResolve(body) : undefined;
  let row: DocumentRow;
  if (resolvesFromCache(companyId, body, contacts)) row = await inserts.insert(await newDocumentValues(db, companyId, family, structure, body, opts));
  else if (name !== undefined) {
    const accounts = family === "expenses" ? await accountBook(db, companyId) : undefined;
    row = await inserts.insertByContactName({
      companyId, side: FAMILY_INFO[family].side, body, name, alone,
      compose: (contact) => documentValues(companyId, family, structure, body, contact, opts.company, accounts),
    });
  } else row = await alone();
  store.noteWrites();
  return row;
}

/** An awaiting document rewritten from a body; `check` runs the shared checks for the document's
 * structure (known only once it is read) and answers the parsed body. */
export async function updateAwaitingDocument(
  db: Db, companyId: number, family: Family, id: number, check: (structure: Structure) => Json, contacts: ResolveOptions,
): Promise<DocumentRow> {
  return db.transaction(async (tx) => {
    const current = await loadDocument(tx, companyId, family, id, true);
    if (current.status !== "awaiting") throw validationError(ONLY_AWAITING_UPDATE);
    assertNoPartialReceipts(current);
    const structure = current.structure as Structure;
    const body = check(structure);
    const contact = await resolveContact(tx, companyId, FAMILY_INFO[family].side, body, contacts);
    const accounts = family === "expenses" ? await accountBook(tx, companyId) : undefined;
    const composed = composeDocument({ family, structure, body, contact, company: (current.body.company ?? {}) as Json, accounts });
    return updateDocument(tx, id, {
      publishedOn: composed.publishedOn, dueDate: composed.dueDate, contactId: composed.contactId,
      contactName: composed.contactName, projectName: composed.projectName, grandTotal: composed.grandTotal, body: composed.body,
    });
  });
}

/** Deletes (softly) an awaiting document, releasing what it holds (partial-receipts.ts). */
export async function deleteAwaitingDocument(db: Db, companyId: number, family: Family, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await loadDocument(tx, companyId, family, id, true);
    if (current.status !== "awaiting") throw validationError(ONLY_AWAITING_DELETE);
    await beforeRemoval(tx, current);
    await softDeleteDocument(tx, id);
  });
}

/** Moves a document to one of its family's statuses; voiding releases what it holds. */
export async function changeDocumentStatus(db: Db, companyId: number, family: Family, id: number, statusId: string, moves?: StatusMoveQueue): Promise<DocumentRow> {
  const statuses = FAMILY_INFO[family].statuses;
  // One statement where nothing is to be released (no partial receipt, whose family is receipts):
  // the live document moved unless it is a tax invoice with partial receipts being voided (an
  // undo's voids: one statement and its commit each, not a transaction of three). A document it
  // does not move (none, another status, locked) takes the way below, which says why.
  if (statuses.includes(statusId) && !FAMILY_INFO[family].partialReceipt) {
    // On the embedded store, moves that arrive together share one commit (status-moves.ts).
    const moved = moves ? await moves.move(companyId, family, id, statusId) : await moveStatus(db, companyId, family, id, statusId);
    if (moved) return moved;
  }
  return db.transaction(async (tx) => {
    const current = await loadDocument(tx, companyId, family, id, true);
    if (!statuses.includes(statusId)) {
      throw validationError(formatMessage(STATUS_NOT_ALLOWED, { given: statusId, family, allowed: statuses.join(", ") }));
    }
    if (statusId === "void") await beforeRemoval(tx, current);
    return updateDocument(tx, current.id, { status: statusId });
  });
}
