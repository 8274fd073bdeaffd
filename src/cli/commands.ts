// One function per command, each required only when its command runs (the job, workbook and
// service code of one command is not loaded by the others). Each returns the exit code.
import { UsageError, familyArg, intArg, langArg, type Parsed } from "./args";

export async function runCommand(p: Parsed): Promise<number> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  // Every command is written once for every family: each job asks the family's entry.
  switch (p.command) {
    case "pull":
      return (require("./pull") as typeof import("./pull")).pullCommand(p);
    case "check":
      return check(p);
    case "map":
      return (require("./map") as typeof import("./map")).mapCommand(p);
    case "template":
      return (require("./template") as typeof import("./template")).templateCommand(p);
    case "post":
      return (require("./post") as typeof import("./post")).postCommand(p);
    case "refresh":
      return (require("./refresh") as typeof import("./refresh")).refreshCommand(p);
    case "calc":
      return (require("./calc") as typeof import("./calc")).calcCommand(p);
    case "report":
      return (require("./report") as typeof import("./report")).reportCommand(p);
    case "act":
      return (require("./act") as typeof import("./act")).actCommand(p);
    case "undo":
      return (require("./undo") as typeof import("./undo")).undoCommand(p);
    case "update":
      return (require("./update") as typeof import("./update")).updateCommand(p);
    case "serve":
      return serve(p);
    default:
      throw new UsageError("unknownCommand", { command: p.command });
  }
}

/** One check for every family: the family's own read and check, as its post runs them. */
async function check(p: Parsed): Promise<number> {
  const family = familyArg(p.values.family);
  const lang = langArg(p.values);
  const { assertSheet, openWorkbook, printCheck } = require("./workbook-file") as typeof import("./workbook-file");
  const { checkJob } = require("../jobs/check") as typeof import("../jobs/check");
  const { mappingArg } = require("./map") as typeof import("./map");
  const workbook = await openWorkbook(p.positionals[0]);
  const sheet = p.values.sheet as string | undefined;
  await assertSheet(workbook, sheet);
  const outcome = await checkJob(workbook, { family, target: { sheet }, lang, mapping: await mappingArg(p.values, family) });
  return printCheck(outcome, p.values.json === true, lang, family);
}

async function serve(p: Parsed): Promise<number> {
  const port = intArg(p.values, "port", 8787)!;
  // Loaded only here: the service pulls in its store and HTTP stack, which the other commands do not need.
  const { startService } = require("../service/main") as typeof import("../service/main");
  const { serviceBanner } = require("./banner") as typeof import("./banner");
  const service = await startService({
    port,
    dataDir: p.values["data-dir"] as string | undefined,
    databaseUrl: p.values["database-url"] as string | undefined,
    publicUrl: p.values["public-url"] as string | undefined,
    tokenTtlSeconds: intArg(p.values, "token-ttl", undefined),
  });
  process.stdout.write([`listening ${service.url}`, ...serviceBanner(service.url), "Press Ctrl+C to stop.", ""].join("\n"));
  await new Promise<void>((done) => {
    const stop = (): void => {
      void service.close().finally(done);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}
