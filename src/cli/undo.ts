// `docsheet undo BOOK.xlsx --family F [--dry-run]` with the connection options: reverses the
// workbook's last post of F (jobs/undo.ts) and writes the rows back into BOOK.undone.xlsx beside it
// (or --out, or BOOK.xlsx itself with --in-place), as post and act do. A dry run writes nothing.
import { createClient } from "../api";
import { OtherCompanyError } from "../jobs/company";
import { ConnectionError } from "../jobs/stop";
import { NothingToUndoError, undoJob } from "../jobs/undo";
import { translate } from "../sheet/i18n/translate";
import { intArg, type Parsed } from "./args";
import { connectionFailure } from "./connection";
import { mappingArg } from "./map";
import { abortOnInterrupt } from "./interrupt";
import { progressReporter } from "./progress";
import { workbookRun } from "./workbook-run";

export async function undoCommand(p: Parsed): Promise<number> {
  const { family, lang, say, conn, book, out } = await workbookRun(p, "undone");
  const dryRun = p.values["dry-run"] === true;
  const mapping = await mappingArg(p.values, family);
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("undo");
  const stop = abortOnInterrupt();
  try {
    const outcome = await undoJob(book, client, {
      family, mapping, dryRun, lang, concurrency: intArg(p.values, "concurrency", 8), signal: stop.signal,
      onProgress: (x) => progress.update(x),
    });
    progress.done();
    if (!dryRun) await book.save(out);
    for (const r of outcome.results) {
      process.stdout.write(`${r.rows.length > 0 ? say.row(r.key, r.rows[0] + 1, r.message) : `${r.key}: ${r.message}`}\n`);
    }
    if (outcome.contactsMessage) process.stdout.write(`${outcome.contactsMessage}\n`);
    process.stdout.write(`${say.undone(outcome.counts, dryRun ? null : out)}\n`);
    return outcome.counts.kept + outcome.counts.refused + outcome.counts.failed > 0 ? 1 : 0;
  } catch (err) {
    progress.done();
    if (err instanceof NothingToUndoError) {
      process.stderr.write(`docsheet: ${translate(err.message, lang)}\n`);
      return 1;
    }
    if (err instanceof ConnectionError) {
      // What was undone before the connection failed is in the workbook: keep it.
      if (!dryRun && !(err instanceof OtherCompanyError)) await book.save(out).catch(() => undefined);
      process.stderr.write(connectionFailure(err, conn.root, lang, "undo"));
      return 2;
    }
    throw err;
  } finally {
    stop.dispose();
  }
}
