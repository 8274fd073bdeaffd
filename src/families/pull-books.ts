// The books' pull (families/pullings.ts): every record of the book, in the layout its template has
// (and post reads), a product's accounts read from its master; read again whole by refresh.
import type { DocSheetClient } from "../api";
import { BOOK_FAMILY_LABEL, type BookFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { chartOf, type ChartAccount } from "../sheet/books/accounts";
import { bookCells, bookColumn, bookKeys, bookRows } from "../sheet/books/sheet";
import { allOf, idOf, masterCodes } from "../jobs/book-parts";
import { runPool } from "../jobs/pool";
import { familyEntry } from "./index";
import type { Pulling } from "./pulling";
import { rowsRefresh, type PulledRecords, type RowsPull } from "./refresh-rows";

/** Products' sell and buy account codes (by product id), from their masters (the /products list has none). */
async function accountsOf(client: DocSheetClient, records: readonly Json[], chart: readonly ChartAccount[], signal?: AbortSignal): Promise<Map<number, Json>> {
  const out = new Map<number, Json>();
  await runPool(records, 8, async (r) => {
    out.set(idOf(r), masterCodes((await client.productMasters.get(idOf(r), { signal })) as Json, chart));
  }, () => signal?.aborted === true);
  return out;
}

/** Every record of the book, with the chart and a product's accounts its rows show. */
async function bookRecords(client: DocSheetClient, family: BookFamily, signal?: AbortSignal): Promise<{ records: Json[]; chart: ChartAccount[]; accounts?: Map<number, Json> }> {
  const entry = familyEntry(family);
  const records = await allOf(entry.store(client).listAll(signal), signal);
  const chart = entry.usesAccounts ? chartOf((await client.chartOfAccounts.list({ signal })) as Json[]) : [];
  const accounts = entry.accountsOnMaster && chart.length > 0 ? await accountsOf(client, records, chart, signal) : undefined;
  return { records, chart, accounts };
}

const bookPull = (family: BookFamily): RowsPull => ({
  keys: bookKeys(family),
  column: (key, lang) => bookColumn(family, key, lang),
  async read(client, _query, o): Promise<PulledRecords> {
    const { records, chart, accounts } = await bookRecords(client, family, o.signal);
    o.onPage?.({ page: 1, done: records.length, total: records.length });
    return { records, cells: (record, lang) => bookCells(family, record, lang, chart, accounts) };
  },
});

export const bookPulling: Pulling = {
  async table(client, opts) {
    const family = opts.family as BookFamily;
    const lang = opts.lang ?? "en";
    const { records, chart, accounts } = await bookRecords(client, family, opts.signal);
    const rows = bookRows(family, records, lang, chart, accounts);
    opts.onProgress?.({ done: records.length, total: records.length });
    const label = BOOK_FAMILY_LABEL[family];
    const name = opts.sheetName ?? (lang === "th" ? label.th : `${label.en}s`);
    return { name, columns: bookKeys(family).map((k) => bookColumn(family, k, lang)), rows, documents: records.length };
  },
  refresh: (client, block, family, opts) => rowsRefresh(bookPull(family as BookFamily), client, block, family, opts),
  failure: "pull",
};
