// Which company a workbook's sheets belong to, and the guard every job that changes documents runs
// first. Post, pull, report and template record in the workbook (port records, never a secret) the
// company they worked with (id, name, tax id from GET /company/info) and the service root, one
// record per sheet; the lookup lists sheet gets one too. Act, update, undo and post refuse a sheet
// of another company than the connected one before any request that changes anything, naming both.
//
// A renamed sheet keeps its company (its records follow it, sheet-records.ts). A sheet with no
// company recorded (a file from before, a copied sheet) is bound on first
// use: at its first post when it holds no record ids yet, else once its record ids are verified on
// the connected company (each read back there, its serial the row's), and refused when they are not.
import { NotFoundError, type DocSheetClient } from "../api";
import type { SheetFamily } from "../rules/codes";
import { familyEntry } from "../families";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import type { SheetDocument } from "../sheet/read";
import { LISTS_SHEET, type WorkbookPort } from "../workbook/port";
import { runPool } from "./pool";
import { sameCompany, type CompanyName } from "./same-company";
import { ConnectionError } from "./stop";
import { followRename, noteSheetName, sheetCompanyKey } from "./sheet-records";
import { render } from "../sheet/i18n/render";

/** A company as the workbook records it. */
export { sameCompany };

export interface CompanyStamp extends CompanyName {
  /** The service root the job worked with. */
  root: string;
}

/** What bound a sheet to its company: it decides the words of a refusal. */
export type BoundBy = "post" | "pull" | "template" | "report" | "lists" | "verified";

export interface SheetCompany extends CompanyStamp {
  by: BoundBy;
  /** ISO time of the binding. */
  at: string;
}

export { sheetCompanyKey };
/** The company of the workbook's last job that recorded one: what the pane offers to connect to. */
export const LAST_COMPANY_KEY = "docsheet.company.last";

const companies = new WeakMap<DocSheetClient, Promise<CompanyStamp>>();

/** The connected company, read once per client (the pane keeps its client per connection). */
export function connectedCompany(client: DocSheetClient, signal?: AbortSignal): Promise<CompanyStamp> {
  let known = companies.get(client);
  if (!known) {
    known = client.company.get({ signal }).then((info): CompanyStamp => {
      const id = Number(info.companyId);
      const name = [info.compnayName, info.companyName, info.companyNameEn].find((n) => typeof n === "string" && n.trim() !== "");
      const taxId = typeof info.companyTaxId === "string" && info.companyTaxId.trim() ? info.companyTaxId.trim() : undefined;
      return { ...(Number.isSafeInteger(id) && id > 0 ? { id } : {}), name: String(name ?? `#${info.companyId ?? "?"}`).trim(), ...(taxId ? { taxId } : {}), root: client.root };
    });
    // A failed read is tried again next time.
    known.catch(() => companies.delete(client));
    companies.set(client, known);
  }
  return known;
}


function parseCompany(text: string | null): SheetCompany | null {
  if (!text) return null;
  try {
    const c = JSON.parse(text) as SheetCompany;
    return c && typeof c.name === "string" ? c : null;
  } catch {
    return null; // a damaged record is no record: the sheet is bound again on first use
  }
}

export async function sheetCompany(port: WorkbookPort, sheet: string): Promise<SheetCompany | null> {
  if (sheet !== LISTS_SHEET) await followRename(port, sheet);
  return parseCompany(await port.loadRecord(sheetCompanyKey(sheet)));
}

/** The company of the workbook's last job that recorded one. */
export async function lastCompany(port: WorkbookPort): Promise<SheetCompany | null> {
  return parseCompany(await port.loadRecord(LAST_COMPANY_KEY));
}

/** The records (key, text) saying that the sheet belongs to the company and that the workbook last
 * worked with it: for a file written whole (a pull streamed into a new file). */
export function companyRecords(sheet: string, company: CompanyStamp, by: BoundBy, at: Date = new Date()): Map<string, string> {
  const text = JSON.stringify({ id: company.id, name: company.name, taxId: company.taxId, root: company.root, by, at: at.toISOString() });
  return new Map([[sheetCompanyKey(sheet), text], [LAST_COMPANY_KEY, text]]);
}

/** Records that the sheet belongs to the company (and that the workbook last worked with it). */
export async function bindSheet(port: WorkbookPort, sheet: string, company: CompanyStamp, by: BoundBy, at: Date = new Date()): Promise<void> {
  for (const [key, text] of companyRecords(sheet, company, by, at)) await port.saveRecord(key, text);
  await noteSheetName(port, sheet);
}

/** The refusal of work on another company's sheet; a ConnectionError, so every command exits 2 with it. */
export class OtherCompanyError extends ConnectionError {
  constructor(message: string, readonly bound: CompanyStamp | null, readonly connected: CompanyStamp) {
    super(message, { stopped: true, refused: true });
    this.name = "OtherCompanyError";
  }
}

const REFUSAL = {
  post: "otherCompanyPost", verified: "otherCompanyPost", pull: "otherCompanyPull", template: "otherCompanyTemplate",
  report: "otherCompanyReport", lists: "otherCompanyLists",
} as const;

/** Two names that read alike get their roots, so the refusal still tells them apart. */
function names(bound: CompanyStamp, connected: CompanyStamp): { bound: string; connected: string } {
  if (bound.name.trim().toLowerCase() !== connected.name.trim().toLowerCase()) return { bound: bound.name, connected: connected.name };
  const tell = (c: CompanyStamp): string => `${c.name} (${[c.taxId, c.id === undefined ? undefined : `#${c.id}`, c.root].filter(Boolean).join(", ")})`;
  return { bound: tell(bound), connected: tell(connected) };
}

export function otherCompanyError(bound: SheetCompany, connected: CompanyStamp, lang: Lang): OtherCompanyError {
  return new OtherCompanyError(render(resultMsg(REFUSAL[bound.by] ?? "otherCompanyPost", names(bound, connected)), lang), bound, connected);
}

/** A posted document as the guard verifies it: its record id, the serial beside it, its first row. */
export interface PostedDocument {
  recordId: number;
  serial?: string;
  /** Sheet row (0-based). */
  row: number;
}

/** The rows' documents that hold a record id. */
export function postedDocuments(documents: readonly SheetDocument[]): PostedDocument[] {
  return documents.flatMap((d) => {
    const recordId = Number(d.fields.recordId?.value);
    const serial = d.fields.documentSerial?.value;
    if (!Number.isSafeInteger(recordId) || recordId <= 0) return [];
    return [{ recordId, row: d.firstRow, ...(serial === undefined || serial === null || serial === "" ? {} : { serial: String(serial) }) }];
  });
}

export interface GuardOptions {
  sheet: string;
  /** Withholding tax certificate sheets pass no documents to verify. */
  family: SheetFamily;
  /** The documents the job works on that hold a record id (verified when the sheet has no company). */
  documents: readonly PostedDocument[];
  /** The sheet was read with the workbook's lookup lists: they must be the connected company's. */
  lists?: boolean;
  /** The company the job's own record names (undo: the post's), checked before the sheet's. */
  recorded?: SheetCompany | null;
  /** The service's copies of the documents that the job lists anyway (records-truth.ts), by record
   * id: the documents verified from them, only the others read one by one. */
  listed?: () => Promise<ReadonlyMap<number, { documentSerial?: unknown }> | undefined>;
  lang?: Lang;
  signal?: AbortSignal;
  now?: () => Date;
}

/**
 * The connected company, once the sheet (and its lookup lists) are known to be its own; throws
 * OtherCompanyError before anything is changed when they are another's. An unbound sheet whose
 * record ids all name documents of the connected company is bound to it; an unbound sheet without
 * record ids stays unbound (the post binds it when it sends).
 */
export async function guardSheet(port: WorkbookPort, client: DocSheetClient, opts: GuardOptions): Promise<CompanyStamp> {
  const lang = opts.lang ?? "en";
  const connected = await connectedCompany(client, opts.signal);
  const at = (opts.now ?? (() => new Date()))();
  if (opts.recorded && !sameCompany(opts.recorded, connected)) throw otherCompanyError(opts.recorded, connected, lang);
  const bound = await sheetCompany(port, opts.sheet);
  if (bound && !sameCompany(bound, connected)) throw otherCompanyError(bound, connected, lang);
  if (opts.lists) {
    const lists = await sheetCompany(port, LISTS_SHEET);
    if (lists && !sameCompany(lists, connected)) throw otherCompanyError({ ...lists, by: "lists" }, connected, lang);
  }
  if (!bound && !opts.recorded && opts.documents.length > 0) {
    await verifyDocuments(client, opts.family, opts.documents, connected, lang, opts.signal, await opts.listed?.());
    await bindSheet(port, opts.sheet, connected, "verified", at);
  }
  // Lists from before companies were recorded are taken as the company of their first use.
  if (opts.lists && !(await sheetCompany(port, LISTS_SHEET))) await bindLists(port, connected, at);
  return connected;
}

/** Records the company of the lookup lists sheet (without touching the workbook's last company). */
export async function bindLists(port: WorkbookPort, company: CompanyStamp, at: Date = new Date()): Promise<void> {
  for (const [key, text] of listsRecord(company, at)) await port.saveRecord(key, text);
}

/** The record of the lookup lists' company alone. */
export function listsRecord(company: CompanyStamp, at: Date = new Date()): Map<string, string> {
  const key = sheetCompanyKey(LISTS_SHEET);
  return new Map([[key, companyRecords(LISTS_SHEET, company, "lists", at).get(key)!]]);
}

/** Rows named in a refusal at most. */
const NAMED = 3;

/**
 * Each record id read on the connected company. The sheet is its own when at least one names a
 * document there with the row's serial and none names a document with another serial; ids it does
 * not have at all are taken as documents deleted since (another company's ids are not found at all
 * on a service whose ids are global, and name other serials where they are per company).
 */
async function verifyDocuments(
  client: DocSheetClient, family: SheetFamily, documents: readonly PostedDocument[], connected: CompanyStamp, lang: Lang, signal?: AbortSignal,
  copies?: ReadonlyMap<number, { documentSerial?: unknown }>,
): Promise<void> {
  const api = recordsOf(client, family);
  const wrong: PostedDocument[] = [];
  const missing: PostedDocument[] = [];
  let matched = 0;
  await runPool(documents, 4, async (doc) => {
    try {
      // A copy the connected company's list gave is that company's document as a read would be.
      const rec = copies?.get(doc.recordId) ?? await api.get(doc.recordId, { signal });
      if (doc.serial === undefined || doc.serial.trim() === String(rec.documentSerial ?? "").trim()) matched++;
      else wrong.push(doc);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      missing.push(doc);
    }
  });
  if (matched > 0 && wrong.length === 0) return;
  const rows = [...wrong, ...missing].sort((a, b) => a.row - b.row);
  // Each row in the run's language first: a list of them matches no one template.
  const named = rows.slice(0, NAMED).map((d) => render(resultMsg("unboundRow", { row: d.row + 1, serial: d.serial ?? `#${d.recordId}` }), lang)).join(", ");
  const list = rows.length > NAMED ? render(resultMsg("unboundRowsMore", { rows: named, more: rows.length - NAMED }), lang) : named;
  throw new OtherCompanyError(render(resultMsg("unboundOther", { rows: list, connected: connected.name }), lang), null, connected);
}

/** How a family's record is read by id: a document, a journal voucher, a contact or a product. */
type Reader = { get(id: number, o: { signal?: AbortSignal }): Promise<{ documentSerial?: unknown }> };
function recordsOf(client: DocSheetClient, family: SheetFamily): Reader {
  // Contacts and products have no serial: a record that exists on the connected company is its own.
  const store = familyEntry(family).store(client);
  return { get: (id, o) => store.get(id, o.signal) };
}
