// Contacts: list, create, read, update, delete (soft). Answers carry the contact in
// data.list[0] (ContactResponse, service-facts §5.1), lists {total, currentPage, list}.
import { MASTER_ROUTES } from "../../api/routes";
import { ContactSchema } from "../../rules/schemas";
import type { Db } from "../store/database";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import { listOrder, listPaging } from "./paging";
import { ContactInsertQueue } from "../masters/contact-inserts";
import { ContactDeleteQueue } from "../masters/contact-deletes";
import { contactAnswer, createContact, deleteContact, findContact, listContacts, updateContact, type ContactRow } from "../masters/contacts";

const one = (row: ContactRow) => ok({ total: 1, currentPage: 1, list: [contactAnswer(row)], isDB: false });

export function registerContactRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const tags = ["Contacts"];
  // Creates and deletes arriving together share a commit on the embedded store (contact-inserts.ts,
  // contact-deletes.ts); PostgreSQL commits each on a connection of its own, side by side.
  const inserts = ctx.store.kind === "pglite" ? new ContactInsertQueue(db) : undefined;
  const deletes = ctx.store.kind === "pglite" ? new ContactDeleteQueue(db) : undefined;
  mount(api, MASTER_ROUTES.contactsList, async (c) => {
    const page = await listContacts(db, companyOf(c), listPaging(c), listOrder(c, "contacts"));
    return c.json(ok({ ...page, isDB: false }));
  }, { summary: "List contacts", tags });

  mount(api, MASTER_ROUTES.contactsCreate, async (c) => {
    const body = parseWith(ContactSchema, await readJson(c)) as Record<string, unknown>;
    const row = await createContact(db, companyOf(c), body, inserts);
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
    await deleteContact(db, ctx.contactCache, companyOf(c), id, deletes);
    return c.json(ok({ deleteStatus: "Deleted" }));
  }, { summary: "Delete a contact", tags });
}
