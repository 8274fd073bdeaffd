// Contacts: list, create, read, update, delete (soft). Answers carry the contact in
// data.list[0] (ContactResponse, service-facts §5.1), lists {total, currentPage, list}.
import { and, eq, ilike, sql } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { ContactSchema } from "../../rules/schemas";
import { contacts } from "../store/schema";
import type { Db, Tx } from "../store/database";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok, ServiceError, validationError } from "../http/envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import { containsPattern, listPaging, pageOf } from "./paging";
import { bodyInt, bodyText, listOrderSql } from "./list-order-sql";
import { completeContact } from "../documents/answer-shape";

export const CONTACT_CODE_DUPLICATE = "ERROR.CONTACT_CODE_DUPLICATE";
export const CONTACT_NOT_FOUND = "Contact not found";

type ContactRow = typeof contacts.$inferSelect;

export const contactAnswer = (row: ContactRow): Record<string, unknown> => completeContact({
  ...row.body, id: row.id, contactCode: row.contactCode, contactName: row.contactName,
});

async function assertCodeFree(tx: Tx, companyId: number, code: string, exceptId?: number): Promise<void> {
  if (code === "") return;
  const rows = await tx.select({ id: contacts.id }).from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.contactCode, code), eq(contacts.deleted, false)));
  if (rows.some((r) => r.id !== exceptId)) throw validationError(CONTACT_CODE_DUPLICATE);
}

/** Creates a contact; also used by documents whose contactName names no known contact. */
export async function insertContact(tx: Tx, companyId: number, body: Record<string, unknown>): Promise<ContactRow> {
  const code = typeof body.contactCode === "string" ? body.contactCode.trim() : "";
  const name = String(body.contactName ?? "").trim();
  const [row] = await tx.insert(contacts).values({
    companyId, contactCode: code, contactName: name, body: { ...body, contactCode: code, contactName: name },
  }).returning();
  return row;
}

export async function findContact(tx: Tx, companyId: number, id: number): Promise<ContactRow> {
  const [row] = await tx.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.companyId, companyId), eq(contacts.deleted, false)));
  if (!row) throw new ServiceError(404, CONTACT_NOT_FOUND, 404);
  return row;
}

/** sortBy and filter columns (service-facts §5.1) → where each is kept. */
const CONTACT_COLUMNS = {
  namelocal: contacts.contactName,
  contactPerson: bodyText(contacts.body, "contactPerson"),
  email: bodyText(contacts.body, "contactEmail"),
  phone2: bodyText(contacts.body, "contactMobile"),
  contactType: bodyInt(contacts.body, "contactType"),
};

const one = (row: ContactRow) => ok({ total: 1, currentPage: 1, list: [contactAnswer(row)], isDB: false });

export function registerContactRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const tags = ["Contacts"];
  mount(api, MASTER_ROUTES.contactsList, async (c) => {
    const q = listPaging(c);
    const order = listOrderSql(c, "contacts", CONTACT_COLUMNS, contacts.id);
    const where = and(
      eq(contacts.companyId, companyOf(c)), eq(contacts.deleted, false),
      q.searchString ? ilike(contacts.contactName, containsPattern(q.searchString)) : undefined, order.where,
    );
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(contacts).where(where);
    const rows = await db.select().from(contacts).where(where).orderBy(...order.orderBy).limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize);
    return c.json(ok({ ...pageOf(total, q.currentPage, rows.map(contactAnswer)), isDB: false }));
  }, { summary: "List contacts", tags });

  mount(api, MASTER_ROUTES.contactsCreate, async (c) => {
    const body = parseWith(ContactSchema, await readJson(c)) as Record<string, unknown>;
    const companyId = companyOf(c);
    const row = await db.transaction(async (tx) => {
      await assertCodeFree(tx, companyId, String(body.contactCode ?? "").trim());
      return insertContact(tx, companyId, body);
    });
    return c.json(one(row));
  }, { summary: "Create a contact", tags, body: ContactSchema });

  mount(api, MASTER_ROUTES.contactsGet, async (c) => c.json(one(await findContact(db, companyOf(c), idParam(c)))),
    { summary: "Read a contact", tags });

  mount(api, MASTER_ROUTES.contactsUpdate, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const body = parseWith(ContactSchema, await readJson(c)) as Record<string, unknown>;
    const row = await db.transaction(async (tx) => {
      const current = await findContact(tx, companyId, id);
      const code = typeof body.contactCode === "string" ? body.contactCode.trim() : current.contactCode;
      await assertCodeFree(tx, companyId, code, id);
      const name = String(body.contactName).trim();
      const [updated] = await tx.update(contacts).set({
        contactCode: code, contactName: name, body: { ...current.body, ...body, id, contactCode: code, contactName: name }, updatedAt: new Date(),
      }).where(eq(contacts.id, id)).returning();
      return updated;
    });
    ctx.contactCache?.clear();
    return c.json(one(row));
  }, { summary: "Update a contact", tags, body: ContactSchema });

  mount(api, MASTER_ROUTES.contactsDelete, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    await findContact(db, companyId, id);
    await db.update(contacts).set({ deleted: true, updatedAt: new Date() }).where(eq(contacts.id, id));
    ctx.contactCache?.clear();
    return c.json(ok({ deleteStatus: "Deleted" }));
  }, { summary: "Delete a contact", tags });
}
