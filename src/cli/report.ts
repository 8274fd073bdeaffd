// `docsheet report vat|wht --month YYYY-MM --base-url URL --client-id ID --client-secret S --out REPORT.xlsx
//   [--rd-prep DIR] [--rd-layout FILE] [--missing] [--concurrency N] [--lang en|th]`: the month's VAT report or
// withholding tax returns into a new workbook, or as sheets added to an existing one, and with
// --rd-prep the files RD Prep imports. Prints the figures and every finding; exit 1 when there are
// findings.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { ApiError, createClient, type DocSheetClient } from "../api";
import { pp30File, vatReportJob } from "../jobs/vat-report";
import { whtReportJob } from "../jobs/wht-report";
import { formatMoney } from "../rules/money";
import { vatTexts } from "../sheet/i18n/vat-report";
import { PP30_FILE_NAME, RD_FIELDS, RD_FILE_NAMES, parseRdLayout, rdPrepWht, type RdLayouts } from "../sheet/rd-prep";
import { whtTexts } from "../sheet/wht-report";
import { XlsxWorkbook } from "../workbook/xlsx";
import { UsageError, connectionArgs, intArg, langArg, monthArg, required, type Parsed } from "./args";
import { openWorkbook } from "./workbook-file";
import { connectionFailure } from "./connection";
import { progressReporter } from "./progress";

export async function reportCommand(p: Parsed): Promise<number> {
  const kind = p.positionals[0];
  if (kind !== "vat" && kind !== "wht") throw new UsageError("notReport", { kind });
  if (kind === "vat" && p.values.missing) throw new UsageError("missingWht");
  if (kind === "vat" && p.values["rd-layout"] !== undefined) throw new UsageError("rdLayoutWht");
  const layouts = p.values["rd-layout"] === undefined ? {} : await layoutFile(resolve(required(p.values, "rd-layout")));
  const month = monthArg(p.values);
  const lang = langArg(p.values);
  const conn = connectionArgs(p.values, process.env);
  const out = resolve(required(p.values, "out"));
  const rdPrep = p.values["rd-prep"] === undefined ? undefined : resolve(required(p.values, "rd-prep"));
  const workbook = existsSync(out) ? await openWorkbook(out) : XlsxWorkbook.empty();
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("report", lang);
  try {
    const code = kind === "vat"
      ? await vat(workbook, client, { month, lang, out, rdPrep, concurrency: intArg(p.values, "concurrency", 4), progress })
      : await wht(workbook, client, { month, lang, out, rdPrep, layouts, missing: p.values.missing === true, progress });
    return code;
  } catch (err) {
    progress.done();
    if (err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "documents"));
      return 2;
    }
    throw err;
  }
}

interface Run {
  month: string;
  lang: "en" | "th";
  out: string;
  rdPrep?: string;
  progress: ReturnType<typeof progressReporter>;
}

async function vat(workbook: XlsxWorkbook, client: DocSheetClient, r: Run & { concurrency?: number }): Promise<number> {
  const texts = vatTexts(r.lang);
  const outcome = await vatReportJob(workbook, client, {
    month: r.month, lang: r.lang, concurrency: r.concurrency, onProgress: (x) => r.progress.update(x),
  });
  r.progress.done();
  await workbook.save(r.out);
  const { report, net, findings } = outcome;
  if (r.rdPrep) {
    await mkdir(r.rdPrep, { recursive: true });
    await writeFile(join(r.rdPrep, PP30_FILE_NAME(r.month)), await pp30File(client, report), "utf8");
  }
  for (const f of findings) process.stdout.write(`${texts.finding(f)}\n`);
  process.stdout.write(`${texts.done({
    month: r.month, outputVat: formatMoney(report.figures.output.vat), outputCount: report.output.length,
    inputVat: formatMoney(report.figures.input.vat), inputCount: report.input.length,
    net: formatMoney(net.abs()), refund: net.isNegative(), voided: report.voided.length, out: r.out,
  })}\n`);
  return findings.length > 0 ? 1 : 0;
}

/** The layouts a file sets; a line it cannot read is a usage error naming it. */
async function layoutFile(file: string): Promise<RdLayouts> {
  const { layouts, problems } = parseRdLayout(await readFile(file, "utf8"));
  const p = problems[0];
  if (p) throw new UsageError(p.what === "form" ? "rdLayoutForm" : "rdLayoutField", { file, line: p.line, text: p.text, fields: RD_FIELDS.join(", ") });
  return layouts;
}

async function wht(workbook: XlsxWorkbook, client: DocSheetClient, r: Run & { missing: boolean; layouts: RdLayouts }): Promise<number> {
  const texts = whtTexts(r.lang);
  const outcome = await whtReportJob(workbook, client, { month: r.month, lang: r.lang, missing: r.missing, onProgress: (x) => r.progress.update(x) });
  r.progress.done();
  await workbook.save(r.out);
  const { report, findings } = outcome;
  if (r.rdPrep) {
    await mkdir(r.rdPrep, { recursive: true });
    for (const form of outcome.forms) await writeFile(join(r.rdPrep, RD_FILE_NAMES[form](r.month)), rdPrepWht(report, form, r.layouts), "utf8");
  }
  for (const f of findings) process.stdout.write(`${texts.finding(f)}\n`);
  process.stdout.write(`${texts.done({
    month: r.month, forms: outcome.forms.map((form) => ({ form, tax: formatMoney(report.figures[form].tax), count: report.figures[form].certificates })),
    voided: new Set(report.voided.map((l) => l.recordId)).size, missing: report.missing.length, out: r.out,
  })}\n`);
  return findings.length > 0 ? 1 : 0;
}
