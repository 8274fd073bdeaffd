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
import type { RaceTarget } from "../jobs/race-target";
import type { Json } from "../rules/json";

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
}

export interface Posting<B = unknown> {
  /** The sheet as the family's records (a connection, for what reading needs from the service). */
  read(block: Block, o: { mapping?: ColumnMapping; client?: DocSheetClient | null; signal?: AbortSignal }): Promise<ReadResult>;
  /** The family's check, as `check` runs it, each record not posted yet built with its marker; the
   * findings a post reports. */
  check(read: ReadResult, o: { today: string; markerOf: (doc: SheetDocument) => string }): { records: PostBuilt<B>[]; findings: CellFinding[] };
  /** Warnings that need the service (a tax invoice's buyer, read from its contact); still sent. */
  warnings?(client: DocSheetClient, read: ReadResult, records: readonly PostBuilt<B>[], signal?: AbortSignal): Promise<CellFinding[]>;
  /** Its bodies may name a contact by name only, which the service then makes: the post names the
   * company's known contacts and records those the service made (undo deletes them). */
  makesContacts: boolean;
  /** Sends one record; answers it as the race guard reads records (a number recordId). */
  send(client: DocSheetClient, p: PostBuilt<B>, signal?: AbortSignal): Promise<DocumentRecord>;
  /** The live records carrying the wanted markers, of these bodies' dates and names: the lowest
   * record id of each marker (the one every post agrees on). */
  byMarker(client: DocSheetClient, bodies: readonly Json[], wanted: ReadonlySet<string>, signal?: AbortSignal): Promise<Map<string, DocumentRecord>>;
  /** What the race guard lists and removes (jobs/race.ts). */
  races(client: DocSheetClient): RaceTarget;
  /** A posted row's status as people say it (`rec` undefined: as just created). */
  statusWord(rec: DocumentRecord | undefined, lang: Lang): string;
}
