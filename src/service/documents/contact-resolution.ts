// Contact rules 4 and 5 of the spec. With contactId: the contact fills the document; contactName
// and contactCode, when sent, must match it; the other contact fields, when sent (even empty),
// are used for this document only. Without contactId: an existing contact of that name with no
// code is used, else a new contact with an empty code is created from the payload.
import { and, asc, eq, sql } from "drizzle-orm";
import { ruleMsg } from "../../rules/messages";
import { CONTACT_GROUP, CONTACT_TYPE, type Side } from "../../rules/codes";
import { finding } from "../../rules/findings";
import { validationError } from "../envelope";
import type { Tx } from "../store/database";
import { contacts } from "../store/schema";
import { insertContact } from "../masters/contacts";
import type { ContactCache, ContactRow } from "./contact-cache";
import type { Json } from "../../rules/json";

/** Document field ← contact field for the fields a document may override. */
const OVERRIDABLE: ReadonlyArray<[docField: string, contactField: string]> = [
  ["contactAddress", "contactAddress"],
  ["contactTaxId", "contactTaxId"],
  ["contactBranch", "contactBranch"],
  ["contactPerson", "contactPerson"],
  ["contactEmail", "contactEmail"],
  ["contactNumber", "contactMobile"],
  ["contactZipCode", "contactZipCode"],
];

export interface ResolvedContact {
  contactId: number;
  /** The contact fields of the document (contactCode, contactName, contactAddress, ...). */
  fields: Json;
}

const given = (v: unknown): boolean => v !== undefined && v !== null;
/** Blank name or code counts as not sent: sheets send "" for an empty cell. */
const sentText = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

/** The contact name a body without contactId resolves by (contact rule 5), or undefined: a body
 * with a contactId, or none at all (then resolveContact says why). */
export function contactNameToResolve(body: Json): string | undefined {
  const id = typeof body.contactId === "number" ? body.contactId : 0;
  return id === 0 ? sentText(body.contactName) : undefined;
}

/** The contact a document without contactId creates when no contact of its name exists. */
export function freshContactBody(side: Side, body: Json, name: string): Json {
  const fresh: Json = {
    contactGroup: given(body.contactGroup) ? body.contactGroup : CONTACT_GROUP.Individual,
    contactType: side === "sell" ? CONTACT_TYPE.Customer : CONTACT_TYPE.Vendor,
    contactCode: "",
    contactName: name,
  };
  for (const [doc, own] of OVERRIDABLE) fresh[own] = typeof body[doc] === "string" ? body[doc] : "";
  return fresh;
}

/** The document's contact fields from its contact (sent fields win where a document may override). */
export function fill(body: Json, contact: ContactRow): ResolvedContact {
  const fields: Json = { contactCode: contact.contactCode, contactName: contact.contactName };
  for (const [doc, own] of OVERRIDABLE) fields[doc] = given(body[doc]) ? body[doc] : (contact.body[own] ?? "");
  fields.contactGroup = given(body.contactGroup) ? body.contactGroup : (contact.body.contactGroup ?? CONTACT_GROUP.Individual);
  return { contactId: contact.id, fields };
}

export interface ResolveOptions {
  /** Take a lock per company and name (PostgreSQL, where transactions run side by side). */
  lock: boolean;
  cache?: ContactCache;
}

/** Whether this body's contact is resolved from the cache alone: no query, so no write either. */
export function resolvesFromCache(companyId: number, body: Json, opts: ResolveOptions): boolean {
  if (!opts.cache) return false;
  const id = typeof body.contactId === "number" ? body.contactId : 0;
  if (id > 0) return opts.cache.byIdOf(id) !== undefined;
  const name = sentText(body.contactName);
  return id === 0 && name !== undefined && opts.cache.noCodeNamed(companyId, name) !== undefined;
}

export async function resolveContact(tx: Tx, companyId: number, side: Side, body: Json, opts: ResolveOptions): Promise<ResolvedContact> {
  const id = typeof body.contactId === "number" ? body.contactId : 0;
  if (id < 0) throw validationError([finding("contactId", ruleMsg("contactIdNegative"))]);
  if (id > 0) {
    let contact = opts.cache?.byIdOf(id);
    if (!contact) {
      [contact] = await tx.select().from(contacts).where(eq(contacts.id, id));
      if (contact) opts.cache?.remember(contact);
    }
    if (!contact) throw validationError([finding("contactId", ruleMsg("contactIdNotFound"))]);
    if (contact.companyId !== companyId) throw validationError([finding("contactId", ruleMsg("contactOtherCompany"))]);
    if (contact.deleted) throw validationError([finding("contactId", ruleMsg("contactInvalid"))]);
    const name = sentText(body.contactName);
    const code = sentText(body.contactCode);
    if ((name !== undefined && name !== contact.contactName) || (code !== undefined && code !== contact.contactCode)) {
      throw validationError([finding("contactName", ruleMsg("contactMismatch"))]);
    }
    return fill(body, contact);
  }
  const name = sentText(body.contactName);
  if (name === undefined) throw validationError([finding("contactName", ruleMsg("contactRequired"))]);
  // One resolver per company and name at a time, so two documents naming a new contact at the
  // same moment end up with one contact.
  const cached = opts.cache?.noCodeNamed(companyId, name);
  if (cached) return fill(body, cached);
  if (opts.lock) await tx.execute(sql`select pg_advisory_xact_lock(${companyId}, hashtext(${name}))`);
  const [existing] = await tx.select().from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.contactName, name), eq(contacts.contactCode, ""), eq(contacts.deleted, false)))
    .orderBy(asc(contacts.id)).limit(1);
  if (existing) {
    opts.cache?.remember(existing);
    return fill(body, existing);
  }
  const created = await insertContact(tx, companyId, freshContactBody(side, body, name));
  // Not cached here: the transaction may still fail. A later lookup reads and caches it.
  return fill(body, created);
}
