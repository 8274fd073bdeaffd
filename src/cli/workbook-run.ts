// What a command that works on a workbook's rows against the service starts from: the language and
// its words, the connection, the workbook, and where the workbook with the outcomes is written
// (WORKBOOK.<tag>.xlsx beside it, --out, or --in-place); for the document families, FAMILY too.
import { connectionArgs, familyArg, langArg, type Connection, type Parsed } from "./args";
import { openWorkbook, resultsPath } from "./workbook-file";
import { words, type Words } from "./words";
import type { Family } from "../rules/codes";
import type { Lang } from "../sheet/i18n/lang";
import type { XlsxWorkbook } from "../workbook/xlsx";

export interface WorkbookFiles {
  lang: Lang;
  say: Words;
  conn: Connection;
  workbook: XlsxWorkbook;
  /** The workbook as given, and where it is written with the outcomes. */
  input: string;
  out: string;
}

export interface WorkbookRun extends WorkbookFiles {
  family: Family;
}

/** A run of a family the command names itself (the books, certificates). */
export async function workbookFiles(p: Parsed, tag: string): Promise<WorkbookFiles> {
  const lang = langArg(p.values);
  const conn = connectionArgs(p.values, process.env);
  const input = p.positionals[0];
  const out = resultsPath(input, p.values.out as string | undefined, p.values["in-place"] === true, tag);
  return { lang, say: words(lang), conn, workbook: await openWorkbook(input), input, out };
}

export async function workbookRun(p: Parsed, tag: string): Promise<WorkbookRun> {
  const family = familyArg(p.values.family);
  return { family, ...(await workbookFiles(p, tag)) };
}
