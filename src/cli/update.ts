// `docsheet update WORKBOOK.xlsx --family F [--dry-run]`: sends the documents of the rows with a
// recordId that the sheet changed (the update job), printing the preview field by field and each
// document not sent with its reason; --dry-run prints the preview and sends and writes nothing.
import { ApiError, createClient } from "../api";
import { ConnectionError } from "../jobs/stop";
import { updateJob, type UpdateResult } from "../jobs/update";
import { parseRows } from "./act";
import { intArg, type Parsed } from "./args";
import { assertSheet } from "./workbook-file";
import { connectionFailure } from "./connection";
import { mappingArg } from "./map";
import { progressReporter } from "./progress";
import { workbookRun } from "./workbook-run";

export async function updateCommand(p: Parsed): Promise<number> {
  const { family, lang, say, conn, workbook, out } = await workbookRun(p, "updated");
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
    for (const r of outcome.results) if (r.kind !== "unchanged") process.stdout.write(previewOf(r, say.row));
    process.stdout.write(`${dryRun ? say.updatePreview(outcome.counts) : say.updated(outcome.counts, out)}\n`);
    const c = outcome.counts;
    return c.conflict + c.refused + c.invalid + c.failed + c.cancelled > 0 ? 1 : 0;
  } catch (err) {
    progress.done();
    if (err instanceof ConnectionError || err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "update"));
      return 2;
    }
    throw err;
  }
}

/** "u1 (row 2): to update: Customer" and one indented line a field: "Customer: A → B". */
function previewOf(r: UpdateResult, row: (key: string, row: number, message: string) => string): string {
  return [row(r.key, r.rows[0] + 1, r.message), ...r.changes.map((c) => `  ${c.field}: ${c.from} → ${c.to}`)].join("\n") + "\n";
}
