// DocSheet's worksheet functions, one entry each (as HyperFormula's function tables are): the name
// Excel shows under the DOCSHEET namespace, its arguments, its descriptions in English and Thai, and
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

const arg = (name: string, en: string, th: string, optional = false): FunctionArg => ({ name, optional, description: { en, th } });
const FAMILY = arg("family", "Document type: tax invoices, receipts, quotations, ... (English or Thai)", "ประเภทเอกสาร เช่น ใบกำกับภาษี ใบเสร็จรับเงิน");
const FROM = arg("from", "First day (a date, or a month such as 2026-11 or 11/2569)", "วันแรก (วันที่ หรือเดือน เช่น 2026-11 หรือ 11/2569)", true);
const TO = arg("to", "Last day (a date, or a month: its last day)", "วันสุดท้าย (วันที่ หรือเดือน: วันสุดท้ายของเดือน)", true);
const STATUS = arg("status", "Status; without it, void documents are left out", "สถานะ หากไม่ระบุจะไม่นับเอกสารที่ยกเลิก", true);
const CONTACT = arg("contact", "Contact's name or code", "ชื่อหรือรหัสผู้ติดต่อ", true);
const AS_OF = arg("as_of", "The date to count from; today when left out", "นับถึงวันที่ หากไม่ระบุคือวันนี้", true);

const filterOf = (args: readonly ArgValue[], at: { from: number; to: number; status: number; contact: number }): DocumentFilter => {
  const from = spanArg("from", args[at.from], "first");
  const to = spanArg("to", args[at.to], "last");
  if (from && to && from > to) throw bad("from", msg("fromAfterTo"));
  const contact = omitted(args[at.contact]) ? undefined : String(args[at.contact]).trim();
  return { from, to, status: statusArg("status", args[at.status]), contact };
};

const TOTAL_FIELDS = {
  subTotal: ["subtotal", "sub total", "ยอดรวม", "รวมเป็นเงิน"],
  vatAmount: ["VAT", "ภาษีมูลค่าเพิ่ม", "vat amount"],
  grandTotal: ["grand total", "ยอดรวมทั้งสิ้น", "จำนวนเงินรวมทั้งสิ้น"],
  due: ["amount due", "ยอดค้างชำระ", "due"],
} as const;

const VAT_WHAT = {
  payable: ["payable", "ภาษีที่ต้องชำระ"],
  overpaid: ["overpaid", "ภาษีที่ชำระเกิน", "refundable"],
  output: ["output tax", "ภาษีขาย", "output VAT"],
  input: ["input tax", "ภาษีซื้อ", "input VAT"],
  sales: ["sales", "ยอดขาย"],
  purchases: ["purchases", "ยอดซื้อ"],
} as const;

const WHT_FORM_WORDS = {
  all: ["all", "ทั้งหมด"],
  pnd3: ["PND3", "ภ.ง.ด.3", "ภงด3", "3"],
  pnd53: ["PND53", "ภ.ง.ด.53", "ภงด53", "53"],
} as const;

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

const AGING_HEADER: Record<Lang, string[]> = {
  en: ["Customer", "Current", "1-30 days", "31-60 days", "61-90 days", "Over 90 days", "Total"],
  th: ["ลูกค้า", "ยังไม่ถึงกำหนด", "1-30 วัน", "31-60 วัน", "61-90 วัน", "เกิน 90 วัน", "รวม"],
};
const PRODUCT_HEADER: Record<Lang, string[]> = {
  en: ["Code", "Name", "Unit", "Selling price", "Buying price"],
  th: ["รหัสสินค้า", "ชื่อสินค้า", "หน่วย", "ราคาขาย", "ราคาซื้อ"],
};
const ACCOUNT_HEADER: Record<Lang, string[]> = {
  en: ["Code", "Name", "Name (English)"],
  th: ["รหัสบัญชี", "ชื่อบัญชี", "ชื่อบัญชี (อังกฤษ)"],
};
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
    description: { en: "The documents of a type as a table, a header row first (as a pull lists them)", th: "รายการเอกสารตามประเภทเป็นตาราง มีแถวหัวตาราง (เหมือนการดึงข้อมูล)" },
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
    description: { en: "The sum of subtotal, VAT, grand total or amount due of a type's documents", th: "ผลรวมยอดรวม ภาษีมูลค่าเพิ่ม ยอดรวมทั้งสิ้น หรือยอดค้างชำระ ของเอกสารตามประเภท" },
    args: [FAMILY, arg("field", "subtotal, VAT, grand total or amount due", "ยอดรวม ภาษีมูลค่าเพิ่ม ยอดรวมทั้งสิ้น หรือ ยอดค้างชำระ"), FROM, TO, CONTACT, STATUS],
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
    description: { en: "One field of one document, by its document number", th: "ข้อมูลหนึ่งช่องของเอกสารหนึ่งฉบับ ตามเลขที่เอกสาร" },
    args: [arg("serial", "Document number, such as INV2026030001", "เลขที่เอกสาร เช่น INV2026030001"),
      arg("field", "A field's name: status, grand total, due date, amount due, ...", "ชื่อช่องข้อมูล เช่น สถานะ ยอดรวมทั้งสิ้น วันครบกำหนด ยอดค้างชำระ")],
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
    description: { en: "Output tax, input tax, payable or overpaid VAT of a month, as the VAT report has them", th: "ภาษีขาย ภาษีซื้อ ภาษีที่ต้องชำระ หรือชำระเกิน ของเดือน ตามรายงานภาษีมูลค่าเพิ่ม" },
    args: [arg("month", "The tax month: 2026-11, 11/2569 or a date in it", "เดือนภาษี: 2026-11, 11/2569 หรือวันที่ในเดือนนั้น"),
      arg("what", "payable (when left out), overpaid, output tax, input tax, sales, purchases", "ภาษีที่ต้องชำระ (ค่าเริ่มต้น) ภาษีที่ชำระเกิน ภาษีขาย ภาษีซื้อ ยอดขาย ยอดซื้อ", true)],
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
    description: { en: "Tax withheld in a month, by form (PND3, PND53) or both, as the withholding tax report has it", th: "ภาษีหัก ณ ที่จ่ายของเดือน ตามแบบ (ภ.ง.ด.3 ภ.ง.ด.53) หรือรวมทั้งสองแบบ ตามรายงานภาษีหัก ณ ที่จ่าย" },
    args: [arg("month", "The tax month: 2026-11, 11/2569 or a date in it", "เดือนภาษี: 2026-11, 11/2569 หรือวันที่ในเดือนนั้น"),
      arg("form", "PND3, PND53, or both when left out", "ภ.ง.ด.3 ภ.ง.ด.53 หรือรวมทั้งสองแบบหากไม่ระบุ", true)],
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
    description: { en: "What a customer still owes on invoices", th: "ยอดที่ลูกค้ายังค้างชำระตามใบแจ้งหนี้" },
    args: [arg("contact", "Customer's name or code", "ชื่อหรือรหัสลูกค้า"), AS_OF],
    spills: false,
    async evaluate(ctx, args) {
      const contact = requiredText("contact", args[0]);
      const asOf = dateArg("as_of", args[1]) ?? ctx.today();
      return money((await owed(ctx, asOf, contact)).reduce((s, o) => s.plus(o.amount), ZERO));
    },
  },
  {
    name: "AGING",
    description: { en: "What customers owe, by customer and days past due: current, 1-30, 31-60, 61-90, over 90", th: "ยอดค้างชำระแยกตามลูกค้าและจำนวนวันที่เกินกำหนด: ยังไม่ถึงกำหนด 1-30 31-60 61-90 เกิน 90 วัน" },
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
      return table(AGING_HEADER[ctx.lang], rows);
    },
  },
  listEntry("CONTACTS", { en: "The company's contacts as a table", th: "รายชื่อผู้ติดต่อของบริษัทเป็นตาราง" },
    (r) => r.contacts(), (lang) => CONTACT_KEYS.map((k) => columnFor(k, undefined, { lang }).header), (c) => CONTACT_KEYS.map((k) => c[k])),
  listEntry("PRODUCTS", { en: "The company's products and services as a table", th: "รายการสินค้าและบริการของบริษัทเป็นตาราง" },
    (r) => r.products(), (lang) => PRODUCT_HEADER[lang], (p) => [p.code, p.name, p.unitName, p.sellPrice, p.buyPrice]),
  listEntry("ACCOUNTS", { en: "The company's chart of accounts as a table", th: "ผังบัญชีของบริษัทเป็นตาราง" },
    (r) => r.accounts(), (lang) => ACCOUNT_HEADER[lang], (a) => [a.code, a.nameLocal, a.nameForeign]),
];

export const FUNCTION_BY_NAME: ReadonlyMap<string, FunctionEntry> = new Map(FUNCTIONS.map((f) => [f.name, f]));
