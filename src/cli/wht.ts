// `map` and `post` of the family withholding-taxes: the same options and output as the document
// families, through the one command of each. Check, pull, template, act, update and undo are the
// one command of each for every family (commands.ts).
import { CERTIFICATES } from "../families/certificates";
import { UsageError, type Parsed } from "./args";
import { mapCommand } from "./map";

const FAMILY = CERTIFICATES.name;

export async function whtCommand(p: Parsed): Promise<number> {
  switch (p.command) {
    case "map":
      return mapCommand(p, FAMILY);
    // The post job's pipeline and the command's whole run: the lock, Ctrl+C, checkpoints saved.
    case "post":
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require("./post") as typeof import("./post")).postCommand(p, FAMILY);
    default:
      throw new UsageError("whtNotYet", { command: p.command, family: FAMILY });
  }
}
