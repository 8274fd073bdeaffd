// Which live documents use a contact: what undo asks before it deletes a contact a post made (a
// document still naming it would lose its contact). Each family is listed by the contacts' names
// (the list's filter on Contact.NameLocal, up to LIST_ORDER_MAX names joined by Or: a list per
// ten contacts and family, not per contact) and its answers kept only where they name one of the
// contacts' ids; void documents are not live. Withholding tax certificates are searched too: their
// list takes only a search string, so they are read whole when that is fewer pages than a search
// per contact. Journal vouchers are not: their list does not say which contact they name.
import type { DocSheetClient, FilterTerm } from "../api";
import { FAMILIES, WHT_FAMILY, type DocumentFamily } from "../rules/codes";
import { LIST_ORDER_MAX } from "../rules/list-order";
import { runPool } from "./pool";

/** A document, as `family:recordId`: ids are told apart by family. */
export const docRef = (family: DocumentFamily, id: number): string => `${family}:${id}`;

export interface ContactToCheck {
  id: number;
  name: string;
}

type Listed = { recordId?: unknown; id?: unknown; contactId?: unknown; statusString?: unknown; status?: unknown; documentSerial?: unknown };

const PAGE = 200;

/** For each contact (by id), up to `most` serials of live documents (not void) naming it, leaving
 * out `except` (docRef); an empty list when none does. */
export async function contactsUsers(
  client: DocSheetClient, contacts: readonly ContactToCheck[], except: ReadonlySet<string>, signal?: AbortSignal, concurrency = 1, most = 3,
): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>(contacts.map((c) => [c.id, []]));
  const keep = (family: DocumentFamily, r: Listed): void => {
    const id = Number(r.recordId ?? r.id);
    const list = found.get(Number(r.contactId));
    if (!list || list.length >= most || except.has(docRef(family, id))) return;
    if (r.statusString === "void" || r.status === "void") return;
    list.push(typeof r.documentSerial === "string" && r.documentSerial ? r.documentSerial : `#${id}`);
  };
  const settled = (group: readonly ContactToCheck[]) => group.every((c) => found.get(c.id)!.length >= most);
  const groups: Array<readonly ContactToCheck[]> = [];
  for (let i = 0; i < contacts.length; i += LIST_ORDER_MAX) groups.push(contacts.slice(i, i + LIST_ORDER_MAX));
  let failure: { error: unknown } | undefined;
  // Families with no document at all are not asked once per ten contacts (one look each tells).
  const withDocuments = new Set<DocumentFamily>();
  if (groups.length > 0) {
    await runPool([...FAMILIES], concurrency, async (family) => {
      if ((await client.documents(family).list({ range: 0, pageSize: 1 }, { signal })).total > 0) withDocuments.add(family);
    });
  }
  const families = FAMILIES.filter((f) => withDocuments.has(f));
  await runPool(groups, concurrency, async (group) => {
    const filter: FilterTerm[] = [...new Set(group.map((c) => c.name))].map((n) => ({ columnName: "Contact.NameLocal", columnValue: n, columnPredicateOperator: "Or" }));
    try {
      for (const family of families) {
        if (settled(group)) break;
        for await (const page of client.documents(family).listAll({ range: 0, pageSize: PAGE, filter }, { signal })) {
          for (const r of page.list) keep(family, r);
          if (settled(group)) break;
        }
      }
    } catch (error) {
      failure ??= { error };
    }
  }, () => failure !== undefined || signal?.aborted === true);
  if (failure) throw failure.error;
  await certificateUsers(client, contacts.filter((c) => found.get(c.id)!.length < most), (r) => keep(WHT_FAMILY, r), signal);
  return found;
}

/** Feeds `keep` the certificates that may name these contacts: every certificate when that is
 * fewer pages than a search by each contact's name, else those searches. */
async function certificateUsers(client: DocSheetClient, contacts: readonly ContactToCheck[], keep: (r: Listed) => void, signal?: AbortSignal): Promise<void> {
  if (contacts.length === 0) return;
  const api = client.withholdingTaxes;
  const names = [...new Set(contacts.map((c) => c.name))];
  const first = await api.list({ pageSize: PAGE, currentPage: 1 }, { signal });
  if (Math.ceil(first.total / PAGE) <= names.length) {
    for await (const page of api.listAll({ pageSize: PAGE }, { signal })) for (const r of page.list) keep(r as Listed);
    return;
  }
  for (const name of names) {
    for await (const page of api.listAll({ pageSize: PAGE, searchString: name }, { signal })) for (const r of page.list) keep(r as Listed);
  }
}
