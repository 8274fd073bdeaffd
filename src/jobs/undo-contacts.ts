// Undo's last step for a run whose post recorded the contacts the service created for it (a
// document named a new customer without an id, spec contact rule 5: a posting that makesContacts):
// deleted once the run's documents are undone (DELETE /contacts/{id}), but only a contact verifiably
// made for this run (its entry sealed, its document still naming it), unchanged since the run read
// it (its fingerprint), and named by no live document besides the undone ones nor by a journal
// voucher (jobs/contact-use.ts). Any other stays, with the reason. A contact the run found is not in
// the record at all, so never touched. A dry run deletes nothing.
import type { DocSheetClient } from "../api";
import { readContactsByName } from "./contact-read";
import type { SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import type { Message } from "../rules/message";
import { bookFingerprint } from "../sheet/books/fingerprint";
import { resultMsg } from "../sheet/i18n/results";
import { contactsUsers, docRef, type ContactUsers } from "./contact-use";
import { errorMsg } from "./error-text";
import { runPool } from "./pool";
import { contactSealOf, type RunContact } from "./post-record";

export type ContactUndoKind = "deleted" | "gone" | "kept" | "failed";

export interface ContactUndo {
  contact: RunContact;
  kind: ContactUndoKind;
  msg: Message;
}

export interface ContactUndoContext {
  /** The contact id each of the run's documents names on the service, by record id (as undo read them). */
  named: ReadonlyMap<number, number>;
  /** Record ids of the run's documents undone now (or that a dry run would undo). */
  undone: ReadonlySet<number>;
  dryRun: boolean;
  concurrency: number;
  signal?: AbortSignal;
}

export async function undoRunContacts(client: DocSheetClient, family: SheetFamily, contacts: readonly RunContact[], ctx: ContactUndoContext): Promise<ContactUndo[]> {
  const except = new Set([...ctx.undone].map((id) => docRef(family, id)));
  const out = new Map<RunContact, ContactUndo>();
  const set = (c: RunContact, kind: ContactUndoKind, msg: Message): void => void out.set(c, { contact: c, kind, msg });
  const nameOf = (c: RunContact): string => c.name || `#${c.id}`;
  const failed = (c: RunContact, err: unknown): void => set(c, "failed", resultMsg("undoContactFailed", { name: nameOf(c), reason: errorMsg(err) }));
  // 1. Each verified and read again (ten at a time): only one unchanged since the run goes on.
  const verified = contacts.filter((c) => {
    const named = c.recordId === undefined ? undefined : ctx.named.get(c.recordId);
    if (c.fingerprint && c.seal === contactSealOf(family, c) && (named === undefined || named === c.id)) return true;
    set(c, "kept", resultMsg("undoContactUnverified", { name: nameOf(c) }));
    return false;
  });
  const listed = await listedUnchanged(client, verified, ctx.signal);
  const read = await readContactsByName(client, verified.filter((c) => !listed.has(c.id)), ctx.concurrency, { signal: ctx.signal });
  const unchanged: Array<{ c: RunContact; name: string }> = [];
  for (const c of verified) {
    const now = listed.get(c.id) ?? read.found.get(c.id);
    if (read.gone.has(c.id)) set(c, "gone", resultMsg("undoContactGone", { name: nameOf(c) }));
    else if (read.failed.has(c.id)) failed(c, read.failed.get(c.id));
    else if (!now) continue; // not reached: cancelled
    else if (bookFingerprint(now) !== c.fingerprint) set(c, "kept", resultMsg("undoContactEdited", { name: nameOf(c) }));
    else unchanged.push({ c, name: typeof now.contactName === "string" ? now.contactName : c.name });
  }
  // 2. Which of them a live document still names (lists shared by ten contacts at a time).
  let users: Map<number, ContactUsers>;
  try {
    users = await contactsUsers(client, unchanged.map(({ c, name }) => ({ id: c.id, name })), except, ctx.signal, ctx.concurrency);
  } catch (err) {
    for (const { c } of unchanged) failed(c, err);
    return contacts.flatMap((c) => out.get(c) ?? []);
  }
  // 3. The rest deleted.
  await runPool(unchanged, ctx.concurrency, async ({ c }) => {
    const name = nameOf(c);
    try {
      const used = users.get(c.id);
      if (used?.documents.length) return set(c, "kept", resultMsg("undoContactUsed", { name, documents: used.documents.join(", ") }));
      if (used?.vouchers.length) return set(c, "kept", resultMsg("undoContactVoucher", { name, vouchers: used.vouchers.join(", ") }));
      if (ctx.dryRun) return set(c, "deleted", resultMsg("undoContactWouldDelete", { name }));
      await client.contacts.delete(c.id, { signal: ctx.signal });
      return set(c, "deleted", resultMsg("undoContactDeleted", { name }));
    } catch (err) {
      failed(c, err);
    }
  }, () => ctx.signal?.aborted === true);
  return contacts.flatMap((c) => out.get(c) ?? []);
}

/** From this many contacts, the company's whole contact list is read when it is at most a page per
 * twenty of them (a names list answers ten): a run of 1,000 new customers in a few pages. */
const LIST_FROM = 20;
const PAGE = 200;

/** The run's contacts the whole list answers unchanged since the run (their fingerprint holds); the
 * rest are read by their names as before. */
async function listedUnchanged(client: DocSheetClient, contacts: readonly RunContact[], signal?: AbortSignal): Promise<Map<number, Json>> {
  const found = new Map<number, Json>();
  const wanted = new Map(contacts.map((c) => [c.id, c]));
  if (wanted.size < LIST_FROM) return found;
  let first = true;
  for await (const page of client.contacts.listAll({ pageSize: PAGE }, { signal })) {
    if (first && !(Math.ceil(page.total / PAGE) <= wanted.size / 20)) break;
    first = false;
    for (const copy of page.list as unknown as Json[]) {
      const c = wanted.get(Number(copy.id));
      if (c && bookFingerprint(copy) === c.fingerprint) found.set(c.id, copy);
    }
    if (found.size === wanted.size) break;
  }
  return found;
}
