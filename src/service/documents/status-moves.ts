// Group commit of documents' status moves on the embedded store (store/batch-queue.ts), as
// contact-deletes.ts is for contacts: an undo voids a post's documents several at once, and each
// void was a statement and a commit of its own (its WAL flush). Moves that arrive together are one
// statement per company, family and status (the live documents of those ids moved, none holding a
// partial payment when voided, as moveStatus asks) in one commit; no answer before it. An id the
// statement did not move (none, another company's, deleted, holding a payment, or asked twice in the
// batch) is answered undefined, and its move takes the way a move alone takes when moveStatus moved
// nothing (lifecycle.ts: read, checked, and the reason given).
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Family } from "../../rules/codes";
import { documents } from "../store/schema";
import type { Db, Tx } from "../store/database";
import { BatchQueue, type Queued } from "../store/batch-queue";
import type { DocumentRow } from "./repository";

interface Move {
  companyId: number;
  family: Family;
  id: number;
  status: string;
}

type Waiting = Queued<Move, DocumentRow | undefined>;

export class StatusMoveQueue extends BatchQueue<Move, DocumentRow | undefined> {
  constructor(private readonly db: Db) {
    super();
  }

  /** Moves the company's live document of the family; resolves (undefined when none moved) once committed. */
  move(companyId: number, family: Family, id: number, status: string): Promise<DocumentRow | undefined> {
    return this.enqueue({ companyId, family, id, status });
  }

  protected async write(batch: Waiting[]): Promise<void> {
    const groups = new Map<string, Waiting[]>();
    for (const w of batch) {
      const key = JSON.stringify([w.companyId, w.family, w.status]);
      groups.set(key, [...(groups.get(key) ?? []), w]);
    }
    const move = async (tx: Db | Tx, group: Waiting[]): Promise<DocumentRow[]> => {
      const { companyId, family, status } = group[0];
      return tx.update(documents).set({ status, updatedAt: new Date() }).where(and(
        eq(documents.companyId, companyId), eq(documents.family, family), inArray(documents.id, group.map((w) => w.id)), eq(documents.deleted, false),
        status === "void" ? isNull(documents.remaining) : undefined,
      )).returning();
    };
    try {
      // One statement for one group; several groups' in one transaction.
      const keys = [...groups.keys()];
      const lists = [...groups.values()];
      const rows = lists.length === 1 ? [await move(this.db, lists[0])]
        : await this.db.transaction(async (tx) => sequential(lists, (g) => move(tx, g)));
      // A row answers only a move of its own group (company, family, status): ids are shared by the
      // document families, so a quotation's move of a tax invoice's id must not take that invoice.
      const moved = new Map(keys.map((k, i) => [k, new Map(rows[i].map((r) => [r.id, r]))]));
      // The first move of an id takes its row; a second one in the batch takes the way alone.
      for (const w of batch) {
        const byId = moved.get(JSON.stringify([w.companyId, w.family, w.status]))!;
        const row = byId.get(w.id);
        byId.delete(w.id);
        w.done(row);
      }
    } catch (error) {
      for (const w of batch) w.fail(error);
    }
  }
}

/** `each` of the lists one after another (a transaction runs one statement at a time). */
async function sequential<T, R>(lists: readonly T[], each: (list: T) => Promise<R[]>): Promise<R[][]> {
  const out: R[][] = [];
  for (const list of lists) out.push(await each(list));
  return out;
}
