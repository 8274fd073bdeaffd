// The last post run of a family as undo reads it: the one post record every family's post leaves
// (post-record.ts, an older books' record turned into one when loaded), each entry sealed, carrying
// what the service calls the record, its fingerprint as the create answered and, where the family
// keeps one, the post's marker; plus the contacts the service made for a documents run. Each entry
// says how it is verified against the service's copy (verify.ts, by the family entry's proof) and how a
// change since is seen; what is left to undo is saved back as a post record.
import type { SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import type { Message } from "../rules/message";
import { resultMsg } from "../sheet/i18n/results";
import type { WorkbookPort } from "../workbook/port";
import { familyEntry } from "../families";
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

/** The family's last post run, or null when there is none (or its record is damaged). */
export async function loadUndoRun(port: WorkbookPort, family: SheetFamily): Promise<UndoRun | null> {
  const record = await loadPostRecord(port, family);
  return record ? undoRun(record, family) : null;
}

function undoRun(record: PostRunRecord, family: SheetFamily): UndoRun {
  const entry = familyEntry(family);
  // Where the family's records keep the post's marker, the service's copy can vouch for an entry
  // without a seal (an older record's) and show an untrusted entry's rows; where they keep none,
  // only the seal can, and an entry without one was typed by hand.
  const marked = entry.proof.marker !== undefined;
  const created = record.documents.filter((d) => d.created);
  return {
    sheet: record.sheet, at: record.at, company: record.company, contacts: record.contacts ?? [],
    entries: created.map((d) => {
      const serial = d.serial || `#${d.recordId}`;
      const broken = d.seal === undefined ? !marked : d.seal !== sealOf(family, d);
      return {
        key: d.key, recordId: d.recordId, name: d.serial ?? "", publishedOn: d.publishedOn, status: d.status,
        untrusted: broken ? resultMsg("undoRecordEdited", { serial }) : undefined,
        readUntrusted: marked,
        mayBeGone: d.seal !== undefined,
        check: (copy) => checkPostDocument(d, copy, entry),
        edited: (copy) => entry.proof.changed(d.fingerprint, copy) === true,
      };
    }),
    save: (port, sheet, left, gone) => {
      const documents = created.filter((d) => left.has(d.recordId));
      return savePostRecord(port, documents.length > 0 ? { ...record, sheet, documents, contacts: (record.contacts ?? []).filter((c) => !gone.has(c.id)) } : null, family);
    },
  };
}

/** The sheet of the family's last post run, if any (the pane reads the mapping saved for it). */
export async function undoRunSheet(port: WorkbookPort, family: SheetFamily): Promise<string | undefined> {
  return (await loadUndoRun(port, family))?.sheet;
}
