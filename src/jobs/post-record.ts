// What a post run leaves in the workbook so it can be undone: which documents it created (record
// id, serial, the rows, the status and a fingerprint of the service's copy as it answered), which
// rows it found already posted, the contacts the service created for it (each with a fingerprint of
// the service's copy as the run left it, so undo deletes only one unchanged since), and when. One record per
// family (the last run of each), under the workbook's records (port.saveRecord), so it travels with
// the file from the command line to the pane and back. Every family's post writes it; the record the
// books' own post wrote before (BookRunRecord) is still read, turned into this one when loaded.
import type { DocSheetClient, DocumentRecord } from "../api";
import type { BookFamily, SheetFamily as Family } from "../rules/codes";
import { bookFingerprint, hash2 } from "../sheet/books/fingerprint";
import { fingerprintOf, fnv1a, hex } from "../sheet/fingerprint";
import type { Json } from "../rules/json";
import { markerIn } from "../sheet/marker";
import type { SheetDocument } from "../sheet/read";
import { serviceCopy } from "../sheet/service-copy";
import type { WorkbookPort } from "../workbook/port";
import type { CompanyStamp } from "./company";
import { readContactsByName } from "./contact-read";

export interface RunDocument {
  key: string;
  /** Sheet rows (0-based) at the time of the post; undo finds the rows by record id first. */
  rows: number[];
  recordId: number;
  serial?: string;
  /** Created by this run; false for rows it found already posted (left alone by undo). */
  created: boolean;
  /** The document's date as the create answered: undo lists a big run's documents by their dates. */
  publishedOn?: string;
  /** statusString as the create answered (awaiting, or paid when created with payment). */
  status?: string;
  /** fingerprintOf the create's answer (sheet/fingerprint.ts): a change since means it was edited. */
  fingerprint?: string;
  /** The post's marker the document carries in its internalNotes (sheet/marker.ts): undo checks the
   * service's copy still carries it before it voids or deletes anything. Absent in older records. */
  marker?: string;
  /** sealOf this entry as the post wrote it: an entry changed by hand no longer matches. */
  seal?: string;
}

export interface RunContact {
  id: number;
  name: string;
  /** The run's document that named it first: its row says what undo did with the contact. */
  recordId?: number;
  /** bookFingerprint of GET /contacts/{id} once the run had made it: undo deletes it only unchanged.
   * Absent in older records, or when it could not be read: undo then leaves the contact. */
  fingerprint?: string;
  /** contactSealOf this entry as the post wrote it: one added or changed by hand is never deleted. */
  seal?: string;
}

export interface PostRunRecord {
  version: 1;
  family: Family;
  sheet: string;
  /** ISO time the run ended. */
  at: string;
  documents: RunDocument[];
  /** Contacts the service created for this run's documents; undo deletes those unchanged and unused. */
  contacts: RunContact[];
  /** Saved at a checkpoint of a run that had not ended (killed, or its last save failed): the next
   * run carries the documents it created into its own record. */
  partial?: true;
  /** The company the run posted to (absent in records from before companies were recorded). */
  company?: CompanyStamp;
  /** Saved before the run sent anything, for records found again by identity alone (products):
   * the identities its look-up did not find and it went on to create, and the highest record id
   * that look-up saw, so a run again of the sheet after a kill claims, as created, a record of such
   * an identity made after the look-up (and every field the row's). */
  pending?: string[];
  knownMax?: number;
  /** pendingSealOf the above: a pending list changed by hand claims nothing. */
  pendingSeal?: string;
}

/** The seal of a record's pending identities (see PostRunRecord.pending). */
export function pendingSealOf(r: { family: Family; sheet: string; pending?: readonly string[]; knownMax?: number }): string {
  return `s1.${hash2(JSON.stringify([r.family, r.sheet, r.pending ?? [], r.knownMax ?? 0]))}`;
}

/** The pending identities of a record, when its seal holds. */
export function pendingOf(r: PostRunRecord | null | undefined): string[] {
  return r?.partial && r.pending && r.pendingSeal === pendingSealOf(r) ? r.pending : [];
}

export const postRecordKey = (family: Family): string => `docsheet.post.last.${family}`;

export async function loadPostRecord(port: WorkbookPort, family: Family): Promise<PostRunRecord | null> {
  const text = await port.loadRecord(postRecordKey(family));
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as PostRunRecord;
    if (parsed && parsed.version === 1 && Array.isArray(parsed.documents)) return parsed;
    return fromBookRecord(parsed);
  } catch {
    return null; // a damaged record is no record: undo then says there is nothing to undo
  }
}

export async function savePostRecord(port: WorkbookPort, record: PostRunRecord | null, family: Family): Promise<void> {
  await port.saveRecord(postRecordKey(family), record ? JSON.stringify(record) : null);
}

/**
 * A check sum of what undo trusts in a record's entry (which document, what it was, whether this run
 * created it). Not a secret: it catches an entry typed or changed by hand (an id added, a serial
 * changed), which undo then refuses; the service's copy is checked besides (jobs/verify.ts).
 */
export function sealOf(family: Family, d: RunDocument): string {
  const text = JSON.stringify([family, d.recordId, d.serial ?? "", d.created, d.marker ?? "", d.fingerprint ?? "", d.status ?? "", d.publishedOn ?? ""]);
  return `s1.${hex(fnv1a(text, 0x811c9dc5), 8)}${hex(fnv1a(text, 0x2f5a3c91), 8)}`;
}

/** The seal of a contact's entry: which contact, made for which document, as it was then. */
export function contactSealOf(family: Family, c: RunContact): string {
  const text = JSON.stringify([family, "contact", c.id, c.name, c.recordId ?? 0, c.fingerprint ?? ""]);
  return `s1.${hex(fnv1a(text, 0x811c9dc5), 8)}${hex(fnv1a(text, 0x2f5a3c91), 8)}`;
}

function sealed(family: Family, d: RunDocument): RunDocument {
  return { ...d, seal: sealOf(family, d) };
}

/**
 * Collects a post run's record as documents come back. Contacts: when a document names its contact
 * without an id the service may create one (spec, contact rule 5); the ids known before the run tell
 * those apart, listed once and only when some document is sent without a contact id.
 */
export class PostRecorder {
  private readonly documents: RunDocument[] = [];
  private known: Set<number> | undefined;
  /** Contact id → its name, the first sheet row that named it and that row's document. */
  private readonly contacts = new Map<number, { name: string; row: number; recordId: number }>();
  /** Contact id → fingerprint of the service's copy, read once the run had made it. */
  private readonly contactCopies = new Map<number, string>();
  /** The company the run posts to: the record carries it, and undo refuses any other. */
  company?: CompanyStamp;

  /** The documents the family's last record says its run created, by record id. */
  private readonly createdBefore = new Map<number, RunDocument>();

  /** `previous`: the family's last record. When it is a checkpoint of a run that never ended, a row
   * it created that this run finds already posted is carried over as created: a run killed after a
   * checkpoint and posted again in place must not leave the first run's documents out of undo. A
   * finished run's record is not carried: undo reverses the last run only. */
  /** `o.carried`: other records whose created entries are this sheet's too (the command line's output
   * of an earlier run of the input); `o.fingerprint`: how the family fingerprints the service's copy. */
  constructor(private readonly family: Family, private readonly sheet: string, previous?: PostRunRecord,
    o: { carried?: readonly PostRunRecord[]; fingerprint?: (rec: DocumentRecord) => string } = {}) {
    const carried = [...(o.carried ?? []), ...(previous?.partial && previous.sheet === sheet ? [previous] : [])];
    for (const r of carried) for (const d of r.documents) if (d.created) this.createdBefore.set(d.recordId, d);
    this.fingerprint = o.fingerprint ?? ((rec) => fingerprintOf(serviceCopy(rec)));
  }

  private readonly fingerprint: (rec: DocumentRecord) => string;

  /** The records earlier runs of the sheet created (by id): claimed again when found. */
  createdIds(): ReadonlySet<number> {
    return new Set(this.createdBefore.keys());
  }

  /** Identities about to be created, saved before anything is sent (PostRunRecord.pending). */
  private pending?: { pending: string[]; knownMax: number };

  setPending(pending: string[], knownMax: number): void {
    this.pending = { pending, knownMax };
  }

  get hasCreated(): boolean {
    return this.documents.some((d) => d.created);
  }

  /** Lists the company's contacts when a body is sent without a contactId; answers them. */
  async beforeSending(client: DocSheetClient, bodies: readonly Record<string, unknown>[], signal?: AbortSignal): Promise<Json[] | undefined> {
    if (!bodies.some((b) => b.contactId === undefined || b.contactId === null || b.contactId === "")) return undefined;
    const listed: Json[] = [];
    for await (const page of client.contacts.listAll({}, { signal })) listed.push(...(page.list as unknown as Json[]));
    this.known = new Set(listed.map((c) => Number(c.id)));
    return listed;
  }

  created(doc: SheetDocument, rec: DocumentRecord): void {
    this.documents.push(sealed(this.family, {
      key: doc.key, rows: doc.rows, recordId: rec.recordId, serial: rec.documentSerial, created: true,
      publishedOn: typeof rec.publishedOn === "string" ? rec.publishedOn.slice(0, 10) : undefined,
      status: rec.statusString, fingerprint: this.fingerprint(rec), marker: markerIn(rec.internalNotes),
    }));
    const contact = Number(rec.contactId);
    if (this.known && Number.isInteger(contact) && contact > 0 && !this.known.has(contact)) {
      const row = doc.rows[0] ?? 0;
      const seen = this.contacts.get(contact);
      if (!seen || row < seen.row) this.contacts.set(contact, { name: String(rec.contactName ?? ""), row, recordId: rec.recordId });
    }
  }

  /** Reads the contacts the run made that have no fingerprint yet. A contacts list filtered by up to
   * LIST_ORDER_MAX of their names reads ten at a time (a post to 1,000 new customers would else
   * cost the service 1,000 more requests); a contact the lists do not answer whole (a list that
   * gives ids only) is read on its own. One that cannot be read keeps none, and undo leaves it:
   * nothing is deleted that was not seen as made. The first failure stops the reading (the service
   * may be gone: no run waits on it). */
  async readContacts(client: DocSheetClient, concurrency: number, signal?: AbortSignal): Promise<void> {
    const wanted = [...this.contacts].filter(([id]) => !this.contactCopies.has(id)).map(([id, c]) => ({ id, name: c.name }));
    const read = await readContactsByName(client, wanted, concurrency, { signal, stopOnFailure: true });
    for (const [id, contact] of read.found) this.contactCopies.set(id, bookFingerprint(contact));
  }

  /** A row the run left alone because it was posted before (found by its recordId or marker). */
  posted(doc: SheetDocument, recordId: number, serial?: string): void {
    const before = this.createdBefore.get(recordId);
    // Carried as it was, seal and all (the seal does not cover the rows): a hand-made entry stays refused.
    if (before) this.documents.push({ ...before, key: doc.key, rows: doc.rows });
    else this.documents.push(sealed(this.family, { key: doc.key, rows: doc.rows, recordId, serial, created: false }));
  }

  /** Each entry's JSON once written, by entry (entries do not change once made), and each contact's
   * by what its seal covers: a run saves its record at every checkpoint, and writing all of it
   * again each time made a long run's checkpoints cost in proportion to the documents so far. */
  private readonly texts = new WeakMap<RunDocument, string>();
  private readonly contactTexts = new Map<string, string>();

  /** Saved over the family's last record when the run created something; a run that created nothing
   * leaves the last real run undoable. */
  async save(port: WorkbookPort, at: Date, partial = false): Promise<void> {
    // A record saved before sending, with what it is about to create, is saved while partial.
    if (!this.hasCreated && !(partial && this.pending)) return;
    // In the sheet's order, not the order the concurrent creates were answered in.
    const documents = [...this.documents].sort((a, b) => (a.rows[0] ?? 0) - (b.rows[0] ?? 0)).map((d) => {
      let text = this.texts.get(d);
      if (text === undefined) this.texts.set(d, (text = JSON.stringify(d)));
      return text;
    });
    const contacts = [...this.contacts].sort(([, a], [, b]) => a.row - b.row).map(([id, { name, recordId }]) => {
      const c: RunContact = { id, name, recordId, fingerprint: this.contactCopies.get(id) };
      const key = JSON.stringify([id, name, recordId, c.fingerprint ?? null]);
      let text = this.contactTexts.get(key);
      if (text === undefined) this.contactTexts.set(key, (text = JSON.stringify({ ...c, seal: contactSealOf(this.family, c) })));
      return text;
    });
    // The record's JSON as JSON.stringify writes it, its lists from the entries' texts.
    const head = JSON.stringify({ version: 1, family: this.family, sheet: this.sheet, at: at.toISOString() }).slice(0, -1);
    const pending = partial && this.pending
      ? `,"pending":${JSON.stringify(this.pending.pending)},"knownMax":${this.pending.knownMax},"pendingSeal":${JSON.stringify(pendingSealOf({ family: this.family, sheet: this.sheet, ...this.pending }))}` : "";
    const tail = `${this.company ? `,"company":${JSON.stringify(this.company)}` : ""}${partial ? ',"partial":true' : ""}${pending}}`;
    await port.saveRecord(postRecordKey(this.family), `${head},"documents":[${documents.join(",")}],"contacts":[${contacts.join(",")}]${tail}`);
  }
}

/** The record the books' own post wrote before (vouchers, contacts, products), under the same key. */
export interface BookRunRecord {
  version: 1;
  family: BookFamily;
  sheet: string;
  /** ISO time the run ended. */
  at: string;
  /** Created by the run, in the sheet's order: what the service calls each (a voucher's number, a
   * contact's or product's code, else its name), a bookFingerprint of the create's answer, and
   * bookSealOf the entry. */
  created: Array<{ key: string; rows: number[]; recordId: number; name: string; fingerprint: string; seal?: string }>;
  company: CompanyStamp;
  /** The run had not ended (killed) when this was saved. */
  partial?: true;
}

/** The post record an older books' record says (a workbook an older DocSheet posted can still be
 * undone), or null when `parsed` is no such record: each entry whose old seal holds is sealed as a
 * post record's entry, any other keeps a seal that does not hold (undo refuses it). */
function fromBookRecord(parsed: unknown): PostRunRecord | null {
  const r = parsed as BookRunRecord | null;
  if (!r || r.version !== 1 || typeof r.family !== "string" || !Array.isArray(r.created) || !r.company) return null;
  const documents = r.created.map((e): RunDocument => {
    const d: RunDocument = { key: e.key, rows: e.rows, recordId: e.recordId, serial: e.name, created: true, fingerprint: e.fingerprint };
    return { ...d, seal: e.seal === bookSealOf(r.family, e) ? sealOf(r.family, d) : "broken" };
  });
  return { version: 1, family: r.family, sheet: r.sheet, at: r.at, documents, contacts: [], company: r.company, ...(r.partial ? { partial: true as const } : {}) };
}

/** The seal of an older books' record's entry: which record it names and what it was. */
function bookSealOf(family: BookFamily, e: BookRunRecord["created"][number]): string {
  return `s1.${hash2(JSON.stringify([family, e.recordId, e.name, e.fingerprint]))}`;
}
