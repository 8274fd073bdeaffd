// A document that names its contact by name, tax id and branch, without a contact id, is sent with
// the id of the company's contact of that name, tax id and branch, compared as the service keeps
// them (sheet/books/identity.ts: "00001" is "สาขา 00001", a tax id with or without dashes): left to
// itself the service uses only a contact of that name with no code (contact rule 5) and makes a
// second one of a contact a contacts post made with a code. The name must be the contact's exactly
// (rule 4 refuses another), and a document that gives no branch is not matched: the contact's would
// then fill it, a detail of the tax document the sheet did not give.
import type { Json } from "../rules/json";
import { taxKeyOf } from "../sheet/books/identity";

const textOf = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const noId = (v: unknown): boolean => v === undefined || v === null || v === "";

/** Sets contactId on the bodies (sent without one) that name one of these contacts by its name, tax id and branch. */
export function nameKnownContacts(bodies: readonly Record<string, unknown>[], contacts: readonly Json[]): void {
  const asked = bodies.filter((b) => noId(b.contactId) && textOf(b.contactName) && textOf(b.contactTaxId) && textOf(b.contactBranch));
  if (asked.length === 0) return;
  const byKey = new Map<string, Json>();
  for (const c of contacts) {
    const tax = taxKeyOf(c);
    const key = tax && `${tax}|${textOf(c.contactName)}`;
    const had = key ? byKey.get(key) : undefined;
    if (key && (!had || Number(c.id) < Number(had.id))) byKey.set(key, c);
  }
  for (const b of asked) {
    const hit = byKey.get(`${taxKeyOf(b)}|${textOf(b.contactName)}`);
    if (hit && (!textOf(b.contactCode) || textOf(b.contactCode) === textOf(hit.contactCode))) b.contactId = Number(hit.id);
  }
}
