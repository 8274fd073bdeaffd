// What refresh, undo and update check before they trust the workbook's own records of a sheet (the
// hidden "DocSheet records" sheet, which a person can unhide and edit): the family they name, the
// company stamped on the sheet and in its post record, and the record ids the rows or the post
// record hold. Nothing is written, sent or cleared until they hold on the service:
// - the sheet's company stamp and the post record that wrote the sheet name one company, and a
//   pulled sheet's query and its remembered family one family; else the records disagree, refused;
// - the company guard (company.ts): the records' company must be the connected one;
// - each record id is read under the family the records name. A row whose id names a document
//   there with another serial is refused at its row (verify.ts, rowMismatch). An id the family does
//   not have is taken as deleted on the service only when it is no document of another family and
//   some row of the sheet is a document of the connected company. When no row is, the records are
//   wrong as a whole, refused: they name the wrong family (an id is another family's document), or
//   another company's documents (a service whose ids are global answers "not found" for them, one
//   whose ids are per company answers other serials). When some row is, an id of another family's
//   document is that row's mistake, refused at its row.
// A refusal of the records as a whole names the rows and the reason, in the run's language, and is a
// ConnectionError, so every command exits 2 with it.
import { NotFoundError, type DocSheetClient, type DocumentRecord } from "../api";
import { FAMILIES, type Family, type SheetFamily } from "../rules/codes";
import { familyEntry } from "../families";
import type { Json } from "../rules/json";
import type { Message } from "../rules/message";
import type { Lang } from "../sheet/i18n/lang";
import { render } from "../sheet/i18n/render";
import { familyRecords, recordsWord } from "../sheet/i18n/record-count";
import { resultMsg } from "../sheet/i18n/results";
import type { SheetDocument } from "../sheet/read";
import type { WorkbookPort } from "../workbook/port";
import { guardSheet, postedDocuments, sameCompany, sheetCompany, type CompanyStamp, type GuardOptions, type SheetCompany } from "./company";
import { runPool } from "./pool";
import { loadPostRecord, type PostRunRecord } from "./post-record";
import { ConnectionError } from "./stop";

/** A document as the sheet (or the post record) names it: its record id, its serial, its first row. */
export interface NamedDocument {
  recordId: number;
  /** Sheet row (0-based). */
  row: number;
  serial?: string;
  /** The row's fingerprint cell: tells a row without a serial by its document. */
  fingerprint?: unknown;
}

/** The workbook's records of the sheet do not hold on the service: nothing was changed. */
export class UntrustedRecordsError extends ConnectionError {
  constructor(readonly msg: Message, lang: Lang) {
    super(render(msg, lang), { stopped: true, refused: true });
    this.name = "UntrustedRecordsError";
  }
}

export interface RecordsCheckOptions extends Omit<GuardOptions, "documents" | "family"> {
  family: SheetFamily;
  documents: readonly NamedDocument[];
  /** The service's copies the job reads anyway (a list's pages), read once the company guard let
   * the job read: these are not read again one by one. */
  copies?: ReadonlyMap<number, DocumentRecord> | (() => Promise<ReadonlyMap<number, DocumentRecord>>);
  /** The post record the job works from (undo); else the family's, when it wrote this sheet. */
  postRecord?: Pick<PostRunRecord, "sheet" | "at" | "company"> | null;
  /** A pulled sheet's family by its query, when that is where the job took the family from. */
  pulledAs?: SheetFamily | null;
  /** The family the workbook remembers for the sheet. */
  remembered?: SheetFamily | null;
  concurrency?: number;
}

export interface CheckedRecords {
  connected: CompanyStamp;
  /** The service's copy of each record id the family has. */
  found: Map<number, DocumentRecord>;
  /** Record ids of another family's documents (the row's mistake, the sheet verified): why each is refused. */
  refused: Map<number, Message>;
  /** Record ids verified as deleted on the service. */
  deleted: Set<number>;
}

const text = (v: unknown): string => (v === undefined || v === null ? "" : String(v).trim());

/** The rows' documents that hold a record id, as the sheet names them. */
export function namedDocuments(documents: readonly SheetDocument[]): NamedDocument[] {
  return documents.flatMap((d) => postedDocuments([d]).map((p) => ({ ...p, ...(p.serial ? { serial: text(p.serial) } : {}), fingerprint: d.fields.fingerprint?.value })));
}

/** Rows named in a refusal at most. */
const NAMED = 3;

/** "row 2 (INV1), row 3 (INV2) (+4 more)" in the run's language. */
function rowList(docs: readonly NamedDocument[], lang: Lang): string {
  const sorted = [...docs].sort((a, b) => a.row - b.row);
  const named = sorted.slice(0, NAMED).map((d) => render(resultMsg("unboundRow", { row: d.row + 1, serial: d.serial || `#${d.recordId}` }), lang)).join(", ");
  return sorted.length > NAMED ? render(resultMsg("unboundRowsMore", { rows: named, more: sorted.length - NAMED }), lang) : named;
}

/**
 * The connected company, and the service's copies of the documents the records name, once the
 * records hold (see the head of this file); throws UntrustedRecordsError (or the company guard's
 * OtherCompanyError) before anything is changed when they do not.
 */
export async function checkRecords(port: WorkbookPort, client: DocSheetClient, opts: RecordsCheckOptions): Promise<CheckedRecords> {
  const lang = opts.lang ?? "en";
  const { sheet, family } = opts;
  if (opts.pulledAs && opts.remembered && opts.pulledAs !== opts.remembered) {
    throw new UntrustedRecordsError(resultMsg("recordsFamilyDisagree", { sheet, pulled: familyRecords(opts.pulledAs), remembered: familyRecords(opts.remembered) }), lang);
  }
  const record = opts.postRecord !== undefined ? opts.postRecord : await loadPostRecord(port, family as Family);
  const stamp = await sheetCompany(port, sheet);
  const posted = record && record.sheet === sheet ? record.company : undefined;
  if (stamp && posted && !sameCompany(stamp, posted)) {
    throw new UntrustedRecordsError(resultMsg("recordsCompanyDisagree", { sheet, stamped: stamp.name, posted: posted.name }), lang);
  }
  const recorded: SheetCompany | null = opts.recorded ?? (posted && record ? { ...posted, by: "post", at: record.at } : null);
  // The copies listed once, when the guard reaches the documents or after it: the guard verifies
  // an unbound sheet's documents from them too, rather than reading each one.
  let listed: Promise<ReadonlyMap<number, DocumentRecord> | undefined> | undefined;
  const listCopies = (): Promise<ReadonlyMap<number, DocumentRecord> | undefined> =>
    (listed ??= typeof opts.copies === "function" ? opts.copies() : Promise.resolve(opts.copies));
  const connected = await guardSheet(port, client, { ...opts, recorded, documents: opts.documents, listed: listCopies });

  const copies = await listCopies();
  const entry = familyEntry(family);
  const store = entry.store(client);
  const found = new Map<number, DocumentRecord>();
  // Each record id read once (two rows can hold one); each row judged on its own.
  const ids = new Set<number>();
  const unique = opts.documents.filter((d) => !ids.has(d.recordId) && ids.add(d.recordId));
  await runPool(unique, opts.concurrency ?? 4, async (doc) => {
    const copy = copies?.get(doc.recordId) ?? (await missingAsUndefined(() => store.get(doc.recordId, opts.signal) as Promise<unknown> as Promise<DocumentRecord>));
    if (copy) found.set(doc.recordId, copy);
  });
  const missing = unique.filter((d) => !found.has(d.recordId));
  // An id the family does not have but another family does (void or not): the records name the wrong
  // family. Only the document families share their ids; another kind's id is another record.
  const elsewhere: Array<{ doc: NamedDocument; family: Family; copy: DocumentRecord }> = [];
  await runPool(entry.sharedIds ? missing : [], opts.concurrency ?? 4, async (doc) => {
    for (const other of FAMILIES) {
      if (other === family) continue;
      const copy = await readOrMissing(client, other, doc.recordId, opts.signal);
      if (copy) {
        elsewhere.push({ doc, family: other, copy });
        return;
      }
    }
  });
  // The rows that name their document by serial (or fingerprint) and those the service has otherwise.
  const named = opts.documents.filter((d) => d.serial);
  const nameOf = (id: number): string => text(entry.nameOf(found.get(id)! as unknown as Json));
  const matched = named.filter((d) => found.has(d.recordId) && nameOf(d.recordId) === d.serial);
  const others = named.filter((d) => found.has(d.recordId) && nameOf(d.recordId) !== d.serial);
  const verified = matched.length > 0 || someFingerprintHolds(opts.documents, found, (kept, copy) => entry.proof.changed(kept, copy as unknown as Json) === false);
  elsewhere.sort((a, b) => a.doc.row - b.doc.row);
  // No row is a document of the connected company as the records name it: the records are wrong
  // as a whole (the family, else the company), refused before anything is written.
  if (!verified && elsewhere.length > 0) {
    const rows = elsewhere.slice(0, NAMED).map(({ doc, family: actual, copy }) => render(resultMsg("recordsOtherFamily", {
      row: render(resultMsg("unboundRow", { row: doc.row + 1, serial: doc.serial || `#${doc.recordId}` }), lang),
      recordId: doc.recordId, family: actual, actual: text(copy.documentSerial) || `#${doc.recordId}`, chosen: family,
    }), lang)).join("; ");
    const list = elsewhere.length > NAMED ? render(resultMsg("unboundRowsMore", { rows, more: elsewhere.length - NAMED }), lang) : rows;
    throw new UntrustedRecordsError(resultMsg("recordsWrongFamily", { sheet, rows: list }), lang);
  }
  if (!verified && missing.length + others.length > 0) {
    throw new UntrustedRecordsError(resultMsg("recordsNotConnected", { rows: rowList([...opts.documents.filter((d) => !found.has(d.recordId)), ...others], lang), connected: connected.name, records: recordsWord(family) }), lang);
  }
  // The sheet is the connected company's: an id of another family is its row's mistake, refused there.
  const refused = new Map(elsewhere.map(({ doc, family: actual, copy }) => [doc.recordId, resultMsg("rowOtherFamily", {
    recordId: doc.recordId, family: actual, actual: text(copy.documentSerial) || `#${doc.recordId}`, chosen: family,
  })]));
  return { connected, found, refused, deleted: new Set(missing.filter((d) => !refused.has(d.recordId)).map((d) => d.recordId)) };
}

/** Whether a row without a serial names its document by a fingerprint the service's copy matches. */
function someFingerprintHolds(docs: readonly NamedDocument[], found: ReadonlyMap<number, DocumentRecord>, holds: (kept: unknown, copy: DocumentRecord) => boolean): boolean {
  return docs.some((d) => !d.serial && found.has(d.recordId) && holds(d.fingerprint, found.get(d.recordId)!));
}

async function readOrMissing(client: DocSheetClient, family: Family, id: number, signal?: AbortSignal): Promise<DocumentRecord | undefined> {
  return missingAsUndefined(() => client.documents(family).get(id, { signal }));
}

/** The record read, or undefined when the service has none of that id. */
async function missingAsUndefined<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}
