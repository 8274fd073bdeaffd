// The text files the Revenue Department's RD Prep program imports (layouts in the README, chosen
// from reference/thai-tax-forms.md): pipe-delimited, one line per income line of a certificate
// (ภ.ง.ด.3, ภ.ง.ด.53), or the ภ.พ.30 return's one line. UTF-8 without a byte-order mark, CRLF line
// endings, dates ddmmyyyy in the Buddhist era, amounts with two decimals and no separators, rates
// as numbers. A `|` or a line break inside a text field becomes a space. Pure.
import { roundHalfUp, type Decimal } from "../rules/money";
import { WHT_FORM, incomeTypeText, type WhtForm } from "../rules/withholding";
import type { WhtLine, WhtReport } from "./wht-report";

export const RD_LINE_END = "\r\n";

const field = (v: string): string => v.replace(/[|\r\n]+/g, " ").trim();
const amount = (d: Decimal): string => roundHalfUp(d, 2).toFixed(2);
const rate = (d: Decimal): string => d.toString();

/** 2026-04-05 → 05042569. */
export function rdDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return y && m && d ? `${d}${m}${Number(y) + 543}` : "";
}

const TITLES = ["นางสาว", "นาย", "นาง", "น.ส.", "Mr.", "Mrs.", "Ms.", "Miss"];

/** An individual's name as title, first name and last name (the title only when the name starts with one). */
export function splitName(name: string): [title: string, first: string, last: string] {
  let rest = name.trim();
  let title = "";
  for (const t of TITLES) {
    if (rest.startsWith(t)) {
      title = t;
      rest = rest.slice(t.length).trim();
      break;
    }
  }
  const space = rest.search(/\s/);
  return space < 0 ? [title, rest, ""] : [title, rest.slice(0, space), rest.slice(space).trim()];
}

const COLUMNS: Record<WhtForm, readonly string[]> = {
  [WHT_FORM.PND3]: ["seq", "tax id", "branch", "title", "first name", "last name", "address", "date paid", "income type", "rate", "amount paid", "tax withheld", "condition"],
  [WHT_FORM.PND53]: ["seq", "tax id", "branch", "name", "address", "date paid", "income type", "rate", "amount paid", "tax withheld", "condition"],
};

/** The columns of a form's file, in order (what the README documents). */
export const rdColumns = (form: WhtForm): readonly string[] => COLUMNS[form];

function whtLine(l: WhtLine): string[] {
  const name = l.form === WHT_FORM.PND3 ? splitName(l.name) : [l.name];
  const type = l.type ? incomeTypeText(l.type, "th") : l.description;
  return [
    String(l.seq), l.taxId, l.form === WHT_FORM.PND53 ? l.branch || "00000" : "", ...name, l.address, rdDate(l.date), type,
    rate(l.rate), amount(l.amount), amount(l.tax), l.condition === undefined ? "" : String(l.condition),
  ];
}

/** A form's file: one line per income line of its live certificates, no header line. */
export function rdPrepWht(report: WhtReport, form: WhtForm): string {
  return report.lines[form].map((l) => `${whtLine(l).map(field).join("|")}${RD_LINE_END}`).join("");
}

export const RD_FILE_NAMES: Record<WhtForm, (month: string) => string> = {
  [WHT_FORM.PND3]: (m) => `PND3-${m}.txt`,
  [WHT_FORM.PND53]: (m) => `PND53-${m}.txt`,
};

export interface Pp30Figures {
  branch: string;
  address: string;
  zip: string;
  sales: Decimal;
  outputVat: Decimal;
  purchases: Decimal;
  inputVat: Decimal;
}

/** The ภ.พ.30 line: sequence|branch|address|zip|taxable sales|output tax|purchases|input tax|payable
 * (negative: refundable). */
export function rdPrepPp30(f: Pp30Figures): string {
  const net = roundHalfUp(f.outputVat, 2).minus(roundHalfUp(f.inputVat, 2));
  return `${["1", f.branch || "00000", f.address, f.zip, amount(f.sales), amount(f.outputVat), amount(f.purchases), amount(f.inputVat), amount(net)].map(field).join("|")}${RD_LINE_END}`;
}

export const PP30_FILE_NAME = (month: string): string => `PP30-${month}.txt`;
