// `docsheet pull FAMILY --base-url URL --client-id ID --client-secret S --out OUT.xlsx [--range N]
//   [--start-date YYYY-MM-DD --end-date YYYY-MM-DD] [--search TEXT] [--lines]`
// An existing OUT.xlsx gets a new sheet; otherwise a new workbook is written.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ApiError, createClient } from "../api";
import { RANGE_VALUES } from "../rules/codes";
import { pullJob } from "../jobs/pull";
import { XlsxWorkbook } from "../workbook/xlsx";
import { UsageError, connectionArgs, dateArg, familyArg, intArg, required, type Parsed } from "./args";
import { openBook } from "./commands";
import { progressReporter } from "./progress";

export async function pullCommand(p: Parsed): Promise<number> {
  const family = familyArg(p.positionals[0]);
  const conn = connectionArgs(p.values, process.env);
  const out = resolve(required(p.values, "out"));
  const startDate = dateArg(p.values, "start-date");
  const endDate = dateArg(p.values, "end-date");
  if ((startDate === undefined) !== (endDate === undefined)) throw new UsageError("--start-date and --end-date go together");
  let range = intArg(p.values, "range");
  if (range === undefined && startDate) range = 5;
  if (range !== undefined && !(RANGE_VALUES as number[]).includes(range)) throw new UsageError(`--range must be one of ${RANGE_VALUES.join(", ")}`);
  if (range === 5 && !startDate) throw new UsageError("--range 5 needs --start-date and --end-date");
  const search = p.values.search as string | undefined;

  const book = existsSync(out) ? await openBook(out) : XlsxWorkbook.empty();
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("pull");
  try {
    const outcome = await pullJob(book, client, {
      family, lines: p.values.lines === true,
      query: { range, startDate, endDate, searchString: search },
      onProgress: (x) => progress.update(x),
    });
    progress.done();
    await book.save(out);
    process.stdout.write(`pulled ${outcome.documents} documents into sheet "${outcome.sheet}" (${outcome.rows} rows) of ${out}\n`);
    return 0;
  } catch (err) {
    progress.done();
    if (err instanceof ApiError) {
      process.stderr.write(`docsheet: cannot pull: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
