// The `docsheet` command: check, post, pull, template, serve on .xlsx files. bin/docsheet.js loads
// this file through tsx. Exit codes: 0 clean, 1 findings or failed rows, 2 usage or connection errors.
import { UsageError, USAGE, parseCommand } from "./args";
import { runCommand } from "./commands";

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const parsed = parseCommand(argv);
    return await runCommand(parsed);
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message) process.stderr.write(`docsheet: ${err.message}\n\n`);
      process.stderr.write(`${USAGE}\n`);
      return err.message ? 2 : 0;
    }
    process.stderr.write(`docsheet: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
}

if (require.main === module || process.argv[1]?.endsWith("docsheet.js") || process.argv[1]?.endsWith("docsheet")) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
