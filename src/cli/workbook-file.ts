// The workbook named on the command line, and findings printed one per line.
import { existsSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import type { PostOutcome } from "../jobs/post";
import type { SheetFamily } from "../rules/codes";
import { publicFinding, type CellFinding } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";
import { render } from "../sheet/i18n/render";
import { XlsxWorkbook } from "../workbook/xlsx";
import { UsageError } from "./args";
import { commandLineWords } from "./finding-words";
import { errorTexts } from "./system-words";
import { words } from "./words";

/** Opens a workbook given on the command line; a missing or unreadable file is a usage error. */
export async function openWorkbook(path: string): Promise<XlsxWorkbook> {
  const full = resolve(path);
  if (!existsSync(full)) throw new UsageError("noFile", { path });
  try {
    return await XlsxWorkbook.load(full);
  } catch (err) {
    throw new UsageError("notXlsx", { path, detail: errorTexts(err) });
  }
}

/** Refuses a --sheet the workbook does not have, before any work. */
/** The sheet named exists; `writes`: and the workbook can take the results, said before anything is sent. */
export async function assertSheet(workbook: XlsxWorkbook, sheet: string | undefined, writes = false): Promise<void> {
  if (sheet !== undefined) {
    const names = await workbook.sheetNames();
    if (!names.includes(sheet)) throw new UsageError("noSheet", { sheet, sheets: names.map((n) => `"${n}"`).join(", ") });
  }
  if (writes) {
    // The table first, as the job reads it: one too big is refused at its limit, not read whole.
    await workbook.read({ sheet });
    workbook.assertWritable();
  }
}

/** One line a finding, its message in `lang` (translated only here, for what is printed). */
export function printFindings(findings: readonly CellFinding[], stream: NodeJS.WriteStream = process.stdout, lang: Lang = "en"): void {
  const said = words(lang);
  const opening = { error: "", warning: said.warning, note: said.note };
  for (const f of findings) stream.write(`${f.sheet}!${f.cell}${f.field ? ` [${f.field}]` : ""} ${opening[f.severity]}${render(commandLineWords(f.msg), lang)}\n`);
}

/** What check prints (findings, then the count; with --json the errors as JSON on stdout and the
 * rest on stderr), and its exit code. */
/** `family`: whose records the summary counts (documents when not given). */
export function printCheck(outcome: { documents: number; findings: readonly CellFinding[] }, json: boolean, lang: Lang, family?: SheetFamily): number {
  const errors = outcome.findings.filter((f) => f.severity === "error");
  if (json) {
    // field stays the column's key; the message is in --lang.
    process.stdout.write(`${JSON.stringify(errors.map((f) => ({ ...publicFinding(f), message: render(commandLineWords(f.msg), lang) })), null, 2)}\n`);
    printFindings(outcome.findings.filter((f) => f.severity !== "error"), process.stderr, lang);
  } else {
    printFindings(outcome.findings, process.stdout, lang);
    const warnings = outcome.findings.filter((f) => f.severity === "warning").length;
    const notes = outcome.findings.filter((f) => f.severity === "note").length;
    process.stdout.write(`${words(lang).checked(outcome.documents, errors.length, warnings, notes, family)}\n`);
  }
  return errors.length > 0 ? 1 : 0;
}

/** What post prints (findings, the rows not created or found, the counts), and its exit code. */
export function printPosted(outcome: Pick<PostOutcome, "findings"> & {
  results: ReadonlyArray<{ key: string; rows: number[]; kind: string; message: string }>;
  counts: PostOutcome["counts"] & { existing?: number; repeated?: number };
}, out: string, lang: Lang): number {
  const say = words(lang);
  printFindings(outcome.findings, process.stdout, lang);
  for (const r of outcome.results) {
    if (r.kind !== "created" && r.kind !== "found" && r.kind !== "existing" && r.kind !== "repeated" && r.kind !== "skipped") process.stdout.write(`${say.row(r.key, r.rows[0] + 1, r.message)}\n`);
  }
  const c = outcome.counts;
  const warnings = outcome.findings.filter((f) => f.severity === "warning").length;
  process.stdout.write(`${say.posted({ ...c, notSent: c.invalid + c.cancelled, warnings }, out)}\n`);
  return c.invalid + c.failed + c.unknown + c.cancelled > 0 ? 1 : 0;
}

/** Where a command's results go: --out, the input itself with --in-place, else WORKBOOK.<tag>.xlsx
 * beside it (post: WORKBOOK.posted.xlsx, act: WORKBOOK.acted.xlsx): the user's own file only when asked. */
export function resultsPath(input: string, out: string | undefined, inPlace: boolean, tag: string): string {
  if (out !== undefined && inPlace) throw new UsageError("outInPlace");
  if (out !== undefined) return resolve(out);
  const full = resolve(input);
  if (inPlace) return full;
  const ext = extname(full);
  return join(dirname(full), `${basename(full, ext)}.${tag}${ext || ".xlsx"}`);
}
