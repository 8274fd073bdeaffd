// Reading many contacts by id, ten at a time: a contacts list filtered by their names (up to
// LIST_ORDER_MAX names joined by Or) answers ten contacts in one request, where a read each would
// cost the service a request per contact (a post to, or an undo of, 1,000 new customers). A contact
// the lists do not answer whole (a list that gives ids only) is read on its own.
import { NotFoundError, type DocSheetClient } from "../api";
import type { Json } from "../rules/json";
import { LIST_ORDER_MAX } from "../rules/list-order";
import { runPool } from "./pool";

/** A page of a names list: enough for ten names that few other contacts contain. */
const NAME_LIST_PAGE = 100;

export interface ContactRead {
  /** The contacts read, by id. */
  found: Map<number, Json>;
  /** Ids the service says it has not (deleted). */
  gone: Set<number>;
  /** Ids that could not be read, and why. */
  failed: Map<number, unknown>;
}

/** Reads these contacts (id and the name they were made with); `stopOnFailure` stops at the first
 * read that fails (the service may be gone). */
export async function readContactsByName(
  client: DocSheetClient, contacts: ReadonlyArray<{ id: number; name: string }>, concurrency: number,
  opts: { signal?: AbortSignal; stopOnFailure?: boolean } = {},
): Promise<ContactRead> {
  const out: ContactRead = { found: new Map(), gone: new Set(), failed: new Map() };
  const stop = () => (opts.stopOnFailure === true && out.failed.size > 0) || opts.signal?.aborted === true;
  const groups: Array<ReadonlyArray<{ id: number; name: string }>> = [];
  for (let i = 0; i < contacts.length; i += LIST_ORDER_MAX) groups.push(contacts.slice(i, i + LIST_ORDER_MAX));
  await runPool(groups, concurrency, async (group) => {
    const ids = new Set(group.map((c) => c.id));
    const names = [...new Set(group.map((c) => c.name.trim()))];
    if (names.some((n) => n === "")) return; // a blank name filters nothing: read one by one below
    try {
      const filter = names.map((n) => ({ columnName: "namelocal", columnValue: n, columnPredicateOperator: "Or" as const }));
      const page = await client.contacts.list({ filter, pageSize: NAME_LIST_PAGE }, { signal: opts.signal });
      for (const entry of page.list as unknown as Json[]) {
        const id = Number(entry.id);
        if (ids.has(id) && typeof entry.contactName === "string" && typeof entry.contactCode === "string") out.found.set(id, entry);
      }
    } catch {
      // read one by one below
    }
  }, stop);
  await runPool(contacts.filter((c) => !out.found.has(c.id)), concurrency, async ({ id }) => {
    try {
      out.found.set(id, (await client.contacts.get(id, { signal: opts.signal })) as unknown as Json);
    } catch (err) {
      if (err instanceof NotFoundError) out.gone.add(id);
      else out.failed.set(id, err);
    }
  }, stop);
  return out;
}
