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
//   4. A create whose answer was lost cannot know its own record id: it settles the document its
//      marker search found and sweeps away every other live holder (one of them may be its own).
//      A racing post whose copy was swept meanwhile finds it gone and takes the winner, as in 3.
//
// Read-backs are batched: while a look is in flight the next ones queue, and up to ten queued
// documents' contacts share one list (the list's filter on Contact.NameLocal, joined by Or, over
// their dates): a list per document would cost the service a third of a post's throughput.
//
// What is listed and how a loser is removed is the guard's target (RaceTarget): a family's
// documents (documentRaces), or records the service cannot remove at all (journal vouchers,
// book-races.ts), whose loser then stays live and is said so ("stuck").
import { ApiError, NotFoundError, type DocSheetClient, type DocumentRecord, type FilterTerm } from "../api";
import { LIST_ORDER_MAX } from "../rules/list-order";
import type { Family } from "../rules/codes";
import type { Message } from "../rules/message";
import { resultMsg } from "../sheet/i18n/results";
import { errorMsg } from "./error-text";
import { familyEntry } from "../families";
import { markerHolders } from "./find";
import type { RaceTarget, StuckWords } from "./race-target";

export type { RaceLook, RaceTarget } from "./race-target";

/** A family's documents: listed by date and contact, deleted while awaiting where the service can, else voided. */
export function documentRaces(client: DocSheetClient, family: Family): RaceTarget {
  const api = (): ReturnType<DocSheetClient["documents"]> => client.documents(family);
  return {
    holders: (look, wanted) => {
      // A document without a contact name is looked for among all of its dates' documents.
      const filter: FilterTerm[] | undefined = look.names.has("") ? undefined
        : [...look.names].map((n) => ({ columnName: "Contact.NameLocal", columnValue: n, columnPredicateOperator: "Or" as const }));
      return markerHolders(client, family, { startDate: look.startDate, endDate: look.endDate, filter, signal: look.signal }, wanted);
    },
    remove: async (doc, signal) => {
      // Where the service deletes the family's awaiting documents (the entry says); the rest are voided, as undo does.
      if (familyEntry(family).deletedWhileAwaiting === true && (doc.statusString ?? "awaiting") === "awaiting") {
        await api().delete(doc.recordId, { signal });
        return "deleted";
      }
      await api().setStatus(doc.recordId, "void", { signal });
      return "voided";
    },
    gone: async (doc, signal) => {
      try {
        return (await api().get(doc.recordId, { signal })).statusString === "void" ? "voided" : undefined;
      } catch (err) {
        return err instanceof NotFoundError ? "deleted" : undefined;
      }
    },
  };
}

/** The read-back of one created document. */
export type Settled =
  /** `left`: other copies of the row a sweep (a create whose answer was lost) could not remove. */
  | { kind: "won"; left?: DocumentRecord[] }
  /** A post running at the same time (or an earlier one the first look missed) made it first. */
  | { kind: "lost"; winner: DocumentRecord; removed: "deleted" | "voided" }
  /** The loser could not be removed: it stays live beside the winner. */
  | { kind: "stuck"; winner: DocumentRecord; error: unknown }
  /** The list never showed ours within the wait: no other post could be ruled out. */
  | { kind: "unlisted" };

/** What a row says of its create once settled: the record it names, and its result. */
export interface SettledRow {
  kind: "created" | "found" | "failed";
  record: DocumentRecord;
  msg: Message;
  /** This run's copy, left live beside the winner: undo reverses it too. */
  stuck?: DocumentRecord;
}


const serialOf = (r: DocumentRecord): string => r.documentSerial || `#${r.recordId}`;

/** The row of `own`, created by this run (`found`: its answer was lost and its marker found it). */
export function settledRow(s: Settled, own: DocumentRecord, found: boolean, stuckWords?: StuckWords): SettledRow {
  const serial = serialOf(own);
  switch (s.kind) {
    case "won": {
      const left = s.left?.[0];
      const said = left && stuckWords?.({ serial: serialOf(left), winner: serial, id: left.recordId, lostAnswer: true });
      // A copy nobody can remove stays beside the row's: said at the row, and undo reverses it if it can.
      if (left && said) return { kind: "failed", record: own, stuck: left, msg: said };
      return found ? { kind: "found", record: own, msg: resultMsg("createdConfirmed") } : { kind: "created", record: own, msg: resultMsg("created") };
    }
    case "unlisted":
      return { kind: "created", record: own, msg: resultMsg("createdUnchecked") };
    case "lost":
      return { kind: "found", record: s.winner, msg: resultMsg(s.removed === "deleted" ? "foundRaceDeleted" : "foundRaceVoided", { serial }) };
    case "stuck":
      // Ours stays live beside the winner: the row takes the winner.
      return {
        kind: "failed", record: s.winner, stuck: own,
        msg: stuckWords?.({ serial, winner: serialOf(s.winner), id: own.recordId, reason: errorMsg(s.error), lostAnswer: false })
          ?? resultMsg("raceStuck", { serial, winner: serialOf(s.winner), reason: errorMsg(s.error) }),
      };
  }
}

export interface RaceGuardOptions {
  signal?: AbortSignal;
  /** How long to wait for the list to show a created document (ms). Default 30 s. */
  lagBudgetMs?: number;
  /** Documents waiting that start a look at once (the post's concurrency: it waits for no more). */
  flushAt?: number;
  /** Lists in flight at once; the rest queue and are batched. Default 2. */
  looks?: number;
  sleep?: (ms: number) => Promise<void>;
}

interface Waiting {
  marker: string;
  own: DocumentRecord;
  date: string;
  search?: string;
  since: number;
  /** When it joined the queue (again, after a look that did not list it yet). */
  queued: number;
  tries: number;
  /** Remove every live holder but the winner, not only `own` (a create whose answer was lost). */
  sweep: boolean;
  done: (s: Settled) => void;
  fail: (err: unknown) => void;
}

/** How long a read-back waits for others to share its list (a post calls finish() once it has
 * nothing more to send, so its last documents do not wait). */
const BATCH_WAIT_MS = 500;

export class RaceGuard {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Nothing more will join: queued read-backs go at once. */
  private finishing = false;
  /** Lists made (for the bench's figures). */
  looksMade = 0;
  private readonly budget: number;
  private readonly looks: number;
  private readonly flushAt: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly target: RaceTarget, private readonly opts: RaceGuardOptions = {}) {
    this.budget = opts.lagBudgetMs ?? 30_000;
    this.looks = opts.looks ?? 2;
    this.flushAt = opts.flushAt ?? LIST_ORDER_MAX;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Whether `own`, just created with `marker` for a document of `date` to `contactName`, is the row's one document. */
  settle(marker: string, own: DocumentRecord, date: string, contactName?: string, sweep = false): Promise<Settled> {
    return new Promise<Settled>((done, fail) => {
      this.queue.push({ marker, own, date, search: contactName, since: Date.now(), queued: Date.now(), tries: 0, sweep, done, fail });
      this.pump();
    });
  }

  /** No more documents will be created: what waits to share a list is looked for now. */
  finish(): void {
    this.finishing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pump();
  }

  private pump(): void {
    // A list covers up to LIST_ORDER_MAX contacts: unless that many wait, the first waits a little
    // (BATCH_WAIT_MS) for others to join it. The creates go on meanwhile.
    const full = this.finishing || this.queue.length >= this.flushAt || new Set(this.queue.map((w) => w.search)).size >= LIST_ORDER_MAX;
    if (this.queue.length > 0 && this.inFlight < this.looks && !full) {
      if (this.timer) return; // already waiting for more to join
      const wait = BATCH_WAIT_MS - (Date.now() - this.queue[0].queued);
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.inFlight < this.looks && this.queue.length > 0) {
      // The first waiting documents of up to LIST_ORDER_MAX contacts (the filter's most terms): one list.
      const names = new Set<string>();
      const group: Waiting[] = [];
      const rest: Waiting[] = [];
      for (const w of this.queue) {
        const name = w.search ?? "";
        if (names.has(name) || names.size < LIST_ORDER_MAX) {
          names.add(name);
          group.push(w);
        } else rest.push(w);
      }
      this.queue = rest;
      this.inFlight++;
      this.looksMade++;
      void this.look(group, names).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async look(group: Waiting[], names: Set<string>): Promise<void> {
    const dates = group.map((w) => w.date).sort();
    let holders: Map<string, DocumentRecord[]>;
    try {
      const look = { startDate: dates[0], endDate: dates[dates.length - 1], names, signal: this.opts.signal };
      holders = await this.target.holders(look, new Set(group.map((w) => w.marker)));
    } catch (err) {
      for (const w of group) w.fail(err);
      return;
    }
    for (const w of group) {
      const list = holders.get(w.marker) ?? [];
      if (list.some((r) => r.recordId === w.own.recordId)) {
        const left = w.sweep ? await this.sweep(list.slice(1).filter((r) => r.recordId !== w.own.recordId)) : [];
        if (list[0].recordId === w.own.recordId) w.done(left.length > 0 ? { kind: "won", left } : { kind: "won" });
        else void this.removeLoser(w, list[0]);
      } else if (Date.now() - w.since >= this.budget || this.opts.signal?.aborted) {
        w.done({ kind: "unlisted" });
      } else {
        // Not listed yet: look again a little later (100 ms, doubling, at most 2 s apart).
        const wait = Math.min(2000, 100 * 2 ** w.tries++);
        void this.sleep(wait).then(() => {
          w.queued = Date.now();
          this.queue.push(w);
          this.pump();
        });
      }
    }
  }

  /** The other live holders of a lost answer's marker: whoever made them, they are not the row's document. */
  private async sweep(extras: DocumentRecord[]): Promise<DocumentRecord[]> {
    // A holder that cannot be removed here is its own post's loser, which removes it (or says it is
    // stuck); where nobody can remove it (a journal voucher) the row says so (the ones answered).
    const left: DocumentRecord[] = [];
    for (const doc of extras) await this.target.remove(doc, this.opts.signal).catch(() => void left.push(doc));
    return left;
  }

  private async removeLoser(w: Waiting, winner: DocumentRecord): Promise<void> {
    try {
      w.done({ kind: "lost", winner, removed: await this.target.remove(w.own, this.opts.signal) });
    } catch (err) {
      // Swept away meanwhile by a post whose create answer was lost (4.): ours is already gone.
      const removed = await this.target.gone(w.own, this.opts.signal);
      if (removed) w.done({ kind: "lost", winner, removed });
      else if (err instanceof ApiError || err instanceof Error) w.done({ kind: "stuck", winner, error: err });
      else w.fail(err);
    }
  }
}
