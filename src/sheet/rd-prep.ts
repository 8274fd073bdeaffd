// The text files the Revenue Department's RD Prep program imports (layouts in the README, chosen
// from reference/thai-tax-forms.md and OCA l10n-thailand): pipe-delimited, one line per certificate of
// a form (ภ.ง.ด.1, 2, 3, 53) with its income lines' fields after its own, in a layout the user may
// set (a layout file), or the ภ.พ.30 return's one line. UTF-8 without a byte-order mark, CRLF line
// endings, dates ddmmyyyy in the Buddhist era, amounts with two decimals and no separators, rates
// as numbers. A `|` or a line break inside a text field becomes a space. Pure.
import { ZERO, roundHalfUp, type Decimal } from "../rules/money";
import { WHT_FORM, incomeTypeText, type WhtForm } from "../rules/certificate-forms";
import { splitAddress, splitName } from "./thai-names";
import type { WhtLine, WhtReport } from "./wht-report";

export { splitName };

export const RD_LINE_END = "\r\n";

const field = (v: string): string => v.replace(/[|\r\n]+/g, " ").trim();
const amount = (d: Decimal): string => roundHalfUp(d, 2).toFixed(2);
const rate = (d: Decimal): string => d.toString();

/** 2026-04-05 → 05042569. */
export function rdDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return y && m && d ? `${d}${m}${Number(y) + 543}` : "";
}

/** A juristic person's title as the ภ.ง.ด.53 attachment writes it apart from the name. */
const JURISTIC_TITLES = ["ห้างหุ้นส่วนจำกัด", "ห้างหุ้นส่วนสามัญ", "บริษัทมหาชนจำกัด", "บริษัท", "บจก.", "หจก.", "มูลนิธิ", "สมาคม"];

function juristicName(name: string): [title: string, name: string] {
  const n = name.trim();
  const t = JURISTIC_TITLES.find((x) => n.startsWith(x) && n.length > x.length);
  return t ? [t, n.slice(t.length).trim()] : ["", n];
}

/** ภ.ง.ด.1's income code (OCA l10n_th_account_tax: 401N salaries, 402I fees to a resident). */
const PND1_CODE: Readonly<Record<string, string>> = { "40(1)": "401N", "40(2)": "402I" };

/** The fields a layout names: of the certificate, and `line.*` repeated for each income line. */
export const RD_CERT_FIELDS = [
  "seq", "taxId", "branch", "title", "firstName", "lastName", "name", "address", "street", "street2", "district", "province", "postalCode",
  "date", "incomeCode", "amount", "tax", "condition",
] as const;
export const RD_LINE_FIELDS = ["line.date", "line.income", "line.rate", "line.amount", "line.tax", "line.condition"] as const;
export type RdField = (typeof RD_CERT_FIELDS)[number] | (typeof RD_LINE_FIELDS)[number];
export const RD_FIELDS: readonly RdField[] = [...RD_CERT_FIELDS, ...RD_LINE_FIELDS];

const ADDRESS: RdField[] = ["street", "street2", "district", "province", "postalCode"];
const LINES: RdField[] = ["line.date", "line.income", "line.rate", "line.amount", "line.tax", "line.condition"];

/** The references' layouts (OCA l10n_th_account_tax_report's RD text file; README: RD Prep files). */
export const DEFAULT_LAYOUTS: Readonly<Record<WhtForm, readonly RdField[]>> = {
  [WHT_FORM.PND1]: ["incomeCode", "seq", "taxId", "title", "firstName", "lastName", "date", "amount", "tax", "condition"],
  [WHT_FORM.PND2]: ["seq", "taxId", "title", "firstName", "lastName", ...ADDRESS, ...LINES],
  [WHT_FORM.PND3]: ["seq", "taxId", "branch", "title", "firstName", "lastName", ...ADDRESS, ...LINES],
  [WHT_FORM.PND53]: ["seq", "taxId", "branch", "title", "name", ...ADDRESS, ...LINES],
};

export type RdLayouts = Partial<Record<WhtForm, readonly RdField[]>>;

/** A certificate's fields (its lines share them). */
function certificateFields(form: WhtForm, first: WhtLine, lines: readonly WhtLine[]): Record<(typeof RD_CERT_FIELDS)[number], string> {
  const [title, firstName, lastName] = splitName(first.name);
  const [jTitle, jName] = juristicName(first.name);
  const addr = splitAddress(first.address);
  const sum = (f: (l: WhtLine) => Decimal): string => amount(lines.reduce((t, l) => t.plus(f(l)), ZERO as Decimal));
  const person = form !== WHT_FORM.PND53;
  return {
    seq: String(first.seq), taxId: first.taxId, branch: form === WHT_FORM.PND53 ? first.branch || "00000" : first.branch,
    title: person ? title : jTitle, firstName: person ? firstName : jName, lastName: person ? lastName : "",
    name: person ? [firstName, lastName].filter(Boolean).join(" ") : jName,
    address: first.address, ...addr, date: rdDate(first.date),
    incomeCode: PND1_CODE[first.type?.section ?? ""] ?? "", amount: sum((l) => l.amount), tax: sum((l) => l.tax),
    condition: first.condition === undefined ? "" : String(first.condition),
  };
}

function lineFields(l: WhtLine): Record<(typeof RD_LINE_FIELDS)[number], string> {
  return {
    "line.date": rdDate(l.date), "line.income": l.type ? incomeTypeText(l.type, "th") : l.description, "line.rate": rate(l.rate),
    "line.amount": amount(l.amount), "line.tax": amount(l.tax), "line.condition": l.condition === undefined ? "" : String(l.condition),
  };
}

/** A form's file: one line per live certificate, in its sequence, its income lines' fields after its
 * own as the layout orders them; no header line. */
export function rdPrepWht(report: WhtReport, form: WhtForm, layouts: RdLayouts = {}): string {
  const layout = layouts[form] ?? DEFAULT_LAYOUTS[form];
  const bySeq = new Map<number, WhtLine[]>();
  for (const l of report.lines[form]) bySeq.set(l.seq, [...(bySeq.get(l.seq) ?? []), l]);
  const certOnes = layout.filter((f) => !f.startsWith("line."));
  const loop = layout.filter((f) => f.startsWith("line."));
  // Certificate fields before the first line field, then the lines, then any certificate field after.
  const firstLoop = layout.findIndex((f) => f.startsWith("line."));
  const head = firstLoop < 0 ? certOnes : layout.slice(0, firstLoop).filter((f) => !f.startsWith("line."));
  const tail = firstLoop < 0 ? [] : layout.slice(firstLoop).filter((f) => !f.startsWith("line."));
  let out = "";
  for (const lines of bySeq.values()) {
    const cert = certificateFields(form, lines[0], lines) as Record<string, string>;
    const values = [
      ...head.map((f) => cert[f]),
      ...lines.flatMap((l) => { const lf = lineFields(l) as Record<string, string>; return loop.map((f) => lf[f]); }),
      ...tail.map((f) => cert[f]),
    ];
    out += `${values.map((v) => field(v ?? "")).join("|")}${RD_LINE_END}`;
  }
  return out;
}

const FORM_WORDS: ReadonlyArray<[WhtForm, RegExp]> = [
  [WHT_FORM.PND53, /^(?:pnd\s*53|ภ\.?ง\.?ด\.?\s*53)$/i],
  [WHT_FORM.PND1, /^(?:pnd\s*1|ภ\.?ง\.?ด\.?\s*1)$/i],
  [WHT_FORM.PND2, /^(?:pnd\s*2|ภ\.?ง\.?ด\.?\s*2)$/i],
  [WHT_FORM.PND3, /^(?:pnd\s*3|ภ\.?ง\.?ด\.?\s*3)$/i],
];

export type RdLayoutProblem = { line: number; what: "form"; text: string } | { line: number; what: "field"; text: string };

/** A layout file: lines `PND3: seq|taxId|...` (or `ภ.ง.ด.3:`), `#` comments and blank lines; a form
 * not named keeps its default. */
export function parseRdLayout(text: string): { layouts: RdLayouts; problems: RdLayoutProblem[] } {
  const layouts: RdLayouts = {};
  const problems: RdLayoutProblem[] = [];
  text.replace(/^\uFEFF/, "").split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const colon = line.search(/[:=]/);
    const formText = colon < 0 ? line : line.slice(0, colon).trim();
    const form = FORM_WORDS.find(([, re]) => re.test(formText))?.[0];
    if (form === undefined || colon < 0) {
      problems.push({ line: i + 1, what: "form", text: formText });
      return;
    }
    const fields = line.slice(colon + 1).split("|").map((f) => f.trim()).filter(Boolean);
    const unknown = fields.filter((f) => !RD_FIELDS.includes(f as RdField));
    if (unknown.length > 0 || fields.length === 0) {
      problems.push({ line: i + 1, what: "field", text: unknown.join(", ") });
      return;
    }
    layouts[form] = fields as RdField[];
  });
  return { layouts, problems };
}

export const RD_FILE_NAMES: Record<WhtForm, (month: string) => string> = {
  [WHT_FORM.PND1]: (m) => `PND1-${m}.txt`,
  [WHT_FORM.PND2]: (m) => `PND2-${m}.txt`,
  [WHT_FORM.PND3]: (m) => `PND3-${m}.txt`,
  [WHT_FORM.PND53]: (m) => `PND53-${m}.txt`,
};

export interface Pp30Figures {
  branch: string;
  address: string;
  zip: string;
  /** vat-entries.ts's pp30Lines. */
  lines: readonly Decimal[];
}

/** The ภ.พ.30 line: sequence|branch|address|zip, then the return's lines 1 to 9 (README). */
export function rdPrepPp30(f: Pp30Figures): string {
  return `${["1", f.branch || "00000", f.address, f.zip, ...f.lines.map(amount)].map(field).join("|")}${RD_LINE_END}`;
}

export const PP30_FILE_NAME = (month: string): string => `PP30-${month}.txt`;
