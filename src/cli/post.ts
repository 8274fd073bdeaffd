// `docsheet post BOOK.xlsx --family F [--sheet NAME] --base-url URL --client-id ID --client-secret S
//   [--out OUT.xlsx | --in-place]`
// Results are saved as they arrive (at most every SAVE_EVERY_MS, and at the end), so a run that is
// killed keeps what it wrote; the next run finds the rest by their markers. They go to
// BOOK.posted.xlsx unless --out or --in-place says otherwise: the user's own file is changed only
// when asked.
import { basename, dirname, extname, join, resolve } from "node:path";
import { createClient } from "../api";
import { ConnectionError, postJob, type DocumentResult } from "../jobs/post";
import { familyArg, connectionArgs, intArg, langArg, UsageError, type Parsed } from "./args";
import { assertSheet, openBook, printFindings } from "./book";
import { connectionMessage } from "./connection";
import { mappingArg } from "./map";
import { progressReporter } from "./progress";
import { words } from "./words";

const SAVE_EVERY_MS = 1000;

/** Where a command's results go: --out, the input itself with --in-place, else BOOK.<tag>.xlsx
 * beside it (post: BOOK.posted.xlsx, act: BOOK.acted.xlsx): the user's own file only when asked. */
export function resultsPath(input: string, out: string | undefined, inPlace: boolean, tag: string): string {
  if (out !== undefined && inPlace) throw new UsageError("--out and --in-place do not go together");
  if (out !== undefined) return resolve(out);
  const full = resolve(input);
  if (inPlace) return full;
  const ext = extname(full);
  return join(dirname(full), `${basename(full, ext)}.${tag}${ext || ".xlsx"}`);
}

export async function postCommand(p: Parsed): Promise<number> {
  const family = familyArg(p.values.family);
  const lang = langArg(p.values);
  const say = words(lang);
  const conn = connectionArgs(p.values, process.env);
  const input = p.positionals[0];
  const book = await openBook(input);
  const out = resultsPath(input, p.values.out as string | undefined, p.values["in-place"] === true, "posted");
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

  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
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
    await save().catch(() => undefined);
    if (err instanceof ConnectionError) {
      process.stderr.write(`docsheet: cannot post: ${connectionMessage(err, conn.root)}\n`);
      return 2;
    }
    throw err;
  }
}
