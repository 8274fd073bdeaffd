// Templates into a workbook, and the lookup lists they pick from: the company's contacts, products,
// payment channels and expense categories read from the service onto the hidden LISTS_SHEET.
// Without a client the template has no lookup lists (the drop-downs of fixed values stay).
import type { DocSheetClient } from "../api";
import type { SheetFamily } from "../rules/codes";
import { templateOf } from "../families/templates";
import type { Lang } from "../sheet/i18n/lang";
import { LIST_KINDS, emptyLists, listsSheetRows, type ListKind, type LookupEntry, type LookupLists } from "../sheet/lookups";
import { accountLabel, chartOf } from "../sheet/books/accounts";
import { LISTS_SHEET, type WorkbookPort } from "../workbook/port";
import { bindLists, companyRecords, connectedCompany, listsRecord } from "./company";
import { familyRecord } from "./sheet-family";
import { localDate, throwIfCancelled, type JobContext } from "./types";
import type { Json } from "../rules/json";

export type ListCounts = Record<ListKind, number>;

/** `lang`: the template's headers, words and list labels (default English). */
export interface TemplateJobOptions extends JobContext {
  family: SheetFamily;
  /** The service to read the lookup lists from; none: no lookup lists. */
  client?: DocSheetClient;
}

export interface TemplateOutcome {
  sheet: string;
  columns: number;
  /** How many entries each lookup list got (absent without a client, or for a family whose
   * template takes no lists: the certificates). */
  lists?: ListCounts;
}

function text(v: unknown): string {
  return typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "";
}

function idOf(rec: Json, ...keys: string[]): number | undefined {
  for (const k of [...keys, "id"]) {
    const n = Number(rec[k]);
    if (Number.isSafeInteger(n) && n > 0) return n;
  }
  return undefined;
}

/**
 * Entries with a label each can be picked by, ids that are whole numbers. A label two records share
 * gets " (2)", " (3)" ... so each pick names one record; for contacts the name is what the document
 * sends, so a second contact of a name is left out (picking the name picks the first).
 */
function entries(records: readonly Json[], label: (r: Json) => string, id: (r: Json) => number | undefined, renameTwins: boolean): LookupEntry[] {
  const out: LookupEntry[] = [];
  const seen = new Map<string, number>();
  for (const r of records) {
    const n = id(r);
    let l = label(r).replace(/\s+/g, " ");
    if (n === undefined || l === "") continue;
    const key = l.toLowerCase();
    const times = (seen.get(key) ?? 0) + 1;
    seen.set(key, times);
    if (times > 1) {
      if (!renameTwins) continue;
      l = `${l} (${times})`;
    }
    out.push({ label: l, id: n });
  }
  return out;
}

async function all<T>(pages: AsyncGenerator<{ list: T[] }>, signal?: AbortSignal): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) {
    throwIfCancelled(signal);
    out.push(...page.list);
  }
  return out;
}

/** The company's lookup lists, labelled in `lang` where the service has names in both. */
export async function fetchLists(client: DocSheetClient, lang: Lang = "en", signal?: AbortSignal): Promise<LookupLists> {
  const o = { signal };
  const b = client.bankAccounts;
  const [contacts, products, banks, cheques, cards, petty, other, business, accounting, chart] = await Promise.all([
    all(client.contacts.listAll({}, o), signal), all(client.products.listAll({}, o), signal),
    b.list(o), b.cheques(o), b.creditCards(o), b.pettyCash(o), b.otherChannels(o),
    client.expenseCategories.business(o), client.expenseCategories.accounting(o), client.chartOfAccounts.list(o),
  ]);
  const bankLabel = (r: Json) => [text(r.bankName), text(r.bankAccountNumber)].filter(Boolean).join(" ") || text(r.bankAccountName);
  const named = (r: Json) => text(r.name) || bankLabel(r);
  const category = (r: Json) => {
    const name = lang === "th" ? text(r.categoryNameLocal) || text(r.categoryNameForeign) : text(r.categoryNameForeign) || text(r.categoryNameLocal);
    return [name, text(r.systemCode)].filter(Boolean).join(" · ");
  };
  const lists: LookupLists = {
    ...emptyLists(),
    contacts: entries(contacts as Json[], (r) => text(r.contactName), (r) => idOf(r), false),
    products: entries(products as Json[], (r) => text(r.name), (r) => idOf(r), true),
    bankAccounts: entries(banks as Json[], bankLabel, (r) => idOf(r, "bankAccountId"), true),
    cheques: entries(cheques as Json[], named, (r) => idOf(r, "bankChequeId"), true),
    creditCards: entries(cards as Json[], named, (r) => idOf(r, "creditCardId"), true),
    pettyCash: entries(petty as Json[], named, (r) => idOf(r, "pettyCashId"), true),
    otherChannels: entries(other as Json[], named, (r) => idOf(r, "otherChannelId"), true),
    expenseCategories: entries([...business, ...accounting] as Json[], category, (r) => idOf(r, "categoryId"), true),
    accounts: chartOf(chart as Json[]).map((a) => ({ label: accountLabel(a, lang), id: a.id })),
  };
  throwIfCancelled(signal);
  return lists;
}

function counts(lists: LookupLists): ListCounts {
  return Object.fromEntries(LIST_KINDS.map((k) => [k, lists[k].length])) as ListCounts;
}

/** A family's template as a new table sheet, with its lookup lists when a client is given and the
 * family's template picks from them (one action). */
export async function templateJob(port: WorkbookPort, opts: TemplateJobOptions): Promise<TemplateOutcome> {
  const lang = opts.lang ?? "en";
  const now = (opts.now ?? (() => new Date()))();
  const made = templateOf(opts.family);
  const company = opts.client ? await connectedCompany(opts.client, opts.signal) : undefined;
  const lists = opts.client && made.lookups ? await fetchLists(opts.client, lang, opts.signal) : undefined;
  const t = made.make(localDate(now), lang, lists !== undefined);
  const hidden = lists ? { name: LISTS_SHEET, rows: listsSheetRows(lists) } : undefined;
  // The sheet records its family, and when connected the company it belongs to (and its lists'), in the same action.
  const records = (name: string) => new Map([
    ...familyRecord(opts.family)(name),
    ...(company ? companyRecords(name, company, "template", now) : []),
    ...(company && lists ? listsRecord(company, now) : []),
  ]);
  const sheet = await port.addTableSheet(t.sheetName, t.columns, t.rows, { hidden, records });
  return { sheet, columns: t.columns.length, lists: lists && counts(lists) };
}

/** Reads the lists again and replaces the workbook's (the drop-downs follow: they refer to the sheet). */
export async function refreshListsJob(port: WorkbookPort, client: DocSheetClient, opts: { lang?: Lang; signal?: AbortSignal } = {}): Promise<ListCounts> {
  const company = await connectedCompany(client, opts.signal);
  const lists = await fetchLists(client, opts.lang ?? "en", opts.signal);
  await port.writeHiddenSheet(LISTS_SHEET, listsSheetRows(lists));
  // The lists are now the connected company's, whoever's they were.
  await bindLists(port, company);
  return counts(lists);
}
