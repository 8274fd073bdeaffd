// `docsheet refresh WORKBOOK.xlsx [--sheet NAME] [--rows 2,5-9] [--out OUT.xlsx]`: reads a pulled sheet's
// records again, whatever the family, with the pull's own query and writes them into their rows (the refresh job),
// into WORKBOOK.xlsx itself unless --out says where; prints each row not refreshed or marked, and the counts.
import { resolve } from "node:path";
import { ApiError, createClient } from "../api";
import { NotPulledError, refreshJob } from "../jobs/refresh";
import { ConnectionError } from "../jobs/stop";
import { parseRows } from "./act";
import { connectionArgs, intArg, langArg, type Parsed } from "./args";
import { assertSheet, openWorkbook } from "./workbook-file";
import { connectionFailure } from "./connection";
import { progressReporter } from "./progress";
import { words } from "./words";

export async function refreshCommand(p: Parsed): Promise<number> {
  const lang = langArg(p.values);
  const say = words(lang);
  const conn = connectionArgs(p.values, process.env);
  const input = resolve(p.positionals[0]);
  const out = p.values.out !== undefined ? resolve(String(p.values.out)) : input;
  const workbook = await openWorkbook(input);
  const sheet = p.values.sheet as string | undefined;
  await assertSheet(workbook, sheet, true);
  const rows = p.values.rows !== undefined ? parseRows(String(p.values.rows)) : undefined;
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("refresh", lang);
  try {
    const outcome = await refreshJob(workbook, client, {
      sheet, rows, lang, concurrency: intArg(p.values, "concurrency", 4), onProgress: (x) => progress.update(x),
    });
    progress.done();
    await workbook.save(out);
    for (const r of outcome.results) if (r.kind !== "unchanged") process.stdout.write(`${say.row(r.key, r.rows[0] + 1, r.message)}\n`);
    process.stdout.write(`${say.refreshed(outcome.counts, outcome.sheet, out)}\n`);
    return outcome.counts.edited + outcome.counts.refused > 0 ? 1 : 0;
  } catch (err) {
    progress.done();
    if (err instanceof NotPulledError) {
      process.stderr.write(`docsheet: ${err.message}\n`);
      return 2;
    }
    if (err instanceof ConnectionError || err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "refresh"));
      return 2;
    }
    throw err;
  }
}
