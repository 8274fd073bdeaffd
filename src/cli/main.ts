// The `docsheet` command: check, post, pull, template, act, undo, update, serve on .xlsx files. bin/docsheet.js
// runs the compiled build of this file (build/cli/main.js). Exit codes: 0 clean, 1 findings or
// failed rows, 2 usage or connection errors. Help comes from args.ts alone: `docsheet --help`
// loads no job, no workbook library and no service.
import { COMMANDS, UsageError, commandHelp, generalUsage, parseCommand, synopsis } from "./args";
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { USAGE_HINT, langOfArgv, usageText, type UsageKey } from "./usage-words";

export async function main(argv: readonly string[]): Promise<number> {
  const command = argv[0];
  try {
    const parsed = parseCommand(argv);
    // In --lang's language, as typed: the help is asked for before anything else is read.
    if (parsed.command === "help") {
      process.stdout.write(`${generalUsage(langOfArgv(argv))}\n`);
      return 0;
    }
    if (parsed.values.help) {
      process.stdout.write(`${commandHelp(parsed.command, langOfArgv(argv))}\n`);
      return 0;
    }
    // Loaded only now: each command requires what it uses.
    const { runCommand } = require("./commands") as typeof import("./commands");
    return await runCommand(parsed);
  } catch (err) {
    if (err instanceof UsageError) {
      const known = command !== undefined && Object.hasOwn(COMMANDS, command);
      // In the run's language, read from the command line itself: the error may be in parsing it.
      const lang = langOfArgv(argv);
      const hint = USAGE_HINT[lang];
      const text = usageText(err.key, err.params, lang);
      const usage = known ? `${hint.usage} ${synopsis(command)}\n${hint.help(command)}` : generalUsage(lang);
      process.stderr.write(`docsheet: ${text}\n\n${usage}\n`);
      return 2;
    }
    const lang = langOfArgv(argv);
    const unwritable = fileProblem(err);
    // Loaded only now, like the commands: the reader's words and the system's.
    const { errorText, errorTexts } = require("./system-words") as typeof import("./system-words");
    process.stderr.write(`docsheet: ${unwritable ? usageText(unwritable.key, { ...unwritable.params, reason: errorTexts(err) }, lang) : errorText(err, lang)}\n`);
    return 2;
  }
}

/** The system calls that write a file. */
const WRITES = new Set(["write", "writev", "fsync", "close", "rename", "copyfile", "mkdir"]);

/** A file the run could not write (--out into a folder that is not there, one it may not write):
 * said of the file asked for, not of the temporary file a save writes first (.WORKBOOK.xlsx.123.tmp). */
function fileProblem(err: unknown): { key: UsageKey; params: Record<string, string> } | undefined {
  const { code, path, syscall } = (err ?? {}) as NodeJS.ErrnoException;
  if (typeof path !== "string" || typeof code !== "string") return undefined;
  const file = join(dirname(path), basename(path).replace(/^\.(.+)\.\d+\.tmp$/, "$1"));
  // A full disk, or any other failure while writing: what the system said, in the run's language.
  if (code !== "ENOENT" && code !== "EACCES" && code !== "EPERM" && code !== "EROFS") return code === "ENOSPC" || code === "EDQUOT" || WRITES.has(syscall ?? "") ? { key: "writeFailed", params: { path: file } } : undefined;
  return code === "ENOENT" && !existsSync(dirname(path)) ? { key: "folderMissing", params: { path: file, dir: dirname(path) } } : { key: "notWritable", params: { path: file, code } };
}

// `tsx src/cli/main.ts ...` runs it directly too.
if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
