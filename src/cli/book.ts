// The workbook named on the command line, and findings printed one per line.
import { existsSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import type { CellFinding } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";
import { translate } from "../sheet/i18n/translate";
import { XlsxWorkbook } from "../workbook/xlsx";
import { UsageError } from "./args";
import { words } from "./words";

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

/** Refuses a --sheet the workbook does not have, before any work. */
export async function assertSheet(book: XlsxWorkbook, sheet: string | undefined): Promise<void> {
  if (sheet !== undefined && !(await book.sheetNames()).includes(sheet)) throw new UsageError(`no sheet named "${sheet}"`);
}

/** One line a finding, its message in `lang` (translated only here, for what is printed). */
export function printFindings(findings: readonly CellFinding[], stream: NodeJS.WriteStream = process.stdout, lang: Lang = "en"): void {
  const said = words(lang);
  const opening = { error: "", warning: said.warning, note: said.note };
  for (const f of findings) stream.write(`${f.sheet}!${f.cell}${f.field ? ` [${f.field}]` : ""} ${opening[f.severity]}${translate(f.message, lang)}\n`);
}

/** Where a command's results go: --out, the input itself with --in-place, else BOOK.<tag>.xlsx
 * beside it (post: BOOK.posted.xlsx, act: BOOK.acted.xlsx): the user's own file only when asked. */
export function resultsPath(input: string, out: string | undefined, inPlace: boolean, tag: string): string {
  if (out !== undefined && inPlace) throw new UsageError("--out and --in-place do not go together");
  if (out !== undefined) return resolve(out);
  const full = resolve(input);
  if (inPlace) return full;
  const ext = extname(full);
  return join(dirname(full), `${basename(full, ext)}.${tag}${ext || ".xlsx"}`);
}
