// Columns the engine writes (templates, pulls, written-back results). They are for people: the
// field's first label in their language (which every reader takes back: fields.ts), fixed values as
// words the reader takes back (values.ts), statuses as people say them, and drop-downs over the
// workbook's lookup lists. Without a language a column is named by its field's key (the wire name),
// as sheets made before labels were. Number formats and validation lists come from the field table.
import { CONTACT_GROUP, CREDIT_TYPE, DISCOUNT_TYPE, EXPENSE_VIEW, FAMILY_INFO, ITEM_TYPE, PAYMENT_METHOD, type Family, type SheetFamily } from "../rules/codes";
import { familySheet, type Shown } from "../families/sheets";
import type { ColumnSpec } from "../workbook/port";
import { FIELD_BY_KEY, fieldLabel, type FieldDef } from "./fields";
import type { Lang } from "./i18n/lang";
import { statusChoices } from "./i18n/status";
import { LOOKUP_FIELDS, listRef } from "./lookups";
import { DATE_FORMAT_TH } from "./samples";

const KIND: Record<FieldDef["kind"], ColumnSpec["kind"]> = {
  text: "text", money: "money", quantity: "quantity", rate: "quantity", integer: "integer", id: "integer",
  date: "date", boolean: "boolean", code: "integer", status: "text",
};


const DEDUCTION: Shown = [[1, "Special discount", "Special discount"], [3, "Commission", "Commission"], [5, "Fee", "Fee"], [7, "Rounding", "Rounding"]];
const DOCUMENT_TYPES: Shown = [[1, "Purchase order", "ใบสั่งซื้อ"], [3, "Quotation", "ใบเสนอราคา"], [5, "Billing note", "ใบวางบิล"], [7, "Tax invoice", "ใบกำกับภาษี"]];

/** Fixed values as a template shows them: words people read, each one a word the field's reader
 * takes (fields.ts `words`), so a value picked from the drop-down reads back as its code. */
const SHOWN: Readonly<Record<string, Shown>> = {
  paymentMethod: [
    [PAYMENT_METHOD.Cash, "Cash", "เงินสด"], [PAYMENT_METHOD.Cheque, "Cheque", "เช็ค"], [PAYMENT_METHOD.Transfer, "Transfer", "โอนเงิน"],
    [PAYMENT_METHOD.CreditCard, "Credit card", "บัตรเครดิต"], [PAYMENT_METHOD.PettyCash, "Petty cash", "เงินสดย่อย"],
    [PAYMENT_METHOD.OtherChannel, "Other channel", "ช่องทางอื่น"],
  ],
  "item.vatRate": [[7, "7%", "7%"], [0, "0%", "0%"], [-1, "Exempt", "ยกเว้นภาษี"]],
  expenseCategoryView: [[EXPENSE_VIEW.Accounting, "Accounting", "บัญชี"], [EXPENSE_VIEW.Business, "Business", "ธุรกิจ"]],
  discountType: [[DISCOUNT_TYPE.Percent, "Percent", "เปอร์เซ็นต์"], [DISCOUNT_TYPE.Amount, "Amount", "จำนวนเงิน"]],
  "item.type": [[ITEM_TYPE.Service, "Service", "บริการ"], [ITEM_TYPE.NonInventory, "Product", "สินค้า"], [ITEM_TYPE.Inventory, "Inventory", "สินค้าคงคลัง"]],
  creditType: [[CREDIT_TYPE.CreditDays, "Credit", "เครดิต"], [CREDIT_TYPE.Cash, "Cash", "เงินสด"], [CREDIT_TYPE.CreditNoDueDate, "No due", "No due"]],
  contactGroup: [[CONTACT_GROUP.Individual, "Individual", "บุคคลธรรมดา"], [CONTACT_GROUP.Juristic, "Juristic", "นิติบุคคล"]],
  documentDeductionType: DEDUCTION,
  paymentDeductionType: DEDUCTION,
  "source.referenceDocumentType": DOCUMENT_TYPES,
  "item.documentType": DOCUMENT_TYPES,
  entity: [[15, "ภ.ง.ด.1", "ภ.ง.ด.1"], [9, "ภ.ง.ด.2", "ภ.ง.ด.2"], [1, "ภ.ง.ด.3", "ภ.ง.ด.3"], [3, "ภ.ง.ด.53", "ภ.ง.ด.53"]],
  taxPayment: [[1, "Withheld at source", "หัก ณ ที่จ่าย"], [3, "Paid by the payer every time", "ออกให้ตลอดไป"], [5, "Paid by the payer once", "ออกให้ครั้งเดียว"]],
};

const YES_NO: Readonly<Record<Lang, readonly [string, string]>> = { en: ["Yes", "No"], th: ["ใช่", "ไม่ใช่"] };

/** The fixed values of a field as people pick them (a code or yes/no, with its words in English
 * and Thai), for a field that has them; undefined for the others. */
export function shownChoices(key: string, family?: SheetFamily): { value: number | boolean; en: string; th: string }[] | undefined {
  // A book's fixed values are its own (a voucher type, a contact type).
  const own = family === undefined ? undefined : familySheet(family).shown;
  if (own) return own[key]?.map(([value, en, th]) => ({ value, en, th }));
  const def = FIELD_BY_KEY.get(key);
  if (def?.kind === "boolean") return [true, false].map((v, i) => ({ value: v, en: YES_NO.en[i], th: YES_NO.th[i] }));
  return SHOWN[key]?.map(([value, en, th]) => ({ value, en, th }));
}

/** A code or a yes/no as a template shows it in `lang` (the code itself when it has no word). */
export function shownValue(key: string, value: number | boolean, lang: Lang): string | number {
  if (typeof value === "boolean") return YES_NO[lang][value ? 0 : 1];
  const shown = SHOWN[key]?.find(([code]) => code === value);
  return shown ? shown[lang === "en" ? 1 : 2] : value;
}

export interface ColumnOptions {
  /** A template's column: the field's label in this language, fixed values as words. */
  lang?: Lang;
  /** Drop-downs over the workbook's lookup lists for the fields that pick from one. */
  lookups?: boolean;
}

export function columnFor(key: string, family?: Family, opts: ColumnOptions = {}): ColumnSpec {
  const def = FIELD_BY_KEY.get(key);
  if (!def) throw new Error(`no field ${key}`);
  const { lang } = opts;
  const spec: ColumnSpec = { header: lang ? fieldLabel(def, lang, family) : def.key, kind: KIND[def.kind] };
  if (def.kind === "boolean") spec.allowed = lang ? YES_NO[lang] : ["TRUE", "FALSE"];
  // Statuses are written as people say them (post, pull, act): the list offers those words.
  else if (def.kind === "status") spec.allowed = lang ? statusChoices(lang, family) : family ? FAMILY_INFO[family].statuses : def.allowed;
  else if (lang && SHOWN[key]) spec.allowed = SHOWN[key].map(([, en, th]) => (lang === "en" ? en : th));
  else if (def.allowed) spec.allowed = def.allowed;
  // Words typed or picked stay text: "7%" in a number column would become 0.07.
  if (lang && (def.kind === "boolean" || SHOWN[key])) spec.kind = "text";
  if (opts.lookups && LOOKUP_FIELDS[key]) spec.lookup = listRef(LOOKUP_FIELDS[key]);
  // The service's copy as the sheet saw it: DocSheet's, not the user's to read or edit.
  if (key === "fingerprint") spec.hidden = true;
  if (lang === "th" && def.kind === "date") spec.format = DATE_FORMAT_TH;
  return spec;
}
