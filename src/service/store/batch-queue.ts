// Requests that arrive together, written together: the group commit of the embedded store, where
// every commit waits for its WAL flush and PGlite runs one statement at a time
// (documents/insert-queue.ts, masters/contact-inserts.ts). Each request waits in the queue; once
// the event loop has had a turn (the requests already received join it), up to `most` of them go
// to one write, and the next batch waits for that write to end.
export abstract class BatchQueue<W> {
  private readonly waiting: W[] = [];
  private draining = false;

  constructor(private readonly most: number) {}

  /** Writes `batch` and settles each of its requests. */
  protected abstract write(batch: W[]): Promise<void>;

  protected push(w: W): void {
    this.waiting.push(w);
    if (!this.draining) void this.drain();
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
