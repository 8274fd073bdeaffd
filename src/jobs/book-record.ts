// What a post of a book (journal vouchers, contacts, products) leaves in the workbook so it can be
// undone, as post-record.ts does for documents: the records the run created (id, what the sheet
// called it, its rows, a fingerprint of the service's copy as it answered), each entry sealed, and
// the company. Records the run found on the service are not listed: undo never touches them. One
// record per family (the last run that created something), under the workbook's records.
import type { BookFamily } from "../rules/codes";
import { hash2 } from "../sheet/books/fingerprint";
import type { WorkbookPort } from "../workbook/port";
import type { CompanyStamp } from "./company";

export interface BookRunEntry {
  key: string;
  /** Sheet rows (0-based) at the time of the post; undo finds the rows by record id. */
  rows: number[];
  recordId: number;
  /** What the service calls it: a voucher's number, a contact's or product's code, else its name. */
  name: string;
  /** bookFingerprint of the create's answer: a change since means it was edited or is another record. */
  fingerprint: string;
  /** bookSealOf this entry as the post wrote it: an entry changed by hand no longer matches. */
  seal?: string;
}

export interface BookRunRecord {
  version: 1;
  family: BookFamily;
  sheet: string;
  /** ISO time the run ended. */
  at: string;
  /** Created by the run, in the sheet's order. */
  created: BookRunEntry[];
  company: CompanyStamp;
  /** Saved before the run sent anything (and the CLI saved the file): the run had not ended. Its
   * `pending` are the identities (contacts and products) its look-up did not find and it went on to
   * create, and `knownMax` the highest record id the look-up saw, so a run again of the same sheet
   * after a kill claims, as created, a record of such an identity made after that look-up. */
  partial?: true;
  pending?: string[];
  knownMax?: number;
  /** pendingSealOf the above: a pending list changed by hand claims nothing. */
  pendingSeal?: string;
}

const recordKey = (family: BookFamily): string => `docsheet.post.last.${family}`;

export async function loadBookRecord(port: WorkbookPort, family: BookFamily): Promise<BookRunRecord | null> {
  const text = await port.loadRecord(recordKey(family));
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as BookRunRecord;
    return parsed?.version === 1 && parsed.family === family && Array.isArray(parsed.created) && parsed.company ? parsed : null;
  } catch {
    return null; // a damaged record is no record: undo then says there is nothing to undo
  }
}

export async function saveBookRecord(port: WorkbookPort, family: BookFamily, record: BookRunRecord | null): Promise<void> {
  await port.saveRecord(recordKey(family), record ? JSON.stringify(record) : null);
}

/** A check sum of what undo trusts in an entry (which record, what it was). Not a secret: it
 * catches an entry typed or changed by hand, which undo then refuses. */
export function bookSealOf(family: BookFamily, e: BookRunEntry): string {
  return `s1.${hash2(JSON.stringify([family, e.recordId, e.name, e.fingerprint]))}`;
}

export function sealedEntry(family: BookFamily, e: Omit<BookRunEntry, "seal">): BookRunEntry {
  return { ...e, seal: bookSealOf(family, e) };
}

/** The seal of a partial record's pending identities (see BookRunRecord.pending). */
export function pendingSealOf(r: Pick<BookRunRecord, "family" | "sheet" | "pending" | "knownMax">): string {
  return `s1.${hash2(JSON.stringify([r.family, r.sheet, r.pending ?? [], r.knownMax ?? 0]))}`;
}
