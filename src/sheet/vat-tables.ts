// The VAT report's sheets as tables: the output-tax and input-tax reports in the Revenue
// Department's layout (sequence, date, document number, counterparty, 13-digit tax id as text, the
// counterparty's establishment as head office (สำนักงานใหญ่, marked) or branch number (สาขาที่) in
// two columns, value of goods or services, VAT), printed as the form on A4 landscape pages of
// ROWS_PER_PAGE documents each ending with its page total, and a totals row: a zero-rated value is listed in
// the value column with VAT 0.00, a document with both a 7% and a 0% part on two rows; the void
// documents listed apart, and the return's summary whose amounts are formulas over the two
// reports beside the sums of the documents, ending with the ภ.พ.30 return's lines 1-9. Thai dates
// show Buddhist-era years. Pure.
import { ZERO, roundHalfUp, toWireNumber, type Decimal } from "../rules/money";
import type { CellValue, ColumnSpec, PrintLayout, TotalCell } from "../workbook/port";
import { cellAddress } from "../workbook/address";
import type { Lang } from "./i18n/lang";
import { vatTexts, type VatSide } from "./i18n/vat-report";
import { pp30Lines, type SideFigures, type VatEntry } from "./vat-entries";

export type { SideFigures };

export interface ReportTable {
  name: string;
  columns: ColumnSpec[];
  rows: CellValue[][];
  totals?: TotalCell[];
  formulas?: (string | null)[][];
  /** A row's own number format (TableOptions.rowFormats): a count among amounts. */
  rowFormats?: (string | null)[];
  /** A header block written above the table (TableOptions.above). */
  above?: CellValue[][];
  /** How it prints (TableOptions.print). */
  print?: PrintLayout;
}

/** The counterparty's establishment: a mark under head office, or the branch number. */
export const HEAD_OFFICE_COLUMN = 6;
export const BRANCH_COLUMN = 7;
/** Columns of the value (มูลค่าสินค้าหรือบริการ) and the VAT in a side's report. */
export const VALUE_COLUMN = 8;
export const VAT_COLUMN = 9;
/** What the head office column holds for a head office. */
export const HEAD_OFFICE_MARK = "✓";
/** The column of a row's sequence number: a document's row holds a number there, a page total or
 * the totals row its label (text), which is how anything reading the report back tells them apart. */
export const SEQUENCE_COLUMN = 0;
/** Documents' rows on a printed page of a report, before the page's total: OCA's RD layout of the
 * reports (l10n_th_account_tax_report, tax_report_rd.xml) prints 15 a page on A4 landscape with a
 * two-row header; Excel's rows are lower, and 20 with the header block repeated fit one page. */
export const ROWS_PER_PAGE = 20;

/** Buddhist-era years in Thai (Excel's bbbb), day/month/year as Thai accountants write dates. */
export const dateFormat = (lang: Lang): string => (lang === "th" ? "dd/mm/bbbb" : "dd/mm/yyyy");

const dateCell = (iso: string): CellValue => {
  const [y, m, d] = iso.split("-").map(Number);
  return y && m && d ? new Date(Date.UTC(y, m - 1, d)) : iso;
};
const money = (d: Decimal): number => toWireNumber(roundHalfUp(d, 2));

const SIDE_KINDS: ColumnSpec["kind"][] = ["integer", "date", "text", "text", "text", "text", "text", "text", "money", "money"];
const VOID_KINDS: ColumnSpec["kind"][] = ["integer", "date", "text", "text", "text", "text", "money", "money"];

function columnsOf(headers: readonly string[], kinds: readonly ColumnSpec["kind"][], lang: Lang): ColumnSpec[] {
  return headers.map((header, i) => ({ header, kind: kinds[i], ...(kinds[i] === "date" ? { format: dateFormat(lang) } : {}) }));
}

/** The company a report is of, as the form heads it. */
export interface ReportCompany {
  name: string;
  taxId: string;
  /** 5 digits; 00000 (or none) is the head office. */
  branch: string;
  /** The establishment's: its name (a branch's with the branch's name) and address with postal code. */
  establishment?: string;
  address?: string;
}

/** The header block of the Revenue Department's report: the report, the tax month, the operator
 * and the establishment's name, the operator's tax id and the establishment's address, head office
 * or branch; then an empty row. The establishment's name and address stand beside the operator's
 * lines (columns C and D) so the block keeps its five rows. */
export function formHeader(side: VatSide, month: string, company: ReportCompany, lang: Lang): CellValue[][] {
  const t = vatTexts(lang);
  const branch = /^0*$/.test(company.branch) ? t.form.headOffice : t.form.branch(company.branch.padStart(5, "0"));
  return [
    [t.form.title[side]],
    [t.form.month, t.monthName(month)],
    [t.form.operator, company.name, t.form.establishmentName, company.establishment || company.name],
    [t.form.taxId, company.taxId || null, t.form.address, company.address || null],
    [t.form.establishment, branch],
    [null],
  ];
}

/** A report's rows of an entry: its value at 7% with the VAT, and its zero-rated value with VAT 0.00
 * (both when the document has both). */
function entryRows(e: VatEntry): { value: Decimal; vat: Decimal }[] {
  const rows: { value: Decimal; vat: Decimal }[] = [];
  if (!e.base.isZero() || !e.vat.isZero() || e.zero.isZero()) rows.push({ value: e.base, vat: e.vat });
  if (!e.zero.isZero()) rows.push({ value: e.zero, vat: ZERO });
  return rows;
}

/** A report's rows cut into printed pages of ROWS_PER_PAGE documents, each page ending with its
 * page total (รวมหน้านี้): the sums of its value and VAT as SUBTOTAL formulas, which the totals row's
 * SUBTOTAL leaves out, so the grand total stays the sum of the documents; `above`: rows over the
 * table's header. No rows: no page. */
function paged(docs: CellValue[][], above: number, label: string): Pick<ReportTable, "rows" | "formulas"> & { ends: number[] } {
  const rows: CellValue[][] = [];
  const formulas: (string | null)[][] = [];
  const ends: number[] = [];
  for (let at = 0; at < docs.length; at += ROWS_PER_PAGE) {
    const page = docs.slice(at, at + ROWS_PER_PAGE);
    // The page's rows in the sheet, 1-based: the table's first data row is under the header.
    const first = above + 2 + rows.length;
    const last = first + page.length - 1;
    rows.push(...page);
    formulas.push(...page.map(() => []));
    const sum = (col: number): number => toWireNumber(page.reduce((s, r) => s.plus(r[col] as number), ZERO));
    const total: CellValue[] = docs[0].map(() => null);
    total[SEQUENCE_COLUMN] = label;
    total[VALUE_COLUMN] = sum(VALUE_COLUMN);
    total[VAT_COLUMN] = sum(VAT_COLUMN);
    const range = (col: number): string => `${cellAddress(first - 1, col)}:${cellAddress(last - 1, col)}`;
    const formula: (string | null)[] = total.map(() => null);
    formula[VALUE_COLUMN] = `=SUBTOTAL(109,${range(VALUE_COLUMN)})`;
    formula[VAT_COLUMN] = `=SUBTOTAL(109,${range(VAT_COLUMN)})`;
    ends.push(rows.length);
    rows.push(total);
    formulas.push(formula);
  }
  return { rows, formulas, ends };
}

/** A side's report; `figures` are the sums of `entries` (the report has them already); headed by
 * the form's header block when the company is known; printed as the form, a page total on every page. */
export function sideTable(side: VatSide, entries: readonly VatEntry[], figures: SideFigures, month: string, lang: Lang, company?: ReportCompany): ReportTable {
  const t = vatTexts(lang);
  const docs: CellValue[][] = [];
  for (const e of entries) {
    // A person has no establishment; a registered one is the head office (00000) or a branch.
    const headOffice = /^0+$/.test(e.branch) ? HEAD_OFFICE_MARK : null;
    const branch = e.branch && !headOffice ? e.branch : null;
    for (const r of entryRows(e)) {
      docs.push([docs.length + 1, dateCell(e.date), e.serial, t.family(e.family), e.name, e.taxId || null, headOffice, branch, money(r.value), money(r.vat)]);
    }
  }
  const above = company ? formHeader(side, month, company, lang) : undefined;
  const { rows, formulas, ends } = paged(docs, above?.length ?? 0, t.pageTotal);
  const totals: TotalCell[] = SIDE_KINDS.map(() => null);
  totals[SEQUENCE_COLUMN] = { label: t.total };
  totals[VALUE_COLUMN] = { sum: toWireNumber(figures.cellBase.plus(figures.cellZero)) };
  totals[VAT_COLUMN] = { sum: toWireNumber(figures.cellVat) };
  return {
    name: t.sheet[side](month), columns: columnsOf(t.columns(side), SIDE_KINDS, lang), rows, formulas, totals,
    ...(above ? { above } : {}),
    // The last page's total is followed by the grand total on the same page.
    print: { orientation: "landscape", pageEnds: ends.slice(0, -1), strong: ends, pageHeader: t.pageHeader },
  };
}

export function voidTable(entries: readonly VatEntry[], month: string, lang: Lang): ReportTable {
  const t = vatTexts(lang);
  // A void document's whole amount before VAT, whatever its line rates.
  const rows = entries.map((e, i) => [i + 1, dateCell(e.date), e.serial, t.family(e.family), t.side[e.side], e.name, money(e.base.plus(e.zero).plus(e.exempt)), money(e.vat)]);
  return { name: t.sheet.void(month), columns: columnsOf(t.voidColumns, VOID_KINDS, lang), rows };
}

/** Where a side's table is: its sheet, the 0-based row of its first data row and of its totals row
 * (page totals are among the rows between). */
export interface TotalsAt {
  sheet: string;
  first: number;
  row: number;
}

const ref = (at: TotalsAt, col: number): string => `'${at.sheet.replace(/'/g, "''")}'!${cellAddress(at.row, col)}`;
/** The value of a side's zero-rated rows: the documents' rows (a sequence number, not a page
 * total's label) whose VAT is 0. */
const zeroRated = (at: TotalsAt): string => {
  const range = (col: number): string => `'${at.sheet.replace(/'/g, "''")}'!${cellAddress(at.first, col)}:${cellAddress(at.row - 1, col)}`;
  return `SUMIFS(${range(VALUE_COLUMN)},${range(VAT_COLUMN)},0,${range(SEQUENCE_COLUMN)},">0")`;
};

/** The return's summary: each amount a formula over the reports' totals, the documents' sum beside
 * it and the difference (a formula too), payable and refundable from output less input VAT; then
 * the sales and purchases at 0% (formulas over the reports' rows with VAT 0) and the exempt ones
 * (no report lists exempt-only documents, so the amount is the documents' sum). */
export function summaryTable(month: string, lang: Lang, at: Record<VatSide, TotalsAt>, figures: Record<VatSide, SideFigures>): ReportTable {
  const t = vatTexts(lang);
  const out = figures.output;
  const inp = figures.input;
  const net = (a: Decimal, b: Decimal): Decimal => (a.greaterThan(b) ? a.minus(b) : ZERO);
  // [formula of the amount, what it comes to, the documents' figure]; sheet rows 2..11 (B2 = sales).
  // The 0% and exempt lines follow the first six so the cells those refer to keep their places.
  // The value at 7% is the report's value total less its zero-rated rows (B8, B10).
  const lines: [string | null, Decimal, Decimal][] = [
    [`=${ref(at.output, VALUE_COLUMN)}-B8`, out.cellBase, out.base],
    [`=${ref(at.output, VAT_COLUMN)}`, out.cellVat, out.vat],
    [`=${ref(at.input, VALUE_COLUMN)}-B10`, inp.cellBase, inp.base],
    [`=${ref(at.input, VAT_COLUMN)}`, inp.cellVat, inp.vat],
    ["=MAX(B3-B5,0)", net(out.cellVat, inp.cellVat), net(out.vat, inp.vat)],
    ["=MAX(B5-B3,0)", net(inp.cellVat, out.cellVat), net(inp.vat, out.vat)],
    [`=${zeroRated(at.output)}`, out.cellZero, out.zero],
    [null, roundHalfUp(out.exempt, 2), out.exempt],
    [`=${zeroRated(at.input)}`, inp.cellZero, inp.zero],
    [null, roundHalfUp(inp.exempt, 2), inp.exempt],
  ];
  // The ภ.พ.30 return's lines 1-9 after them (sheet rows 12..20), as formulas over the lines above.
  const cells = pp30Lines({ base: out.cellBase, vat: out.cellVat, zero: out.cellZero, exempt: out.exempt }, { base: inp.cellBase, vat: inp.cellVat });
  const own = pp30Lines(out, inp);
  const pp30 = ["=B2+B8+B9", "=B8", "=B9", "=B12-B13-B14", "=B3", "=B4", "=B5", "=MAX(B16-B18,0)", "=MAX(B18-B16,0)"];
  lines.push(...pp30.map((formula, i): [string, Decimal, Decimal] => [formula, cells[i], own[i]]));
  const rows = lines.map(([, amount, documents], i) => [t.summary[i], toWireNumber(amount), toWireNumber(documents), toWireNumber(amount.minus(documents))]);
  const formulas = lines.map(([formula], i) => [null, formula, null, `=B${i + 2}-C${i + 2}`]);
  return {
    name: t.sheet.summary(month),
    columns: t.summaryColumns.map((header, i) => ({ header, kind: i === 0 ? "text" : "money" })),
    rows, formulas,
  };
}

