// How a family's rows are posted (jobs/post.ts), the part that differs per family: how the sheet is
// read and checked (what `check` refuses, a post never sends), how a record is sent, how the records
// an earlier (killed or racing) run made are found again by their marker, how the race guard lists
// and removes them, and the status a posted row shows. The pipeline (write batch, race guard,
// checkpointed post record, company guard) is jobs/post.ts, the same for every family.
import type { DocSheetClient, DocumentRecord } from "../api";
import type { CellFinding } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";
import type { ColumnMapping } from "../sheet/column-mapping";
import type { ReadResult, SheetDocument } from "../sheet/sheet-document";
import type { Block } from "../workbook/port";
import type { RaceTarget, StuckWords } from "../jobs/race-target";
import type { Json } from "../rules/json";
import type { Message } from "../rules/message";

/** One record of the sheet built for sending, with its row's marker. */
export interface PostBuilt<B = unknown> {
  doc: SheetDocument;
  marker: string;
  /** The body sent (its date and contact name are what the look-ups list by). */
  body: Json;
  /** The family's own build (the hooks' business). */
  built: B;
  /** What keeps it from being sent: the errors `check` reports on its rows. */
  problems: CellFinding[];
  /** Later rows that name the same record alike (a contact's or product's identity): sent once,
   * each told `sameAs` and given its record. */
  also?: SheetDocument[];
  sameAs?: Message;
}

/** A record's VAT and grand total as it would be created, two decimals. */
export interface RecordFigures {
  vatAmount: string;
  grandTotal: string;
}

/** What the service has of a record before it is sent. */
export interface Found {
  record: DocumentRecord;
  /** The run answers for it (undo reverses it): an earlier, killed run of the row made it. */
  claimed: boolean;
  /** What the row says of one it does not answer for (a person's, another sheet's). */
  msg?: Message;
}

/** What an earlier run of the sheet left in its post record (post-record.ts), for the claims. */
export interface Before {
  /** The identities a killed run was about to create, and the highest record id its look-up saw. */
  pending: ReadonlySet<string>;
  knownMax: number;
  /** The records earlier runs of the sheet created, by record id. */
  created: ReadonlySet<number>;
}

/** The records an earlier run made, and (recovery by identity) what this run is about to create. */
export interface Existing {
  found: Map<string, Found>;
  /** Identities this run will create, saved in the post record before anything is sent. */
  pending?: string[];
  knownMax?: number;
}

/** Where a created record is read back by the race guard: its marker (or identity), date and list search. */
export interface RaceLookup {
  key: string;
  date: string;
  search?: string;
}

export interface Posting<B = unknown> {
  /** The sheet as the family's records (a connection, for what reading needs from the service; with
   * none, as a check without one reads it: from the sheet alone). */
  read(block: Block, o: { mapping?: ColumnMapping; client?: DocSheetClient | null; signal?: AbortSignal }): Promise<ReadResult>;
  /** The family's check, as `check` runs it (jobs/checked.ts), each record not posted yet built with
   * its marker; the findings a post reports, and `shown`: every finding `check` shows (the warnings
   * and notes a post leaves to check; default the post's). */
  check(read: ReadResult, o: { today: string; markerOf: (doc: SheetDocument) => string }): { records: PostBuilt<B>[]; findings: CellFinding[]; shown?: CellFinding[] };
  /** The figures a record is created with, where the family's records carry VAT and a total (the
   * pane's Check shows them). */
  figures?(p: PostBuilt<B>): RecordFigures;
  /** Warnings that need the service (a tax invoice's buyer, read from its contact); still sent. */
  warnings?(client: DocSheetClient, read: ReadResult, records: readonly PostBuilt<B>[], signal?: AbortSignal): Promise<CellFinding[]>;
  /** Its bodies may name a contact by name only, which the service then makes: the post names the
   * company's known contacts and records those the service made (undo deletes them). */
  makesContacts: boolean;
  /** Sends one record; answers it as the race guard reads records (a number recordId). `draft`:
   * saved as a draft where the family has drafts (journal vouchers). */
  send(client: DocSheetClient, p: PostBuilt<B>, o: { signal?: AbortSignal; draft?: boolean }): Promise<DocumentRecord>;
  /** The record another post (or a person) made meanwhile that the service's refusal of `p` names
   * (a code it keeps unique); undefined where the refusal is the row's failure. */
  refused?(client: DocSheetClient, p: PostBuilt<B>, err: unknown, signal?: AbortSignal): Promise<DocumentRecord | undefined>;
  /** What the service has already of the records about to be sent, by marker (default: byMarker,
   * each the run's own). */
  existing?(client: DocSheetClient, records: readonly PostBuilt<B>[], o: { before: Before; lang: Lang; signal?: AbortSignal }): Promise<Existing>;
  /** Where the race guard reads a created record back (default: by its marker, date and contact
   * name); undefined: nothing else can be its row's (no identity). */
  raceLookup?(p: PostBuilt<B>, own: DocumentRecord): RaceLookup | undefined;
  /** What a row says of a copy that stays live beside its record (race.ts StuckWords). */
  stuckMsg?: StuckWords;
  /** The live records carrying the wanted markers, of these bodies' dates and names: the lowest
   * record id of each marker (the one every post agrees on). */
  byMarker(client: DocSheetClient, bodies: readonly Json[], wanted: ReadonlySet<string>, signal?: AbortSignal): Promise<Map<string, DocumentRecord>>;
  /** Created records waiting for their read-back at most (default READ_BACK_MAX, post.ts): more
   * where a read-back lists every record of the date whatever their number (journal vouchers). */
  readBackMax?: number;
  /** What the race guard lists and removes (jobs/race.ts). */
  races(client: DocSheetClient): RaceTarget;
  /** A posted row's status as people say it (`rec` undefined: as just created). */
  statusWord(rec: DocumentRecord | undefined, lang: Lang): string;
}
