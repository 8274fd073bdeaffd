// The monthly VAT report: every page of the month's tax documents (sell: tax invoices, cash invoices,
// receipts; buy: purchases, expenses) into the output-tax and input-tax reports, the void documents
// apart, and the return's summary. Each total is reconciled to the satang against the documents'
// own amounts: after writing, the totals the host holds (calculated by Excel in the pane) are read
// back and compared with the sum of the documents; a difference is a finding.
import { FAMILY_INFO } from "../rules/codes";
import type { DocumentApi, DocumentRecord, DocSheetClient } from "../api";
import { Decimal, ZERO, formatMoney, roundHalfUp } from "../rules/money";
import { cellAddress } from "../workbook/address";
import { vatTexts, type VatFinding, type VatSide } from "../sheet/i18n/vat-report";
import { VAT_FAMILIES, byDateAndSerial, isInlineVat, listed, pp30Lines, sums, vatEntry, type VatEntry } from "../sheet/vat-entries";
import { VALUE_COLUMN, VAT_COLUMN, sideTable, summaryTable, voidTable, type ReportCompany, type ReportTable, type SideFigures } from "../sheet/vat-tables";
import { totalsRowIndex, type WorkbookPort } from "../workbook/port";
import { companyRecords, connectedCompany } from "./company";
import { rdPrepPp30 } from "../sheet/rd-prep";
import { runPool } from "./pool";
import { throwIfCancelled, type JobContext } from "./types";

export interface VatReportOptions extends JobContext {
  /** YYYY-MM */
  month: string;
  /** Pages, and documents read whole, at once. */
  concurrency?: number;
}

export interface VatReport {
  month: string;
  output: VatEntry[];
  input: VatEntry[];
  /** Void documents that would otherwise count, listed apart. */
  voided: VatEntry[];
  figures: Record<VatSide, SideFigures>;
  findings: VatFinding[];
  /** The company reported on, as the forms' header blocks name it. */
  company?: ReportCompany;
}

export interface VatReportOutcome {
  report: VatReport;
  /** Sheet names: output, input, void, summary. */
  sheets: Record<VatSide | "void" | "summary", string>;
  /** Output VAT less input VAT (negative: refundable), at two decimals. */
  net: Decimal;
  findings: VatFinding[];
}

/** The first and last day of a month "YYYY-MM". */
export function monthRange(month: string): { startDate: string; endDate: string } {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { startDate: `${month}-01`, endDate: `${month}-${String(last).padStart(2, "0")}` };
}

/** One family's documents of the month, each once (pages may shift while they are read). */
async function readFamily(api: DocumentApi, opts: VatReportOptions, findings: VatFinding[]): Promise<DocumentRecord[]> {
  const { startDate, endDate } = monthRange(opts.month);
  const seen = new Map<number, DocumentRecord>();
  let listed = 0;
  const texts = vatTexts(opts.lang ?? "en");
  for await (const page of api.listAll({ range: 5, startDate, endDate }, { signal: opts.signal, concurrency: opts.concurrency })) {
    throwIfCancelled(opts.signal);
    listed = page.total;
    for (const doc of page.list) {
      // A service whose filter is looser than the month: the report keeps to the month.
      const date = typeof doc.publishedOn === "string" ? doc.publishedOn.slice(0, 10) : "";
      if (date >= startDate && date <= endDate) seen.set(doc.recordId, doc);
    }
    opts.onProgress?.({ done: seen.size, total: page.total, message: texts.progress(api.family, page.currentPage, seen.size, page.total) });
  }
  if (listed !== seen.size) findings.push({ kind: "countDiffers", family: api.family, listed, read: seen.size });
  return [...seen.values()];
}

/** Reads the month's documents and sorts them into the reports. */
export async function readVatReport(client: DocSheetClient, opts: VatReportOptions): Promise<VatReport> {
  const findings: VatFinding[] = [];
  const lines: Record<VatSide, VatEntry[]> = { output: [], input: [] };
  // Exempt-only documents: in no report, but their exempt value is in the summary.
  const unlisted: Record<VatSide, VatEntry[]> = { output: [], input: [] };
  const voided: VatEntry[] = [];
  for (const side of ["output", "input"] as const) {
    for (const family of VAT_FAMILIES[side]) {
      const api = client.documents(family);
      const docs = await readFamily(api, opts, findings);
      // A list that leaves the links out: the receipt is read for them (is it made from a tax invoice?).
      // Likewise an inline document listed without its lines (what rate is each?). Read `concurrency`
      // at a time, as the pages are; the entries are still made in list order.
      await runPool(docs, opts.concurrency ?? 4, async (doc, i) => {
        if ((FAMILY_INFO[family].paysDocuments && doc.referencedByMe === undefined) || (isInlineVat(doc) && doc.items === undefined)) {
          docs[i] = await api.get(doc.recordId, { signal: opts.signal });
        }
      }, () => opts.signal?.aborted ?? false);
      throwIfCancelled(opts.signal);
      for (const doc of docs) {
        const entry = vatEntry(side, family, doc, findings);
        if (!entry) continue;
        if (!listed(entry)) {
          if (!entry.void) unlisted[side].push(entry);
        } else (entry.void ? voided : lines[side]).push(entry);
      }
    }
  }
  lines.output.sort(byDateAndSerial);
  lines.input.sort(byDateAndSerial);
  voided.sort(byDateAndSerial);
  const figures = { output: sums(lines.output, unlisted.output), input: sums(lines.input, unlisted.input) };
  const info = (await client.company.get({ signal: opts.signal })) as Record<string, unknown>;
  const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
  const name = text(info.companyName) || text(info.compnayName);
  const branch = text(info.companyBranchCode);
  // A branch's establishment is named with its branch (the head office's is the company's name).
  const branchName = /^0*$/.test(branch) ? "" : text(info.companyBranch);
  const company = {
    name, taxId: text(info.companyTaxId), branch, establishment: branchName ? `${name} ${branchName}` : name,
    address: [text(info.companyAddress), text(info.companyZipCode)].filter(Boolean).join(" "),
  };
  return { month: opts.month, output: lines.output, input: lines.input, voided, figures, findings, company };
}

/** The report as the tables it is written in; `summary` needs where the two totals rows landed. */
export function reportTables(report: VatReport, lang: VatReportOptions["lang"] = "en"): Record<VatSide | "void", ReportTable> {
  return {
    output: sideTable("output", report.output, report.figures.output, report.month, lang, report.company),
    input: sideTable("input", report.input, report.figures.input, report.month, lang, report.company),
    void: voidTable(report.voided, report.month, lang),
  };
}

const addTable = (port: WorkbookPort, t: ReportTable, records?: (sheet: string) => ReadonlyMap<string, string>): Promise<string> =>
  port.addTableSheet(t.name, t.columns, t.rows, { totals: t.totals, formulas: t.formulas, above: t.above, print: t.print, records });

/** A total as the host holds it (Excel has calculated it), or null when it is not a number. */
function asDecimal(v: unknown): Decimal | null {
  return typeof v === "number" && Number.isFinite(v) ? new Decimal(v) : null;
}

/** Compares the totals the sheet holds (value at 7% and 0%, VAT) with the sums of the documents, to
 * the satang; the summary's lines tell the 0% value apart, with their own differences. */
async function reconcile(port: WorkbookPort, side: VatSide, sheet: string, row: number, figures: SideFigures, findings: VatFinding[]): Promise<void> {
  const block = await port.read({ sheet, range: `${cellAddress(row, VALUE_COLUMN)}:${cellAddress(row, VAT_COLUMN)}` });
  const [value, vat] = block.values[0] ?? [];
  for (const [what, held, documents] of [["value", value, figures.base.plus(figures.zero)], ["vat", vat, figures.vat]] as const) {
    // An empty cell is a total of 0: exceljs keeps no cached 0 for a formula (the .xlsx host reads it empty).
    const total = held === null ? ZERO : asDecimal(held);
    // The sheet's total is two-decimal money; so must the documents' sum be, exactly.
    if (total === null || !roundHalfUp(total, 2).equals(documents)) {
      findings.push({ kind: "totalDiffers", side, what, report: total === null ? String(held) : formatMoney(total), documents: formatMoney(documents, Math.max(2, documents.decimalPlaces())) });
    }
  }
}

/** The month's ภ.พ.30 file for RD Prep (sheet/rd-prep.ts) from the report's figures and the
 * company's branch and address: what `report vat --rd-prep` writes and the pane offers. */
export async function pp30File(client: DocSheetClient, report: VatReport, signal?: AbortSignal): Promise<string> {
  const info = (await client.company.get({ signal })) as Record<string, unknown>;
  const text = (v: unknown): string => (typeof v === "string" ? v : "");
  return rdPrepPp30({
    branch: text(info.companyBranchCode), address: text(info.companyAddress), zip: text(info.companyZipCode),
    lines: pp30Lines(report.figures.output, report.figures.input),
  });
}

/** Reads the month and writes the report into the workbook: four sheets, findings returned. */
export async function vatReportJob(port: WorkbookPort, client: DocSheetClient, opts: VatReportOptions): Promise<VatReportOutcome> {
  const company = await connectedCompany(client, opts.signal);
  const report = await readVatReport(client, opts);
  throwIfCancelled(opts.signal);
  // Each sheet records the company it reports on.
  const at = (opts.now ?? (() => new Date()))();
  return writeVatReport(port, report, opts.lang ?? "en", (sheet) => companyRecords(sheet, company, "report", at));
}

/** Writes a report read before: the two reports, the void documents, the summary; then reconciles. */
export async function writeVatReport(
  port: WorkbookPort, report: VatReport, lang: VatReportOptions["lang"] = "en", records?: (sheet: string) => ReadonlyMap<string, string>,
): Promise<VatReportOutcome> {
  const tables = reportTables(report, lang);
  const output = await addTable(port, tables.output);
  const input = await addTable(port, tables.input);
  const voidSheet = await addTable(port, tables.void);
  const where = (sheet: string, side: VatSide) => {
    const above = tables[side].above?.length ?? 0;
    // The table's rows are the documents' and the page totals.
    return { sheet, first: above + 1, row: totalsRowIndex(tables[side].rows.length, above) };
  };
  const at = { output: where(output, "output"), input: where(input, "input") };
  // The four sheets' records with the last of them: one write, and the records sheet comes after them.
  const summary = await addTable(port, summaryTable(report.month, lang, at, report.figures), records && ((name) => new Map(
    [output, input, voidSheet, name].flatMap((sheet) => [...records(sheet)]),
  )));
  const findings = [...report.findings];
  await reconcile(port, "output", output, at.output.row, report.figures.output, findings);
  await reconcile(port, "input", input, at.input.row, report.figures.input, findings);
  const net = roundHalfUp(report.figures.output.vat.minus(report.figures.input.vat), 2);
  return { report, sheets: { output, input, void: voidSheet, summary }, net, findings };
}

