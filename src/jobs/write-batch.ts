// A long job's write-back, gathered and written in few batches: in Excel every port.write is an
// Excel.run and a sync (50–300 ms on the web), so a write per document made a post of 1,000
// documents 1,000 round trips. Writes are kept until BATCH_DOCS documents wait or BATCH_MS passed
// since the first of them (a wait that grows by half after each batch the clock closed, up to
// MAX_BATCH_MS: a slow run of 1,000 documents still makes few batches), and the job flushes at every stop (the end, a cancel, a failure, a
// checkpoint that saves the file), so the sheet tells the truth wherever the run ends: the number
// of syncs follows the data, not the number of documents. Batches are written one after another,
// in the order their writes came.
import type { CellWrite, WorkbookPort } from "../workbook/port";

/** Documents whose results make a batch. */
export const BATCH_DOCS = 100;
/** The longest a result waits for its first batch; later ones wait up to MAX_BATCH_MS. */
export const BATCH_MS = 2000;
export const MAX_BATCH_MS = 10_000;

export interface WriteBatchOptions {
  docs?: number;
  ms?: number;
  clock?: () => number;
}

export class WriteBatch {
  private pending: CellWrite[] = [];
  private docs = 0;
  private since = 0;
  private chain: Promise<void> = Promise.resolve();
  private readonly maxDocs: number;
  private wait: number;
  private readonly clock: () => number;

  constructor(private readonly port: WorkbookPort, private readonly sheet: string, opts: WriteBatchOptions = {}) {
    this.maxDocs = opts.docs ?? BATCH_DOCS;
    this.wait = opts.ms ?? BATCH_MS;
    this.clock = opts.clock ?? Date.now;
  }

  /** Keeps the writes of `documents` documents (0: header cells, written with the next batch). */
  add(writes: readonly CellWrite[], documents = 1): void {
    if (writes.length === 0 && documents === 0) return;
    if (this.pending.length === 0 && this.docs === 0) this.since = this.clock();
    this.pending.push(...writes);
    this.docs += documents;
  }

  /** Whether the batch is full or has waited long enough. */
  due(): boolean {
    return this.docs >= this.maxDocs || this.late();
  }

  private late(): boolean {
    return this.docs > 0 && this.clock() - this.since >= this.wait;
  }

  /** Adds, then writes the batch when it is due. */
  async push(writes: readonly CellWrite[], documents = 1): Promise<void> {
    this.add(writes, documents);
    if (!this.due()) return;
    if (this.docs < this.maxDocs) this.wait = Math.min(MAX_BATCH_MS, this.wait * 1.5);
    await this.flush();
  }

  /** Writes what waits (nothing: no write). */
  flush(): Promise<void> {
    const writes = this.pending;
    this.pending = [];
    this.docs = 0;
    if (writes.length === 0) return this.chain;
    const run = this.chain.then(() => this.port.write(this.sheet, writes));
    this.chain = run.catch(() => undefined);
    return run;
  }
}

/** The write-back a running job holds, if it made one yet. */
export interface HeldBatch {
  batch?: WriteBatch;
}

/** Runs a job that writes back through `held.batch`: a run that stops early still writes what it knows. */
export async function flushedOnStop<T>(run: (held: HeldBatch) => Promise<T>): Promise<T> {
  const held: HeldBatch = {};
  try {
    return await run(held);
  } catch (err) {
    await held.batch?.flush().catch(() => undefined);
    throw err;
  }
}
