// The fixed codes of the accounting service: families, document types, statuses, payment methods,
// rates. Sources: the spec, and reference/service-facts.md §2 and §6 where the spec is silent.
import { families as en } from "../texts/en/families";
import { families as th } from "../texts/th/families";

/** What a family is called, in English and Thai (src/texts, namespace families). */
export const named = (family: keyof typeof en): { en: string; th: string } => ({ en: en[family], th: th[family] });

/** The path word of each document family, as it appears in URLs and on the command line. */
export const FAMILIES = [
  "quotations",
  "billing-notes",
  "tax-invoices",
  "receipts",
  "cash-invoices",
  "purchases-orders",
  "purchases",
  "expenses",
] as const;
export type Family = (typeof FAMILIES)[number];

/** Withholding tax certificates: a family of sheets (template, check, post, pull, report) whose
 * certificates live under /withholding-taxes, outside the document routes (service-facts §5.6). */
export const WHT_FAMILY = "withholding-taxes" as const;
export type WhtFamily = typeof WHT_FAMILY;
/** The statuses of a certificate (service-facts §2.2). */
export const WHT_STATUS_WORDS = ["awaiting", "processed", "void"] as const;
/** The families whose rows are checked, posted, pulled, acted on and undone with the documents'
 * sections in the pane: the eight document families and the certificates. */
export type DocumentFamily = Family | WhtFamily;

/** The books beside the eight document families (issue 26): journal vouchers and the company's
 * master data. Their sheets go through the same engine (check, post, pull, update) with field
 * tables of their own (sheet/books); they have no statuses, payments or upgrades. */
export const BOOK_FAMILIES = ["journal-entries", "contacts", "products"] as const;
export type BookFamily = (typeof BOOK_FAMILIES)[number];

export const BOOK_FAMILY_LABEL: Readonly<Record<BookFamily, { en: string; th: string }>> = {
  "journal-entries": named("journal-entries"),
  contacts: named("contacts"),
  products: named("products"),
};

export function isBookFamily(value: unknown): value is BookFamily {
  return typeof value === "string" && (BOOK_FAMILIES as readonly string[]).includes(value);
}

/** Every family a sheet can hold. */
export const SHEET_FAMILIES = [...FAMILIES, WHT_FAMILY, ...BOOK_FAMILIES] as const;
export type SheetFamily = Family | WhtFamily | BookFamily;

export function isSheetFamily(value: unknown): value is SheetFamily {
  return value === WHT_FAMILY || isFamily(value) || isBookFamily(value);
}

export type Side = "sell" | "buy" | "expense";

/** Numeric documentType codes (service-facts §2.1). */
export const DOCUMENT_TYPE = {
  PurchaseOrder: 1,
  Quotation: 3,
  BillingNote: 5,
  TaxInvoice: 7,
  Receipt: 9,
  Expense: 13,
  WithHoldingTax: 17,
  Purchase: 23,
  CashInvoice: 35,
  JournalEntry: 51,
} as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPE)[keyof typeof DOCUMENT_TYPE];

export interface FamilyInfo {
  family: Family;
  /** The list path; the spec lists purchase orders at /purchase-orders. */
  listPath: string;
  /** Other list paths the service also answers. */
  listAliases: readonly string[];
  side: Side;
  documentType: DocumentTypeCode;
  /** English and Thai names, for messages and the task pane. */
  label: { en: string; th: string };
  /** Serial prefix used by the local service (QT, INV, ... as in the real service's samples). */
  serialPrefix: string;
  simple: boolean;
  inline: boolean;
  withPayment: boolean;
  /** Upgrade paths exist under /upgrade/{family}. */
  upgrade: boolean;
  /** Upgrade paths with payment exist under /upgrade/{family}/with-payment. */
  upgradeWithPayment: boolean;
  /** Source families an upgrade may start from (by documentType). */
  upgradeFrom: readonly DocumentTypeCode[];
  /** POST {family}/{id}/payment exists. */
  payment: boolean;
  /** statusId words accepted by POST {family}/{id}/status/{statusId} (service-facts §2.2). */
  statuses: readonly string[];
  /** The state a source document moves to once upgraded, where the family has one. */
  processedStatus?: string;
  /** POST /receipts creates partial receipts in batch mode only. */
  partialReceipt: boolean;
  /** Its lines name the company's expense categories (by name or code on a sheet). */
  expenseCategories?: boolean;
  /** Its records are tax invoices as issued (s.86/4). */
  taxInvoice?: boolean;
  /** Its records pay other documents (receipts): one that pays a tax invoice is not a tax document
   * of its own (the invoice is reported), and one made from a billing note is the tax invoice. */
  paysDocuments?: boolean;
}

const SALES_STATUS = ["awaiting", "approved", "approvedandprocessed"] as const;

export const FAMILY_INFO: Record<Family, FamilyInfo> = {
  quotations: {
    family: "quotations", listPath: "quotations", listAliases: [], side: "sell",
    documentType: DOCUMENT_TYPE.Quotation, label: named("quotations"), serialPrefix: "QT",
    simple: true, inline: true, withPayment: false, upgrade: false, upgradeWithPayment: false, upgradeFrom: [],
    payment: false, statuses: [...SALES_STATUS, "rejected"], processedStatus: "approvedandprocessed", partialReceipt: false,
  },
  "billing-notes": {
    family: "billing-notes", listPath: "billing-notes", listAliases: [], side: "sell",
    documentType: DOCUMENT_TYPE.BillingNote, label: named("billing-notes"), serialPrefix: "BL",
    simple: true, inline: true, withPayment: false, upgrade: true, upgradeWithPayment: false,
    upgradeFrom: [DOCUMENT_TYPE.Quotation],
    payment: false, statuses: [...SALES_STATUS, "void"], processedStatus: "approvedandprocessed", partialReceipt: false,
  },
  "tax-invoices": {
    family: "tax-invoices", listPath: "tax-invoices", listAliases: [], side: "sell",
    documentType: DOCUMENT_TYPE.TaxInvoice, label: named("tax-invoices"), serialPrefix: "INV",
    simple: true, inline: true, withPayment: true, upgrade: true, upgradeWithPayment: true,
    upgradeFrom: [DOCUMENT_TYPE.Quotation, DOCUMENT_TYPE.BillingNote],
    payment: true, statuses: ["awaiting", "invoicedelivered", "void"], partialReceipt: false, taxInvoice: true,
  },
  receipts: {
    family: "receipts", listPath: "receipts", listAliases: [], side: "sell",
    documentType: DOCUMENT_TYPE.Receipt, label: named("receipts"), serialPrefix: "RE",
    // Plain creation is obsolete on the real service: receipts come from upgrades or batch mode.
    simple: false, inline: false, withPayment: false, upgrade: true, upgradeWithPayment: true,
    upgradeFrom: [DOCUMENT_TYPE.TaxInvoice, DOCUMENT_TYPE.BillingNote],
    payment: true, statuses: ["void"], partialReceipt: true, paysDocuments: true,
  },
  "cash-invoices": {
    family: "cash-invoices", listPath: "cash-invoices", listAliases: [], side: "sell",
    documentType: DOCUMENT_TYPE.CashInvoice, label: named("cash-invoices"), serialPrefix: "CA",
    simple: true, inline: true, withPayment: true, upgrade: true, upgradeWithPayment: true,
    upgradeFrom: [DOCUMENT_TYPE.Quotation, DOCUMENT_TYPE.BillingNote],
    payment: true, statuses: ["awaiting", "invoicedelivered", "void"], partialReceipt: false, taxInvoice: true,
  },
  "purchases-orders": {
    family: "purchases-orders", listPath: "purchase-orders", listAliases: ["purchases-orders"], side: "buy",
    documentType: DOCUMENT_TYPE.PurchaseOrder, label: named("purchases-orders"), serialPrefix: "PO",
    simple: true, inline: true, withPayment: false, upgrade: true, upgradeWithPayment: false,
    upgradeFrom: [DOCUMENT_TYPE.Quotation],
    payment: false, statuses: [...SALES_STATUS, "void"], processedStatus: "approvedandprocessed", partialReceipt: false,
  },
  purchases: {
    family: "purchases", listPath: "purchases", listAliases: [], side: "buy",
    documentType: DOCUMENT_TYPE.Purchase, label: named("purchases"), serialPrefix: "RI",
    simple: true, inline: true, withPayment: true, upgrade: true, upgradeWithPayment: true,
    upgradeFrom: [DOCUMENT_TYPE.PurchaseOrder],
    payment: true, statuses: ["awaiting", "approved", "void"], partialReceipt: false,
  },
  expenses: {
    family: "expenses", listPath: "expenses", listAliases: [], side: "expense",
    documentType: DOCUMENT_TYPE.Expense, label: named("expenses"), serialPrefix: "EXP",
    simple: true, inline: true, withPayment: true, upgrade: false, upgradeWithPayment: false, upgradeFrom: [],
    payment: true, statuses: ["awaiting", "received", "void"], partialReceipt: false, expenseCategories: true,
  },
};

export function isFamily(value: unknown): value is Family {
  return typeof value === "string" && (FAMILIES as readonly string[]).includes(value);
}

export function familyOfDocumentType(code: number): Family | undefined {
  return FAMILIES.find((f) => FAMILY_INFO[f].documentType === code);
}

/** The families a document of `family` can be upgraded into (those whose upgradeFrom names it). */
export function upgradeTargets(family: Family): Family[] {
  const type = FAMILY_INFO[family].documentType;
  return FAMILIES.filter((f) => FAMILY_INFO[f].upgrade && FAMILY_INFO[f].upgradeFrom.includes(type));
}

/** Every status word a document can be in; "paid" is reached by payment only, never by statusId. */
export const STATUS_WORDS = [
  "awaiting", "approved", "approvedandprocessed", "rejected", "invoicedelivered", "received", "void", "paid", "processed",
] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

/** Numeric status shown beside statusString (the web app's numbers, service-facts §2.3). */
export const STATUS_NUMBER: Record<StatusWord, number> = {
  awaiting: 1, approved: 3, invoicedelivered: 3, received: 3, approvedandprocessed: 5, paid: 5, processed: 5,
  rejected: 7, void: 7,
};

export const PAYMENT_METHOD = {
  Cash: 1,
  Cheque: 3,
  Transfer: 5,
  CreditCard: 7,
  PettyCash: 11,
  OtherChannel: 13,
} as const;
export type PaymentMethodName = keyof typeof PAYMENT_METHOD;
export type PaymentMethodCode = (typeof PAYMENT_METHOD)[PaymentMethodName];
export const PAYMENT_METHOD_CODES = Object.values(PAYMENT_METHOD) as PaymentMethodCode[];

export function paymentMethodName(code: number): PaymentMethodName | undefined {
  return (Object.keys(PAYMENT_METHOD) as PaymentMethodName[]).find((k) => PAYMENT_METHOD[k] === code);
}

/** Inline line VAT rates: 7 standard, 0 zero-rated, -1 exempt. */
export const VAT_RATES = [7, 0, -1] as const;
export const STANDARD_VAT_RATE = 7;

/** Withholding-tax rates allowed on documents and per line. */
export const WITHHOLDING_RATES = [0, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 15] as const;

/** Reference kinds of referencedToMe / referencedByMe. */
export const REFERENCE_KIND = {
  ImportDocument: 1,
  Batch: 5,
  BatchPartialPayments: 11,
  DepositFirst: 13,
  DepositLast: 15,
} as const;

/** List range filter values. */
export const RANGE = {
  All: 0,
  CurrentMonth: 1,
  PreviousMonth: 3,
  DateRange: 5,
  CurrentYear: 7,
  PreviousYear: 9,
  FiscalYear: 15,
} as const;
export const RANGE_VALUES = Object.values(RANGE);

export const DOCUMENT_STRUCTURE = {
  Simple: "SimpleDocument",
  Inline: "InlineDocument",
  UpdateSimple: "UpdateSimpleDocument",
  UpdateInline: "UpdateInlineDocument",
} as const;

/** creditType: 1 credit days, 3 cash, 5 credit with no due date shown. */
export const CREDIT_TYPE = { CreditDays: 1, Cash: 3, CreditNoDueDate: 5 } as const;

/** discountType on inline documents. */
export const DISCOUNT_TYPE = { Percent: 1, Amount: 3 } as const;

/** expenseCategoryView: 1 accounting view, 3 business view. */
export const EXPENSE_VIEW = { Accounting: 1, Business: 3 } as const;

/** Partial receipts. */
export const PARTIAL_PAYMENT_METHOD_RECEIPT = 11;

/** Line item type: 1 service, 3 non-inventory product, 5 inventory product. */
export const ITEM_TYPE = { Service: 1, NonInventory: 3, Inventory: 5 } as const;

/** contactGroup: 1 individual, 3 juristic person. contactType: 3 customer, 5 vendor, 7 both. */
export const CONTACT_GROUP = { Individual: 1, Juristic: 3 } as const;
export const CONTACT_TYPE = { Customer: 3, Vendor: 5, Both: 7 } as const;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 200;

/** Attachment limits (spec, Limits). */
export const ATTACHMENT_EXTENSIONS = ["jpg", "jpeg", "png", "bmp", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "pdf"] as const;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 10;

/** The envelope code for validation errors. */
export const VALIDATION_ERROR_CODE = 207400;

/** A journal voucher's documentType (service-facts §2.1, §5.7): general JV, purchase UV, sales SV,
 * payment PV, receipt RV. */
export const VOUCHER_TYPE = { JV: 51, UV: 53, SV: 55, PV: 57, RV: 59 } as const;

/** bookOfAccounts debitCredit ([V3] FinancialTransactionType). */
export const DEBIT_CREDIT = { Debit: 1, Credit: 3 } as const;

/** A product's sellVatType / buyVatType (service-facts §5.2). */
export const PRODUCT_VAT_TYPE = { Inclusive: 1, Exclusive: 3, Zero: 5, Exempt: 7 } as const;

