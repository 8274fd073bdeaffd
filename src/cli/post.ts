// `docsheet post BOOK.xlsx --family F [--sheet NAME] --base-url URL --client-id ID --client-secret S
//   [--out OUT.xlsx | --in-place]`
// Results are saved as they arrive (at most every SAVE_EVERY_MS, and at the end), so a run that is
// killed keeps what it wrote; the next run finds the rest by their markers. They go to
// BOOK.posted.xlsx unless --out or --in-place says otherwise: the user's own file is changed only
// when asked.
import { createClient } from "../api";
import { postJob, type DocumentResult } from "../jobs/post";
import { OtherCompanyError } from "../jobs/company";
import { ConnectionError } from "../jobs/stop";
import { intArg, type Parsed } from "./args";
import { assertSheet, printFindings } from "./book";
import { connectionFailure } from "./connection";
import { mappingArg } from "./map";
import { abortOnInterrupt } from "./interrupt";
import { progressReporter } from "./progress";
import { workbookRun } from "./workbook-run";

const SAVE_EVERY_MS = 1000;

export async function postCommand(p: Parsed): Promise<number> {
  const { family, lang, say, conn, book, out } = await workbookRun(p, "posted");
  const sheet = p.values.sheet as string | undefined;
  await assertSheet(book, sheet);
  const mapping = await mappingArg(p.values, family);
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("post");

  let lastSave = Date.now();
  let saving: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    saving = saving.then(() => book.save(out));
    return saving;
  };
  const onResult = async (r: DocumentResult): Promise<void> => {
    if (r.kind === "skipped") return;
    if (Date.now() - lastSave >= SAVE_EVERY_MS) {
      lastSave = Date.now();
      await save();
    }
  };

  const stop = abortOnInterrupt();
  try {
    const outcome = await postJob(book, client, {
      family, target: { sheet }, mapping, concurrency: intArg(p.values, "concurrency", 4), signal: stop.signal, lang,
      onProgress: (x) => progress.update(x), onResult,
    });
    progress.done();
    await save();
    printFindings(outcome.findings, process.stdout, lang);
    for (const r of outcome.results) {
      if (r.kind !== "created" && r.kind !== "found" && r.kind !== "skipped") process.stdout.write(`${say.row(r.key, r.rows[0] + 1, r.message)}\n`);
    }
    const c = outcome.counts;
    process.stdout.write(`${say.posted({ ...c, notSent: c.invalid + c.cancelled }, out)}\n`);
    return c.invalid + c.failed + c.unknown + c.cancelled > 0 ? 1 : 0;
  } catch (err) {
    progress.done();
    // Refused for another company's sheet: nothing was done, so nothing is written.
    if (!(err instanceof OtherCompanyError)) await save().catch(() => undefined);
    if (err instanceof ConnectionError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "post"));
      return 2;
    }
    throw err;
  } finally {
    stop.dispose();
  }
}
