// Argument parsing of the `docsheet` command with Node's util.parseArgs: one table per command,
// and a UsageError (exit 2) for anything it does not understand.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { FAMILIES, isFamily, type Family } from "../rules/codes";

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export const USAGE = `Usage:
  docsheet check BOOK.xlsx --family FAMILY [--sheet NAME] [--json]
  docsheet post BOOK.xlsx --family FAMILY [--sheet NAME] --base-url URL --client-id ID --client-secret SECRET [--out OUT.xlsx]
  docsheet pull FAMILY --base-url URL --client-id ID --client-secret SECRET --out OUT.xlsx
                [--range N] [--start-date YYYY-MM-DD --end-date YYYY-MM-DD] [--search TEXT] [--lines]
  docsheet template FAMILY --out BOOK.xlsx
  docsheet act BOOK.xlsx --family FAMILY --action status|delete|payment|upgrade|pdf|email|share|attach --base-url URL
               --client-id ID --client-secret SECRET [--sheet NAME] [--rows 2,5-9] [--status WORD] [--payment-method N]
               [--payment-date YYYY-MM-DD] [--pdf-dir DIR] [--to EMAIL] [--from EMAIL] [--subject TEXT] [--out OUT.xlsx]
               upgrade: --to FAMILY (the document to make); attach: --file PATH; email: --from EMAIL (the sender)
  docsheet serve [--port 8787] [--data-dir DIR] [--database-url postgres://...]

FAMILY: ${FAMILIES.join(", ")}
The client secret may also come from the environment variable DOCSHEET_CLIENT_SECRET.
Exit codes: 0 clean, 1 findings or failed rows, 2 usage or connection errors.`;

type Options = NonNullable<ParseArgsConfig["options"]>;

const CONNECTION: Options = {
  "base-url": { type: "string" },
  "client-id": { type: "string" },
  "client-secret": { type: "string" },
  concurrency: { type: "string" },
};

const COMMANDS: Record<string, { options: Options; positionals: number }> = {
  check: { options: { family: { type: "string" }, sheet: { type: "string" }, json: { type: "boolean" } }, positionals: 1 },
  post: { options: { family: { type: "string" }, sheet: { type: "string" }, out: { type: "string" }, ...CONNECTION }, positionals: 1 },
  pull: {
    options: {
      out: { type: "string" }, range: { type: "string" }, "start-date": { type: "string" }, "end-date": { type: "string" },
      search: { type: "string" }, lines: { type: "boolean" }, ...CONNECTION,
    },
    positionals: 1,
  },
  template: { options: { out: { type: "string" } }, positionals: 1 },
  act: {
    options: {
      family: { type: "string" }, sheet: { type: "string" }, out: { type: "string" }, action: { type: "string" }, rows: { type: "string" },
      status: { type: "string" }, "payment-method": { type: "string" }, "payment-date": { type: "string" }, "pdf-dir": { type: "string" },
      to: { type: "string" }, from: { type: "string" }, subject: { type: "string" }, message: { type: "string" }, culture: { type: "string" },
      file: { type: "string" },
      ...CONNECTION,
    },
    positionals: 1,
  },
  serve: { options: { port: { type: "string" }, "data-dir": { type: "string" }, "database-url": { type: "string" } }, positionals: 0 },
};

export interface Parsed {
  command: string;
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

export function parseCommand(argv: readonly string[]): Parsed {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") throw new UsageError("");
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(`unknown command "${command}"`);
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: { ...spec.options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (parsed.values.help) throw new UsageError("");
  if (parsed.positionals.length !== spec.positionals) {
    throw new UsageError(spec.positionals === 0
      ? `${command} takes no file or family argument`
      : `${command} needs ${command === "pull" || command === "template" ? "a FAMILY" : "a BOOK.xlsx"} argument`);
  }
  return { command, positionals: parsed.positionals, values: parsed.values as Parsed["values"] };
}

export function familyArg(value: unknown): Family {
  if (value === undefined) throw new UsageError("--family is required");
  if (!isFamily(value)) throw new UsageError(`"${String(value)}" is not a family; use one of ${FAMILIES.join(", ")}`);
  return value;
}

export function required(values: Parsed["values"], name: string): string {
  const v = values[name];
  if (typeof v !== "string" || v === "") throw new UsageError(`--${name} is required`);
  return v;
}

export function intArg(values: Parsed["values"], name: string, fallback?: number): number | undefined {
  const v = values[name];
  if (v === undefined) return fallback;
  if (typeof v !== "string" || !/^\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number`);
  return Number(v);
}

export function dateArg(values: Parsed["values"], name: string): string | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
    throw new UsageError(`--${name} must be a date YYYY-MM-DD`);
  }
  return v;
}

export interface Connection {
  root: string;
  clientId: string;
  clientSecret: string;
}

export function connectionArgs(values: Parsed["values"], env: NodeJS.ProcessEnv): Connection {
  const root = required(values, "base-url").replace(/\/+$/, "");
  try {
    const u = new URL(root);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
  } catch {
    throw new UsageError(`--base-url "${root}" is not an http(s) URL such as http://127.0.0.1:8787/test`);
  }
  const clientId = required(values, "client-id");
  const secret = (values["client-secret"] as string | undefined) ?? env.DOCSHEET_CLIENT_SECRET;
  if (!secret) throw new UsageError("--client-secret (or DOCSHEET_CLIENT_SECRET) is required");
  return { root, clientId, clientSecret: secret };
}
