// Requests that arrive together, written together: the group commit of the embedded store, where
// every commit waits for its WAL flush and PGlite runs one statement at a time
// (documents/insert-queue.ts, masters/contact-inserts.ts, masters/contact-deletes.ts). Each request
// waits in the queue; once the event loop has had a turn (the requests already received join it),
// up to `most` of them go to one write, and the next batch waits for that write to end.

/** A request in the queue: what it asks (`V`) and how its caller is answered. */
export type Queued<V, R> = V & {
  done(result: R): void;
  fail(error: unknown): void;
};

/** Most requests in one write (a batch's statement is built and parsed whole). */
const MOST_PER_BATCH = 32;

export abstract class BatchQueue<V, R> {
  private readonly waiting: Array<Queued<V, R>> = [];
  private draining = false;

  constructor(private readonly most = MOST_PER_BATCH) {}

  /** Writes `batch` and settles each of its requests. */
  protected abstract write(batch: Array<Queued<V, R>>): Promise<void>;

  /** Queues a request; resolves with what its write settles it with (after the commit). */
  protected enqueue(value: V): Promise<R> {
    return new Promise<R>((done, fail) => {
      this.waiting.push({ ...value, done, fail });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await this.write(this.waiting.splice(0, this.most));
      }
    } finally {
      this.draining = false;
    }
  }
}
