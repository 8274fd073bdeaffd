// The commands for the books (journal-entries, contacts, products) that are not yet written once
// for every family (check, pull, template, act, update and undo are, in commands.ts): through the one command of
// each for every family.
import { isBook } from "../families/cards";
import { UsageError, familyGiven, type Parsed } from "./args";

export async function bookCommand(p: Parsed): Promise<number> {
  const family = familyGiven(p);
  if (!isBook(family)) throw new UsageError("notBookFamily", { family: String(family) });
  switch (p.command) {
    case "map":
      return (require("./map") as typeof import("./map")).mapCommand(p, family);
    // The one post command, as for every family: the lock, Ctrl+C, checkpoints saved, a failed save.
    case "post":
      return (require("./post") as typeof import("./post")).postCommand(p, family);
    // runCommand sends a book here only for the commands above.
    default:
      throw new UsageError("unknownCommand", { command: p.command });
  }
}
