// The monthly withholding tax returns: the month's certificates into one attachment per form
// (ภ.ง.ด.3, ภ.ง.ด.53, and ภ.ง.ด.1, ภ.ง.ด.2 when the month has certificates on them), the void ones apart, and the return's sheet; the purchases and expenses of
// the month that withheld tax without a certificate are findings, and with `missing` a sheet of
// certificate rows to complete and post. The totals the sheet holds (calculated by Excel in the
// pane) are read back and compared with the certificates' own totals to the satang.
import type { DocSheetClient } from "../api";
import { Decimal, ZERO, formatMoney, roundHalfUp } from "../rules/money";
import type { WhtForm } from "../rules/certificate-forms";
import { cellAddress } from "../workbook/address";
import {
  AMOUNT_COLUMN, TAX_COLUMN, formTable, missingCertificates, missingRows, reportForms, returnTable, voidTable, whtReport, whtTexts,
  type WhtFinding, type WhtReport,
} from "../sheet/wht-report";
import { WHT_KEYS, whtColumn } from "../sheet/wht-rows";
import type { ReportTable } from "../sheet/vat-tables";
import { totalsRowIndex, type WorkbookPort } from "../workbook/port";
import { companyRecords, connectedCompany } from "./company";
import { familyRecord } from "./sheet-family";
import { CERTIFICATES } from "../families/certificates";
import { FAMILY_ENTRIES } from "../families";
import type { Family } from "../rules/codes";
import { monthRange } from "./vat-report";
import { readCertificates } from "./certificate-list";
import { throwIfCancelled, type JobContext } from "./types";
import type { Json } from "../rules/json";

export interface WhtReportOptions extends JobContext {
  /** YYYY-MM */
  month: string;
  /** Also write the missing certificates as a sheet of certificate rows. */
  missing?: boolean;
}

export interface WhtReportOutcome {
  report: WhtReport;
  /** The forms written (reportForms), in order. */
  forms: WhtForm[];
  sheets: { forms: Partial<Record<WhtForm, string>>; void: string; return: string; missing?: string };
  findings: WhtFinding[];
}

/** The document families whose lines' withholding the company certifies (purchases, expenses). */
const CERTIFYING = FAMILY_ENTRIES.filter((e) => e.lineWithholdingCertified).map((e) => e.name as Family);

/** The month's purchases and expenses, each once, read whole where a list leaves the lines out. */
async function monthDocuments(client: DocSheetClient, opts: WhtReportOptions): Promise<{ family: Family; doc: Json }[]> {
  const { startDate, endDate } = monthRange(opts.month);
  const out: { family: Family; doc: Json }[] = [];
  for (const family of CERTIFYING) {
    const api = client.documents(family);
    const seen = new Map<number, Json>();
    for await (const page of api.listAll({ range: 5, startDate, endDate }, { signal: opts.signal })) {
      throwIfCancelled(opts.signal);
      for (const doc of page.list) {
        const date = typeof doc.publishedOn === "string" ? doc.publishedOn.slice(0, 10) : "";
        if (date >= startDate && date <= endDate && doc.statusString !== "void") seen.set(doc.recordId, doc as Json);
      }
    }
    for (const [id, doc] of seen) {
      // Line withholding needs the lines.
      const lines = Array.isArray(doc.items) ? doc.items : undefined;
      out.push({ family, doc: lines === undefined && doc.useInlineVat ? ((await api.get(id, { signal: opts.signal })) as Json) : doc });
    }
  }
  return out;
}

/** Reads the month's certificates and documents into the report. */
export async function readWhtReport(client: DocSheetClient, opts: WhtReportOptions): Promise<WhtReport> {
  const info = (await client.company.get({ signal: opts.signal })) as Json;
  const { startDate, endDate } = monthRange(opts.month);
  const certificates = await readCertificates(client, { startDate, endDate, signal: opts.signal });
  const docs = await monthDocuments(client, opts);
  const missing = missingCertificates(docs, certificates);
  const text = (v: unknown): string => (typeof v === "string" ? v : "");
  const company = { name: text(info.companyName) || text(info.compnayName), taxId: text(info.companyTaxId), branch: text(info.companyBranchCode) || text(info.companyBranch) };
  return whtReport(opts.month, company, certificates, missing);
}

const addTable = (port: WorkbookPort, t: ReportTable, records?: (sheet: string) => ReadonlyMap<string, string>): Promise<string> =>
  port.addTableSheet(t.name, t.columns, t.rows, { totals: t.totals, formulas: t.formulas, above: t.above, rowFormats: t.rowFormats, print: t.print, records });

/** Compares a form's totals as the sheet holds them with the certificates' own, to the satang. */
async function reconcile(port: WorkbookPort, form: WhtForm, sheet: string, row: number, report: WhtReport, findings: WhtFinding[]): Promise<void> {
  const block = await port.read({ sheet, range: `${cellAddress(row, AMOUNT_COLUMN)}:${cellAddress(row, TAX_COLUMN)}` });
  const [amount, tax] = block.values[0] ?? [];
  const fig = report.figures[form];
  for (const [what, held, own] of [["amount", amount, fig.amount], ["tax", tax, fig.tax]] as const) {
    // An empty cell is a total of 0 (exceljs keeps no cached 0 for a formula).
    const total = held === null ? ZERO : typeof held === "number" && Number.isFinite(held) ? new Decimal(held) : null;
    if (total === null || !roundHalfUp(total, 2).equals(roundHalfUp(own, 2))) {
      findings.push({ kind: "totalDiffers", form, what, report: total === null ? String(held) : formatMoney(total), certificates: formatMoney(own) });
    }
  }
}

export async function whtReportJob(port: WorkbookPort, client: DocSheetClient, opts: WhtReportOptions): Promise<WhtReportOutcome> {
  const stamp = await connectedCompany(client, opts.signal);
  const report = await readWhtReport(client, opts);
  throwIfCancelled(opts.signal);
  const at = (opts.now ?? (() => new Date()))();
  return writeWhtReport(port, report, opts, (sheet) => companyRecords(sheet, stamp, "report", at));
}

/** Writes a report read before: the attachments, the void certificates, the return (and the
 * missing certificates); then reconciles. */
export async function writeWhtReport(
  port: WorkbookPort, report: WhtReport, opts: Pick<WhtReportOptions, "lang" | "missing">, records?: (sheet: string) => ReadonlyMap<string, string>,
): Promise<WhtReportOutcome> {
  const lang = opts.lang ?? "en";
  const written = reportForms(report);
  const forms: Partial<Record<WhtForm, string>> = {};
  const at: Partial<Record<WhtForm, { sheet: string; row: number }>> = {};
  for (const form of written) {
    const table = formTable(form, report, lang);
    forms[form] = await addTable(port, table);
    // The totals row, under the header block and the lines.
    at[form] = { sheet: forms[form]!, row: totalsRowIndex(report.lines[form].length, table.above?.length ?? 0) };
  }
  const voidSheet = await addTable(port, voidTable(report, lang));
  let missing: string | undefined;
  if (opts.missing) {
    // A certificate sheet like any other: check and post take it.
    missing = await port.addTableSheet(whtTexts(lang).sheet.missing(report.month), WHT_KEYS.map((k) => whtColumn(k, lang)), missingRows(report.missing, lang));
  }
  // Every sheet's records with the last one: one write, and the records sheet comes after them.
  const sheets = [...written.map((f) => forms[f]!), voidSheet];
  const ret = await addTable(port, returnTable(report, lang, at), (name) => new Map([
    ...[...sheets, name, ...(missing ? [missing] : [])].flatMap((s) => [...(records ? records(s) : [])]),
    ...(missing ? familyRecord(CERTIFICATES.name)(missing) : []),
  ]));
  const findings = [...report.findings];
  for (const form of written) await reconcile(port, form, forms[form]!, at[form]!.row, report, findings);
  return { report, forms: written, sheets: { forms, void: voidSheet, return: ret, missing }, findings };
}
