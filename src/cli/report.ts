// `docsheet report vat --month YYYY-MM --base-url URL --client-id ID --client-secret S --out REPORT.xlsx
//   [--concurrency N] [--lang en|th]`: the month's VAT report into a new workbook, or as sheets added
// to an existing one. Prints the return's figures and every finding; exit 1 when there are findings.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ApiError, createClient } from "../api";
import { vatReportJob } from "../jobs/vat-report";
import { formatMoney } from "../rules/money";
import { vatTexts } from "../sheet/i18n/vat-report";
import { XlsxWorkbook } from "../workbook/xlsx";
import { UsageError, connectionArgs, intArg, langArg, monthArg, required, type Parsed } from "./args";
import { openBook } from "./book";
import { connectionFailure } from "./connection";
import { progressReporter } from "./progress";

export async function reportCommand(p: Parsed): Promise<number> {
  if (p.positionals[0] !== "vat") throw new UsageError(`"${p.positionals[0]}" is not a report; the report is vat`);
  const month = monthArg(p.values);
  const lang = langArg(p.values);
  const conn = connectionArgs(p.values, process.env);
  const out = resolve(required(p.values, "out"));
  const book = existsSync(out) ? await openBook(out) : XlsxWorkbook.empty();
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const progress = progressReporter("report");
  const texts = vatTexts(lang);
  try {
    const outcome = await vatReportJob(book, client, {
      month, lang, concurrency: intArg(p.values, "concurrency", 4), onProgress: (x) => progress.update(x),
    });
    progress.done();
    await book.save(out);
    const { report, net, findings } = outcome;
    for (const f of findings) process.stdout.write(`${texts.finding(f)}\n`);
    process.stdout.write(`${texts.done({
      month, outputVat: formatMoney(report.figures.output.vat), outputCount: report.output.length,
      inputVat: formatMoney(report.figures.input.vat), inputCount: report.input.length,
      net: formatMoney(net.abs()), refund: net.isNegative(), voided: report.voided.length, out,
    })}\n`);
    return findings.length > 0 ? 1 : 0;
  } catch (err) {
    progress.done();
    if (err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "documents"));
      return 2;
    }
    throw err;
  }
}
