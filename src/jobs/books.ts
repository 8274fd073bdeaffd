// The books' jobs (journal vouchers, contacts, products): check, post, update, pull and template,
// on the same port, client, company guard, sheet-family record and write-back as the documents'.
//
// Nothing is created twice. A journal voucher carries the documents' marker (sheet/marker.ts) in
// its note: vouchers an earlier run created, or whose answer was lost, are found by it. A contact
// the service already has (the same tax id and branch, else the same code, else the same name
// with no tax id) and a product of the same code (else the same name, with no code) are found and
// their ids written back; two rows of one contact or code are sent once.
//
// Undo reverses what the run created (book-record.ts), a run killed half-way included: before it
// sends anything the post records what it is about to create (the CLI saves the file then), and
// the next post of the sheet claims as its own what the killed run made, as the documents' post
// does with the documents it finds by their marker. A contact carries its row's marker in its note
// (contactNote, which no sheet column fills): one a person made by hand with a name the killed run
// was about to create is never claimed, so never deleted by undo. A product has no such field: its
// claim rests on the identity and an id above all the killed run's look-up saw.
import type { Message } from "../rules/message";
import { OutcomeUnknownError, type DocSheetClient } from "../api";
import { BOOK_FAMILY_LABEL, type BookFamily } from "../rules/codes";
import { accountIndex, chartOf, type AccountIndex, type ChartAccount } from "../sheet/books/accounts";
import { buildBook, checkBook, type BuiltBook } from "../sheet/books/build";
import { sameCompany } from "./same-company";
import { bookTable } from "../sheet/books/fields";
import { bookColumn, bookKeys, bookRows } from "../sheet/books/sheet";
import { sortFindings, type CellFinding } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg, rowResultMsg } from "../sheet/i18n/results";
import { recordCount, recordWord } from "../sheet/i18n/record-count";
import { listEntries } from "../sheet/lookups";
import { findingMarks } from "../sheet/mark-text";
import { sheetMsg } from "../sheet/messages";
import { documentMarker, hasMarker } from "../sheet/marker";
import { readDocuments, type ReadResult, type SheetDocument } from "../sheet/read";
import type { ColumnMapping } from "../sheet/column-mapping";
import { differingFields, identityKeys, sameValue } from "../sheet/books/identity";
import { resultColumns, resultWrites, type ResultColumns, type ResultKey } from "../sheet/writeback";
import { type Block, type CellValue, type CellWrite, type ReadTarget, type WorkbookPort } from "../workbook/port";
import { bindSheet, companyRecords, connectedCompany, guardSheet } from "./company";
import { errorMsg, errorText } from "./error-text";
import { isConnectionFailure, stopDetail, stopReason, stoppedError } from "./stop";
import { notSent } from "./not-sent";
import { loadBookRecord, pendingSealOf, saveBookRecord, sealedEntry, type BookRunEntry, type BookRunRecord } from "./book-record";
import { bookFingerprint, isBookFingerprint } from "../sheet/books/fingerprint";
import { assertRows } from "./no-rows";
import { runPool } from "./pool";
import { WriteBatch, flushedOnStop, type HeldBatch } from "./write-batch";
import { answerOf, bookRecord, identityKey, identityRaces, listedTerm } from "./identity-race";
import { RaceGuard, type Settled } from "./race";
import { voucherRaces, voucherRecord } from "./voucher-race";
import { LIST_ORDER_MAX } from "../rules/list-order";
import { assertSheetFamily, familyRecord, rememberFamily } from "./sheet-family";
import { familyEntry } from "../families";
import { inSheetOrder, throwIfCancelled, type CheckOutcome, type JobContext } from "./types";
import type { Json } from "../rules/json";
import { render } from "../sheet/i18n/render";

export interface BookJobOptions extends JobContext {
  family: BookFamily;
  target?: ReadTarget;
  /** Which field each header is (docsheet map, the pane's Columns); else the headers' labels. */
  mapping?: ColumnMapping;
}

export function readBook(block: Parameters<typeof readDocuments>[0], family: BookFamily, mapping?: ColumnMapping): ReadResult {
  return readDocuments(block, { table: bookTable(family), mapping, family });
}

/** The chart the lists sheet holds ("41111 Sales revenue" labels: template or Refresh lists with a
 * connection), so a check without a connection knows the accounts; none without lists. */
function listedAccounts(lists: CellValue[][] | undefined): AccountIndex | undefined {
  const chart = (lists ? listEntries(lists, "accounts") : []).flatMap((e): ChartAccount[] => {
    const m = /^(\S+)\s*(.*)$/.exec(e.label);
    return m ? [{ id: e.id, code: m[1], nameLocal: m[2], nameForeign: m[2] }] : [];
  });
  return chart.length > 0 ? accountIndex(chart) : undefined;
}

export async function checkBookJob(port: WorkbookPort, opts: BookJobOptions & { mark?: boolean }): Promise<CheckOutcome> {
  throwIfCancelled(opts.signal);
  const block = await port.read(opts.target);
  const read = readBook(block, opts.family, opts.mapping);
  const { findings } = checkBook(read, opts.family, familyEntry(opts.family).usesAccounts ? listedAccounts(block.lists) : undefined);
  const lang = opts.lang ?? "en";
  const n = read.documents.length;
  opts.onProgress?.({ done: n, total: n, message: render(resultMsg("checkedRecords", { records: recordCount(opts.family, n) }), lang) });
  if (opts.mark) await port.remark(block.sheet, findingMarks(findings, lang));
  return { sheet: block.sheet, documents: n, findings: sortFindings(findings) };
}

// --- post ---

/** `found`: made by another run (a killed one, or one at the same time); `existing`: on the service
 * before (a person's, or another sheet's); `repeated`: a row naming the record an earlier row of the
 * same run made or found (it gets that row's id). */
export type BookResultKind = "created" | "found" | "existing" | "repeated" | "skipped" | "invalid" | "failed" | "unknown" | "cancelled" | "updated" | "unchanged" | "conflict";

export interface BookResult {
  key: string;
  rows: number[];
  kind: BookResultKind;
  recordId?: number;
  /** In the run's language, as written into the result column. */
  message: string;
}

export interface BookPostOutcome {
  sheet: string;
  results: BookResult[];
  findings: CellFinding[];
  counts: Record<BookResultKind, number>;
}

export interface BookPostOptions extends BookJobOptions {
  /** Journal vouchers: save as drafts instead of approving them. */
  draft?: boolean;
  /** Records in flight at once. Default 4. */
  concurrency?: number;
  /** Called once the record of what the run is about to create is in the port, before anything is
   * sent (the CLI saves the file here): a run killed after it is claimed by the next (book-record.ts). */
  onCheckpoint?: () => Promise<void>;
  /** The family's record in the file the run writes to, when that is not the workbook it reads (the
   * command line's default output or --out): a run of the sheet killed there is claimed as here. */
  outputRecord?: BookRunRecord | null;
}

/** Finds what the service already has of a record, by the rules of its family. */
interface Existing {
  find(built: BuiltBook, marker: string): Json | undefined;
  add(record: Json, built: BuiltBook, marker: string): void;
  /** The key rows of one record share (two rows of one contact are sent once); "" for none. */
  identity(built: BuiltBook): string;
  /** Whether a record the service answers is the one `built` would be found as (the race guard). */
  same(record: Json, built: BuiltBook): boolean;
  /** The highest record id the look-up saw (0 for none). */
  maxId: number;
}

const textOf = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** `noteOf`: where a record keeps the marker of the row that made it (a contact's contactNote). */
/** Both carry a code (a contact's or a product's) and they differ. */
function codesDisagree(a: Json, b: Json): boolean {
  const code = (r: Json): string => textOf(r.contactCode ?? r.code).toLowerCase();
  return code(a) !== "" && code(b) !== "" && code(a) !== code(b);
}

function keyedIndex(records: readonly Json[], keysOf: (r: Json) => string[], noteOf?: (r: Json) => unknown): Existing {
  const index = new Map<string, Json>();
  const byMarker = new Map<string, Json>();
  const add = (r: Json): void => {
    for (const k of keysOf(r)) if (!index.has(k)) index.set(k, r);
    for (const line of textOf(noteOf?.(r)).split("\n")) if (line.trim().startsWith("docsheet:") && !byMarker.has(line.trim())) byMarker.set(line.trim(), r);
  };
  records.forEach(add);
  return {
    maxId: maxIdOf(records),
    // The first key the row has decides: a row with a tax id is the contact of that tax id and branch
    // (else of its code); the name is only a contact's key when it has no tax id.
    // The record this row made (by its marker) before any other of its identity: of two contacts of
    // one name, a person's and the killed run's, the run's is the one it claims.
    find: (built, marker) => {
      const own = byMarker.get(marker);
      if (own && keysOf(own).includes(keysOf(built.body!)[0])) return own;
      for (const k of keysOf(built.body!)) {
        const hit = index.get(k);
        // A name names the record only when their codes do not disagree: a row with a new code is a
        // new contact, not the one of another code that shares its name.
        if (hit && !(k.startsWith("name:") && codesDisagree(built.body!, hit))) return hit;
      }
      return undefined;
    },
    add: (r) => add(r),
    identity: (built) => keysOf(built.body!)[0] ?? "",
    same: (r, built) => {
      const key = keysOf(built.body!)[0];
      return key !== undefined && keysOf(r).includes(key);
    },
  };
}

function markerIndex(records: readonly Json[], noteOf: (r: Json) => unknown): Existing {
  const byMarker = new Map<string, Json>();
  const add = (r: Json): void => {
    for (const line of textOf(noteOf(r)).split("\n")) if (line.startsWith("docsheet:") && !byMarker.has(line)) byMarker.set(line, r);
  };
  records.forEach(add);
  return { find: (_, marker) => byMarker.get(marker), add: (r) => add(r), identity: () => "", same: () => false, maxId: maxIdOf(records) };
}

async function all(pages: AsyncGenerator<{ list: unknown[] }>, signal?: AbortSignal): Promise<Json[]> {
  const out: Json[] = [];
  for await (const page of pages) {
    throwIfCancelled(signal);
    out.push(...(page.list as Json[]));
  }
  return out;
}

/** The family's records, indexed as its entry finds them again: by the marker field its records
 * carry (a voucher's note, a contact's contactNote), and by identity (contacts, products). */
async function existingOf(client: DocSheetClient, family: BookFamily, signal?: AbortSignal): Promise<Existing> {
  const entry = familyEntry(family);
  const records = await all(entry.store(client).listAll(signal), signal);
  const recovery = entry.recovery;
  const noteOf = recovery.by === "marker" ? (r: Json): unknown => r[recovery.field] : undefined;
  // A record of no identity (a voucher) is found by its marker alone.
  if (identityKeys(family, {}).length === 0 && noteOf) return markerIndex(records, noteOf);
  return keyedIndex(records, (r) => identityKeys(family, r), noteOf);
}

const idOf = (r: Json): number => Number(r.recordId ?? r.id);

function maxIdOf(records: readonly Json[]): number {
  let max = 0;
  for (const r of records) if (idOf(r) > max) max = idOf(r);
  return max;
}

/** The label a field is known by in the sheet's language (by its key or its wire name). */
function fieldLabel(family: BookFamily, wire: string, lang: Lang): string {
  // A product's one VAT column is sent as its sell and buy VAT.
  const key = /^(sell|buy)VatType$/.test(wire) ? "vatType" : wire;
  const def = [...bookTable(family).byKey.values()].find((d) => d.wire === key || d.key === key);
  return def ? def[lang][0] : wire;
}

/** What the service calls a record: a voucher's number, a contact's or product's code, else its name. */
export function recordName(family: BookFamily, r: Json): string {
  return familyEntry(family).nameOf(r);
}

/** Sends a built record as its family's entry does. */
function create(client: DocSheetClient, built: BuiltBook, marker: string, draft: boolean, signal?: AbortSignal): Promise<Json> {
  const send = familyEntry(built.family).sendBook;
  if (!built.body || !send) throw new Error("a record with problems is never sent");
  return send(client, built, marker, { draft, signal });
}

function statusWord(record: Json, lang: Lang): string {
  return render(resultMsg(record.statusString === "draft" ? "journalDraft" : "journalApproved"), lang);
}

/** The sheet a sending job works on, read as the family's, once it is known to hold that family. */
async function openSheet(port: WorkbookPort, opts: BookJobOptions): Promise<{ block: Block; read: ReadResult; sheet: string; lang: Lang }> {
  const lang = opts.lang ?? "en";
  const block = await port.read(opts.target);
  const read = readBook(block, opts.family, opts.mapping);
  await assertSheetFamily(port, block.sheet, opts.family, lang);
  return { block, read, sheet: block.sheet, lang };
}

export function postBookJob(port: WorkbookPort, client: DocSheetClient, opts: BookPostOptions): Promise<BookPostOutcome> {
  return flushedOnStop((held) => postBookRun(port, client, opts, held));
}

async function postBookRun(port: WorkbookPort, client: DocSheetClient, opts: BookPostOptions, held: HeldBatch): Promise<BookPostOutcome> {
  const { family, signal } = opts;
  const { block, read, sheet, lang } = await openSheet(port, opts);
  assertRows(block, read, lang);
  const now = opts.now ?? (() => new Date());
  // Another company's sheet (or lookup lists) is refused before anything is written or sent.
  const company = read.documents.length > 0
    ? await guardSheet(port, client, { sheet, family, documents: [], lists: block.lists !== undefined, lang, signal, now })
    : undefined;
  const entry = familyEntry(family);
  const accounts = entry.usesAccounts ? accountIndex(chartOf((await client.chartOfAccounts.list({ signal })) as Json[])) : undefined;
  const columns = resultColumns(read.layout, entry.columns.post as readonly ResultKey[]);
  // The write-back, in batches; a run that stops early still writes what it knows.
  const batch = (held.batch = new WriteBatch(port, sheet));
  if (read.documents.length > 0) batch.add(columns.headerWrites, 0);

  const results: BookResult[] = [];
  const findings: CellFinding[] = [...read.findings];
  /** What this run created, for undo (book-record.ts). */
  const createdEntries: BookRunEntry[] = [];
  // A run of this sheet that never ended (killed): what it created, and what it was about to create.
  const previous = company ? await loadBookRecord(port, family) : null;
  // Where the killed run left it: the workbook posted in place (and the pane's), or the file this
  // run writes to (the command line's default output), which the killed run saved before it sent.
  const ours = (r: BookRunRecord | null | undefined): r is BookRunRecord => !!r && r.sheet === sheet && !!company && sameCompany(r.company, company);
  const killed = [previous, opts.outputRecord].find((r) => ours(r) && r.partial) ?? undefined;
  // An earlier run of the input whose results went to that output, killed or ended (a run that lost
  // the service half-way): what it created is this sheet's too, and claimed again as such.
  const earlier = ours(opts.outputRecord) ? opts.outputRecord : undefined;
  const createdBefore = new Map([...(earlier?.created ?? []), ...(killed?.created ?? [])].map((e) => [e.recordId, e]));
  const pendingBefore = new Set(killed && killed.pendingSeal === pendingSealOf(killed) ? killed.pending : []);
  /** The entry of a record the run created or claims: a killed run's carried as it was (seal and all). */
  const entryOf = (doc: SheetDocument, rows: number[], record: Json, before?: BookRunEntry): BookRunEntry => (before
    ? { ...before, key: doc.key, rows }
    : sealedEntry(family, { key: doc.key, rows, recordId: idOf(record), name: recordName(family, record), fingerprint: bookFingerprint(record) }));
  let done = 0;
  const total = read.documents.length;
  const report = async (doc: SheetDocument, { message: msg, ...r }: Omit<BookResult, "key" | "rows" | "message"> & { message: Message }, record?: Json): Promise<void> => {
    const result: BookResult = { key: doc.key, rows: doc.rows, ...r, message: render(msg, lang) };
    results.push(result);
    if (r.kind !== "skipped") await batch.push(writeFor(doc, columns, result, lang, record));
    done++;
    opts.onProgress?.({ done, total, message: render(rowResultMsg(doc.key, doc.firstRow + 1, msg), lang) });
  };

  // 1. Build and check every record as check does; clean ones without a record id go on.
  const markerOf = (doc: SheetDocument): string => documentMarker(sheet, doc);
  const pending: Array<{ built: BuiltBook; marker: string }> = [];
  for (const built of checkBook({ ...read, findings: [] }, family, accounts, markerOf).built) {
    const doc = built.doc;
    if (doc.fields.recordId) {
      const before = createdBefore.get(Number(doc.fields.recordId.value));
      if (before) createdEntries.push({ ...before, key: doc.key, rows: doc.rows });
      await report(doc, { kind: "skipped", recordId: Number(doc.fields.recordId.value), message: resultMsg("alreadyPosted") });
      continue;
    }
    const marker = markerOf(doc);
    findings.push(...built.findings);
    const problems = sortFindings([...built.findings, ...read.findings.filter((f) => doc.rows.includes(f.row))].filter((f) => f.severity === "error"));
    if (problems.length > 0 || !built.body) {
      await report(doc, { kind: "invalid", message: notSent(problems) });
      continue;
    }
    pending.push({ built, marker });
  }

  // 2. What the service has already; then each record found or created, one per identity.
  const existing = pending.length > 0 ? await existingOf(client, family, signal) : undefined;
  // Another post of the same rows at the same time: contacts and products by book-race.ts, journal
  // vouchers by the documents' guard (race.ts), by their marker.
  // A loser the service can remove is removed (contacts, products); one it cannot (vouchers) is reported.
  const raceGuard = entry.raceLoser === "delete" ? new RaceGuard(identityRaces(client, family), { flushAt: LIST_ORDER_MAX, signal }) : undefined;
  const voucherGuard = entry.raceLoser === "report" ? new RaceGuard(voucherRaces(client), { flushAt: LIST_ORDER_MAX }) : undefined;
  const groups = new Map<string, Array<{ built: BuiltBook; marker: string }>>();
  for (const p of pending) {
    const id = existing!.identity(p.built) || `#${p.built.doc.key}`;
    const group = groups.get(id);
    // Rows alike of one identity (check noted them): one record; rows that differ are not here.
    if (group) group.push(p);
    else groups.set(id, [p]);
  }
  // Found now: a record the killed run made is claimed as this run's (a voucher by its marker; a
  // contact or product of an identity that run was about to create, made after its look-up: a
  // contact carrying the row's marker, a product, which has no field for one, holding every field
  // as the row gives it); any other was there before, or made by hand since, and is never the run's.
  const madeByKilled = async (built: BuiltBook, marker: string, record: Json): Promise<boolean> => {
    if (!pendingBefore.has(existing!.identity(built)) || !(idOf(record) > (killed?.knownMax ?? Infinity))) return false;
    if (entry.recovery.by === "marker") return hasMarker(record[entry.recovery.field], marker);
    if (!built.body) return false;
    const copy = await entry.store(client).get(idOf(record), signal);
    if (differingFields(built.body, copy).length > 0) return false;
    return !built.master || accountsChanged(built.master, (await client.productMasters.get(idOf(record), { signal })) as Json).length === 0;
  };
  const foundFirst = new Map<string, { record: Json; claimed?: { before?: BookRunEntry } }>();
  for (const [id, [{ built, marker }]] of groups) {
    const record = existing!.find(built, marker);
    if (!record) continue;
    const before = createdBefore.get(idOf(record));
    // A record of no identity (a voucher) is found by its row's marker only: this sheet's.
    const made = !existing!.identity(built) || before !== undefined || await madeByKilled(built, marker, record);
    foundFirst.set(id, { record, ...(made ? { claimed: { before } } : {}) });
  }
  // What the run is about to create, in the workbook before anything is sent (the CLI saves it).
  const toCreate = [...groups].filter(([id]) => !foundFirst.has(id));
  let checkpointed = false;
  if (company && toCreate.length > 0) {
    const claims = [...foundFirst].filter(([, f]) => f.claimed).map(([id, f]) => {
      const group = groups.get(id)!;
      return entryOf(group[0].built.doc, group.flatMap((g) => g.built.doc.rows), f.record, f.claimed!.before);
    });
    const partial: BookRunRecord = {
      version: 1, family, sheet, at: now().toISOString(), created: [...createdEntries, ...claims], company, partial: true,
      pending: toCreate.map(([, [{ built }]]) => existing!.identity(built)).filter(Boolean), knownMax: existing!.maxId,
    };
    await batch.flush();
    await saveBookRecord(port, family, { ...partial, pendingSeal: pendingSealOf(partial) });
    await opts.onCheckpoint?.();
    checkpointed = true;
  }
  type Each = (kind: BookResultKind, message: Message, record?: Json, claimed?: { before?: BookRunEntry }) => Promise<void>;
  /** Records created and waiting for the race guard; the first failure of their reports. */
  const racing: Array<Promise<void>> = [];
  let raceFailure: { error: unknown } | undefined;
  /** The service gone mid-run: what stopped it (nothing more is sent). */
  let fatal: unknown;
  const settleRace = (record: Json, built: BuiltBook, marker: string, each: Each): Promise<void> => (async () => {
    // Read back by the row's identity (a record of none has no other post's copy to tell apart).
    const key = identityKey(family, built.body!);
    const race: Settled = key ? await raceGuard!.settle(key, bookRecord(family, record), "", listedTerm(family, record)).catch((): Settled => ({ kind: "unlisted" })) : { kind: "won" };
    const serial = recordName(family, record);
    if (race.kind === "lost") {
      const winner = answerOf(race.winner);
      existing!.add(winner, built, marker);
      return each("found", resultMsg("foundRaceDeleted", { serial }), winner);
    }
    if (race.kind === "stuck") {
      existing!.add(record, built, marker);
      return each("created", resultMsg("raceStuckDelete", { winner: recordName(family, answerOf(race.winner)), serial, reason: errorMsg(race.error) }), record);
    }
    existing!.add(record, built, marker);
    return each("created", resultMsg(race.kind === "won" ? "created" : "createdUnchecked"), record);
  })().catch((error: unknown) => {
    raceFailure ??= { error };
  });
  // A voucher just made is read back by its marker: of two posts of its row at once, the lowest record
  // id is the row's. The service cannot remove the other copy, so the row of the post that made it
  // says so, naming it, and is no "created": the run ends with exit 1.
  const settleVoucher = (record: Json, built: BuiltBook, marker: string, each: Each): Promise<void> => (async () => {
    existing!.add(record, built, marker);
    const date = textOf(record.documentDate ?? built.body?.documentDate);
    const race = await voucherGuard!.settle(marker, voucherRecord(record), date).catch((): Settled => ({ kind: "unlisted" }));
    if (race.kind === "stuck" || race.kind === "lost") {
      const winner = race.winner as unknown as Json;
      return each("failed", resultMsg("journalRaceTwin", { serial: recordName(family, record), id: idOf(record), winner: recordName(family, winner) }), winner);
    }
    return each("created", resultMsg(race.kind === "won" ? "created" : "createdUnchecked"), record);
  })().catch((error: unknown) => {
    raceFailure ??= { error };
  });
  // A voucher whose create answer was lost: which copy carrying the marker is this run's is not known.
  // The first is the row's; a later one is a duplicate another post of the row made at the same time
  // (or this run), said at the row as above.
  const settleLostVoucher = (hit: Json, built: BuiltBook, marker: string, each: Each): Promise<void> => (async () => {
    const look = { startDate: "", endDate: "", names: new Set([""]), signal };
    const holders = (await voucherRaces(client).holders(look, new Set([marker])).catch(() => undefined))?.get(marker) ?? [voucherRecord(hit)];
    const [first, later] = holders as unknown as Json[];
    existing!.add(first, built, marker);
    if (!later) return each("created", resultMsg("createdConfirmed"), first);
    return each("failed", resultMsg("journalRaceLost", { winner: recordName(family, first), serial: recordName(family, later), id: idOf(later) }), first);
  })().catch((error: unknown) => {
    raceFailure ??= { error };
  });
  const settle = async (group: Array<{ built: BuiltBook; marker: string }>): Promise<void> => {
    const [{ built, marker }] = group;
    // Later rows of the same contact or code get its id and say whose it is.
    const each: Each = async (kind, message, record, claimed) => {
      const recordId = record ? idOf(record) : undefined;
      if ((kind === "created" || claimed) && record) createdEntries.push(entryOf(built.doc, group.flatMap((g) => g.built.doc.rows), record, claimed?.before));
      await report(built.doc, { kind, recordId, message }, record);
      const same = sheetMsg(entry.record === "Contact" ? "sameContactAsRow" : "sameProductAsRow", { row: built.doc.firstRow + 1 });
      for (const g of group.slice(1)) await report(g.built.doc, record ? { kind: "repeated", recordId, message: same } : { kind, message }, record);
    };
    const first = foundFirst.get(existing!.identity(built) || `#${built.doc.key}`);
    if (first?.claimed) return each("found", resultMsg("createdFound"), first.record, first.claimed);
    const found = first?.record ?? existing!.find(built, marker);
    if (found) {
      // A record of the row's identity the service had (a person's, another sheet's): its id is the
      // row's, and what it holds otherwise (of what the list shows) is said, not sent over it.
      const differs = built.body ? differingFields(built.body, found).filter((k) => k in found) : [];
      const fields = [...new Set(differs.map((k) => fieldLabel(family, k, lang)))].join(", ");
      return each("existing", fields ? resultMsg("foundOnServiceDiffers", { fields }) : resultMsg("foundOnService"), found);
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const record = await create(client, built, marker, opts.draft === true, signal);
        if (raceGuard) {
          // Another post of the same rows at the same time may have made it too: one of the two
          // stays. The guard's answer is waited for outside the pool, whose slot goes to the next
          // record meanwhile: held, the slots took turns with the guard's looks (seven records
          // looked for, then one), a look per three records instead of per ten.
          racing.push(settleRace(record, built, marker, each));
          return;
        }
        racing.push(settleVoucher(record, built, marker, each));
        return;
      } catch (err) {
        if (/(PRODUCT|CONTACT)_CODE_DUPLICATE/.test(errorText(err))) {
          // The service keeps codes unique: another post (or a person) made it since the look-up.
          const hit = (await existingOf(client, family, signal)).find(built, marker);
          if (hit) {
            existing!.add(hit, built, marker);
            // Made since this run looked: by another post at the same time, as a race lost.
            return each("found", resultMsg("foundOnService"), hit);
          }
        }
        // The service gone (refused before it was sent): the run stops, as the documents' post does;
        // this row and the rest are said not sent below.
        if (isConnectionFailure(err)) {
          fatal ??= err;
          return;
        }
        if (!(err instanceof OutcomeUnknownError)) return each("failed", errorMsg(err));
        // The answer was lost: the service is asked what it has before anything is sent again.
        const again = await existingOf(client, family, signal).catch(() => undefined);
        const hit = again?.find(built, marker);
        if (hit && voucherGuard) {
          racing.push(settleLostVoucher(hit, built, marker, each));
          return;
        }
        if (hit) {
          existing!.add(hit, built, marker);
          return each("created", resultMsg("createdConfirmed"), hit);
        }
        if (!again) return each("unknown", resultMsg("postUnknown", { record: recordWord(family) }));
      }
    }
    return each("unknown", resultMsg("postUnknown", { record: recordWord(family) }));
  };
  await runPool([...groups.values()], opts.concurrency ?? 4, (g) => settle(g).catch((err: unknown) => {
    if (!isConnectionFailure(err)) throw err;
    fatal ??= err;
  }), () => fatal !== undefined || signal?.aborted === true);
  voucherGuard?.finish();
  raceGuard?.finish();
  await Promise.all(racing);
  if (raceFailure) throw raceFailure.error;
  // A cancelled or stopped run says so in the rows it did not send.
  const reported = new Set(results.map((r) => r.key));
  const unsent = resultMsg("notSent", { reason: fatal ? stopReason(fatal) : resultMsg("cancelled") });
  for (const g of groups.values()) {
    for (const p of g) if (!reported.has(p.built.doc.key)) await report(p.built.doc, { kind: "cancelled", message: unsent });
  }
  await batch.flush();

  const counts = countsOf(results);
  if (company && counts.created + counts.found + counts.existing + counts.repeated > 0) {
    await bindSheet(port, sheet, company, "post", now());
    await rememberFamily(port, sheet, family);
  }
  // A run that created nothing leaves the last one that did undoable (one that never ended is done
  // with: this run looked for all it was about to create).
  if (company && createdEntries.length > 0) {
    const created = [...new Map(createdEntries.map((e) => [e.recordId, e])).values()].sort((a, b) => (a.rows[0] ?? 0) - (b.rows[0] ?? 0));
    await saveBookRecord(port, family, { version: 1, family, sheet, at: now().toISOString(), created, company });
  } else if (checkpointed) await saveBookRecord(port, family, previous?.partial ? null : previous);
  if (fatal) {
    const c = { reason: stopDetail(fatal), posted: counts.created + counts.found + counts.existing + counts.repeated, unknown: counts.unknown, notSent: counts.cancelled };
    throw stoppedError(fatal, c.unknown > 0 ? resultMsg("postStoppedUnknown", c) : resultMsg("postStopped", c), lang);
  }
  return { sheet, results: inSheetOrder(results), findings: sortFindings(findings), counts };
}

function countsOf(results: readonly BookResult[]): Record<BookResultKind, number> {
  const counts = { created: 0, found: 0, existing: 0, repeated: 0, skipped: 0, invalid: 0, failed: 0, unknown: 0, cancelled: 0, updated: 0, unchanged: 0, conflict: 0 };
  for (const r of results) counts[r.kind]++;
  return counts;
}

function writeFor(doc: SheetDocument, columns: ResultColumns, r: BookResult, lang: Lang, record?: Json): CellWrite[] {
  const ok = r.recordId !== undefined;
  return resultWrites(doc, columns.cols, {
    recordId: ok ? r.recordId! : null,
    documentSerial: ok && record ? (textOf(record.documentSerial) || null) : null,
    status: ok && record ? statusWord(record, lang) : null,
    fingerprint: ok && record ? bookFingerprint(record) : null,
    result: r.message,
  });
}

// --- pull ---

export interface BookPullOutcome {
  sheet: string;
  documents: number;
  rows: number;
}

/** Every record of the book into a new table sheet, in the layout its template has (and post reads). */
export async function pullBookJob(port: WorkbookPort, client: DocSheetClient, opts: BookJobOptions): Promise<BookPullOutcome> {
  const { family, signal } = opts;
  const lang = opts.lang ?? "en";
  const company = await connectedCompany(client, signal);
  const o = { signal };
  const records = await all(familyEntry(family).store(client).listAll(signal), signal);
  const chart = familyEntry(family).usesAccounts ? chartOf((await client.chartOfAccounts.list(o)) as Json[]) : [];
  const accounts = family === "products" && chart.length > 0 ? await accountsOf(client, records, chart, signal) : undefined;
  const rows = bookRows(family, records, lang, chart, accounts);
  opts.onProgress?.({ done: records.length, total: records.length });
  const now = (opts.now ?? (() => new Date()))();
  const columns = bookKeys(family).map((k) => bookColumn(family, k, lang));
  const label = BOOK_FAMILY_LABEL[family];
  const name = lang === "th" ? label.th : `${label.en}s`;
  const sheet = await port.addTableSheet(name, columns, rows, {
    records: (s) => new Map([...familyRecord(family)(s), ...companyRecords(s, company, "pull", now)]),
  });
  return { sheet, documents: records.length, rows: rows.length };
}

/** Products' sell and buy account codes (by product id), from their masters (the /products list has none). */
async function accountsOf(client: DocSheetClient, records: readonly Json[], chart: readonly ChartAccount[], signal?: AbortSignal): Promise<Map<number, Json>> {
  const code = new Map(chart.map((a) => [a.id, a.code]));
  const out = new Map<number, Json>();
  await runPool(records, 8, async (r) => {
    const master = (await client.productMasters.get(idOf(r), { signal })) as Json;
    const codes: Json = {};
    for (const [side, key] of SIDES) {
      const id = Number((master[side] as Json | undefined)?.chartOfAccountId);
      if (code.has(id)) codes[key] = code.get(id);
    }
    out.set(idOf(r), codes);
  }, () => signal?.aborted === true);
  return out;
}

// --- update ---

export interface BookUpdateOptions extends BookJobOptions {
  /** Say what would change; send and write nothing. */
  dryRun?: boolean;
  concurrency?: number;
}

/** What a PUT body must carry besides the edits (service-facts §5.1, §5.2). */
const REQUIRED: Readonly<Record<BookFamily, readonly string[]>> = {
  "journal-entries": [],
  contacts: ["contactName", "contactType", "contactGroup"],
  products: ["name", "type", "productStructureType"],
};

const SIDES = [["sellSettings", "sellChartOfAccountCode"], ["buySettings", "buyChartOfAccountCode"]] as const;

/** The account columns whose account differs from the product master's. */
function accountsChanged(sheet: Json, master: Json): string[] {
  return SIDES.filter(([side]) => {
    const given = (sheet[side] as Json | undefined)?.chartOfAccountId;
    return given !== undefined && !sameValue(given, (master[side] as Json | undefined)?.chartOfAccountId);
  }).map(([, key]) => key);
}

/** The master PUT: the sheet's settings over the service's, its main unit over the service's main
 * unit (the other unit lists kept). */
function masterUpdate(sheet: Json, master: Json): Json {
  const lists = (Array.isArray(master.productLists) ? master.productLists : []) as Json[];
  const at = lists.findIndex((l) => l.isMainProduct === true);
  const main = { ...(lists[at] ?? {}), ...((sheet.productLists as Json[])[0] ?? {}), isMainProduct: true };
  const productLists = at >= 0 ? lists.map((l, i) => (i === at ? main : l)) : [main, ...lists.map((l) => ({ ...l, isMainProduct: false }))];
  const side = (k: string): Json => ({ ...((master[k] as Json | undefined) ?? {}), ...((sheet[k] as Json | undefined) ?? {}) });
  return { ...sheet, code: sheet.code ?? master.code, sellSettings: side("sellSettings"), buySettings: side("buySettings"), productLists };
}

/**
 * Sends the edits of rows that have a record id (contacts and products: PUT with the service's
 * copy and the sheet's fields over it), each row saying which fields changed. A journal voucher
 * cannot be edited through the interface: its rows say so and nothing is sent.
 */
export async function updateBookJob(port: WorkbookPort, client: DocSheetClient, opts: BookUpdateOptions): Promise<BookPostOutcome> {
  const { family, signal } = opts;
  const { block, read, sheet, lang } = await openSheet(port, opts);
  const posted = read.documents.filter((d) => d.fields.recordId);
  assertRows(block, read, lang, undefined, posted.length);
  const now = opts.now ?? (() => new Date());
  await guardSheet(port, client, {
    sheet, family, lang, signal, now, lists: block.lists !== undefined,
    documents: posted.map((d) => ({ recordId: Number(d.fields.recordId!.value), row: d.firstRow })),
  });
  const entry = familyEntry(family);
  const columns = resultColumns(read.layout, entry.updates ? ["result", "fingerprint"] : ["result"]);
  const batch = new WriteBatch(port, sheet);
  if (!opts.dryRun) batch.add(columns.headerWrites, 0);
  const results: BookResult[] = [];
  const findings: CellFinding[] = [...read.findings];
  const report = async (doc: SheetDocument, kind: BookResultKind, message: Message, answer?: Json): Promise<void> => {
    const r: BookResult = { key: doc.key, rows: doc.rows, kind, recordId: Number(doc.fields.recordId?.value), message: render(message, lang) };
    results.push(r);
    if (!opts.dryRun) await batch.push(resultWrites(doc, columns.cols, { result: r.message, ...(answer ? { fingerprint: bookFingerprint(answer) } : {}) }));
  };
  const labelOf = (wire: string): string => fieldLabel(family, wire, lang);
  const ctx = { layout: read.layout, accounts: entry.usesAccounts && posted.length > 0 ? accountIndex(chartOf((await client.chartOfAccounts.list({ signal })) as Json[])) : undefined };
  // Rows naming one record (a contact sent once for two rows) are not sent side by side: each
  // update rewrites the record from its own row, so the last would undo the others. The first
  // row naming it is the one sent.
  const firstOf = new Map<number, SheetDocument>();
  for (const doc of posted) if (!firstOf.has(Number(doc.fields.recordId!.value))) firstOf.set(Number(doc.fields.recordId!.value), doc);
  await runPool(posted, opts.concurrency ?? 4, async (doc) => {
    if (!entry.updates) return report(doc, "invalid", resultMsg("journalNoUpdate"));
    const first = firstOf.get(Number(doc.fields.recordId!.value))!;
    if (first !== doc) return report(doc, "unchanged", resultMsg("sameRecordAsRow", { row: first.firstRow + 1 }));
    const built = buildBook(family, doc, ctx);
    findings.push(...built.findings);
    const problems = sortFindings(built.findings.filter((f) => f.severity === "error"));
    if (problems.length > 0 || !built.body) return report(doc, "invalid", notSent(problems));
    const id = Number(doc.fields.recordId!.value);
    try {
      const current = await entry.store(client).get(id, signal);
      // Changed on the service since the sheet saw it (post, pull, update): not overwritten.
      const seen = doc.fields.fingerprint?.value;
      if (isBookFingerprint(seen) && seen.trim() !== bookFingerprint(current)) return report(doc, "conflict", resultMsg("changedOnServiceUnnamed"));
      // No fingerprint (the hidden cell cleared or typed over): sent, but the row says what could not be checked.
      const checked = isBookFingerprint(seen);
      const changed = differingFields(built.body, current);
      // A product's accounts are its master's (service-facts §5.2): compared and sent there.
      const master = built.master ? (await client.productMasters.get(id, { signal })) as Json : undefined;
      if (built.master && master) changed.push(...accountsChanged(built.master, master));
      const fields = [...new Set(changed.map(labelOf))].join(", ");
      if (changed.length === 0) return report(doc, "unchanged", resultMsg("noChanges"));
      if (opts.dryRun) return report(doc, "updated", resultMsg(checked ? "toUpdate" : "toUpdateUnchecked", { fields }));
      const done = resultMsg(checked ? "updated" : "updatedUnchecked", { fields });
      if (built.master && master) {
        await client.productMasters.update(id, masterUpdate(built.master, master), { signal });
        return report(doc, "updated", done, await client.products.get(id, { signal }));
      }
      // The sheet's fields over what the service must have in every body (kept from its copy).
      const kept = Object.fromEntries(REQUIRED[family].filter((k) => current[k] !== undefined && current[k] !== null).map((k) => [k, current[k]]));
      let answer: Json | undefined;
      if (built.family === "contacts") answer = await client.contacts.update(id, { ...kept, ...built.body! }, { signal });
      else if (built.family === "products") answer = await client.products.update(id, { ...kept, ...built.body! }, { signal });
      return report(doc, "updated", done, answer);
    } catch (err) {
      return report(doc, "failed", errorMsg(err));
    }
  }, () => signal?.aborted === true);
  await batch.flush();
  return { sheet, results: inSheetOrder(results), findings: sortFindings(findings), counts: countsOf(results) };
}
