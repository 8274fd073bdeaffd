// What the monthly VAT report says, in English and Thai (src/texts, namespaces vatReport and months):
// sheet names, column headers in the layout of the Revenue Department's รายงานภาษีขาย / รายงานภาษีซื้อ,
// the return's summary lines, and its findings. Thai dates and months are Buddhist-era (2026 = 2569). Pure.
import { FAMILY_INFO, type Family } from "../../rules/codes";
import type { Lang } from "./lang";
import { fillCounted } from "./plural";
import { months as enMonths, vatReport as en } from "../../texts/en/vat-report";
import { months as thMonths, vatReport as th } from "../../texts/th/vat-report";

export type VatSide = "output" | "input";

/** A finding of the report: a total that differs from the documents, an amount that is not money. */
export type VatFinding =
  | { kind: "totalDiffers"; side: VatSide; what: "value" | "vat"; report: string; documents: string }
  | { kind: "notMoney"; family: Family; serial: string; field: string; value: string }
  | { kind: "countDiffers"; family: Family; listed: number; read: number };

export interface VatTexts {
  sheet: Record<VatSide | "void" | "summary", (month: string) => string>;
  /** Column headers of an output or input report. */
  columns(side: VatSide): string[];
  voidColumns: string[];
  summaryColumns: string[];
  /** The totals row's label (รวมทั้งสิ้น) and a printed page's total's (รวมหน้านี้). */
  total: string;
  pageTotal: string;
  /** The printed page's header: Excel's &P is the page, &N the pages. */
  pageHeader: string;
  side: Record<VatSide, string>;
  /** The summary's lines, in order. */
  summary: readonly string[];
  family(family: Family): string;
  finding(f: VatFinding): string;
  /** "page 2 of tax invoices: 400 of 512 documents" */
  progress(family: Family, page: number, done: number, total: number): string;
  /** The header block of the Revenue Department's form a side's report opens with. */
  form: {
    title: Record<VatSide, string>;
    month: string;
    operator: string;
    taxId: string;
    establishment: string;
    establishmentName: string;
    address: string;
    headOffice: string;
    branch(code: string): string;
  };
  /** "March 2026" / "มีนาคม 2569": the tax month as the form names it. */
  monthName(month: string): string;
  /** The one-line result of a run; `out`: the file written (command line). */
  done(r: { month: string; outputVat: string; outputCount: number; inputVat: string; inputCount: number; net: string; refund: boolean; voided: number; out?: string }): string;
}

const TABLES = { en: { t: en, months: enMonths }, th: { t: th, months: thMonths } } as const;
type MonthKey = keyof typeof enMonths;

const monthParts = (month: string): [number, number] => {
  const [y, m] = month.split("-").map(Number);
  return [y, m];
};

/** "2026-03" → "มี.ค. 2569" (Thai) or "2026-03" (English). */
export function monthLabel(month: string, lang: Lang): string {
  if (lang === "en") return month;
  const [y, m] = month.split("-").map(Number);
  return `${thMonths[`short${m}` as MonthKey]} ${y + 543}`;
}

function textsOf(lang: Lang): VatTexts {
  const { t, months } = TABLES[lang];
  const fill = (text: string, vars: Record<string, string | number>): string => fillCounted(text, vars, lang);
  const sheet = (text: string) => (m: string): string => fill(text, { month: monthLabel(m, lang) });
  const side: Record<VatSide, string> = { output: t.sideOutput, input: t.sideInput };
  const label = (f: Family): string => FAMILY_INFO[f].label[lang];
  return {
    form: {
      title: { output: t.formTitleOutput, input: t.formTitleInput },
      month: t.formMonth, operator: t.formOperator, taxId: t.formTaxId, establishment: t.formEstablishment,
      establishmentName: t.formEstablishmentName, address: t.formAddress,
      headOffice: t.formHeadOffice, branch: (code) => fill(t.formBranch, { code }),
    },
    monthName: (month) => {
      const [y, m] = monthParts(month);
      return fill(t.monthName, { name: months[`m${m}` as MonthKey], year: lang === "th" ? y + 543 : y });
    },
    sheet: { output: sheet(t.sheetOutput), input: sheet(t.sheetInput), void: sheet(t.sheetVoid), summary: sheet(t.sheetSummary) },
    columns: (s) => [
      t.colNo, t.colDate, t.colDocumentNo, t.colDocumentType, s === "output" ? t.colCustomer : t.colSupplier, t.colTaxId, t.colHeadOffice, t.colBranchNo,
      t.colValue, t.colVat,
    ],
    voidColumns: [t.colNo, t.colDate, t.colDocumentNo, t.colDocumentType, t.voidReport, t.voidContact, t.voidValue, t.colVat],
    summaryColumns: [t.summaryItem, t.summaryAmount, t.summaryDocuments, t.summaryDifference],
    total: t.total,
    pageTotal: t.pageTotal,
    pageHeader: t.pageHeader,
    side,
    summary: [
      t.lineSales, t.lineOutputVat, t.linePurchases, t.lineInputVat, t.linePayable, t.lineRefundable,
      t.lineSalesZero, t.lineSalesExempt, t.linePurchasesZero, t.linePurchasesExempt,
      t.pp30Line1, t.pp30Line2, t.pp30Line3, t.pp30Line4, t.pp30Line5, t.pp30Line6, t.pp30Line7, t.pp30Line8, t.pp30Line9,
    ],
    family: label,
    finding: (f) => {
      switch (f.kind) {
        case "totalDiffers":
          return fill(f.what === "vat" ? t.totalDiffersVat : t.totalDiffersValue, { side: side[f.side], report: f.report, documents: f.documents });
        case "notMoney":
          return fill(t.notMoney, { family: label(f.family), serial: f.serial, field: f.field, value: f.value });
        case "countDiffers":
          return fill(t.countDiffers, { family: label(f.family), listed: f.listed, read: f.read });
      }
    },
    progress: (family, page, done, total) => fill(t.progress, { family: label(family), page, done, total }),
    done: (r) => {
      const done = fill(t.done, {
        month: monthLabel(r.month, lang), outputVat: r.outputVat, outputCount: r.outputCount, inputVat: r.inputVat, inputCount: r.inputCount,
        netWord: r.refund ? t.netRefundable : t.netPayable, net: r.net, voided: r.voided,
      });
      return r.out ? fill(t.doneWrote, { done, out: r.out }) : done;
    },
  };
}

const EN = textsOf("en");
const TH = textsOf("th");

export function vatTexts(lang: Lang): VatTexts {
  return lang === "th" ? TH : EN;
}
