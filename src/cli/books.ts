// The commands for the books (journal-entries, contacts, products): check, map, template, post
// and update on .xlsx files, through the books' jobs (jobs/books.ts). Printing, exit codes and
// output files follow the documents' commands: 0 clean, 1 findings or rows not done, 2 usage or
// connection errors; results go to WORKBOOK.posted.xlsx / WORKBOOK.updated.xlsx unless --out or --in-place.
import { ApiError, createClient } from "../api";
import { checkBookJob, updateBookJob } from "../jobs/books";
import { ConnectionError } from "../jobs/stop";
import type { BookFamily } from "../rules/codes";
import { isBook } from "../families/cards";
import { UsageError, familyGiven, intArg, langArg, type Parsed } from "./args";
import { assertSheet, openWorkbook, printCheck, printFindings } from "./workbook-file";
import { workbookFiles } from "./workbook-run";
import { connectionFailure } from "./connection";
import { mappingArg } from "./map";
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
    // The one post command, as for every family: the lock, Ctrl+C, checkpoints saved, a failed save.
    case "post":
      return (require("./post") as typeof import("./post")).postCommand(p, family);
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
