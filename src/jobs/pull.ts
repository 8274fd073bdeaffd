// The pull job, one for every family: the family's records (with the query it takes) into a new
// table sheet, recorded as the family's and the connected company's. How a family's records are
// listed and turned into rows is its pulling (families/pullings.ts).
import type { DocSheetClient } from "../api";
import type { SheetFamily } from "../rules/codes";
import { pullingOf, type PulledTable, type PullOptions, type PullRecord } from "../families/pullings";
import type { WorkbookPort } from "../workbook/port";
import { companyRecords, connectedCompany, type CompanyStamp } from "./company";
import { pullQueryKey } from "./refresh";
import { familyRecord } from "./sheet-family";

export type { PulledTable } from "../families/pullings";
export type PullJobOptions = PullOptions;

export interface PullOutcome {
  sheet: string;
  documents: number;
  rows: number;
}

/** Reads the family's records into a table. The CLI streams it into a new file; pullJob adds it to a port. */
export function pullTable(client: DocSheetClient, opts: PullJobOptions): Promise<PulledTable> {
  return pullingOf(opts.family).table(client, opts);
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

/** The records of a pulled sheet, by the name it got: its rows are the company's records of the
 * family, read with the pull's query (refresh reads it again so). */
export function pulledRecords(family: SheetFamily, company: CompanyStamp, at: Date = new Date(), pull?: PullRecord): (sheet: string) => Map<string, string> {
  return (sheet) => new Map([
    ...familyRecord(family)(sheet), ...companyRecords(sheet, company, "pull", at),
    ...(pull ? [[pullQueryKey(sheet), JSON.stringify(pull)] as const] : []),
  ]);
}
