// Which live documents use a contact: what undo asks before it deletes a contact a post made (a
// document still naming it would lose its contact). The service's lists search contact names
// (searchString), so each family is listed by the contact's name and its answers kept only where
// they name the contact's id; void documents are not live. Withholding tax certificates are
// searched too. Journal vouchers are not: their list does not say which contact they name.
import type { DocSheetClient } from "../api";
import { FAMILIES, WHT_FAMILY, type DocumentFamily } from "../rules/codes";

/** A document, as `family:recordId`: ids are told apart by family. */
export const docRef = (family: DocumentFamily, id: number): string => `${family}:${id}`;

/** Up to `most` serials of live documents (not void) naming contact `id`, leaving out `except`
 * (docRef); empty when none does. Stops at `most`. */
export async function contactUsers(
  client: DocSheetClient, contact: { id: number; name: string }, except: ReadonlySet<string>, signal?: AbortSignal, most = 3,
): Promise<string[]> {
  const found: string[] = [];
  const search = { range: 0, pageSize: 200, searchString: contact.name };
  const keep = (family: DocumentFamily, r: { recordId?: unknown; id?: unknown; contactId?: unknown; statusString?: unknown; status?: unknown; documentSerial?: unknown }): void => {
    const id = Number(r.recordId ?? r.id);
    if (Number(r.contactId) !== contact.id || except.has(docRef(family, id))) return;
    if (r.statusString === "void" || r.status === "void") return;
    found.push(typeof r.documentSerial === "string" && r.documentSerial ? r.documentSerial : `#${id}`);
  };
  for (const family of FAMILIES) {
    for await (const page of client.documents(family).listAll(search, { signal })) {
      for (const r of page.list) keep(family, r);
      if (found.length >= most) return found.slice(0, most);
    }
  }
  for await (const page of client.withholdingTaxes.listAll({ pageSize: 200, searchString: contact.name }, { signal })) {
    for (const r of page.list) keep(WHT_FAMILY, r as Parameters<typeof keep>[1]);
    if (found.length >= most) break;
  }
  return found.slice(0, most);
}
