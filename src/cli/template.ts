// `docsheet template FAMILY --out WORKBOOK.xlsx [--lang en|th] [--base-url URL --client-id ID --client-secret S]`
// One command for every family. With the connection options the template gets the company's lookup
// lists (contacts, products, payment channels, expense categories) on a hidden sheet its drop-downs
// refer to, where its family picks from them, and records the company.
import { resolve } from "node:path";
import { ApiError, createClient } from "../api";
import { templateJob } from "../jobs/template";
import { XlsxWorkbook } from "../workbook/xlsx";
import { connectionArgs, langArg, required, sheetFamilyOf, type Parsed } from "./args";
import { connectionFailure } from "./connection";
import { words } from "./words";

export async function templateCommand(p: Parsed): Promise<number> {
  const family = sheetFamilyOf(p);
  const out = resolve(required(p.values, "out"));
  const lang = langArg(p.values);
  const connected = ["base-url", "client-id", "client-secret"].some((o) => p.values[o] !== undefined);
  const conn = connected ? connectionArgs(p.values, process.env) : undefined;
  const workbook = XlsxWorkbook.empty();
  try {
    const client = conn && createClient({ ...conn, fetch: globalThis.fetch });
    const outcome = await templateJob(workbook, { family, lang, client });
    await workbook.save(out);
    const said = words(lang);
    process.stdout.write(`${said.template(out, outcome.sheet, outcome.columns, family)}\n`);
    if (outcome.lists) process.stdout.write(`${said.templateLists(outcome.lists)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof ApiError && conn) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "lists"));
      return 2;
    }
    throw err;
  }
}
