// Master data bodies (service-facts §5): contacts, products, bank accounts, company, withholding
// tax certificates, journal entries.
import * as z from "zod/mini";
import { MESSAGES } from "../messages";
import { contactHeaderFields } from "./documents";
import {
  bool, date, int, list, nonBlankText, num, oneOf, opt, phrase, requiredText, str, textOrNumber, wireDate, wireIdOrCode, wireInt,
  wireNumber, wireString,
} from "./wire";

export const ContactSchema = z.looseObject({
  id: int(),
  contactGroup: oneOf([1, 3, 9], "contactGroup"),
  contactType: oneOf([0, 3, 5, 7, 9], "contactType"),
  contactCode: str(),
  contactName: nonBlankText(),
  contactAddress: str(),
  contactZipCode: str(),
  contactTaxId: str(),
  contactBranchCode: str(),
  contactBranch: str(),
  contactPerson: str(),
  contactEmail: str(),
  contactMobile: str(),
  contactBankId: int(),
  contactBankAccountNumber: str(),
  contactBankBranch: str(),
  contactBankAccountType: opt(oneOf([1, 3], "contactBankAccountType")),
  contactCreditDays: int(),
  contactOffice: str(),
  contactFax: str(),
  contactWebsite: str(),
  conatactShippingAddress: str(), // wire typo kept (service-facts §7.3)
  contactNote: str(),
}, { error: MESSAGES.bodyNotObject });
export type Contact = z.infer<typeof ContactSchema>;

const VAT_TYPES = [1, 3, 5, 7];
export const ProductSchema = z.looseObject({
  id: int(),
  productStructureType: str(),
  type: oneOf([1, 3, 5], "type"),
  code: str(),
  name: nonBlankText(),
  unitName: str(),
  categoryName: str(),
  barcode: str(),
  sellDescription: str(),
  sellPrice: num(),
  sellVatType: opt(oneOf(VAT_TYPES, "sellVatType")),
  buyDescription: str(),
  buyPrice: num(),
  buyVatType: opt(oneOf(VAT_TYPES, "buyVatType")),
  inventoryPublishedOn: date(),
  inventoryQuantity: num(),
  inventoryPrice: num(),
}, { error: MESSAGES.bodyNotObject });
export type Product = z.infer<typeof ProductSchema>;

export const BankAccountSchema = z.looseObject({
  bankAccountNumber: requiredText(),
  bankAccountName: requiredText(),
  bankAccountType: oneOf([1, 3, 5, 7], "bankAccountType"),
  bankBranch: wireString(),
  bankId: wireInt(),
}, { error: MESSAGES.bodyNotObject });
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const CompanyInfoSchema = z.looseObject({
  companyType: opt(textOrNumber()),
  compnayName: requiredText(), // wire typo kept (service-facts §5.9)
  companyNameEn: str(),
  companyAddress: str(),
  companyAddressEn: str(),
  companyZipCode: str(),
  companyTaxId: str(),
  companyBranch: str(),
  companyBranchEn: str(),
  companyBranchCode: str(),
  companyPhone: str(),
  companyMobile: str(),
  companyFax: str(),
  companyWebsite: str(),
}, { error: MESSAGES.bodyNotObject });
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;

export const WithholdingTaxItemSchema = z.looseObject({
  incomeType: wireInt(),
  description: str(),
  taxRate: wireNumber(),
  taxAmount: num(),
  taxAmountNoVat: num(),
  withheld: num(),
  total: num(),
  vatType: opt(oneOf([1, 3, 7], "vatType")),
}, { error: phrase("must be an object") });

export const WithholdingTaxSchema = z.looseObject({
  ...contactHeaderFields(),
  entity: wireInt(),
  textOther: str(),
  withholdingTaxItems: list(WithholdingTaxItemSchema, phrase("must be a list"), 1, "must contain at least one line"),
  total: num(),
  totalTaxWithheld: num(),
  taxPayment: int(),
  taxPaymentOthers: str(),
  providentFundNumber: str(),
  providentFundAmount: opt(textOrNumber()),
  socialSecurityAmount: opt(textOrNumber()),
  remarks: str(),
  internalNotes: str(),
  showSignatureOrStamp: bool(),
}, { error: MESSAGES.bodyNotObject });
export type WithholdingTax = z.infer<typeof WithholdingTaxSchema>;

export const JournalEntrySchema = z.looseObject({
  documentType: oneOf([51, 53, 55, 57, 59], "documentType"),
  documentDate: wireDate(),
  contactId: int(),
  contactName: str(),
  description: str(),
  note: str(),
  remarks: str(),
  reference: str(),
  bookOfAccounts: list(
    z.looseObject({
      debitCredit: oneOf([1, 3], "debitCredit"),
      chartOfAccountId: wireIdOrCode(),
      value: wireNumber(),
      description: str(),
    }, { error: phrase("must be an object") }),
    phrase("must be a list"),
    2,
    "must contain at least one debit and one credit row",
  ),
}, { error: MESSAGES.bodyNotObject });
export type JournalEntry = z.infer<typeof JournalEntrySchema>;
