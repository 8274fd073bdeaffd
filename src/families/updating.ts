// How a family's rows are updated (jobs/update.ts), the part that differs per kind: how its sheet is
// read, where the service's copies of many rows are read at once, what is read once before the rows
// (a book's chart of accounts), what one edited row would change in its record and how it is sent,
// and what a sent row writes back. The run (company guard and records verified, refused rows, rows
// naming one record sent once, dry run, write batch, progress, stops) is jobs/update.ts, the same
// for every family, as jobs/post.ts is over posting.ts.
import type { DocSheetClient, DocumentRecord } from "../api";
import type { Json } from "../rules/json";
import type { Message } from "../rules/message";
import type { ColumnMapping } from "../sheet/column-mapping";
import type { CellFinding } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";
import type { ReadResult, SheetDocument } from "../sheet/sheet-document";
import type { ResultKey } from "../sheet/writeback";
import type { Block, CellValue, CellWrite } from "../workbook/port";
import type { ShownChange } from "../jobs/shown-change";

/** What becomes of one row: not sent (with the reason), or sent by `send`. */
export interface RowPlan {
  kind: "update" | "unchanged" | "conflict" | "refused" | "invalid";
  /** The row's result as a dry run (or a row not sent) says it. */
  message: Message;
  /** The result once sent. */
  done?: Message;
  /** The changed fields, the service's value against the sheet's, as the sheet shows them. */
  changes?: ShownChange[];
  /** What the row's build found (the outcome's findings, where the family reports them). */
  findings?: CellFinding[];
  /** The row has no fingerprint: a change made on the service since could not be checked for. */
  unchecked?: boolean;
  /** Sends the update; answers the service's copy after it. */
  send?: (signal?: AbortSignal) => Promise<Json | undefined>;
}

/** What a row's plan and write-back may read: the sheet as read, the run's language and date. */
export interface UpdateContext {
  block: Block;
  read: ReadResult;
  lang: Lang;
  /** YYYY-MM-DD, the run's date. */
  today: string;
  signal?: AbortSignal;
}

/** What a sent row writes: the result columns' values, and other cells of the row (the service's figures). */
export interface UpdateWrites {
  values: Partial<Record<"status" | "fingerprint", CellValue>>;
  cells?: CellWrite[];
}

export interface Updating {
  /** The sheet as the family's records, as its post reads it (a connection, for what reading needs
   * from the service: an expense's categories). */
  read(block: Block, o: { mapping?: ColumnMapping; client: DocSheetClient; signal?: AbortSignal }): Promise<ReadResult>;
  /** The result columns an update writes (added where the sheet has none). */
  readonly columns: readonly ResultKey[];
  /** Why none of its rows is sent: the service takes no update of the family (journal vouchers). */
  readonly refusal?: Message;
  /** The read's findings are the outcome's, as a post reports them (books); else a row's problems
   * are said in its row alone. */
  readonly reportsFindings: boolean;
  /** The service's copies of many rows' records read at once (a list page), where the family reads
   * them faster so; the others are read one by one. */
  copies?(client: DocSheetClient, docs: readonly SheetDocument[], signal?: AbortSignal): Promise<Map<number, DocumentRecord>>;
  /** Read once before the rows (a book's chart of accounts). */
  prepare?(client: DocSheetClient, read: ReadResult, signal?: AbortSignal): Promise<void>;
  /** The row's update against the service's copy of its record. */
  plan(client: DocSheetClient, doc: SheetDocument, copy: Json, ctx: UpdateContext): Promise<RowPlan>;
  /** What a row sent writes back, from the service's answer. */
  written(doc: SheetDocument, answer: Json | undefined, ctx: UpdateContext): UpdateWrites;
}
