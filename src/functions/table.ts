// DocSheet's worksheet functions, one entry each (as HyperFormula's function tables are): the name
// Excel shows under the DOCSHEET namespace, its arguments, its descriptions in English and Thai (src/texts,
// namespace functionHelp), and
// its evaluation over the jobs' reads. The Excel registration (excel.ts), `docsheet calc` and the
// tests all call these entries. Read-only: no entry sends a create, an update or a delete.
import { FAMILIES, FAMILY_INFO, type Family } from "../rules/codes";
import { Decimal, ZERO, parseDecimal } from "../rules/money";
import { WHT_FORM, WHT_FORMS, type WhtForm } from "../rules/certificate-forms";
import { fieldForHeader, FIELD_BY_KEY } from "../sheet/fields";
import { columnFor } from "../sheet/columns";
import type { Lang } from "../sheet/i18n/lang";
import { statusText } from "../sheet/i18n/status";
import { documentRows, pruneColumns, pullKeys } from "../sheet/pull";
import type { FigureReads } from "../jobs/figures";
import { bad, choiceArg, dateArg, familyArg, monthArg, omitted, requiredText, spanArg, statusArg, type ArgValue } from "./args";
import { cell, money, table, type FunctionResult } from "./cells";
import { documentsOf, sumOf, type DocumentFilter } from "./documents";
import { FunctionError, msg } from "./texts";
import { TOTAL_FIELDS, VAT_WHAT, WHT_FORM_WORDS } from "./arg-words";
import { functionHelp as en } from "../texts/en/function-help";
import { functionHelp as th } from "../texts/th/function-help";

export interface FunctionContext {
  reads: FigureReads;
  lang: Lang;
  /** Today, for AGING and DUE without a date. */
  today: () => string;
}

type Words = { en: string; th: string };

export interface FunctionArg {
  name: string;
  optional?: boolean;
  description: Words;
}

export interface FunctionEntry {
  name: string;
  description: Words;
  args: readonly FunctionArg[];
  /** A spilled table rather than one value. */
  spills: boolean;
  evaluate(ctx: FunctionContext, args: readonly ArgValue[]): Promise<FunctionResult>;
}

type HelpKey = keyof typeof en;
/** A text of the functions' help in both languages (src/texts, namespace functionHelp). */
const said = (key: HelpKey): Words => ({ en: en[key], th: th[key] });
const arg = (name: string, key: HelpKey, optional = false): FunctionArg => ({ name, optional, description: said(key) });
/** A spilled table's header row in a language. */
const header = (keys: readonly HelpKey[]) => (lang: Lang): string[] => keys.map((k) => (lang === "en" ? en : th)[k]);
const FAMILY = arg("family", "arg_family");
const FROM = arg("from", "arg_from", true);
const TO = arg("to", "arg_to", true);
const STATUS = arg("status", "arg_status", true);
const CONTACT = arg("contact", "arg_contact", true);
const AS_OF = arg("as_of", "arg_as_of", true);

const filterOf = (args: readonly ArgValue[], at: { from: number; to: number; status: number; contact: number }): DocumentFilter => {
  const from = spanArg("from", args[at.from], "first");
  const to = spanArg("to", args[at.to], "last");
  if (from && to && from > to) throw bad("from", msg("fromAfterTo"));
  const contact = omitted(args[at.contact]) ? undefined : String(args[at.contact]).trim();
  return { from, to, status: statusArg("status", args[at.status]), contact };
};

const dec = (v: unknown): Decimal => parseDecimal(v) ?? ZERO;

/** The sales documents that ask to be paid: what a customer owes is on them. */
const OWED_FAMILIES: readonly Family[] = FAMILIES.filter((f) => FAMILY_INFO[f].side === "sell" && FAMILY_INFO[f].payment && FAMILY_INFO[f].upgradeFrom.length > 0 && !FAMILY_INFO[f].paysDocuments);

async function owed(ctx: FunctionContext, asOf: string, contact?: string): Promise<{ contact: string; due: string; amount: Decimal }[]> {
  const out: { contact: string; due: string; amount: Decimal }[] = [];
  for (const family of OWED_FAMILIES) {
    // Paid ones too: paid after `asOf`, they were owed then.
    const docs = await documentsOf(ctx.reads, family, { to: asOf, contact });
    const dues = await Promise.all(docs.map((d) => ctx.reads.owing(family, d, asOf)));
    docs.forEach((d, i) => {
      const left = dues[i]?.grandTotal ?? ZERO;
      if (left.greaterThan(0)) out.push({ contact: String(d.contactName ?? ""), due: cell(d.dueDate ?? d.publishedOn) as string, amount: left });
    });
  }
  return out;
}

const daysBetween = (a: string, b: string): number => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

const AGING_HEADER = header(["agingCustomer", "agingCurrent", "aging130Days", "aging3160Days", "aging6190Days", "agingOver90Days", "agingTotal"]);
const PRODUCT_HEADER = header(["productCode", "productName", "productUnit", "productSellingPrice", "productBuyingPrice"]);
const ACCOUNT_HEADER = header(["accountCode", "accountName", "accountNameEnglish"]);
const CONTACT_KEYS = ["contactCode", "contactName", "contactTaxId", "contactBranch", "contactAddress", "contactEmail", "contactNumber"];

function agingBucket(days: number): number {
  if (days <= 0) return 0;
  if (days <= 30) return 1;
  if (days <= 60) return 2;
  return days <= 90 ? 3 : 4;
}

/** A function that spills one of the company's lists, a header row first. */
function listEntry<T>(name: string, description: Words, read: (r: FigureReads) => Promise<T[]>, header: (lang: Lang) => string[], row: (t: T) => unknown[]): FunctionEntry {
  return { name, description, args: [], spills: true, evaluate: async (ctx) => table(header(ctx.lang), (await read(ctx.reads)).map(row)) };
}

export const FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: "DOCUMENTS",
    description: said("DOCUMENTS"),
    args: [FAMILY, FROM, TO, STATUS, CONTACT],
    spills: true,
    async evaluate(ctx, args) {
      const family = familyArg("family", args[0]);
      const docs = await documentsOf(ctx.reads, family, filterOf(args, { from: 1, to: 2, status: 3, contact: 4 }));
      const keys = pullKeys(family, false).filter((k) => k !== "fingerprint");
      const statusCol = keys.indexOf("status");
      const rows = docs.flatMap((d) => documentRows(d, keys, false, ctx.lang)).map((r) => {
        if (statusCol >= 0 && typeof r[statusCol] === "string") r[statusCol] = statusText(r[statusCol] as string, ctx.lang, family);
        return r;
      });
      const pulled = pruneColumns(family, keys, rows, ctx.lang);
      return table(pulled.columns.map((c) => c.header), pulled.rows);
    },
  },
  {
    name: "TOTAL",
    description: said("TOTAL"),
    args: [FAMILY, arg("field", "TOTAL_field"), FROM, TO, CONTACT, STATUS],
    spills: false,
    async evaluate(ctx, args) {
      const family = familyArg("family", args[0]);
      const field = choiceArg("field", args[1], TOTAL_FIELDS);
      const docs = await documentsOf(ctx.reads, family, filterOf(args, { from: 2, to: 3, contact: 4, status: 5 }));
      if (field !== "due") return money(sumOf(docs, field));
      const dues = await Promise.all(docs.map((d) => (d.statusString === "paid" ? null : ctx.reads.owing(family, d))));
      return money(dues.reduce((s, d) => s.plus(d?.grandTotal ?? ZERO), ZERO));
    },
  },
  {
    name: "DOCUMENT",
    description: said("DOCUMENT"),
    args: [arg("serial", "DOCUMENT_serial"),
      arg("field", "DOCUMENT_field")],
    spills: false,
    async evaluate(ctx, args) {
      const serial = requiredText("serial", args[0]);
      const fieldText = requiredText("field", args[1]);
      const isDue = TOTAL_FIELDS.due.some((w) => w.toLowerCase() === fieldText.toLowerCase());
      const def = isDue ? undefined : fieldForHeader(fieldText);
      if (!isDue && (!def || def.level === "item")) throw bad("field", msg("noField", { value: fieldText }));
      // The family by the serial's prefix, the longest that fits (EXP before E...).
      const family = [...FAMILIES].sort((a, b) => FAMILY_INFO[b].serialPrefix.length - FAMILY_INFO[a].serialPrefix.length)
        .find((f) => serial.toUpperCase().startsWith(FAMILY_INFO[f].serialPrefix));
      const found = family && (await ctx.reads.documents(family, { searchString: serial })).find((d) => d.documentSerial.toUpperCase() === serial.toUpperCase());
      if (!family || !found) throw new FunctionError("#N/A", msg("noDocument", { serial }));
      if (isDue) return money(found.statusString === "paid" ? ZERO : ((await ctx.reads.owing(family, found))?.grandTotal ?? ZERO));
      if (def!.key === "status") return statusText(String(found.statusString ?? ""), ctx.lang, family);
      const v = found[FIELD_BY_KEY.get(def!.key)!.wire];
      return def!.kind === "money" ? money(dec(v)) : cell(v);
    },
  },
  {
    name: "VAT",
    description: said("VAT"),
    args: [arg("month", "arg_month"),
      arg("what", "arg_what", true)],
    spills: false,
    async evaluate(ctx, args) {
      const month = monthArg("month", args[0]);
      const what = choiceArg("what", args[1], VAT_WHAT, "payable");
      const { output, input } = (await ctx.reads.vat(month)).figures;
      // The summary's amounts, as the report's sheets total them.
      const over = (a: Decimal, b: Decimal): Decimal => (a.greaterThan(b) ? a.minus(b) : ZERO);
      const figure = { payable: over(output.cellVat, input.cellVat), overpaid: over(input.cellVat, output.cellVat), output: output.cellVat, input: input.cellVat, sales: output.cellBase, purchases: input.cellBase }[what];
      return money(figure);
    },
  },
  {
    name: "WHT",
    description: said("WHT"),
    args: [arg("month", "arg_month"),
      arg("form", "arg_form", true)],
    spills: false,
    async evaluate(ctx, args) {
      const month = monthArg("month", args[0]);
      const form = choiceArg("form", args[1], WHT_FORM_WORDS, "all");
      const report = await ctx.reads.wht(month);
      const forms: readonly WhtForm[] = form === "all" ? WHT_FORMS : [form === "pnd3" ? WHT_FORM.PND3 : WHT_FORM.PND53];
      return money(forms.reduce((s, f) => s.plus(report.figures[f].tax), ZERO));
    },
  },
  {
    name: "DUE",
    description: said("DUE"),
    args: [arg("contact", "DUE_contact"), AS_OF],
    spills: false,
    async evaluate(ctx, args) {
      const contact = requiredText("contact", args[0]);
      const asOf = dateArg("as_of", args[1]) ?? ctx.today();
      return money((await owed(ctx, asOf, contact)).reduce((s, o) => s.plus(o.amount), ZERO));
    },
  },
  {
    name: "AGING",
    description: said("AGING"),
    args: [AS_OF],
    spills: true,
    async evaluate(ctx, args) {
      const asOf = dateArg("as_of", args[0]) ?? ctx.today();
      const by = new Map<string, Decimal[]>();
      for (const o of await owed(ctx, asOf)) {
        const row = by.get(o.contact) ?? [ZERO, ZERO, ZERO, ZERO, ZERO];
        const b = agingBucket(o.due ? daysBetween(o.due, asOf) : 0);
        row[b] = row[b].plus(o.amount);
        by.set(o.contact, row);
      }
      const rows = [...by].sort(([a], [b]) => a.localeCompare(b)).map(([name, r]) => [name, ...r.map(money), money(r.reduce((s, x) => s.plus(x), ZERO))]);
      return table(AGING_HEADER(ctx.lang), rows);
    },
  },
  listEntry("CONTACTS", said("CONTACTS"),
    (r) => r.contacts(), (lang) => CONTACT_KEYS.map((k) => columnFor(k, undefined, { lang }).header), (c) => CONTACT_KEYS.map((k) => c[k])),
  listEntry("PRODUCTS", said("PRODUCTS"),
    (r) => r.products(), PRODUCT_HEADER, (p) => [p.code, p.name, p.unitName, p.sellPrice, p.buyPrice]),
  listEntry("ACCOUNTS", said("ACCOUNTS"),
    (r) => r.accounts(), ACCOUNT_HEADER, (a) => [a.code, a.nameLocal, a.nameForeign]),
];

export const FUNCTION_BY_NAME: ReadonlyMap<string, FunctionEntry> = new Map(FUNCTIONS.map((f) => [f.name, f]));
