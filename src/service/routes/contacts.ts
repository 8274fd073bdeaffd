// Contacts: list, create, read, update, delete (soft). Answers carry the contact in
// data.list[0] (ContactResponse, service-facts §5.1), lists {total, currentPage, list}.
import { and, eq, ilike, sql } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { ContactSchema } from "../../rules/schemas";
import { contacts } from "../store/schema";
import type { Db } from "../store/database";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import { containsPattern } from "../store/contains-pattern";
import { listPaging, pageOf } from "./paging";
import { bodyInt, bodyText, listOrderSql } from "./list-order-sql";
import { contactAnswer, createContact, deleteContact, findContact, updateContact, type ContactRow } from "../masters/contacts";

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
    const row = await createContact(db, companyOf(c), body);
    return c.json(one(row));
  }, { summary: "Create a contact", tags, body: ContactSchema });

  mount(api, MASTER_ROUTES.contactsGet, async (c) => c.json(one(await findContact(db, companyOf(c), idParam(c)))),
    { summary: "Read a contact", tags });

  mount(api, MASTER_ROUTES.contactsUpdate, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const body = parseWith(ContactSchema, await readJson(c)) as Record<string, unknown>;
    const row = await updateContact(db, ctx.contactCache, companyId, id, body);
    return c.json(one(row));
  }, { summary: "Update a contact", tags, body: ContactSchema });

  mount(api, MASTER_ROUTES.contactsDelete, async (c) => {
    const id = idParam(c);
    await deleteContact(db, ctx.contactCache, companyOf(c), id);
    return c.json(ok({ deleteStatus: "Deleted" }));
  }, { summary: "Delete a contact", tags });
}
