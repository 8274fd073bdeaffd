// One function per command. Each returns the exit code.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { checkJob } from "../jobs/check";
import { publicFinding, type CellFinding } from "../sheet/findings";
import { XlsxWorkbook } from "../workbook/xlsx";
import { actCommand } from "./act";
import { postCommand } from "./post";
import { pullCommand } from "./pull";
import { templateCommand } from "./template";
import { UsageError, familyArg, intArg, required, type Parsed } from "./args";

export async function runCommand(p: Parsed): Promise<number> {
  switch (p.command) {
    case "check":
      return check(p);
    case "template":
      return templateCommand(p);
    case "post":
      return postCommand(p);
    case "pull":
      return pullCommand(p);
    case "act":
      return actCommand(p);
    case "serve":
      return serve(p);
    default:
      throw new UsageError(`unknown command "${p.command}"`);
  }
}

/** Opens a workbook given on the command line; a missing or unreadable file is a usage error. */
export async function openBook(path: string): Promise<XlsxWorkbook> {
  const full = resolve(path);
  if (!existsSync(full)) throw new UsageError(`no such file: ${path}`);
  try {
    return await XlsxWorkbook.load(full);
  } catch (err) {
    throw new UsageError(`cannot read ${path} as an .xlsx workbook: ${(err as Error).message}`);
  }
}

export function printFindings(findings: readonly CellFinding[], stream: NodeJS.WriteStream = process.stdout): void {
  for (const f of findings) stream.write(`${f.sheet}!${f.cell}${f.field ? ` [${f.field}]` : ""} ${f.severity === "warning" ? "warning: " : ""}${f.message}\n`);
}

async function check(p: Parsed): Promise<number> {
  const family = familyArg(p.values.family);
  const book = await openBook(p.positionals[0]);
  const sheet = p.values.sheet as string | undefined;
  if (sheet !== undefined && !(await book.sheetNames()).includes(sheet)) throw new UsageError(`no sheet named "${sheet}"`);
  const outcome = await checkJob(book, { family, target: { sheet } });
  const errors = outcome.findings.filter((f) => f.severity === "error");
  if (p.values.json) {
    process.stdout.write(`${JSON.stringify(errors.map(publicFinding), null, 2)}\n`);
    printFindings(outcome.findings.filter((f) => f.severity === "warning"), process.stderr);
  } else {
    printFindings(outcome.findings);
    process.stdout.write(`${outcome.documents} documents, ${errors.length} findings\n`);
  }
  return errors.length > 0 ? 1 : 0;
}

async function serve(p: Parsed): Promise<number> {
  const port = intArg(p.values, "port", 8787)!;
  // Loaded only here: the service pulls in its store and HTTP stack, which the other commands do not need.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startService } = require("../service/main") as typeof import("../service/main.js");
  const service = await startService({
    port,
    dataDir: p.values["data-dir"] as string | undefined,
    databaseUrl: p.values["database-url"] as string | undefined,
  });
  process.stdout.write(`listening ${service.url}\n`);
  await new Promise<void>((done) => {
    const stop = (): void => {
      void service.close().finally(done);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}

export { required };
