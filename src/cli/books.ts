// The commands for the books (journal-entries, contacts, products): check on .xlsx files through the
// books' job (jobs/books.ts); map, post and update through the one command of each for every
// family (pull, template and undo are routed to theirs before the books are). Printing and exit
// codes follow the documents' commands: 0 clean, 1 findings.
import { checkBookJob } from "../jobs/books";
import type { BookFamily } from "../rules/codes";
import { isBook } from "../families/cards";
import { UsageError, familyGiven, langArg, type Parsed } from "./args";
import { assertSheet, openWorkbook, printCheck } from "./workbook-file";
import { mappingArg } from "./map";

export async function bookCommand(p: Parsed): Promise<number> {
  const family = familyGiven(p);
  if (!isBook(family)) throw new UsageError("notBookFamily", { family: String(family) });
  switch (p.command) {
    case "check":
      return check(p, family);
    case "map":
      return (require("./map") as typeof import("./map")).mapCommand(p, family);
    // The one post command, as for every family: the lock, Ctrl+C, checkpoints saved, a failed save.
    case "post":
      return (require("./post") as typeof import("./post")).postCommand(p, family);
    // The one update job's command, as for every family.
    case "update":
      return (require("./update") as typeof import("./update")).updateCommand(p, family);
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
