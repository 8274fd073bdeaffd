// The monthly withholding tax returns (ภ.ง.ด.3, ภ.ง.ด.53) from the month's certificates: one table
// per form in the attachment's layout (sequence, tax id, branch, name and surname as the form's boxes, address, date paid, income
// type, rate, amount paid, tax withheld, condition) with a totals row of formulas, the void
// certificates apart, and the return's sheet: the company's header block and, per form, the
// totals as formulas over the attachment beside the certificates' own totals and the difference.
// Purchases and expenses of the month that withheld tax and have no certificate are found here
// too, as certificate rows (wht-rows.ts) the user checks and posts. Pure.
import { FAMILY_INFO, type Family } from "../rules/codes";
import { ZERO, parseDecimal, roundHalfUp, toWireNumber, type Decimal } from "../rules/money";
import {
  FORM_NAME, USUAL_FORMS, rdCondition, WHT_FORM, WHT_FORMS, formOfPayment, formOfTaxId, incomeTypeOfLine, incomeTypeText, isJuristicTaxId, isWhtForm,
  type IncomeType, type WhtForm,
} from "../rules/certificate-forms";
import type { CellValue, ColumnSpec, TotalCell } from "../workbook/port";
import { cellAddress } from "../workbook/address";
import { shownValue } from "./columns";
import type { Lang } from "./i18n/lang";
import { monthLabel, vatTexts } from "./i18n/vat-report";
import { fillCounted } from "./i18n/plural";
import { whtReport as en } from "../texts/en/wht-report";
import { whtReport as th } from "../texts/th/wht-report";
import { dateFormat, type ReportTable } from "./vat-tables";
import { splitName } from "./thai-names";
import { WHT_KEYS } from "./wht-rows";
import type { Json } from "../rules/json";

export interface WhtLine {
  /** The certificate's place in its form's attachment (its lines share it). */
  seq: number;
  recordId: number;
  serial: string;
  date: string;
  form: WhtForm;
  name: string;
  taxId: string;
  branch: string;
  address: string;
  type?: IncomeType;
  description: string;
  rate: Decimal;
  amount: Decimal;
  tax: Decimal;
  /** The RD's condition code (1 at source, 2 payer always, 3 payer once); undefined: none. */
  condition?: number;
}

export interface FormFigures {
  /** Certificates (payees) on the form. */
  certificates: number;
  /** The certificates' own totals (total, totalTaxWithheld). */
  amount: Decimal;
  tax: Decimal;
  /** The sums of the attachment's line cells. */
  cellAmount: Decimal;
  cellTax: Decimal;
}

export type WhtFinding =
  | { kind: "totalDiffers"; form: WhtForm; what: "amount" | "tax"; report: string; certificates: string }
  | { kind: "otherForm"; serial: string; entity: number }
  | { kind: "formDiffers"; serial: string; form: WhtForm; expected: WhtForm }
  | { kind: "missing"; family: Family; serial: string; name: string; tax: string };

export interface MissingDocument {
  family: Family;
  serial: string;
  date: string;
  name: string;
  taxId: string;
  branch: string;
  address: string;
  lines: { rate: Decimal; amount: Decimal; tax: Decimal }[];
  tax: Decimal;
}

export interface WhtReport {
  month: string;
  company: { name: string; taxId: string; branch: string };
  lines: Record<WhtForm, WhtLine[]>;
  voided: WhtLine[];
  figures: Record<WhtForm, FormFigures>;
  missing: MissingDocument[];
  findings: WhtFinding[];
}

const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const dec = (v: unknown): Decimal => parseDecimal(v) ?? ZERO;
const two = (d: Decimal): Decimal => roundHalfUp(d, 2);

const perForm = <T>(make: () => T): Record<WhtForm, T> => Object.fromEntries(WHT_FORMS.map((f) => [f, make()])) as Record<WhtForm, T>;

/** The forms a report writes: ภ.ง.ด.3 and ภ.ง.ด.53 always, the others when the month has certificates on them. */
export const reportForms = (report: WhtReport): WhtForm[] =>
  WHT_FORMS.filter((f) => USUAL_FORMS.includes(f) || report.lines[f].length > 0);

/** The certificates' lines by form, the void ones apart, and the figures of each form. */
export function whtReport(month: string, company: WhtReport["company"], certificates: readonly Json[], missing: MissingDocument[]): WhtReport {
  const lines = perForm<WhtLine[]>(() => []);
  const voided: WhtLine[] = [];
  const findings: WhtFinding[] = [];
  const figures = perForm<FormFigures>(() => ({ certificates: 0, amount: ZERO, tax: ZERO, cellAmount: ZERO, cellTax: ZERO }));
  const seq = perForm(() => 0);
  let voidSeq = 0;
  for (const c of certificates) {
    const entity = Number(c.entity);
    const taxId = text(c.contactTaxId);
    if (!isWhtForm(entity)) {
      findings.push({ kind: "otherForm", serial: text(c.documentSerial), entity });
      continue;
    }
    const form = entity;
    const isVoid = c.statusString === "void";
    const n = isVoid ? ++voidSeq : ++seq[form];
    const items = Array.isArray(c.withholdingTaxItems) ? (c.withholdingTaxItems as Json[]) : [];
    const made = items.map((item): WhtLine => ({
      seq: n, recordId: Number(c.recordId), serial: text(c.documentSerial), date: text(c.publishedOn).slice(0, 10), form,
      name: text(c.contactName), taxId, branch: text(c.contactBranch), address: text(c.contactAddress),
      type: incomeTypeOfLine(item.incomeType, item.description), description: text(item.description),
      rate: dec(item.taxRate), amount: two(dec(item.taxAmount)), tax: two(dec(item.withheld)), condition: rdCondition(form, Number(c.taxPayment)),
    }));
    if (isVoid) {
      voided.push(...made);
      continue;
    }
    lines[form].push(...made);
    // Listed where it was certified; a form the payee's kind and income say otherwise of is a finding.
    const expected = formOfPayment(isJuristicTaxId(taxId), made.find((l) => l.type)?.type);
    if (taxId && expected !== form) findings.push({ kind: "formDiffers", serial: text(c.documentSerial), form, expected });
    const fig = figures[form];
    fig.certificates++;
    fig.amount = fig.amount.plus(dec(c.total));
    fig.tax = fig.tax.plus(dec(c.totalTaxWithheld));
    for (const l of made) {
      fig.cellAmount = fig.cellAmount.plus(l.amount);
      fig.cellTax = fig.cellTax.plus(l.tax);
    }
  }
  for (const m of missing) findings.push({ kind: "missing", family: m.family, serial: m.serial, name: m.name, tax: m.tax.toFixed(2) });
  return { month, company, lines, voided, figures, missing, findings };
}

/** What a purchase or expense withheld: the document's withholding, or its lines'. */
export function withheldLines(doc: Json): MissingDocument["lines"] {
  const out: MissingDocument["lines"] = [];
  const docTax = dec(doc.documentWithholdingTaxAmount);
  if (docTax.greaterThan(0)) {
    out.push({ rate: dec(doc.documentWithholdingTaxPercentage), amount: two(dec(doc.totalAfterDiscount ?? doc.subTotal)), tax: two(docTax) });
    return out;
  }
  for (const item of Array.isArray(doc.items) ? (doc.items as Json[]) : []) {
    const tax = dec(item.withHeldPerItemValue);
    if (tax.greaterThan(0)) out.push({ rate: dec(item.withHeldPerItem), amount: two(dec(item.total)), tax: two(tax) });
  }
  return out;
}

/**
 * The documents that withheld tax and have no certificate: a live certificate names the document's
 * serial in its remarks or notes, or is of the same payee (tax id, else name) for the same tax
 * withheld. Each certificate answers for one document.
 */
export function missingCertificates(
  docs: readonly { family: Family; doc: Json }[], certificates: readonly Json[],
): MissingDocument[] {
  const live = certificates.filter((c) => c.statusString !== "void");
  const used = new Set<Json>();
  const out: MissingDocument[] = [];
  for (const { family, doc } of docs) {
    const withheld = withheldLines(doc);
    if (withheld.length === 0) continue;
    const serial = text(doc.documentSerial);
    const tax = withheld.reduce((s, l) => s.plus(l.tax), ZERO as Decimal);
    const taxId = text(doc.contactTaxId);
    const name = text(doc.contactName);
    const bySerial = serial ? live.find((c) => !used.has(c) && `${text(c.remarks)}\n${text(c.internalNotes)}`.includes(serial)) : undefined;
    const samePayee = (c: Json): boolean => (taxId && text(c.contactTaxId) ? text(c.contactTaxId) === taxId : text(c.contactName) === name);
    const match = bySerial ?? live.find((c) => !used.has(c) && samePayee(c) && dec(c.totalTaxWithheld).equals(tax));
    if (match) {
      used.add(match);
      continue;
    }
    out.push({
      family, serial, date: text(doc.publishedOn).slice(0, 10), name, taxId, branch: text(doc.contactBranch), address: text(doc.contactAddress),
      lines: withheld, tax,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tables

/** 0-based columns of the amount paid and the tax withheld in a form's attachment. */
export const AMOUNT_COLUMN = 9;
export const TAX_COLUMN = 10;

const KINDS: ColumnSpec["kind"][] = ["integer", "text", "text", "text", "text", "text", "date", "text", "quantity", "money", "money", "integer", "text"];
const dateCell = (iso: string): CellValue => {
  const [y, m, d] = iso.split("-").map(Number);
  return y && m && d ? new Date(Date.UTC(y, m - 1, d)) : iso || null;
};
const money = (d: Decimal): number => toWireNumber(two(d));
const typeText = (l: WhtLine, lang: Lang): string => (l.type ? incomeTypeText(l.type, lang) : l.description);

function columnsOf(headers: readonly string[], lang: Lang): ColumnSpec[] {
  return headers.map((header, i) => ({ header, kind: KINDS[i], ...(KINDS[i] === "date" ? { format: dateFormat(lang) } : {}) }));
}

/** The payee's name in the form's boxes: a person's (ภ.ง.ด.1, 2, 3) as ชื่อ with the title and
 * ชื่อสกุล, a juristic person's (ภ.ง.ด.53) in one. */
function nameCells(l: WhtLine): [CellValue, CellValue] {
  if (l.form === WHT_FORM.PND53) return [l.name || null, null];
  const [title, first, last] = splitName(l.name);
  return [[title, first].filter(Boolean).join(" ") || null, last || null];
}

const lineRow = (l: WhtLine, lang: Lang): CellValue[] => [
  l.seq, l.taxId || null, l.form === WHT_FORM.PND53 ? l.branch || null : null, ...nameCells(l), l.address || null, dateCell(l.date),
  typeText(l, lang), toWireNumber(l.rate), money(l.amount), money(l.tax), l.condition ?? null, l.serial,
];

/** The header block above a form's attachment, as on the form: the payer (company, tax id, branch),
 * the month paid and the form; then an empty row. */
export function formHeader(form: WhtForm, report: WhtReport, lang: Lang): CellValue[][] {
  const t = whtTexts(lang);
  const c = report.company;
  return [
    [t.header.company, c.name || null],
    [t.header.taxId, c.taxId || null],
    [t.header.branch, c.branch || null],
    [t.header.month, monthLabel(report.month, lang)],
    [t.header.form, FORM_NAME[form][lang]],
    [null],
  ];
}

/** A form's attachment (ใบแนบ) under its header block, with its totals row. */
export function formTable(form: WhtForm, report: WhtReport, lang: Lang): ReportTable {
  const t = whtTexts(lang);
  const fig = report.figures[form];
  const totals: TotalCell[] = KINDS.map(() => null);
  totals[0] = { label: t.total };
  totals[AMOUNT_COLUMN] = { sum: money(fig.cellAmount) };
  totals[TAX_COLUMN] = { sum: money(fig.cellTax) };
  return {
    name: t.sheet.form(form, report.month), columns: columnsOf(t.columns, lang), rows: report.lines[form].map((l) => lineRow(l, lang)), totals,
    above: formHeader(form, report, lang),
    // Printed as the VAT reports are: A4 landscape one page wide, the header rows on every page.
    print: { orientation: "landscape", pageEnds: [], pageHeader: vatTexts(lang).pageHeader },
  };
}

export function voidTable(report: WhtReport, lang: Lang): ReportTable {
  const t = whtTexts(lang);
  return {
    name: t.sheet.void(report.month),
    columns: columnsOf(t.columns, lang),
    rows: report.voided.map((l) => lineRow(l, lang)),
  };
}

export interface TotalsAt {
  sheet: string;
  row: number;
}

/** A whole number's format (a count of certificates in the return's money columns). */
const COUNT_FORMAT = "#,##0";

const ref = (at: TotalsAt, col: number): string => `'${at.sheet.replace(/'/g, "''")}'!${cellAddress(at.row, col)}`;

/** The return: the company's header block, then per form its certificates, income paid and tax
 * withheld (formulas over the attachment's totals) beside the certificates' own totals and the
 * difference (a formula). */
export function returnTable(report: WhtReport, lang: Lang, at: Partial<Record<WhtForm, TotalsAt>>): ReportTable {
  const t = whtTexts(lang);
  const c = report.company;
  const rows: CellValue[][] = [
    [t.header.company, c.name, null, null],
    [t.header.taxId, c.taxId || null, null, null],
    [t.header.branch, c.branch || null, null, null],
    [t.header.month, monthLabel(report.month, lang), null, null],
  ];
  const formulas: (string | null)[][] = rows.map(() => [null, null, null, null]);
  // Counts are whole numbers: the certificates' row shows 1, not 1.00.
  const rowFormats: (string | null)[] = rows.map(() => null);
  for (const form of reportForms(report)) {
    const fig = report.figures[form];
    const name = FORM_NAME[form][lang];
    rows.push([`${name}: ${t.header.certificates}`, fig.certificates, fig.certificates, 0]);
    formulas.push([null, null, null, `=B${rows.length + 1}-C${rows.length + 1}`]);
    rowFormats[rows.length - 1] = COUNT_FORMAT;
    for (const [label, col, cell, own] of [[t.header.amount, AMOUNT_COLUMN, fig.cellAmount, fig.amount], [t.header.tax, TAX_COLUMN, fig.cellTax, fig.tax]] as const) {
      rows.push([`${name}: ${label}`, money(cell), money(own), money(cell.minus(own))]);
      formulas.push([null, `=${ref(at[form]!, col)}`, null, `=B${rows.length + 1}-C${rows.length + 1}`]);
    }
  }
  return {
    name: t.sheet.return(report.month),
    columns: t.returnColumns.map((header, i) => ({ header, kind: i === 0 ? "text" : "money" })),
    rows, formulas, rowFormats,
  };
}

/** The missing certificates as rows of a certificate sheet (WHT_KEYS), for the user to complete
 * (the income type is theirs to say) and post. */
export function missingRows(missing: readonly MissingDocument[], lang: Lang): CellValue[][] {
  const t = whtTexts(lang);
  const rows: CellValue[][] = [];
  for (const m of missing) {
    m.lines.forEach((l, i) => {
      const cells: Record<string, CellValue> = {
        documentKey: m.serial, "item.taxRate": toWireNumber(l.rate), "item.taxAmount": money(l.amount), "item.withheld": money(l.tax),
      };
      if (i === 0) {
        Object.assign(cells, {
          contactName: m.name || null, contactTaxId: m.taxId || null, contactBranch: m.branch || null, contactAddress: m.address || null,
          entity: m.taxId ? shownValue("entity", formOfTaxId(m.taxId), lang) : null, publishedOn: dateCell(m.date),
          taxPayment: shownValue("taxPayment", 1, lang), remarks: t.fromDocument(m.serial),
        });
      }
      rows.push(WHT_KEYS.map((k) => cells[k] ?? null));
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Words

export interface WhtTexts {
  sheet: { form(form: WhtForm, month: string): string; void(month: string): string; return(month: string): string; missing(month: string): string };
  columns: readonly string[];
  returnColumns: readonly string[];
  header: { company: string; taxId: string; branch: string; month: string; form: string; certificates: string; amount: string; tax: string };
  total: string;
  fromDocument(serial: string): string;
  finding(f: WhtFinding): string;
  done(r: { month: string; forms: readonly { form: WhtForm; tax: string; count: number }[]; voided: number; missing: number; out?: string }): string;
}

/** The returns' words in a language, from the text tables (namespace whtReport). */
function textsOf(lang: Lang): WhtTexts {
  const t = lang === "th" ? th : en;
  const fill = (text: string, vars: Record<string, string | number>): string => fillCounted(text, vars, lang);
  const sheet = (text: string) => (m: string): string => fill(text, { month: monthLabel(m, lang) });
  return {
    sheet: {
      form: (form, m) => fill(t.sheetForm, { form: FORM_NAME[form][lang], month: monthLabel(m, lang) }),
      void: sheet(t.sheetVoid), return: sheet(t.sheetReturn), missing: sheet(t.sheetMissing),
    },
    columns: [
      t.colNo, t.colTaxId, t.colBranch, t.colName, t.colLastName, t.colAddress, t.colDatePaid, t.colIncomeType,
      t.colRate, t.colAmount, t.colTax, t.colCondition, t.colCertificate,
    ],
    returnColumns: [t.returnItem, t.returnAmount, t.returnCertificates, t.returnDifference],
    header: {
      company: t.headerCompany, taxId: t.headerTaxId, branch: t.headerBranch, month: t.headerMonth, form: t.headerForm,
      certificates: t.headerCertificates, amount: t.headerAmount, tax: t.headerTax,
    },
    total: t.total,
    fromDocument: (serial) => fill(t.fromDocument, { serial }),
    finding: (f) => {
      switch (f.kind) {
        case "totalDiffers":
          return fill(f.what === "tax" ? t.totalDiffersTax : t.totalDiffersIncome, { form: FORM_NAME[f.form][lang], report: f.report, certificates: f.certificates });
        case "otherForm":
          return fill(t.otherForm, { serial: f.serial, entity: f.entity });
        case "formDiffers":
          // The RD's names of the forms, in English too.
          return fill(t.formDiffers, { serial: f.serial, form: FORM_NAME[f.form].th, expected: FORM_NAME[f.expected].th });
        case "missing":
          return fill(t.missing, { family: FAMILY_INFO[f.family].label[lang], serial: f.serial, name: f.name, tax: f.tax });
      }
    },
    done: (r) => {
      const forms = r.forms.map((f) => fill(t.doneForm, { form: FORM_NAME[f.form].th, tax: f.tax, count: f.count })).join(", ");
      const done = fill(t.done, { month: monthLabel(r.month, lang), forms, voided: r.voided, missing: r.missing });
      return r.out ? fill(t.doneWrote, { done, out: r.out }) : done;
    },
  };
}

const EN = textsOf("en");
const TH = textsOf("th");

export function whtTexts(lang: Lang): WhtTexts {
  return lang === "th" ? TH : EN;
}
