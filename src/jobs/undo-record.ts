// The last post run of a family as undo reads it, whichever record the post left: the documents'
// and certificates' (post-record.ts: each entry sealed, carrying the post's marker, serial, status and
// a fingerprint of the create's answer, plus the contacts the service made for the run) or the
// books' (book-record.ts: each entry sealed, carrying what the service calls the record and a
// fingerprint of the create's answer). Both are kept under the family's key; a record is read by its
// shape, so undo is one job whatever the family's post wrote. Each entry says how it is verified
// against the service's copy and how a change since is seen; what is left to undo is saved back in
// the record's own shape.
import type { DocumentRecord } from "../api";
import type { DocumentFamily, Family, SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import type { Message } from "../rules/message";
import { bookFingerprint } from "../sheet/books/fingerprint";
import { changedSince } from "../sheet/fingerprint";
import { resultMsg } from "../sheet/i18n/results";
import { serviceCopy } from "../sheet/service-copy";
import type { WorkbookPort } from "../workbook/port";
import { familyEntry } from "../families";
import { isBook } from "../families/cards";
import { bookSealOf, loadBookRecord, saveBookRecord, type BookRunEntry, type BookRunRecord } from "./book-record";
import type { CompanyStamp } from "./company";
import { loadPostRecord, savePostRecord, sealOf, type PostRunRecord, type RunContact } from "./post-record";
import { checkPostDocument } from "./verify";

/** One record the run created, as undo judges it. */
export interface UndoEntry {
  key: string;
  recordId: number;
  /** What the service called it when the run made it (serial, code, name); "" when unknown. */
  name: string;
  /** The date the create answered (a big run's documents are listed by their dates). */
  publishedOn?: string;
  /** The status the create answered: another status now means someone moved it since. */
  status?: string;
  /** Why the entry cannot be taken as the run's before the service is read (its seal broken, or
   * none where none is trusted); undefined when it can. */
  untrusted?: Message;
  /** Whether an untrusted entry is read all the same: its rows get the reason when the service's
   * copy is the run's record (it carries the post's marker), as check says. */
  readUntrusted: boolean;
  /** Whether the entry may say its record is gone when the service has none (an unsealed one may not). */
  mayBeGone: boolean;
  /** Whether the service's copy is the run's record (its rows are then the run's), and why undo must
   * leave it alone if it must. */
  check(copy: Json): { own: boolean; refused?: Message };
  /** Whether the service's copy changed since the run made it. */
  edited(copy: Json): boolean;
}

export interface UndoRun {
  sheet: string;
  /** When the run ended (ISO). */
  at: string;
  company?: CompanyStamp;
  entries: UndoEntry[];
  /** Contacts the service created for the run's documents (none for the other records). */
  contacts: RunContact[];
  /** Saves what is left to undo under `sheet` (nothing left: the record goes). */
  save(port: WorkbookPort, sheet: string, left: ReadonlySet<number>, contactsGone: ReadonlySet<number>): Promise<void>;
}

const text = (v: unknown): string => (v === undefined || v === null ? "" : String(v).trim());

/** The family's last post run, or null when there is none (or its record is damaged). */
export async function loadUndoRun(port: WorkbookPort, family: SheetFamily): Promise<UndoRun | null> {
  // A book's post writes the post record too; book-record.ts reads it as the books' (their
  // records are verified by name and fingerprint, not by a document's marker).
  const posted = isBook(family) ? null : await loadPostRecord(port, family as DocumentFamily);
  if (posted) return postRun(posted, family as DocumentFamily);
  const book = await loadBookRecord(port, family as BookRunRecord["family"]);
  return book ? bookRun(book, family as BookRunRecord["family"]) : null;
}

function postRun(record: PostRunRecord, family: DocumentFamily): UndoRun {
  const created = record.documents.filter((d) => d.created);
  return {
    sheet: record.sheet, at: record.at, company: record.company, contacts: record.contacts ?? [],
    entries: created.map((d) => {
      const serial = d.serial || `#${d.recordId}`;
      const broken = d.seal !== undefined && d.seal !== sealOf(family, d);
      return {
        key: d.key, recordId: d.recordId, name: d.serial ?? "", publishedOn: d.publishedOn, status: d.status,
        untrusted: broken ? resultMsg("undoRecordEdited", { serial }) : undefined,
        readUntrusted: true,
        // An entry without a seal (added by hand, or older) is not trusted to name a deleted document.
        mayBeGone: d.seal !== undefined,
        check: (copy) => checkPostDocument(d, copy as unknown as DocumentRecord, family as Family),
        edited: (copy) => !!d.fingerprint && !!changedSince(d.fingerprint, serviceCopy(copy as unknown as DocumentRecord)),
      };
    }),
    save: (port, sheet, left, gone) => {
      const documents = created.filter((d) => left.has(d.recordId));
      return savePostRecord(port, documents.length > 0 ? { ...record, sheet, documents, contacts: record.contacts.filter((c) => !gone.has(c.id)) } : null, family);
    },
  };
}

function bookRun(record: BookRunRecord, family: BookRunRecord["family"]): UndoRun {
  const entry = familyEntry(family);
  return {
    sheet: record.sheet, at: record.at, company: record.company, contacts: [],
    entries: record.created.map((e: BookRunEntry) => {
      const serial = e.name || `#${e.recordId}`;
      return {
        key: e.key, recordId: e.recordId, name: e.name,
        // The books' entries were sealed from the start: one without its seal was changed by hand.
        untrusted: e.seal !== bookSealOf(family, e) ? resultMsg("undoRecordEdited", { serial }) : undefined,
        readUntrusted: false,
        mayBeGone: true,
        check: (copy) => {
          // The name the service's copy goes by (what the entry recorded), to tell another record apart.
          const actual = entry.nameOf(copy);
          return actual === e.name ? { own: true } : { own: false, refused: resultMsg("undoOtherDocument", { recordId: e.recordId, serial, actual: text(actual) }) };
        },
        edited: (copy) => bookFingerprint(copy) !== e.fingerprint,
      };
    }),
    save: (port, sheet, left) => {
      const created = record.created.filter((e) => left.has(e.recordId));
      return saveBookRecord(port, family, created.length > 0 ? { ...record, sheet, created } : null);
    },
  };
}

/** The sheet of the family's last post run, if any (the pane reads the mapping saved for it). */
export async function undoRunSheet(port: WorkbookPort, family: SheetFamily): Promise<string | undefined> {
  return (await loadUndoRun(port, family))?.sheet;
}
