// The commands for the books (journal-entries, contacts, products): check, map, template, post,
// pull and update on .xlsx files, through the books' jobs (jobs/books.ts). Printing, exit codes and
// output files follow the documents' commands: 0 clean, 1 findings or rows not done, 2 usage or
// connection errors; results go to WORKBOOK.posted.xlsx / WORKBOOK.updated.xlsx unless --out or --in-place.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ApiError, createClient } from "../api";
import { loadPostRecord, type PostRunRecord } from "../jobs/post-record";
import { checkBookJob, postBookJob, pullBookJob, updateBookJob } from "../jobs/books";
import { OtherCompanyError } from "../jobs/company";
import { ConnectionError } from "../jobs/stop";
import { templateJob } from "../jobs/template";
import type { BookFamily } from "../rules/codes";
import { isBook } from "../families/cards";
import { XlsxWorkbook } from "../workbook/xlsx";
import { UsageError, connectionArgs, familyGiven, intArg, langArg, required, type Parsed } from "./args";
import { assertSheet, openWorkbook, printCheck, printFindings, printPosted, resultsPath } from "./workbook-file";
import { workbookFiles } from "./workbook-run";
import { connectionFailure } from "./connection";
import { mappingArg } from "./map";
import { abortOnInterrupt } from "./interrupt";
import { lockWorkbook } from "./post-files";
import { progressReporter } from "./progress";
import { words } from "./words";

export async function bookCommand(p: Parsed): Promise<number> {
  const family = familyGiven(p);
  if (!isBook(family)) throw new UsageError("notBookFamily", { family: String(family) });
  switch (p.command) {
    case "check":
      return check(p, family);
    case "map":
      return (require("./map") as typeof import("./map")).mapCommand(p, family);
    case "template":
      return (require("./template") as typeof import("./template")).templateCommand(p, family);
    case "post":
      return post(p, family);
    case "pull":
      return pull(p, family);
    case "update":
      return update(p, family);
    // The one undo job's command, as for every family.
    case "undo":
      return (require("./undo") as typeof import("./undo")).undoCommand(p, family);
    default:
      throw new UsageError("bookNotYet", { command: p.command, family });
  }
}

async function check(p: Parsed, family: BookFamily): Promise<number> {
  const lang = langArg(p.values);
  const workbook = await openWorkbook(p.positionals[0]);
  const sheet = p.values.sheet as string | undefined;
  await assertSheet(workbook, sheet);
  const outcome = await checkBookJob(workbook, { family, target: { sheet }, mapping: await mappingArg(p.values, family) });
  return printCheck(outcome, p.values.json === true, lang, family);
}

async function post(p: Parsed, family: BookFamily): Promise<number> {
  const lang = langArg(p.values);
  const conn = connectionArgs(p.values, process.env);
  const input = p.positionals[0];
  const out = resultsPath(input, p.values.out as string | undefined, p.values["in-place"] === true, "posted");
  const stop = abortOnInterrupt();
  const lock = await lockWorkbook(resolve(input), (pid) => process.stderr.write(`${words(lang).waitingForPost(input, pid)}\n`), stop.signal);
  const workbook = await openWorkbook(input);
  const sheet = p.values.sheet as string | undefined;
  const progress = progressReporter("post", lang);
  try {
    await assertSheet(workbook, sheet, true);
    const client = createClient({ ...conn, fetch: globalThis.fetch });
    const outcome = await postBookJob(workbook, client, {
      family, target: { sheet }, mapping: await mappingArg(p.values, family), draft: p.values.draft === true, concurrency: intArg(p.values, "concurrency", 4), signal: stop.signal, lang,
      onProgress: (x) => progress.update(x), onCheckpoint: () => workbook.save(out), outputRecord: await outputRecord(input, out, family),
    });
    progress.done();
    await workbook.save(out);
    return printPosted(outcome, out, lang);
  } catch (err) {
    progress.done();
    if (err instanceof ConnectionError || err instanceof ApiError) {
      if (!(err instanceof OtherCompanyError)) await workbook.save(out).catch(() => undefined);
      process.stderr.write(connectionFailure(err, conn.root, lang, "post", true));
      return 2;
    }
    throw err;
  } finally {
    stop.dispose();
    await lock.release();
  }
}

/** The family's post record in the output a run writes to besides its input (WORKBOOK.posted.xlsx, --out):
 * where a killed run of the input left what it was about to create. None for an unreadable file. */
async function outputRecord(input: string, out: string, family: BookFamily): Promise<PostRunRecord | null> {
  if (out === resolve(input) || !existsSync(out)) return null;
  return openWorkbook(out).then((workbook) => loadPostRecord(workbook, family), () => null);
}

async function pull(p: Parsed, family: BookFamily): Promise<number> {
  const lang = langArg(p.values);
  const conn = connectionArgs(p.values, process.env);
  const out = resolve(required(p.values, "out"));
  const workbook = existsSync(out) ? await openWorkbook(out) : XlsxWorkbook.empty();
  try {
    const client = createClient({ ...conn, fetch: globalThis.fetch });
    const outcome = await pullBookJob(workbook, client, { family, lang });
    await workbook.save(out);
    process.stdout.write(`${words(lang).pulled(outcome.documents, outcome.sheet, outcome.rows, out, family)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "pull", true));
      return 2;
    }
    throw err;
  }
}

async function update(p: Parsed, family: BookFamily): Promise<number> {
  const { lang, conn, workbook, out } = await workbookFiles(p, "updated");
  const dryRun = p.values["dry-run"] === true;
  const sheet = p.values.sheet as string | undefined;
  try {
    await assertSheet(workbook, sheet, true);
    const client = createClient({ ...conn, fetch: globalThis.fetch });
    const outcome = await updateBookJob(workbook, client, { family, target: { sheet }, mapping: await mappingArg(p.values, family), dryRun, concurrency: intArg(p.values, "concurrency", 4), lang });
    if (!dryRun) await workbook.save(out);
    printFindings(outcome.findings, process.stdout, lang);
    const say = words(lang);
    for (const r of outcome.results) process.stdout.write(`${say.row(r.key, r.rows[0] + 1, r.message)}\n`);
    const c = outcome.counts;
    const counts = { update: c.updated, updated: c.updated, unchanged: c.unchanged, conflict: c.conflict, refused: 0, invalid: c.invalid, failed: c.failed, cancelled: 0 };
    process.stdout.write(`${dryRun ? say.updatePreview(counts) : say.updated(counts, out)}\n`);
    return c.invalid + c.failed + c.conflict > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof ConnectionError || err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "update", true));
      return 2;
    }
    throw err;
  }
}
