// The race guard of the books' post for contacts and products, as race.ts is for documents: two
// posts of the same rows at once (two copies of a workbook, the pane and the command line) both
// see no such contact when they look, and both create one. After each create the service is asked
// again (the list searched by the record's name or code): of the records of the same identity (tax
// id and branch, code, or name: what the post's look-up matched on), the lowest id wins, so both
// posts decide the same without talking. The loser deletes its own copy, just made, and takes the
// winner as found. Journal vouchers have no such guard: the service can neither delete nor void
// one, so the later copy is only reported, at its row (books.ts, firstByMarker).
import type { DocSheetClient } from "../api";
import type { Json } from "../rules/json";

export type BookRace =
  | { kind: "won" }
  | { kind: "lost"; winner: Json }
  /** Our copy could not be deleted: it stays beside the winner. */
  | { kind: "stuck"; winner: Json; error: unknown }
  /** The list never showed ours: no other post could be ruled out. */
  | { kind: "unlisted" };

const idOf = (r: Json): number => Number(r.recordId ?? r.id);
const textOf = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** Times the list is asked before a record just created is taken as not listed (a list may lag a create). */
const LOOKS = 3;

/** Settles `ours`, just created: `same` tells the records of its identity. */
export async function settleBookRace(
  client: DocSheetClient, family: "contacts" | "products", ours: Json, same: (r: Json) => boolean, signal?: AbortSignal,
): Promise<BookRace> {
  const api = family === "contacts" ? client.contacts : client.products;
  const searchString = family === "contacts" ? textOf(ours.contactName) : textOf(ours.code) || textOf(ours.name);
  const id = idOf(ours);
  for (let look = 0; look < LOOKS; look++) {
    const holders: Json[] = [];
    for await (const page of api.listAll({ pageSize: 200, ...(searchString ? { searchString } : {}) }, { signal })) {
      for (const r of page.list as unknown as Json[]) if (idOf(r) === id || same(r)) holders.push(r);
    }
    if (!holders.some((r) => idOf(r) === id)) {
      await new Promise((resolve) => setTimeout(resolve, 250 * (look + 1)));
      continue;
    }
    const winner = holders.reduce((a, b) => (idOf(b) < idOf(a) ? b : a));
    if (idOf(winner) === id) return { kind: "won" };
    try {
      await api.delete(id, { signal });
      return { kind: "lost", winner };
    } catch (error) {
      return { kind: "stuck", winner, error };
    }
  }
  return { kind: "unlisted" };
}
