// The post record of a book (journal vouchers, contacts, products) as book undo reads it
// (undo.ts, through undo-record.ts): the records the run created (id, what the service calls it, its rows, a
// fingerprint of the service's copy as it answered), each entry sealed, and the company. A book's
// post writes the one post record every family's post writes (post-record.ts); this reads that,
// and the record the books' own post wrote before (kept by undo for what it could not undo yet).
import type { BookFamily } from "../rules/codes";
import { hash2 } from "../sheet/books/fingerprint";
import type { WorkbookPort } from "../workbook/port";
import type { CompanyStamp } from "./company";
import { postRecordKey, sealOf, type PostRunRecord } from "./post-record";

export interface BookRunEntry {
  key: string;
  /** Sheet rows (0-based) at the time of the post; undo finds the rows by record id. */
  rows: number[];
  recordId: number;
  /** What the service calls it: a voucher's number, a contact's or product's code, else its name. */
  name: string;
  /** bookFingerprint of the create's answer: a change since means it was edited or is another record. */
  fingerprint: string;
  /** bookSealOf this entry: an entry changed by hand no longer matches. */
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
  /** The run had not ended (killed) when this was saved. */
  partial?: true;
}

export async function loadBookRecord(port: WorkbookPort, family: BookFamily): Promise<BookRunRecord | null> {
  const text = await port.loadRecord(postRecordKey(family));
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as (BookRunRecord | PostRunRecord) | null;
    if (parsed && Array.isArray((parsed as PostRunRecord).documents)) return fromPostRecord(family, parsed as PostRunRecord);
    const r = parsed as BookRunRecord | null;
    return r?.version === 1 && r.family === family && Array.isArray(r.created) && r.company ? r : null;
  } catch {
    return null; // a damaged record is no record: undo then says there is nothing to undo
  }
}

/** A post record as book undo reads it: the created entries, each sealed as undo checks when the
 * post record's seal holds (one changed by hand keeps a seal undo refuses). */
function fromPostRecord(family: BookFamily, r: PostRunRecord): BookRunRecord | null {
  if (r.version !== 1 || r.family !== family || !r.company) return null;
  const created = r.documents.filter((d) => d.created).map((d): BookRunEntry => {
    const e = { key: d.key, rows: d.rows, recordId: d.recordId, name: d.serial ?? `#${d.recordId}`, fingerprint: d.fingerprint ?? "" };
    return { ...e, seal: d.seal === sealOf(family, d) ? bookSealOf(family, e) : "refused" };
  });
  return { version: 1, family, sheet: r.sheet, at: r.at, created, company: r.company, ...(r.partial ? { partial: true as const } : {}) };
}

export async function saveBookRecord(port: WorkbookPort, family: BookFamily, record: BookRunRecord | null): Promise<void> {
  await port.saveRecord(postRecordKey(family), record ? JSON.stringify(record) : null);
}

/** A check sum of what undo trusts in an entry (which record, what it was). Not a secret: it
 * catches an entry typed or changed by hand, which undo then refuses. */
export function bookSealOf(family: BookFamily, e: BookRunEntry): string {
  return `s1.${hash2(JSON.stringify([family, e.recordId, e.name, e.fingerprint]))}`;
}
