// `docsheet update WORKBOOK.xlsx --family F [--dry-run]`: sends the records of the rows with a
// recordId that the sheet changed (the update job, one for every family), printing the preview field
// by field and each record not sent with its reason; --dry-run prints the preview and sends and
// writes nothing.
import { ApiError, createClient } from "../api";
import { ConnectionError } from "../jobs/stop";
import { updateJob, type UpdateResult } from "../jobs/update";
import { parseRows } from "./act";
import { intArg, sheetFamilyOf, type Parsed } from "./args";
import { assertSheet } from "./workbook-file";
import { connectionFailure } from "./connection";
import { mappingArg } from "./map";
import { progressReporter } from "./progress";
import { workbookFiles } from "./workbook-run";
import { printFindings } from "./workbook-file";
import { familyCard } from "../families/cards";
import { render } from "../sheet/i18n/render";
import { resultMsg } from "../sheet/i18n/results";

/** One command for every family: the update job updates each its own way. */
export async function updateCommand(p: Parsed): Promise<number> {
  const family = sheetFamilyOf(p);
  const { lang, say, conn, workbook, out } = await workbookFiles(p, "updated");
  const sheet = p.values.sheet as string | undefined;
  await assertSheet(workbook, sheet, true);
  const mapping = await mappingArg(p.values, family);
  const rows = p.values.rows !== undefined ? parseRows(String(p.values.rows)) : undefined;
  const dryRun = p.values["dry-run"] === true;
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("update", lang);
  try {
    const outcome = await updateJob(workbook, client, {
      family, target: { sheet }, mapping, rows, dryRun, concurrency: intArg(p.values, "concurrency", 4), lang, onProgress: (x) => progress.update(x),
    });
    progress.done();
    if (!dryRun) await workbook.save(out);
    if (outcome.findings) printFindings(outcome.findings, process.stdout, lang);
    // A row left unchanged is said only when there is a reason beyond "no changes" (it names a record an earlier row sent).
    const quiet = render(resultMsg("noChanges"), lang);
    for (const r of outcome.results) if (r.kind !== "unchanged" || r.message !== quiet) process.stdout.write(previewOf(r, say.row));
    process.stdout.write(`${dryRun ? say.updatePreview(outcome.counts) : say.updated(outcome.counts, out)}\n`);
    const c = outcome.counts;
    return c.conflict + c.refused + c.invalid + c.failed + c.cancelled > 0 ? 1 : 0;
  } catch (err) {
    progress.done();
    // Stopped part way: the rows already updated carry their answers and the rest say "not sent", so
    // the output is saved as undo's is, and tells the truth about what reached the service. A sheet
    // refused as a whole (another company's, records that cannot be trusted) is left unwritten.
    if (err instanceof ConnectionError && err.stopped && !err.refused && !dryRun) await workbook.save(out).catch(() => undefined);
    if (err instanceof ConnectionError || err instanceof ApiError) {
      // Contacts, products and vouchers are said as records, not documents.
      process.stderr.write(connectionFailure(err, conn.root, lang, "update", familyCard(family).record !== "Document"));
      return 2;
    }
    throw err;
  }
}

/** "u1 (row 2): to update: Customer" and one indented line a field: "Customer: A → B". */
function previewOf(r: UpdateResult, row: (key: string, row: number, message: string) => string): string {
  return [row(r.key, r.rows[0] + 1, r.message), ...r.changes.map((c) => `  ${c.field}: ${c.from} → ${c.to}`)].join("\n") + "\n";
}
