// Fixed values as DocSheet shows them (templates, pulls, drop-downs, previews): a code with its word
// in English and Thai from the text tables (namespace values). Each word is also one the field's
// reader takes back as its code (fields.ts, books/book-field.ts read them from here). Pure data.
import { CONTACT_GROUP, CREDIT_TYPE, DISCOUNT_TYPE, EXPENSE_VIEW, ITEM_TYPE, PAYMENT_METHOD, named } from "../rules/codes";
import { values as en } from "../texts/en/values";
import { values as th } from "../texts/th/values";
import type { Lang } from "./i18n/lang";

/** Fixed values as templates and pulls show them: a code with its words in English and Thai. */
export type Shown = ReadonlyArray<readonly [code: number, en: string, th: string]>;

/** Codes with their words, by the words' keys in the values table. */
export const said = (pairs: ReadonlyArray<readonly [number, keyof typeof en]>): Shown => pairs.map(([code, key]) => [code, en[key], th[key]] as const);

/** A yes/no cell's two words, yes first. */
export const YES_NO: Readonly<Record<Lang, readonly [string, string]>> = { en: [en.yes, en.no], th: [th.yes, th.no] };

export const ITEM_TYPES: Shown = said([[ITEM_TYPE.Service, "itemType_service"], [ITEM_TYPE.NonInventory, "itemType_product"], [ITEM_TYPE.Inventory, "itemType_inventory"]]);
export const CONTACT_GROUPS: Shown = said([[CONTACT_GROUP.Individual, "contactGroup_individual"], [CONTACT_GROUP.Juristic, "contactGroup_juristic"]]);

const DEDUCTION: Shown = said([[1, "deduction_specialDiscount"], [3, "deduction_commission"], [5, "deduction_fee"], [7, "deduction_rounding"]]);
/** A document type by its family's name. */
const DOCUMENT_TYPES: Shown = ([[1, "purchases-orders"], [3, "quotations"], [5, "billing-notes"], [7, "tax-invoices"]] as const)
  .map(([code, family]) => [code, named(family).en, named(family).th] as const);

/** The documents' fields with fixed values, by field key. */
export const DOCUMENT_SHOWN: Readonly<Record<string, Shown>> = {
  paymentMethod: said([
    [PAYMENT_METHOD.Cash, "paymentMethod_cash"], [PAYMENT_METHOD.Cheque, "paymentMethod_cheque"], [PAYMENT_METHOD.Transfer, "paymentMethod_transfer"],
    [PAYMENT_METHOD.CreditCard, "paymentMethod_creditCard"], [PAYMENT_METHOD.PettyCash, "paymentMethod_pettyCash"],
    [PAYMENT_METHOD.OtherChannel, "paymentMethod_otherChannel"],
  ]),
  "item.vatRate": said([[7, "vatRate_7"], [0, "vatRate_0"], [-1, "vatRate_exempt"]]),
  expenseCategoryView: said([[EXPENSE_VIEW.Accounting, "expenseView_accounting"], [EXPENSE_VIEW.Business, "expenseView_business"]]),
  discountType: said([[DISCOUNT_TYPE.Percent, "discountType_percent"], [DISCOUNT_TYPE.Amount, "discountType_amount"]]),
  "item.type": ITEM_TYPES,
  creditType: said([[CREDIT_TYPE.CreditDays, "creditType_credit"], [CREDIT_TYPE.Cash, "creditType_cash"], [CREDIT_TYPE.CreditNoDueDate, "creditType_noDue"]]),
  contactGroup: CONTACT_GROUPS,
  documentDeductionType: DEDUCTION,
  paymentDeductionType: DEDUCTION,
  "source.referenceDocumentType": DOCUMENT_TYPES,
  "item.documentType": DOCUMENT_TYPES,
  entity: said([[15, "entity_pnd1"], [9, "entity_pnd2"], [1, "entity_pnd3"], [3, "entity_pnd53"]]),
  taxPayment: said([[1, "taxPayment_atSource"], [3, "taxPayment_payerAlways"], [5, "taxPayment_payerOnce"]]),
};
