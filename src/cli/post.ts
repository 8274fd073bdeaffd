// `docsheet post BOOK.xlsx --family F [--sheet NAME] --base-url URL --client-id ID --client-secret S [--out OUT.xlsx]`
// Results are saved into the workbook as they arrive (at most every SAVE_EVERY_MS, and at the end),
// so a run that is killed keeps what it wrote; the next run finds the rest by their markers.
import { resolve } from "node:path";
import { createClient } from "../api";
import { ConnectionError, postJob, type DocumentResult } from "../jobs/post";
import { familyArg, connectionArgs, intArg, UsageError, type Parsed } from "./args";
import { openBook, printFindings } from "./commands";
import { progressReporter } from "./progress";

const SAVE_EVERY_MS = 1000;

export async function postCommand(p: Parsed): Promise<number> {
  const family = familyArg(p.values.family);
  const conn = connectionArgs(p.values, process.env);
  const input = p.positionals[0];
  const book = await openBook(input);
  const out = resolve((p.values.out as string | undefined) ?? input);
  const sheet = p.values.sheet as string | undefined;
  if (sheet !== undefined && !(await book.sheetNames()).includes(sheet)) throw new UsageError(`no sheet named "${sheet}"`);
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

  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  try {
    const outcome = await postJob(book, client, {
      family, target: { sheet }, concurrency: intArg(p.values, "concurrency", 4), signal: stop.signal,
      onProgress: (x) => progress.update(x), onResult,
    });
    progress.done();
    await save();
    printFindings(outcome.findings);
    for (const r of outcome.results) {
      if (r.kind !== "created" && r.kind !== "found" && r.kind !== "skipped") process.stdout.write(`${r.key} (row ${r.rows[0] + 1}): ${r.message}\n`);
    }
    const c = outcome.counts;
    // The pane's words (its Post summary), every count shown.
    process.stdout.write(`${c.created} created, ${c.found} found from an earlier run, ${c.skipped} already posted, ${c.invalid + c.cancelled} not sent, ${c.failed} failed, ${c.unknown} unknown; wrote ${out}\n`);
    return c.invalid + c.failed + c.unknown + c.cancelled > 0 ? 1 : 0;
  } catch (err) {
    progress.done();
    await save().catch(() => undefined);
    if (err instanceof ConnectionError) {
      process.stderr.write(`docsheet: cannot post: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
