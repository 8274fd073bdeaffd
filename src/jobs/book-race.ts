// The race guard of the books' post for contacts and products, as race.ts is for documents: two
// posts of the same rows at once (two copies of a workbook, the pane and the command line) both
// see no such contact when they look, and both create one. After each create the service is asked
// again (the list filtered by the record's name or code): of the records of the same identity (tax
// id and branch, code, or name: what the post's look-up matched on), the lowest id wins, so both
// posts decide the same without talking. The loser deletes its own copy, just made, and takes the
// winner as found. Journal vouchers go through the documents' guard (race.ts, voucher-race.ts): the
// service can neither delete nor void one, so the later copy is only reported, at its row.
//
// Looks are shared: while one list is in flight the records created meanwhile wait, and the next
// list asks for up to LIST_ORDER_MAX of them at once (their names or codes joined by Or): a list
// per record would search every contact of the company once per contact posted.
import type { DocSheetClient, FilterTerm } from "../api";
import type { Json } from "../rules/json";
import { LIST_ORDER_MAX } from "../rules/list-order";

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

interface Waiting {
  ours: Json;
  same: (r: Json) => boolean;
  looks: number;
  done: (race: BookRace) => void;
}

export class BookRaceGuard {
  private queue: Waiting[] = [];
  private looking = false;

  constructor(private readonly client: DocSheetClient, private readonly family: "contacts" | "products", private readonly signal?: AbortSignal) {}

  /** Settles `ours`, just created: `same` tells the records of its identity. */
  settle(ours: Json, same: (r: Json) => boolean): Promise<BookRace> {
    return new Promise((done) => {
      this.queue.push({ ours, same, looks: 0, done });
      this.pump();
    });
  }

  private pump(): void {
    if (this.looking || this.queue.length === 0) return;
    const group = this.queue.splice(0, LIST_ORDER_MAX);
    this.looking = true;
    void this.look(group).finally(() => {
      this.looking = false;
      this.pump();
    });
  }

  /** The filter term that lists a record: a contact by its name, a product by its code, else its name. */
  private term(r: Json): FilterTerm {
    if (this.family === "contacts") return { columnName: "namelocal", columnValue: textOf(r.contactName), columnPredicateOperator: "Or" };
    const code = textOf(r.code);
    return code ? { columnName: "productCode", columnValue: code, columnPredicateOperator: "Or" } : { columnName: "name", columnValue: textOf(r.name), columnPredicateOperator: "Or" };
  }

  private async look(group: Waiting[]): Promise<void> {
    const api = this.family === "contacts" ? this.client.contacts : this.client.products;
    const terms = group.map((w) => this.term(w.ours));
    const listed: Json[] = [];
    try {
      // A record with neither name nor code is looked for among all of them.
      const filter = terms.some((t) => t.columnValue === "") ? undefined : terms;
      for await (const page of api.listAll({ pageSize: 200, ...(filter ? { filter } : {}) }, { signal: this.signal })) listed.push(...(page.list as unknown as Json[]));
    } catch {
      // No list: no other post can be ruled out.
      for (const w of group) w.done({ kind: "unlisted" });
      return;
    }
    for (const w of group) {
      const id = idOf(w.ours);
      const holders = listed.filter((r) => idOf(r) === id || w.same(r));
      if (!holders.some((r) => idOf(r) === id)) {
        if (++w.looks >= LOOKS) w.done({ kind: "unlisted" });
        else setTimeout(() => {
          this.queue.push(w);
          this.pump();
        }, 250 * w.looks);
        continue;
      }
      const winner = holders.reduce((a, b) => (idOf(b) < idOf(a) ? b : a));
      if (idOf(winner) === id) {
        w.done({ kind: "won" });
        continue;
      }
      try {
        await api.delete(id, { signal: this.signal });
        w.done({ kind: "lost", winner });
      } catch (error) {
        w.done({ kind: "stuck", winner, error });
      }
    }
  }
}
