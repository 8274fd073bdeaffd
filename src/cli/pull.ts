// `docsheet pull FAMILY --base-url URL --client-id ID --client-secret S --out OUT.xlsx [--range N]
//   [--start-date YYYY-MM-DD --end-date YYYY-MM-DD] [--search TEXT] [--sort COLUMN[:asc|desc]]...
//   [--filter COLUMN=TEXT]... [--lines] [--concurrency N]`
// A new OUT.xlsx is streamed row by row (no workbook model in memory); an existing one is loaded
// and gets a new sheet. One command for every family: the pull job reads each its own way.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ApiError, createClient } from "../api";
import { RANGE_VALUES } from "../rules/codes";
import { familyCard } from "../families/cards";
import { pullingOf } from "../families/pullings";
import { connectedCompany } from "../jobs/company";
import { pullJob, pulledRecords, pullOf, pullTable, type PullJobOptions, type PullOutcome } from "../jobs/pull";
import { writeTableXlsx } from "../workbook/xlsx-write";
import { UsageError, connectionArgs, dateArg, filterArg, intArg, langArg, required, sheetFamilyOf, sortArg, type Parsed } from "./args";
import { openWorkbook } from "./workbook-file";
import { connectionFailure } from "./connection";
import { progressReporter } from "./progress";
import { words } from "./words";

async function pullInto(out: string, client: ReturnType<typeof createClient>, opts: PullJobOptions): Promise<PullOutcome> {
  if (existsSync(out)) {
    const workbook = await openWorkbook(out);
    const outcome = await pullJob(workbook, client, opts);
    await workbook.save(out);
    return outcome;
  }
  const company = await connectedCompany(client, opts.signal);
  const table = await pullTable(client, opts);
  // The new file records what pullJob records in a workbook: the family and the company of its rows.
  await writeTableXlsx(out, table.name, table.columns, table.rows, pulledRecords(opts.family, company, new Date(), pullOf(opts))(table.name));
  return { sheet: table.name, documents: table.documents, rows: table.rows.length };
}

export async function pullCommand(p: Parsed): Promise<number> {
  const family = sheetFamilyOf(p);
  const lang = langArg(p.values);
  const conn = connectionArgs(p.values, process.env);
  const out = resolve(required(p.values, "out"));
  const startDate = dateArg(p.values, "start-date");
  const endDate = dateArg(p.values, "end-date");
  if ((startDate === undefined) !== (endDate === undefined)) throw new UsageError("datesTogether");
  let range = intArg(p.values, "range");
  if (range === undefined && startDate) range = 5;
  if (range !== undefined && !(RANGE_VALUES as number[]).includes(range)) throw new UsageError("range", { values: RANGE_VALUES.join(", ") });
  if (range === 5 && !startDate) throw new UsageError("range5");
  const search = p.values.search as string | undefined;
  const sortBy = sortArg(p.values);
  const filter = filterArg(p.values);

  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("pull", lang);
  try {
    const outcome = await pullInto(out, client, {
      family, lines: p.values.lines === true, concurrency: intArg(p.values, "concurrency", 4), lang,
      query: { range, startDate, endDate, searchString: search, sortBy, filter },
      onProgress: (x) => progress.update(x),
    });
    progress.done();
    process.stdout.write(`${words(lang).pulled(outcome.documents, outcome.sheet, outcome.rows, out, family)}\n`);
    return 0;
  } catch (err) {
    progress.done();
    if (err instanceof ApiError) {
      // A family whose records are not called documents is said as records.
      process.stderr.write(connectionFailure(err, conn.root, lang, pullingOf(family).failure, familyCard(family).record !== "Document"));
      return 2;
    }
    throw err;
  }
}
