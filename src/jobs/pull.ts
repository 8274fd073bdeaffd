// The pull job: every page of a family's list (with the spec's filters) into a new table sheet.
import type { DocSheetClient, ListQuery } from "../api";
import { FAMILY_INFO, type Family } from "../rules/codes";
import { resultMsg } from "../sheet/i18n/results";
import { statusText } from "../sheet/i18n/status";
import { render } from "../sheet/i18n/render";
import { documentRows, pruneColumns, pullKeys, type PulledSheet } from "../sheet/pull";
import type { CellValue, WorkbookPort } from "../workbook/port";
import { companyRecords, connectedCompany, type CompanyStamp } from "./company";
import { pullQueryKey, type PullRecord } from "./refresh";
import { familyRecord } from "./sheet-family";
import { throwIfCancelled, type JobContext } from "./types";

export interface PullJobOptions extends JobContext {
  family: Family;
  query?: Pick<ListQuery, "range" | "month" | "year" | "startDate" | "endDate" | "searchString" | "sortBy" | "filter">;
  /** One row per line instead of one per document. */
  lines?: boolean;
  /** Sheet name; default the family's name (in the run's language). */
  sheetName?: string;
  /** Pages read at once. */
  concurrency?: number;
}

export interface PullOutcome {
  sheet: string;
  documents: number;
  rows: number;
}

/** A pull read but not yet written: the sheet's name, columns and rows. */
export interface PulledTable extends PulledSheet {
  name: string;
  documents: number;
}

/** Reads every page into a table. The CLI streams it into a new file; pullJob adds it to a port. */
export async function pullTable(client: DocSheetClient, opts: PullJobOptions): Promise<PulledTable> {
  const api = client.documents(opts.family);
  const lines = opts.lines ?? false;
  const keys = pullKeys(opts.family, lines);
  const lang = opts.lang ?? "en";
  // Statuses as people say them, like the post and act jobs write them (read back by values.ts).
  const statusCol = keys.indexOf("status");
  const rows: CellValue[][] = [];
  let documents = 0;
  for await (const page of api.listAll({ ...opts.query }, { signal: opts.signal, concurrency: opts.concurrency })) {
    throwIfCancelled(opts.signal);
    for (const rec of page.list) {
      // Lists of the real service may leave the lines out: read the document for them.
      const doc = lines && rec.items === undefined ? await api.get(rec.recordId, { signal: opts.signal }) : rec;
      for (const r of documentRows(doc, keys, lines, lang)) {
        if (statusCol >= 0 && typeof r[statusCol] === "string") r[statusCol] = statusText(r[statusCol] as string, lang, opts.family);
        rows.push(r);
      }
      documents++;
    }
    const progress = page.total === 1
      ? resultMsg("pulledPageOne", { page: page.currentPage, done: documents })
      : resultMsg("pulledPage", { page: page.currentPage, done: documents, total: page.total });
    opts.onProgress?.({ done: documents, total: page.total, message: render(progress, lang) });
  }
  throwIfCancelled(opts.signal);
  const label = FAMILY_INFO[opts.family].label;
  const name = opts.sheetName ?? (lang === "th" ? label.th : `${label.en}s`);
  return { name, documents, ...pruneColumns(opts.family, keys, rows, lang) };
}

export async function pullJob(port: WorkbookPort, client: DocSheetClient, opts: PullJobOptions): Promise<PullOutcome> {
  const company = await connectedCompany(client, opts.signal);
  const table = await pullTable(client, opts);
  const records = pulledRecords(opts.family, company, (opts.now ?? (() => new Date()))(), pullOf(opts));
  const sheet = await port.addTableSheet(table.name, table.columns, table.rows, { records });
  return { sheet, documents: table.documents, rows: table.rows.length };
}

/** What a refresh of the pulled sheet reads again: the family, one row per line or not, the query. */
export function pullOf(opts: Pick<PullJobOptions, "family" | "lines" | "query">): PullRecord {
  return { family: opts.family, lines: opts.lines ?? false, query: { ...opts.query } };
}

/** The records of a pulled sheet, by the name it got: its rows are the company's documents of the
 * family, read with the pull's query (kept for refresh). */
export function pulledRecords(family: Family, company: CompanyStamp, at: Date = new Date(), pull?: PullRecord): (sheet: string) => Map<string, string> {
  return (sheet) => new Map([
    ...familyRecord(family)(sheet), ...companyRecords(sheet, company, "pull", at),
    ...(pull ? [[pullQueryKey(sheet), JSON.stringify(pull)] as const] : []),
  ]);
}
