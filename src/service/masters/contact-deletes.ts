// Group commit of contact deletes on the embedded store (store/batch-queue.ts), as contact-inserts.ts
// is for creates: an undo of a post of new customers deletes them several at once, each a statement
// and a commit of its own before. Deletes that arrive together are one statement per company (the
// company's live contacts of those ids marked deleted) in one commit; no answer before it. An id
// the statement did not mark (none, another company's, already deleted, or asked twice in the batch)
// is not found, as it is for a delete alone.
import { and, eq, inArray } from "drizzle-orm";
import { contacts } from "../store/schema";
import type { Db, Tx } from "../store/database";
import { BatchQueue, type Queued } from "../store/batch-queue";

type Waiting = Queued<{ companyId: number; id: number }, boolean>;

export class ContactDeleteQueue extends BatchQueue<{ companyId: number; id: number }, boolean> {
  constructor(private readonly db: Db) {
    super();
  }

  /** Marks the company's live contact deleted; resolves (false when there is none) once committed. */
  delete(companyId: number, id: number): Promise<boolean> {
    return this.enqueue({ companyId, id });
  }

  protected async write(batch: Waiting[]): Promise<void> {
    const companies = [...new Set(batch.map((w) => w.companyId))];
    const mark = async (tx: Tx, companyId: number): Promise<string[]> => {
      const ids = batch.filter((w) => w.companyId === companyId).map((w) => w.id);
      const rows = await tx.update(contacts).set({ deleted: true, updatedAt: new Date() })
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids), eq(contacts.deleted, false))).returning({ id: contacts.id });
      return rows.map((r) => `${companyId}:${r.id}`);
    };
    try {
      // One statement for one company; several companies' in one transaction.
      const marked = new Set(companies.length === 1 ? await mark(this.db, companies[0])
        : await this.db.transaction(async (tx) => {
          const all: string[] = [];
          for (const c of companies) all.push(...await mark(tx, c));
          return all;
        }));
      // The first delete of an id marked it; a second one in the batch finds it deleted.
      for (const w of batch) w.done(marked.delete(`${w.companyId}:${w.id}`));
    } catch (error) {
      for (const w of batch) w.fail(error);
    }
  }
}
