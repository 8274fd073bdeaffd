// Group commit for the embedded store. Every commit there waits for its WAL flush (so that an
// acknowledged document survives a kill), and PGlite runs one statement at a time: creates that
// arrive together are written together, as one statement and one commit, instead of one commit
// each. No answer goes out before the commit of its document: durability is the same, only the
// cost per document falls (measured in bench/service.ts).
import type { RawQuery } from "../store/database";
import { insertDocumentDirect, insertDocumentsDirect, type DocumentRow, type NewDocument } from "./repository";

type InsertValues = Omit<NewDocument, "serial">;

interface Waiting {
  values: InsertValues;
  done(row: DocumentRow): void;
  fail(error: unknown): void;
}

/** Most documents in one statement (a batch's JSON is built and parsed whole). */
const MOST_PER_BATCH = 32;

/** Turn to the event loop once: the requests already received reach the queue first. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class DocumentInsertQueue {
  private readonly waiting: Waiting[] = [];
  private draining = false;

  constructor(private readonly query: RawQuery) {}

  /** Inserts a document under the next serial; resolves once it is committed. */
  insert(values: InsertValues): Promise<DocumentRow> {
    return new Promise((done, fail) => {
      this.waiting.push({ values, done, fail });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        await nextTurn();
        await this.write(this.waiting.splice(0, MOST_PER_BATCH));
      }
    } finally {
      this.draining = false;
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const rows = await insertDocumentsDirect(this.query, batch.map((w) => w.values));
      batch.forEach((w, i) => w.done(rows[i]));
    } catch (error) {
      if (batch.length === 1) return batch[0].fail(error);
      // Nothing of the batch was written: each alone, so one refused document fails only its own request.
      for (const w of batch) await insertDocumentDirect(this.query, w.values).then(w.done, w.fail);
    }
  }
}
