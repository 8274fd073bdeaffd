// Which live documents use a contact: what undo asks before it deletes a contact a post made (a
// document still naming it would lose its contact). Each family is listed by the contacts' names
// (the list's filter on Contact.NameLocal, up to LIST_ORDER_MAX names joined by Or: a list per
// ten contacts and family, not per contact) and its answers kept only where they name one of the
// contacts' ids; void documents are not live. Withholding tax certificates are searched too: their
// list takes only a search string, so they are read whole when that is fewer pages than a search
// per contact. Journal vouchers name a contact on the voucher itself (contactId, or contactName
// alone; service-facts §5.7: not per line), and their list has no filter: every voucher is listed
// once, and one listed without its lines (a summary that may leave its contact out) is read by id.
import type { DocSheetClient, FilterTerm } from "../api";
import { CERTIFICATES } from "../families/certificates";
import { FAMILIES, type DocumentFamily, type SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { LIST_ORDER_MAX } from "../rules/list-order";
import { normalizeName } from "../sheet/fields";
import { runPool } from "./pool";

/** A document, as `family:recordId`: ids are told apart by family. */
export const docRef = (family: SheetFamily, id: number): string => `${family}:${id}`;

export interface ContactToCheck {
  id: number;
  name: string;
}

type Listed = { recordId?: unknown; id?: unknown; contactId?: unknown; statusString?: unknown; status?: unknown; documentSerial?: unknown };

const PAGE = 200;

/** What still names a contact: serials of live documents (certificates among them), and of journal vouchers. */
export interface ContactUsers {
  documents: string[];
  vouchers: string[];
}

/** Whether anything still names the contact. */
export const inUse = (u: ContactUsers | undefined): boolean => u !== undefined && u.documents.length + u.vouchers.length > 0;

/** For each contact (by id), up to `most` serials of live documents (not void) naming it, leaving
 * out `except` (docRef), and of journal vouchers naming it; empty lists when none does. */
export async function contactsUsers(
  client: DocSheetClient, contacts: readonly ContactToCheck[], except: ReadonlySet<string>, signal?: AbortSignal, concurrency = 1, most = 3,
): Promise<Map<number, ContactUsers>> {
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
  // Families with no document at all are not asked once per ten contacts (one look each tells);
  // one with at most a page per two groups is read whole, once, rather than a list per group (an
  // undo of 1,000 new customers: a few pages instead of a hundred filtered lists).
  const withDocuments = new Set<DocumentFamily>();
  const wholeRead = new Set<DocumentFamily>();
  if (groups.length > 0) {
    await runPool([...FAMILIES], concurrency, async (family) => {
      const total = (await client.documents(family).list({ range: 0, pageSize: 1 }, { signal })).total;
      if (total > 0 && Math.ceil(total / PAGE) <= groups.length / 2) wholeRead.add(family);
      else if (total > 0) withDocuments.add(family);
    });
  }
  for (const family of FAMILIES.filter((f) => wholeRead.has(f))) {
    for await (const page of client.documents(family).listAll({ range: 0, pageSize: PAGE }, { signal })) for (const r of page.list) keep(family, r);
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
  await certificateUsers(client, contacts.filter((c) => found.get(c.id)!.length < most), (r) => keep(CERTIFICATES.name, r), signal);
  const vouchers = contacts.length > 0 ? await voucherUsers(client, contacts, most, signal, concurrency) : new Map<number, string[]>();
  return new Map(contacts.map((c) => [c.id, { documents: found.get(c.id)!, vouchers: vouchers.get(c.id) ?? [] }]));
}

/** For each contact, up to `most` serials of journal vouchers naming it: by its id, or by its name
 * when the voucher gives no id (a voucher names one contact; one that cannot say stays safe). */
async function voucherUsers(
  client: DocSheetClient, contacts: readonly ContactToCheck[], most: number, signal: AbortSignal | undefined, concurrency: number,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const ids = new Set(contacts.map((c) => c.id));
  const byName = new Map<string, number[]>();
  for (const c of contacts) if (c.name.trim()) byName.set(normalizeName(c.name), [...(byName.get(normalizeName(c.name)) ?? []), c.id]);
  const keep = (v: Json): void => {
    if (v.statusString === "void") return;
    const id = Number(v.contactId);
    const named = Number.isInteger(id) && id > 0 ? (ids.has(id) ? [id] : [])
      : typeof v.contactName === "string" && v.contactName.trim() ? byName.get(normalizeName(v.contactName)) ?? [] : [];
    for (const c of named) {
      const list = out.get(c) ?? [];
      if (list.length < most) list.push(typeof v.documentSerial === "string" && v.documentSerial ? v.documentSerial : `#${Number(v.recordId ?? v.id)}`);
      out.set(c, list);
    }
  };
  const summaries: Json[] = [];
  for await (const page of client.journalEntries.listAll({ pageSize: PAGE }, { signal })) {
    for (const v of page.list as Json[]) {
      if (Array.isArray(v.bookOfAccounts)) keep(v);
      else summaries.push(v);
    }
  }
  let failure: { error: unknown } | undefined;
  await runPool(summaries, concurrency, async (v) => {
    try {
      keep((await client.journalEntries.get(Number(v.recordId ?? v.id), { signal })) as Json);
    } catch (error) {
      failure ??= { error };
    }
  }, () => failure !== undefined || signal?.aborted === true);
  if (failure) throw failure.error;
  return out;
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
