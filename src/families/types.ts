// What a family is, declared once (issue 34): the jobs, the pane and the CLI ask a family's entry
// what to do instead of testing its name. A new family is a new entry (and its texts).
import type { DocSheetClient, FilterTerm } from "../api";
import type { SheetFamily } from "../rules/codes";
import type { FamilySheet } from "./sheets";
import type { FamilyCard } from "./cards";
export type { ActKind, FamilyCard, FamilyKind, RecordKind } from "./cards";

export type { Json } from "../rules/json";
import type { Json } from "../rules/json";
import type { BuiltBook } from "../sheet/books/built";
import type { VatSide } from "../sheet/i18n/vat-report";


/** A family's records on the service, read the same way whatever the family. */
export interface RecordStore {
  /** Every record (those the filter's terms match, of the dates given, where given), page by page. */
  listAll(signal?: AbortSignal, query?: { filter?: readonly FilterTerm[]; startDate?: string; endDate?: string }): AsyncGenerator<{ list: unknown[] }>;
  get(id: number, signal?: AbortSignal): Promise<Json>;
  /** Absent where the service has no delete (journal vouchers). */
  delete?(id: number, signal?: AbortSignal): Promise<unknown>;
  /** Moves a record to the service's status `statusId`, answering it; absent where its records have no statuses. */
  setStatus?(id: number, statusId: string, signal?: AbortSignal): Promise<Json>;
  /** A record's PDF (base64) in `culture`; absent where the service prints none. */
  exportPdf?(id: number, culture: "th" | "en", signal?: AbortSignal): Promise<string>;
  /** One page of the records of a span of dates, each listed whole (its notes and references, as a
   * read answers it), and how many there are: where the family's lists answer so (documents), undo
   * reads a big run's records from these pages. Absent elsewhere. */
  datedPage?(query: { startDate: string; endDate: string; page: number; pageSize: number }, signal?: AbortSignal): Promise<{ list: unknown[]; total: number }>;
}

/** How a record made by an earlier (killed) run is found again, so it is never made twice. */
export type Recovery =
  /** The body carries the row's marker in this field (internalNotes, contactNote, remarks). */
  | { by: "marker"; field: string }
  /** No field to carry a marker (products): claimed only when the post record said it was about
   * to be made and every field equals the row's. */
  | { by: "identity" };

/** How the service's copy of a record is known as the one the workbook recorded (a post record's
 * entry, jobs/verify.ts; a row's fingerprint, jobs/records-truth.ts). */
export interface RecordProof {
  /** The field where its records keep the post's marker for good (documents' and certificates'
   * internalNotes): a copy carrying the marker a sealed entry recorded is the post's record, and an
   * entry without a seal (an older record's) is taken when the copy carries some post's marker and
   * its name and fingerprint match. Absent where no marker is kept for good (a contact's note is its
   * owner's to change, a product has none): a sealed entry's record is then known by its name, and
   * an entry without a seal is refused (nothing on the service can vouch for it). */
  readonly marker?: string;
  /** The fingerprint of the service's copy a row and a post record keep, whichever job writes it
   * (pull, post, update, refresh; a pulled row adds its columns' hashes, sheet/row-fingerprint.ts). */
  fingerprint(copy: Json): string;
  /** Whether the copy changed since `kept` (a fingerprint of the service's copy, as a post record or
   * a row keeps it) was taken: true or false, or undefined where a kept value that is no fingerprint
   * tells nothing (documents' older records). */
  changed(kept: unknown, copy: Json): boolean | undefined;
}

/** What undo does to a record a post made (families/unpostings.ts), once the service's copy is
 * still what the post made. */
export type UndoWay =
  /** Voided, or deleted where the service deletes it (an awaiting one of a family deletedWhileAwaiting): documents. */
  | "void"
  /** Set back to awaiting and deleted, voided where the service will not delete it: certificates. */
  | "withdraw"
  /** Deleted: contacts, products. */
  | "delete"
  /** The service has no delete (journal vouchers): kept, and the row says so. */
  | "keep";

/** Of two posts racing on the same rows, what becomes of the loser's record. */
export type RaceLoser = "delete" | "report";

export type { OwnFields, Shown } from "./sheets";

export interface FamilyEntry<F extends SheetFamily = SheetFamily> extends FamilyCard<F>, FamilySheet {
  /** Other names people type for it (the CLI's FAMILY, a map file), English and Thai. */
  readonly words: readonly string[];
  /** The status words its records take (empty where it has none). */
  readonly statuses: readonly string[];
  /** Its records name accounts of the chart of accounts (read before building or pulling). */
  readonly usesAccounts: boolean;
  /** Its records' accounts are kept on a master record apart from the record (products:
   * service-facts §5.2): read there when pulled, compared and sent there by update. */
  readonly accountsOnMaster?: true;
  /** The tax its lines withhold from a payee is the company's to certify (purchases, expenses): the
   * month's returns look for each such document's withholding tax certificate (jobs/wht-report.ts). */
  readonly lineWithholdingCertified?: true;
  /** The side of the month's VAT report its documents are counted on (sheet/vat-entries.ts). */
  readonly vatSide?: VatSide;
  /** The service deletes its records while they are awaiting (quotations, billing notes): undo and
   * the race guard delete such a record, and void the others (families/unpostings.ts, jobs/race.ts). */
  readonly deletedWhileAwaiting?: true;
  /** Other records (documents, certificates, vouchers) name its records (contacts): undo deletes
   * one only when no live record names it (jobs/contact-use.ts). */
  readonly namedByOthers?: true;
  readonly recovery: Recovery;
  readonly proof: RecordProof;
  /** What names one record whatever else a row says (field keys, one list an identity): two rows
   * naming one identity must agree, and the service's record of that identity is the row's.
   * Empty where a row's record is its key's alone (documents, certificates, vouchers). */
  readonly identities: readonly (readonly string[])[];
  /** Where a record of an identity is listed again after its create (the race guard's read-back):
   * the list's filter column for each field, the first of the fields the record has. */
  readonly listedBy?: readonly { readonly field: string; readonly column: string }[];
  readonly undo: UndoWay;
  readonly raceLoser: RaceLoser;
  /** The columns a post writes back, and those undo clears. */
  readonly columns: { readonly post: readonly string[]; readonly undo: readonly string[] };
  /** Its records on the service. */
  store(client: DocSheetClient): RecordStore;
  /** What people call one record: a serial, a code, else a name ("#id" when it has none). */
  nameOf(record: Json): string;

  // --- The post pipeline\'s hooks (how documents and certificates are posted: families/postings.ts) ---
  /** The books' post (families/post-books.ts): sends one built record with its row's marker (a voucher
   * approved or as a draft); absent for the families post.ts posts. */
  sendBook?(client: DocSheetClient, built: BuiltBook, marker: string, o: { draft: boolean; signal?: AbortSignal }): Promise<Json>;
  /** What the books' update must send besides the edits (service-facts §5.1, §5.2: the service's
   * PUT takes a whole body): these fields of the service's copy go with every update. */
  readonly updateRequires?: readonly string[];
  /** The books' update (families/update-books.ts): sends a record's whole body over its service copy; absent
   * where the service has no update (journal vouchers: the card's `updates`). */
  updateBook?(client: DocSheetClient, id: number, body: Json, o: { signal?: AbortSignal }): Promise<Json>;
}
