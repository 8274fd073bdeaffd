// `docsheet post WORKBOOK.xlsx --family F [--sheet NAME] --base-url URL --client-id ID --client-secret S
//   [--out OUT.xlsx | --in-place]`
// Results and the post record are saved together at the job's checkpoints (by count and by time)
// and at the end, so a run that is killed keeps what it saved; the next run finds the rest by their
// markers. A save that fails (a full disk) stops the run with its counts. They go to
// WORKBOOK.posted.xlsx unless --out or --in-place says otherwise: the user's own file is changed only
// when asked. Two posts of one workbook take turns (post-files.ts). Every family posts through here.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ApiError, createClient } from "../api";
import { loadPostRecord, type PostRunRecord } from "../jobs/post-record";
import { familyCard } from "../families/cards";
import { PostSaveError, postJob } from "../jobs/post";
import { ConnectionError } from "../jobs/stop";
import { intArg, type Parsed } from "./args";
import { assertSheet, openWorkbook, printPosted } from "./workbook-file";
import { connectionFailure } from "./connection";
import { mappingArg } from "./map";
import { abortOnInterrupt } from "./interrupt";
import { lockWorkbook } from "./post-files";
import { removeDeadTemps } from "../workbook/xlsx-write";
import { progressReporter } from "./progress";
import { errorText } from "./system-words";
import { readMessageOf } from "../workbook/read-words";
import { words } from "./words";
import { langArg, sheetFamilyOf } from "./args";
import { workbookFiles } from "./workbook-run";
import type { SheetFamily } from "../rules/codes";

export async function postCommand(p: Parsed): Promise<number> {
  const stop = abortOnInterrupt();
  const input = resolve(p.positionals[0] ?? "");
  // Before the workbook is read: a second post of it reads it once the first is done.
  const lock = p.positionals[0] === undefined ? undefined
    : await lockWorkbook(input, (pid) => process.stderr.write(`${words(langArg(p.values)).waitingForPost(p.positionals[0], pid)}\n`), stop.signal);
  try {
    return await post(p, stop.signal);
  } finally {
    stop.dispose();
    await lock?.release();
  }
}

async function post(p: Parsed, signal: AbortSignal): Promise<number> {
  const family = sheetFamilyOf(p);
  const { lang, say, conn, workbook, input, out } = await workbookFiles(p, "posted");
  const sheet = p.values.sheet as string | undefined;
  await assertSheet(workbook, sheet, true);
  const mapping = await mappingArg(p.values, family);
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("post", lang);
  await removeDeadTemps(out);

  let saving: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    saving = saving.catch(() => undefined).then(() => workbook.save(out));
    return saving;
  };

  try {
    const outcome = await postJob(workbook, client, {
      family, target: { sheet }, mapping, concurrency: intArg(p.values, "concurrency", 4), signal, lang, draft: p.values.draft === true,
      onProgress: (x) => progress.update(x), onCheckpoint: save, outputRecord: await outputRecord(input, out, family),
    });
    progress.done();
    await save();
    return printPosted(outcome, out, lang);
  } catch (err) {
    progress.done();
    if (err instanceof PostSaveError) {
      // One more try: the failed save left no temp file, which may have been what filled the disk.
      const saved = await save().then(() => true, () => false);
      const c = err.counts;
      const detail = errorText(err.cause, lang);
      process.stderr.write(`docsheet: ${say.saveStopped({ created: c.created, found: c.found, notSent: c.cancelled + c.invalid }, out, detail, saved, p.positionals[0])}\n`);
      return 2;
    }
    // Refused for another company's sheet, or the sheet refused by the reader (999,000 rows): nothing
    // was done, so nothing is written (a save would load the whole refused sheet into exceljs).
    if (!(err instanceof ConnectionError && err.refused) && readMessageOf(err) === undefined) await save().catch(() => undefined);
    // The service refusing what the run must read stops it as the connection does, as act's does; a
    // family whose records are not called documents is said as records.
    if (err instanceof ConnectionError || err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "post", familyCard(family).record !== "Document"));
      return 2;
    }
    throw err;
  }
}

/** The family's post record in the output a run writes to besides its input (WORKBOOK.posted.xlsx, --out):
 * where a killed run of the input left what it was about to create. None for an unreadable file. */
async function outputRecord(input: string, out: string, family: SheetFamily): Promise<PostRunRecord | null> {
  if (out === resolve(input) || !existsSync(out)) return null;
  return openWorkbook(out).then((workbook) => loadPostRecord(workbook, family), () => null);
}
