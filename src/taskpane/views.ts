// What the pane shows and asks of its services: the views of each job's outcome, the forms, and
// PaneServices, the contract between the sections and services.ts. Types (and their few lists)
// only, so a section can name them without loading what the services load.
import type { Message } from "../rules/message";
import type { ActKind } from "../families/cards";
import type { CompanyName } from "../jobs/same-company";
import type { JobContext } from "../jobs/types";
import type { ListCounts, TemplateOutcome } from "../jobs/template";
import type { ShownChange, UpdateKind } from "../jobs/update";
import type { DocumentFamily, Family, SheetFamily } from "../rules/codes";
import type { CellFinding } from "../sheet/findings";
import type { FieldKind, FieldLevel } from "../sheet/fields";
import type { ColumnSuggestion, MapFamily, MissingField, StatedValue } from "../sheet/mapping";
import type { WorkbookPort } from "../workbook/port";
import type { Lang } from "../sheet/i18n/lang";
import type { ChannelLists } from "./channels";

export type Environment = "local" | "sandbox" | "production" | "custom";
export const ENVIRONMENT_NAMES: readonly Environment[] = ["local", "sandbox", "production", "custom"];

export interface ConnectionForm {
  environment: Environment;
  customRoot: string;
  clientId: string;
  clientSecret: string;
}

export interface DocumentSummary {
  key: string;
  /** Sheet row (0-based) of the document's first row. */
  row: number;
  vatAmount: string;
  grandTotal: string;
}

export interface CheckView {
  sheet: string;
  documents: number;
  findings: CellFinding[];
  summaries: DocumentSummary[];
  /** The family the workbook remembers for the sheet, when it is not the one checked: Post, Update
   * and Actions would refuse the sheet. */
  otherFamily?: { remembered: SheetFamily; checked: SheetFamily };
}

/** The counts of a post, in the words the CLI uses too. */
export interface PostView {
  created: number;
  /** Created by an earlier, interrupted run and found by their marker. */
  found: number;
  /** On the service before the post (a contact or product the company had), given to their rows. */
  existing?: number;
  /** Rows naming the same record as an earlier row of the post (identical rows: one record). */
  repeated?: number;
  /** Rows that already had a recordId. */
  skipped: number;
  /** Not sent: problems in the rows, or cancelled. */
  notSent: number;
  failed: number;
  /** The answer was lost and the document could not be looked up: post again to resolve. */
  unknown: number;
  /** Problems found before sending, marked on the sheet. */
  findings: number;
  /** Warnings (a tax invoice without what s.86/4 asks of its buyer): marked, and sent all the same. */
  warnings: number;
  /** What the post marked on the sheet (errors, warnings, notes), each at its cell. */
  marked?: CellFinding[];
  sheet?: string;
  /** Every document not created, with the reason in its Result cell. */
  rows?: RowNote[];
}

/** What an undo of the last post did (or would do, dryRun). */
export interface UndoView {
  dryRun: boolean;
  /** When the post undone was made (ISO). */
  postedAt: string;
  /** deleted, voided, gone (already deleted or void), kept (left alone), refused (not verified as the post's), failed. */
  counts: Record<"deleted" | "voided" | "gone" | "kept" | "refused" | "failed", number>;
  sheet: string;
  /** Every document of the post with what became of it (or would). */
  rows: RowNote[];
  /** What became of the contacts the service created for the post, as a sentence; null when none. */
  contacts: string | null;
}

export interface PullQuery {
  range?: string;
  startDate?: string;
  endDate?: string;
  search?: string;
  /** One of PULL_SORTS' values (pull-order.ts). */
  sort?: string;
  /** Only documents whose contact name contains this. */
  contact?: string;
  perLine: boolean;
}

/** A document of an update's preview (or run): its changes field by field, and what became of it. */
export interface UpdateDocumentView {
  key: string;
  /** What the row calls its record, as its family names one (a serial, a contact's code or name). */
  name?: string;
  /** Sheet row (0-based) of its first row. */
  row: number;
  kind: UpdateKind;
  /** Field label, service value, sheet value: in the pane's language. */
  changes: ShownChange[];
  message: string;
  /** The row has no fingerprint: changes made on the service since could not be checked for. */
  unchecked?: boolean;
}

export interface UpdateView {
  dryRun: boolean;
  counts: Record<UpdateKind, number>;
  documents: UpdateDocumentView[];
  sheet: string;
  /** The documents not sent (changed on the service, refused, not valid, failed), with the reason. */
  rows: RowNote[];
  /** A preview's: the rows it read, which its Send runs on. */
  previewed?: PreviewedRows;
  /** What the rows' build found (a book's rows are built as its post builds them), each at its cell. */
  marked?: CellFinding[];
}

/** The rows a preview read: its Send runs only on the same sheet and rows, as they were then. */
export interface PreviewedRows {
  family: SheetFamily;
  sheet: string;
  /** Their place and every value (sheet/block-digest.ts). */
  digest: string;
}

export interface PullView {
  sheet: string;
  rows: number;
}

/** A refresh of a pulled sheet: its counts, and the rows not refreshed or marked, with the reason. */
export interface RefreshView {
  sheet: string;
  /** The family the sheet was pulled as: its rows are named by its word. */
  family: SheetFamily;
  counts: Record<"unchanged" | "refreshed" | "added" | "edited" | "deleted" | "void", number>;
  rows: RowNote[];
}

/** The month's VAT report as the pane shows it: the sheets written, the return's figures, findings. */
export interface VatReportView {
  sheets: string[];
  /** [summary line, amount] of the return: output VAT, input VAT, payable or refundable. */
  lines: [string, string][];
  counts: { output: number; input: number; voided: number };
  /** In the run's language. */
  findings: string[];
  /** The ภ.พ.30 file for RD Prep, to download. */
  files: { name: string; text: string }[];
}

/** The month's withholding tax returns as the pane shows them: sheets, each form's tax, findings,
 * and the RD Prep files to download. */
export interface WhtReportView {
  sheets: string[];
  /** [form, certificates, tax withheld] */
  lines: [string, number, string][];
  counts: { voided: number; missing: number };
  /** In the run's language. */
  findings: string[];
  files: { name: string; text: string }[];
  /** The RD Prep layout's first line it could not read: nothing was written. */
  layoutProblem?: { line: number; what: "form" | "field"; text: string };
}

/** An act on the selected rows (the families' cards say which a family has, and their order). */
export type ActionKind = ActKind;

export interface ActionRequest {
  kind: ActionKind;
  status?: string;
  /** E-mail: the sender (required by the service) and an optional recipient for every row. */
  from?: string;
  email?: string;
  upgradeTo?: Family;
  file?: { name: string; bytes: Uint8Array };
  payment?: PaymentRequest;
  /** The record ids the form showed (delete: the ones the user confirmed), and their sheet: the
   * action is refused if the selection now holds others. */
  expect?: readonly number[];
  expectSheet?: string;
}

/** The payment form: method, date, amount (blank: each document's grand total) and channel fields. */
export interface PaymentRequest {
  method: number;
  date: string;
  amount?: string;
  /** Payment fields by wire name: channel ids (bankAccountId, ...) and chequeDate. */
  fields: Record<string, string | number>;
}

/** A posted document of the selected rows, as the delete prompt names it. */
export interface SelectedDocument {
  sheet: string;
  key: string;
  row: number;
  recordId: number;
  /** The document serial from the sheet, else the record id. */
  serial: string;
}

/** Which rows the user selected, and the block (table or region) that holds them with its header. */
export interface SelectionInfo {
  sheet: string;
  rows: number[];
  /** A1 range of the block to read; undefined: the host's default. */
  region?: string;
}

/** A PDF to download (`name` its file name) or a document's share link (`name` its document's key,
 * `row` its first sheet row, 0-based). */
export interface ActLink {
  kind: "pdf" | "share";
  url: string;
  name: string;
  row?: number;
}

export interface ActView {
  ok: number;
  /** Nothing to do (already upgraded). */
  skipped: number;
  failed: number;
  /** What the pane offers by name: each PDF made (a download) and each share link (to open or copy). */
  links: ActLink[];
  sheet?: string;
  /** Every document the action failed on or skipped, with the reason in its Result cell. */
  rows?: RowNote[];
}

/** A company as the pane names it: the connected one, or the one a workbook was posted to. */
export type CompanyView = CompanyName;

export interface PaneServices {
  readonly port: WorkbookPort;
  /** Tells `listener` the active sheet's name when it changes (and once at once); answers how to stop.
   * Sections drop results of another sheet. Absent where the host does not tell. */
  watchSheet?(listener: (sheet: string) => void): () => void;
  /** Actions this build can run. */
  readonly actionKinds: readonly ActionKind[];
  connect(form: ConnectionForm): Promise<string>;
  disconnect(): void;
  isConnected(): boolean;
  /** The connected company (after connect), null when not connected. */
  company?(): CompanyView | null;
  /** The company the workbook last worked with (its last post, pull, report or template), if any. */
  workbookCompany?(): Promise<CompanyView | null>;
  /** Every service below that takes a family takes any family of the registry; what differs is read
   * from its card or entry (families/). */
  check(family: SheetFamily, ctx: JobContext): Promise<CheckView>;
  /** `draft`: saved as drafts instead of approved, where the family's card has drafts (journal vouchers). */
  post: (family: SheetFamily, ctx: JobContext & { draft?: boolean }) => Promise<PostView>;
  /** The query's filters the family's card lists (FamilyCard.pulls) are read; the others are left out. */
  pull: (family: SheetFamily, query: PullQuery, ctx: JobContext) => Promise<PullView>;
  /** Reads the pulled sheet of the active cell again in place; `selected`: the selected rows take the
   * service's copy even when edited. */
  refresh: (selected: boolean, ctx: JobContext) => Promise<RefreshView>;
  /** Reverses the workbook's last post of the family; dryRun only says what would happen. */
  undo: (family: SheetFamily, ctx: JobContext & { dryRun?: boolean }) => Promise<UndoView>;
  act: (family: DocumentFamily, request: ActionRequest, ctx: JobContext) => Promise<ActView>;
  /** Compares the rows' documents with the service's copies; unless dryRun sends the changed ones,
   * only when the rows are still the ones `previewed` read (else a PreviewChangedError). */
  update: (family: SheetFamily, dryRun: boolean, ctx: JobContext, previewed?: PreviewedRows) => Promise<UpdateView>;
  /** The month's (YYYY-MM) VAT report into new sheets. */
  vatReport: (month: string, ctx: JobContext) => Promise<VatReportView>;
  /** `missing`: also a sheet of the month's purchases and expenses that withheld tax without a certificate. */
  whtReport: (month: string, missing: boolean, ctx: JobContext, layout?: string) => Promise<WhtReportView>;
  /** A template sheet for the family in ctx.lang; with the company's lookup lists when connected. */
  insertTemplate: (family: SheetFamily, ctx: JobContext) => Promise<TemplateOutcome>;
  /** Reads the lookup lists again into the workbook's hidden lists sheet (connected only). */
  refreshLists: (ctx: JobContext) => Promise<ListCounts>;
  /** "Refresh figures": the worksheet functions forget every answer they read, and the host
   * calculates the workbook's formulas again where it can (`recalculated`: it did). */
  refreshFigures(): Promise<{ recalculated: boolean }>;
  /** The header row of the selection (or the table around the active cell): the mapping saved for
   * its sheet and the family, else the suggested one. */
  readMapping(family: MapFamily): Promise<MappingView>;
  /** Saves the columns' fields (and the values for every row) with the workbook for the sheet and
   * family; null forgets them. */
  saveMapping(sheet: string, family: MapFamily, columns: readonly ColumnSuggestion[] | null, values?: Readonly<Record<string, StatedValue>>): Promise<void>;
  /** The posted documents of the selected rows (what a delete would delete). */
  selectedDocuments(family: DocumentFamily): Promise<SelectedDocument[]>;
  /** The company's bank accounts and payment channels, read once per connection. */
  paymentChannels(signal?: AbortSignal): Promise<ChannelLists>;
  /** What an action form shows and runs on: the selected rows' posted documents, the sheet checked
   * to be the connected company's, and one selected document as the service has it. */
  shown(family: DocumentFamily, ctx: { lang?: Lang; signal?: AbortSignal }): Promise<ShownView>;
  /** Calls `listener` when the selection or the active sheet changes (Excel's selection-changed
   * events, the preview grid's selection); answers how to stop. */
  watchSelection(listener: () => void): () => void;
}

/** The selection as an action form shows it. */
export interface ShownView {
  sheet: string | null;
  documents: SelectedDocument[];
  /** Exactly one posted document selected: as the service has it. */
  one?: ShownOne;
}

export interface ShownOne {
  serial: string;
  customer: string;
  /** The document's amount due (grand total). */
  grandTotal: string;
  /** The row's record id names another document on the service: why, in the pane's language. */
  mismatch?: string;
  /** What a payment must settle now: the amount due less what the receipts made from it settle. */
  owing?: { stillDue: string; beforeVat: string; perLineVat: boolean; receipts: string[]; paid: boolean };
}

/** A field the picker offers, with its name in each language. */
export interface FieldChoice {
  key: string;
  level: FieldLevel;
  en: string;
  th: string;
  kind: FieldKind;
  /** It can take one value for every row (a document, payment or line field). */
  statable: boolean;
  /** Its fixed values (yes/no, codes) with their words, to pick a value for every row from. */
  options?: { value: number | boolean; en: string; th: string }[];
}

export interface MappingView {
  sheet: string;
  family: MapFamily;
  /** Every header of the row, with the field saved for it, else the one suggested (null: not used). */
  columns: ColumnSuggestion[];
  /** The mapping comes from the workbook (else it is a suggestion). */
  saved: boolean;
  /** The saved values for every row (field key → value), of fields the sheet may have no column for. */
  values: Record<string, StatedValue>;
  /** The fields that apply to the family, for the pickers. */
  choices: FieldChoice[];
  /** What the family's documents need that none of `fields` gives. */
  missing(fields: readonly string[]): MissingField[];
  /** Why a value for every row cannot be a value of the field (English, translatable), else null. */
  valueProblem(key: string, value: StatedValue): Message | null;
}

/** A row the pane lists under a job's outcome: a document that was not made, or failed. */
export interface RowNote {
  /** The document's key as the sheet groups it (documentKey, or "row N"). */
  key: string;
  /** What the row calls its record, where the job says (an update's: a serial, a contact's code or name). */
  name?: string;
  /** Sheet row (0-based) of the document's first row, and the column of its Result cell. */
  row: number;
  col: number;
  message: string;
}
