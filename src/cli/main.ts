// The `docsheet` command: check, post, pull, template, act, undo, update, serve on .xlsx files. bin/docsheet.js
// runs the compiled build of this file (build/cli/main.js). Exit codes: 0 clean, 1 findings or
// failed rows, 2 usage or connection errors. Help comes from args.ts alone: `docsheet --help`
// loads no job, no workbook library and no service.
import { COMMANDS, UsageError, USAGE, commandHelp, parseCommand, synopsis } from "./args";
import { USAGE_HINT, langOfArgv, usageText } from "./usage-words";

export async function main(argv: readonly string[]): Promise<number> {
  const command = argv[0];
  try {
    const parsed = parseCommand(argv);
    if (parsed.command === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (parsed.values.help) {
      process.stdout.write(`${commandHelp(parsed.command)}\n`);
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
      const usage = known ? `${hint.usage} ${synopsis(command)}\n${hint.help(command)}` : lang === "en" ? USAGE : USAGE.replace(/^Usage:/, hint.usage);
      process.stderr.write(`docsheet: ${text}\n\n${usage}\n`);
      return 2;
    }
    process.stderr.write(`docsheet: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
}

// `tsx src/cli/main.ts ...` runs it directly too.
if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
