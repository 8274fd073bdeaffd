// The race guard: exactly one live document per row, even when two posts of the same rows run at
// once (two CLI processes, the pane and the CLI). The service has no idempotency key, so it is
// built on what it has: the marker every post puts in the document's internalNotes (sheet/marker.ts)
// and the list.
//
//   1. Before sending, a post looks its markers up (post.ts): what exists is "found", not sent.
//   2. After each create, the marker is read back from the list of the document's date and contact,
//      until the list shows the document just created: a list may lag a create, and is taken to
//      show documents in the order of their record ids, so once ours is listed every document
//      made before it is listed too.
//   3. Of the live documents carrying the marker, the lowest record id wins: both posts decide the
//      same without talking. The loser deletes its own document (voids it where the service
//      cannot delete it, as undo does) and writes the winner into its row as "found".
//
// Read-backs are batched: while a look is in flight the next ones queue, and queued documents of
// one date and contact share one list.
import { ApiError, type DocSheetClient, type DocumentRecord } from "../api";
import type { Family } from "../rules/codes";
import { markerHolders } from "./find";

/** The read-back of one created document. */
export type Settled =
  | { kind: "won" }
  /** A post running at the same time (or an earlier one the first look missed) made it first. */
  | { kind: "lost"; winner: DocumentRecord; removed: "deleted" | "voided" }
  /** The loser could not be removed: it stays live beside the winner. */
  | { kind: "stuck"; winner: DocumentRecord; error: unknown }
  /** The list never showed ours within the wait: no other post could be ruled out. */
  | { kind: "unlisted" };

export interface RaceGuardOptions {
  signal?: AbortSignal;
  /** How long to wait for the list to show a created document (ms). Default 30 s. */
  lagBudgetMs?: number;
  /** Lists in flight at once; the rest queue and are batched. Default 4. */
  looks?: number;
  sleep?: (ms: number) => Promise<void>;
}

interface Waiting {
  marker: string;
  own: DocumentRecord;
  date: string;
  search?: string;
  since: number;
  tries: number;
  done: (s: Settled) => void;
  fail: (err: unknown) => void;
}

/** Families whose awaiting documents the service deletes; the rest are voided (as undo does). */
const DELETABLE: ReadonlySet<Family> = new Set(["quotations", "billing-notes"]);

export class RaceGuard {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private readonly budget: number;
  private readonly looks: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly client: DocSheetClient, private readonly family: Family, private readonly opts: RaceGuardOptions = {}) {
    this.budget = opts.lagBudgetMs ?? 30_000;
    this.looks = opts.looks ?? 4;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Whether `own`, just created with `marker` for a document of `date` to `contactName`, is the row's one document. */
  settle(marker: string, own: DocumentRecord, date: string, contactName?: string): Promise<Settled> {
    return new Promise<Settled>((done, fail) => {
      this.queue.push({ marker, own, date, search: contactName, since: Date.now(), tries: 0, done, fail });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.looks && this.queue.length > 0) {
      // The first waiting document and every queued one of its date and contact: one list.
      const first = this.queue[0];
      const group = this.queue.filter((w) => w.date === first.date && w.search === first.search);
      this.queue = this.queue.filter((w) => !group.includes(w));
      this.inFlight++;
      void this.look(group).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async look(group: Waiting[]): Promise<void> {
    const { date, search } = group[0];
    let holders: Map<string, DocumentRecord[]>;
    try {
      holders = await markerHolders(this.client, this.family, { startDate: date, endDate: date, searchString: search, signal: this.opts.signal }, new Set(group.map((w) => w.marker)));
    } catch (err) {
      for (const w of group) w.fail(err);
      return;
    }
    for (const w of group) {
      const list = holders.get(w.marker) ?? [];
      if (list.some((r) => r.recordId === w.own.recordId)) {
        if (list[0].recordId === w.own.recordId) w.done({ kind: "won" });
        else void this.removeLoser(w, list[0]);
      } else if (Date.now() - w.since >= this.budget || this.opts.signal?.aborted) {
        w.done({ kind: "unlisted" });
      } else {
        // Not listed yet: look again a little later (100 ms, doubling, at most 2 s apart).
        const wait = Math.min(2000, 100 * 2 ** w.tries++);
        void this.sleep(wait).then(() => {
          this.queue.push(w);
          this.pump();
        });
      }
    }
  }

  private async removeLoser(w: Waiting, winner: DocumentRecord): Promise<void> {
    const api = this.client.documents(this.family);
    const status = w.own.statusString ?? "awaiting";
    try {
      if (DELETABLE.has(this.family) && status === "awaiting") {
        await api.delete(w.own.recordId, { signal: this.opts.signal });
        w.done({ kind: "lost", winner, removed: "deleted" });
      } else {
        await api.setStatus(w.own.recordId, "void", { signal: this.opts.signal });
        w.done({ kind: "lost", winner, removed: "voided" });
      }
    } catch (err) {
      if (err instanceof ApiError || err instanceof Error) w.done({ kind: "stuck", winner, error: err });
      else w.fail(err);
    }
  }
}
