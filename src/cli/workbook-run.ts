// What a command that works on a workbook's rows against the service starts from: the language and
// its words, the connection, the workbook, and where the workbook with the outcomes is written
// (WORKBOOK.<tag>.xlsx beside it, --out, or --in-place).
import { connectionArgs, langArg, type Connection, type Parsed } from "./args";
import { openWorkbook, resultsPath } from "./workbook-file";
import { words, type Words } from "./words";
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

/** A run of a command on a workbook (its FAMILY is read by sheetFamilyOf). */
export async function workbookFiles(p: Parsed, tag: string): Promise<WorkbookFiles> {
  const lang = langArg(p.values);
  const conn = connectionArgs(p.values, process.env);
  const input = p.positionals[0];
  const out = resultsPath(input, p.values.out as string | undefined, p.values["in-place"] === true, tag);
  return { lang, say: words(lang), conn, workbook: await openWorkbook(input), input, out };
}
