// Contacts as stored (ContactResponse, service-facts §5.1): created by POST /contacts and by
// documents whose contactName names no known contact (documents/contact-resolution.ts).
import { and, eq, sql } from "drizzle-orm";
import type { ListOrder } from "../../rules/list-order";
import { bodyInt, bodyText, listPage, type MasterList, type Paging } from "./list-sql";
import { contacts } from "../store/schema";
import type { Db, Tx } from "../store/database";
import { refusingClash } from "../store/unique-violation";
import { ServiceError, validationError } from "../envelope";
import { completeContact } from "../documents/answer-shape";
import type { ContactCache } from "../documents/contact-cache";
import type { ContactInsertQueue } from "./contact-inserts";
import type { ContactDeleteQueue } from "./contact-deletes";
import type { Json } from "../../rules/json";

export const CONTACT_CODE_DUPLICATE = "ERROR.CONTACT_CODE_DUPLICATE";
export const CONTACT_NOT_FOUND = "Contact not found";

export type ContactRow = typeof contacts.$inferSelect;

export const contactAnswer = (row: ContactRow): Json => completeContact({
  ...row.body, id: row.id, contactCode: row.contactCode, contactName: row.contactName,
});

/** The contact list: sortBy and filter columns (service-facts §5.1) → where each is kept; a search
 * matches the name. */
const CONTACT_LIST: MasterList = {
  table: contacts,
  columns: {
    namelocal: contacts.contactName,
    contactPerson: bodyText(contacts.body, "contactPerson"),
    email: bodyText(contacts.body, "contactEmail"),
    phone2: bodyText(contacts.body, "contactMobile"),
    contactType: bodyInt(contacts.body, "contactType"),
  },
  // As the filter matches it (lower() on both sides, as ILIKE does): the name's trigram index serves both.
  search: (pattern) => sql`lower(${contacts.contactName}) like lower(${pattern})`,
};

/** GET /contacts: a page of the company's live contacts, as answered. */
export async function listContacts(db: Db, companyId: number, paging: Paging, order: ListOrder) {
  const page = await listPage<ContactRow>(db, CONTACT_LIST, companyId, paging, order);
  return { ...page, list: page.list.map(contactAnswer) };
}

/** A write, a code another live contact of the company has refused with the duplicate error: the
 * store's unique index (contacts_company_code) decides, so two creates of one code at once cannot both pass. */
const codeChecked = <T>(write: Promise<T>): Promise<T> => refusingClash(write, "contacts_company_code", () => validationError(CONTACT_CODE_DUPLICATE));

/** The row of a new contact from its body: code and name trimmed, in the columns and the body. */
function contactValues(companyId: number, body: Json) {
  const code = typeof body.contactCode === "string" ? body.contactCode.trim() : "";
  const name = String(body.contactName ?? "").trim();
  return { companyId, contactCode: code, contactName: name, body: { ...body, contactCode: code, contactName: name } };
}

/** Creates a contact, its code not checked (documents create contacts with an empty code). */
export async function insertContact(tx: Tx, companyId: number, body: Json): Promise<ContactRow> {
  const [row] = await tx.insert(contacts).values(contactValues(companyId, body)).returning();
  return row;
}

export async function findContact(tx: Tx, companyId: number, id: number): Promise<ContactRow> {
  const [row] = await tx.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.companyId, companyId), eq(contacts.deleted, false)));
  if (!row) throw new ServiceError(404, CONTACT_NOT_FOUND, 404);
  return row;
}

/** POST /contacts: a checked body, its code free among the company's contacts; with the embedded
 * store's queue, in a commit shared with the creates that arrived with it. */
export async function createContact(db: Db, companyId: number, body: Json, inserts?: ContactInsertQueue): Promise<ContactRow> {
  return codeChecked(inserts ? inserts.insert(contactValues(companyId, body)) : insertContact(db, companyId, body));
}

/** PUT /contacts/{id}: the body over the stored contact; documents resolve it afresh. */
export async function updateContact(db: Db, cache: ContactCache | undefined, companyId: number, id: number, body: Json): Promise<ContactRow> {
  const row = await codeChecked(db.transaction(async (tx) => {
    const current = await findContact(tx, companyId, id);
    const code = typeof body.contactCode === "string" ? body.contactCode.trim() : current.contactCode;
    const name = String(body.contactName).trim();
    const [updated] = await tx.update(contacts).set({
      contactCode: code, contactName: name, body: { ...current.body, ...body, id, contactCode: code, contactName: name }, updatedAt: new Date(),
    }).where(eq(contacts.id, id)).returning();
    return updated;
  }));
  cache?.clear();
  return row;
}

/** DELETE /contacts/{id}: soft, so documents keep their contact. One statement (one commit; with
 * the embedded store's queue, shared with the deletes that arrived with it): the company's live
 * contact is marked deleted, and none marked is one not found. */
export async function deleteContact(db: Db, cache: ContactCache | undefined, companyId: number, id: number, deletes?: ContactDeleteQueue): Promise<void> {
  const marked = deletes ? await deletes.delete(companyId, id) : (await db.update(contacts).set({ deleted: true, updatedAt: new Date() })
    .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId), eq(contacts.deleted, false))).returning({ id: contacts.id })).length > 0;
  if (!marked) throw new ServiceError(404, CONTACT_NOT_FOUND, 404);
  cache?.clear();
}
