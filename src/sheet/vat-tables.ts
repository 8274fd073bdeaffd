// The VAT report's sheets as tables: the output-tax and input-tax reports in the Revenue
// Department's layout (sequence, date, document number, counterparty, 13-digit tax id as text, the
// counterparty's establishment as head office (สำนักงานใหญ่, marked) or branch number (สาขาที่) in
// two columns, value of goods or services, VAT) with a totals row: a zero-rated value is listed in
// the value column with VAT 0.00, a document with both a 7% and a 0% part on two rows; the void
// documents listed apart, and the return's summary whose amounts are formulas over the two
// reports beside the sums of the documents, ending with the ภ.พ.30 return's lines 1-9. Thai dates
// show Buddhist-era years. Pure.
import { ZERO, roundHalfUp, toWireNumber, type Decimal } from "../rules/money";
import type { CellValue, ColumnSpec, TotalCell } from "../workbook/port";
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
}

/** The counterparty's establishment: a mark under head office, or the branch number. */
export const HEAD_OFFICE_COLUMN = 6;
export const BRANCH_COLUMN = 7;
/** Columns of the value (มูลค่าสินค้าหรือบริการ) and the VAT in a side's report. */
export const VALUE_COLUMN = 8;
export const VAT_COLUMN = 9;
/** What the head office column holds for a head office. */
export const HEAD_OFFICE_MARK = "✓";

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

/** How many rows a side's report has for `entries` (a table of none keeps one empty row). */
export const reportRowCount = (entries: readonly VatEntry[]): number => entries.reduce((n, e) => n + entryRows(e).length, 0);

/** A side's report; `figures` are the sums of `entries` (the report has them already); headed by
 * the form's header block when the company is known. */
export function sideTable(side: VatSide, entries: readonly VatEntry[], figures: SideFigures, month: string, lang: Lang, company?: ReportCompany): ReportTable {
  const t = vatTexts(lang);
  const rows: CellValue[][] = [];
  for (const e of entries) {
    // A person has no establishment; a registered one is the head office (00000) or a branch.
    const headOffice = /^0+$/.test(e.branch) ? HEAD_OFFICE_MARK : null;
    const branch = e.branch && !headOffice ? e.branch : null;
    for (const r of entryRows(e)) {
      rows.push([rows.length + 1, dateCell(e.date), e.serial, t.family(e.family), e.name, e.taxId || null, headOffice, branch, money(r.value), money(r.vat)]);
    }
  }
  const totals: TotalCell[] = SIDE_KINDS.map(() => null);
  totals[0] = { label: t.total };
  totals[VALUE_COLUMN] = { sum: toWireNumber(figures.cellBase.plus(figures.cellZero)) };
  totals[VAT_COLUMN] = { sum: toWireNumber(figures.cellVat) };
  return { name: t.sheet[side](month), columns: columnsOf(t.columns(side), SIDE_KINDS, lang), rows, totals, ...(company ? { above: formHeader(side, month, company, lang) } : {}) };
}

export function voidTable(entries: readonly VatEntry[], month: string, lang: Lang): ReportTable {
  const t = vatTexts(lang);
  // A void document's whole amount before VAT, whatever its line rates.
  const rows = entries.map((e, i) => [i + 1, dateCell(e.date), e.serial, t.family(e.family), t.side[e.side], e.name, money(e.base.plus(e.zero).plus(e.exempt)), money(e.vat)]);
  return { name: t.sheet.void(month), columns: columnsOf(t.voidColumns, VOID_KINDS, lang), rows };
}

/** Where a side's table is: its sheet, the 0-based row of its first data row and of its totals row. */
export interface TotalsAt {
  sheet: string;
  first: number;
  row: number;
}

const ref = (at: TotalsAt, col: number): string => `'${at.sheet.replace(/'/g, "''")}'!${cellAddress(at.row, col)}`;
/** The value of a side's zero-rated rows: those whose VAT is 0. */
const zeroRated = (at: TotalsAt): string => {
  const range = (col: number): string => `'${at.sheet.replace(/'/g, "''")}'!${cellAddress(at.first, col)}:${cellAddress(at.row - 1, col)}`;
  return `SUMIF(${range(VAT_COLUMN)},0,${range(VALUE_COLUMN)})`;
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

