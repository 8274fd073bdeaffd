// The fields the real service's answers carry (openapi-2020.yaml's 200 responses, service-facts
// §4, §5), with the value each has when the request did not give it: the service answers every one
// of them, so a client tuned here meets no missing field on the real service. Where the spec
// overrules the description, the spec's type is used and the reason is said beside the field.
import type { Family } from "../../rules/codes";
import type { Json } from "../../rules/json";

/** Every document (SimpleDocumentResponse / InlineDocumentResponse data), beside the computed totals. */
const DOCUMENT_DEFAULTS: Json = {
  contactCode: "", contactAddress: "", contactTaxId: "", contactBranch: "", contactPerson: "", contactEmail: "",
  contactNumber: "", contactZipCode: "", contactGroup: 1,
  salesName: "", projectName: "", reference: "", remarks: "", internalNotes: "", showSignatureOrStamp: true,
  // The spec makes these percentages numbers (4 decimals); the description types them integer.
  discountPercentage: 0, documentWithholdingTaxPercentage: 0,
  useReceiptDeduction: false, documentShowWithholdingTax: false, documentDeductionType: 0, documentDeductionAmount: 0,
  // InlineDocumentResponse (the answer of every PUT, status change and payment) carries the inline
  // fields for simple documents too: off, and no exempt/vatable split (both nullable there).
  discountType: 1, useInlineDiscount: false, useInlineVat: false, exemptAmount: null, vatableAmount: null,
};

/** Expenses answer without the withholding and deduction fields (ExpenseSimple/InlineDocumentResponse). */
const NOT_ON_EXPENSES = new Set([
  "useReceiptDeduction", "documentShowWithholdingTax", "documentWithholdingTaxPercentage", "documentDeductionType", "documentDeductionAmount",
]);

/** The document defaults of expenses, made once rather than per document. */
const EXPENSE_DOCUMENT_DEFAULTS: Json = Object.fromEntries(Object.entries(DOCUMENT_DEFAULTS).filter(([k]) => !NOT_ON_EXPENSES.has(k)));

/** Line items (ProductItem + InlineProductItem). */
const ITEM_DEFAULTS: Json = {
  type: 1, name: "", description: "", unitName: "", sellChartOfAccountCode: "", buyChartOfAccountCode: "", discountAmount: 0,
};

/** The `payments` object of a paid document (SimpleDocumentResponse_allOf_data_payments). */
const PAYMENT_DEFAULTS: Json = {
  paymentDeductionType: 0, paymentDeductionAmount: 0, withheldPercentage: 0, withheldAmount: 0, paymentCharge: 0,
  bankAccountType: 0, bankAccountName: "", bankAccountNumber: "",
  // A date field: a payment not made by cheque has no cheque date, so null rather than a false date.
  chequeDate: null, chequeNumber: "", creditCardBankAccountId: 0, paymentRemarks: "", remainingCollectedType: 0, remainingCollected: 0,
};

/** The company header of documents and certificates (SimpleDocumentResponse_allOf_data_company). */
export const COMPANY_HEADER_FIELDS = [
  "companyName", "companyNameEn", "companyAddress", "companyAddressEn", "companyTaxId", "companyBranch", "companyBranchEn",
  "companyPhone", "companyMobile", "companyFax", "companyWebsite",
] as const;

/** Withholding-tax certificates (WithholidingTaxDocumentResponse data). */
const CERTIFICATE_DEFAULTS: Json = {
  contactCode: "", contactAddress: "", contactTaxId: "", contactBranch: "", contactPerson: "", contactEmail: "",
  contactNumber: "", contactZipCode: "", contactGroup: 1,
  entity: 1, textOther: "", taxPayment: 1, taxPaymentOthers: "", providentFundNumber: "", providentFundAmount: "",
  socialSecurityAmount: "", remarks: "", internalNotes: "", showSignatureOrStamp: true,
};

/** Contacts (Contact). Codes, tax ids and account numbers are text: service-facts §5.1 (leading zeros). */
const CONTACT_DEFAULTS: Json = {
  contactGroup: 3, contactType: 3, contactCode: "", contactAddress: "", contactZipCode: "", contactTaxId: "", contactBranchCode: "",
  contactBranch: "", contactPerson: "", contactEmail: "", contactMobile: "", contactBankId: 0, contactBankAccountNumber: "",
  contactBankBranch: "", contactBankAccountType: 0, contactCreditDays: 0, contactOffice: "", contactFax: "", contactWebsite: "",
  conatactShippingAddress: "", contactNote: "",
};

/** Products (Product), the figures of stock the local service does not keep at 0. */
const PRODUCT_DEFAULTS: Json = {
  type: 1, code: "", name: "", sellDescription: "", sellPrice: 0, sellVatType: 3, unitName: "", categoryId: 0, categoryName: "",
  barcode: "", buyDescription: "", buyPrice: 0, buyVatType: 3, inventoryPublishedOn: null, inventoryQuantity: 0, inventoryPrice: 0,
  inventoryTotal: 0, averageBuyPrice: 0, averageSellPrice: 0, remainingStock: 0, totalValueInHand: 0,
};

/** `value` with every default it lacks (undefined counts as lacking; null is a value). */
export function withDefaults(defaults: Json, value: Json): Json {
  const out: Json = { ...value };
  for (const [k, v] of Object.entries(defaults)) if (out[k] === undefined) out[k] = v;
  return out;
}

/** The stored document with every answer field: document defaults, and the line defaults. */
export function completeDocument(family: Family, doc: Json): Json {
  const out = withDefaults(family === "expenses" ? EXPENSE_DOCUMENT_DEFAULTS : DOCUMENT_DEFAULTS, doc);
  const itemDefaults = { ...ITEM_DEFAULTS, vatRate: doc.isVat === false ? 0 : 7 };
  if (Array.isArray(doc.items)) out.items = (doc.items as Json[]).map((item) => withDefaults(itemDefaults, item));
  return out;
}

export const completePayment = (payments: Json): Json => withDefaults(PAYMENT_DEFAULTS, payments);

export function completeCompanyHeader(company: Json | undefined): Json {
  return Object.fromEntries(COMPANY_HEADER_FIELDS.map((f) => [f, company?.[f] ?? ""]));
}

/** WHT items: the amount before VAT (vatType 1 means taxAmount includes 7 % VAT) and the VAT type (3: exclusive). */
export function completeCertificateItem(item: Json): Json {
  const vatType = item.vatType ?? 3;
  const amount = Number(item.taxAmount ?? 0);
  const noVat = item.taxAmountNoVat ?? (vatType === 1 ? Math.round((amount * 100 / 107) * 100) / 100 : amount);
  return { description: "", ...item, vatType, taxAmountNoVat: noVat };
}

export function completeCertificate(body: Json): Json {
  const out = withDefaults(CERTIFICATE_DEFAULTS, body);
  if (Array.isArray(body.withholdingTaxItems)) out.withholdingTaxItems = (body.withholdingTaxItems as Json[]).map(completeCertificateItem);
  out.company = completeCompanyHeader(body.company as Json | undefined);
  return out;
}

export const completeContact = (contact: Json): Json => withDefaults(CONTACT_DEFAULTS, contact);

/** Products: the defaults, and the prices with VAT the description answers (7 % on VAT-exclusive prices). */
export function completeProduct(product: Json): Json {
  const out = withDefaults(PRODUCT_DEFAULTS, product);
  const withVat = (price: unknown, vatType: unknown): number => {
    const p = Number(price) || 0;
    return Number(vatType) === 3 ? Math.round(p * 107) / 100 : p;
  };
  if (out.sellPriceWithVat === undefined) out.sellPriceWithVat = withVat(out.sellPrice, out.sellVatType);
  if (out.buyVatTypeWithVat === undefined) out.buyVatTypeWithVat = withVat(out.buyPrice, out.buyVatType);
  return out;
}

/**
 * The envelope of a document answer: DocumentResponse carries the structure beside the envelope
 * (documentStructureType; ExpenseResponse names it expenseStructureType).
 */
export function documentEnvelope(family: Family, data: Json): Json {
  const doc = (Array.isArray(data.list) ? (data.list as Json[])[0] : data) ?? {};
  const structure = typeof doc.documentStructureType === "string" ? doc.documentStructureType : null;
  const key = family === "expenses" ? "expenseStructureType" : "documentStructureType";
  return { status: true, message: "", code: 0, [key]: structure, data };
}
