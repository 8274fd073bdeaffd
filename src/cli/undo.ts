// `docsheet undo WORKBOOK.xlsx --family F [--dry-run]` with the connection options: reverses the
// workbook's last post of F (jobs/undo.ts, one job for every family: documents, certificates and
// the books alike) and writes the rows back into WORKBOOK.undone.xlsx beside it (or --out, or WORKBOOK.xlsx
// itself with --in-place), as post and act do. A dry run writes nothing.
import { ApiError, createClient } from "../api";
import { ConnectionError } from "../jobs/stop";
import { NothingToUndoError, undoJob, type UndoOutcome } from "../jobs/undo";
import type { Lang } from "../sheet/i18n/lang";
import type { XlsxWorkbook } from "../workbook/xlsx";
import type { Words } from "./words";
import { renderError } from "../sheet/i18n/render";
import { intArg, sheetFamilyOf, type Parsed } from "./args";
import { connectionFailure } from "./connection";
import { mappingArg } from "./map";
import { abortOnInterrupt } from "./interrupt";
import { progressReporter } from "./progress";
import { workbookFiles } from "./workbook-run";

/** One command for every family: FAMILY as typed, of any kind. */
export async function undoCommand(p: Parsed): Promise<number> {
  const family = sheetFamilyOf(p);
  const { lang, say, conn, workbook, out } = await workbookFiles(p, "undone");
  const dryRun = p.values["dry-run"] === true;
  const mapping = await mappingArg(p.values, family);
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("undo", lang);
  const stop = abortOnInterrupt();
  try {
    const outcome = await undoJob(workbook, client, {
      family, mapping, dryRun, lang, concurrency: intArg(p.values, "concurrency", 8), signal: stop.signal,
      onProgress: (x) => progress.update(x),
    });
    progress.done();
    if (!dryRun) await workbook.save(out);
    return printUndone(outcome, say, dryRun ? null : out);
  } catch (err) {
    progress.done();
    return undoFailure(err, { workbook, out, dryRun, lang, root: conn.root });
  } finally {
    stop.dispose();
  }
}

/** What undo prints (each document's outcome, the counts), and its exit code. */
export function printUndone(outcome: UndoOutcome, say: Words, out: string | null): number {
  for (const r of outcome.results) {
    process.stdout.write(`${r.rows.length > 0 ? say.row(r.key, r.rows[0] + 1, r.message) : `${r.key}: ${r.message}`}\n`);
  }
  if (outcome.contactsMessage) process.stdout.write(`${outcome.contactsMessage}\n`);
  process.stdout.write(`${say.undone(outcome.counts, out)}\n`);
  return outcome.counts.kept + outcome.counts.refused + outcome.counts.failed > 0 ? 1 : 0;
}

/** The exit code of an undo that threw: nothing to undo (1), the connection (2); anything else is rethrown. */
export async function undoFailure(err: unknown, r: { workbook: XlsxWorkbook; out: string; dryRun: boolean; lang: Lang; root: string }): Promise<number> {
  if (err instanceof NothingToUndoError) {
    process.stderr.write(`docsheet: ${renderError(err, r.lang)}\n`);
    return 1;
  }
  // The records refused by the service (not the connection): nothing undone.
  if (err instanceof ApiError && !(err instanceof ConnectionError)) {
    process.stderr.write(connectionFailure(err, r.root, r.lang, "undo", true));
    return 2;
  }
  if (err instanceof ConnectionError) {
    // What was undone before the connection failed is in the workbook: keep it.
    if (!r.dryRun && !err.refused) await r.workbook.save(r.out).catch(() => undefined);
    process.stderr.write(connectionFailure(err, r.root, r.lang, "undo"));
    return 2;
  }
  throw err;
}
