// Undo's last step for documents: the contacts the service created for the run (a document named a
// new customer without an id, spec contact rule 5), deleted once the run's documents are undone
// (DELETE /contacts/{id}), but only a contact verifiably made for this run (its entry sealed, its
// document still naming it), unchanged since the run read it (its fingerprint), and named by no live
// document besides the undone ones (jobs/contact-use.ts). Any other stays, with the reason. A
// contact the run found is not in the record at all, so never touched. A dry run deletes nothing.
import { NotFoundError, type DocSheetClient } from "../api";
import type { Family } from "../rules/codes";
import type { Json } from "../rules/json";
import type { Message } from "../rules/message";
import { bookFingerprint } from "../sheet/books/fingerprint";
import { resultMsg } from "../sheet/i18n/results";
import { contactUsers, docRef } from "./contact-use";
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

export async function undoRunContacts(client: DocSheetClient, family: Family, contacts: readonly RunContact[], ctx: ContactUndoContext): Promise<ContactUndo[]> {
  const except = new Set([...ctx.undone].map((id) => docRef(family, id)));
  const out = new Map<RunContact, ContactUndo>();
  await runPool(contacts, ctx.concurrency, async (c) => {
    const name = c.name || `#${c.id}`;
    const set = (kind: ContactUndoKind, msg: Message): void => void out.set(c, { contact: c, kind, msg });
    try {
      const named = c.recordId === undefined ? undefined : ctx.named.get(c.recordId);
      if (!c.fingerprint || c.seal !== contactSealOf(family, c) || (named !== undefined && named !== c.id)) {
        return set("kept", resultMsg("undoContactUnverified", { name }));
      }
      let now: Json;
      try {
        now = (await client.contacts.get(c.id, { signal: ctx.signal })) as unknown as Json;
      } catch (err) {
        if (err instanceof NotFoundError) return set("gone", resultMsg("undoContactGone", { name }));
        throw err;
      }
      if (bookFingerprint(now) !== c.fingerprint) return set("kept", resultMsg("undoContactEdited", { name }));
      const users = await contactUsers(client, { id: c.id, name: typeof now.contactName === "string" ? now.contactName : c.name }, except, ctx.signal);
      if (users.length > 0) return set("kept", resultMsg("undoContactUsed", { name, documents: users.join(", ") }));
      if (ctx.dryRun) return set("deleted", resultMsg("undoContactWouldDelete", { name }));
      await client.contacts.delete(c.id, { signal: ctx.signal });
      return set("deleted", resultMsg("undoContactDeleted", { name }));
    } catch (err) {
      set("failed", resultMsg("undoContactFailed", { name, reason: errorMsg(err) }));
    }
  }, () => ctx.signal?.aborted === true);
  return contacts.flatMap((c) => out.get(c) ?? []);
}
