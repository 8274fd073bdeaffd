// Master data bodies (service-facts §5): contacts, products, bank accounts, company, withholding
// tax certificates, journal entries.
import * as z from "zod/mini";
import { ADDRESS_MAX, CODE_MAX, LINE_TEXT_MAX, LONG_TEXT_MAX, NAME_MAX, UNIT_NAME_MAX } from "../limits";
import { MESSAGES } from "../messages";
import { contactHeaderFields } from "./documents";
import {
  bool, date, int, list, nonBlankText, num, oneOf, opt, phrase, requiredText, str, textOrNumber, wireDate, wireIdOrCode, wireInt,
  wireCodeText, wireNumber, wireString,
} from "./wire";

export const ContactSchema = z.looseObject({
  id: int(),
  contactGroup: oneOf([1, 3, 9], "contactGroup"),
  contactType: oneOf([0, 3, 5, 7, 9], "contactType"),
  contactCode: opt(wireCodeText(CODE_MAX)),
  contactName: nonBlankText(NAME_MAX),
  contactAddress: str(ADDRESS_MAX),
  contactZipCode: str(CODE_MAX),
  contactTaxId: opt(wireCodeText(CODE_MAX)),
  contactBranchCode: str(CODE_MAX),
  contactBranch: str(NAME_MAX),
  contactPerson: str(NAME_MAX),
  contactEmail: str(NAME_MAX),
  contactMobile: str(CODE_MAX),
  contactBankId: int(),
  contactBankAccountNumber: opt(wireCodeText(CODE_MAX)),
  contactBankBranch: str(NAME_MAX),
  contactBankAccountType: opt(oneOf([1, 3], "contactBankAccountType")),
  contactCreditDays: int(),
  contactOffice: str(CODE_MAX),
  contactFax: str(CODE_MAX),
  contactWebsite: str(NAME_MAX),
  conatactShippingAddress: str(ADDRESS_MAX), // wire typo kept (service-facts §7.3)
  contactNote: str(LONG_TEXT_MAX),
}, { error: MESSAGES.bodyNotObject });
export type Contact = z.infer<typeof ContactSchema>;

const VAT_TYPES = [1, 3, 5, 7];
export const ProductSchema = z.looseObject({
  id: int(),
  productStructureType: str(CODE_MAX),
  type: oneOf([1, 3, 5], "type"),
  code: str(CODE_MAX),
  name: nonBlankText(NAME_MAX),
  unitName: str(UNIT_NAME_MAX),
  categoryName: str(NAME_MAX),
  barcode: str(CODE_MAX),
  sellDescription: str(LINE_TEXT_MAX),
  sellPrice: num(),
  sellVatType: opt(oneOf(VAT_TYPES, "sellVatType")),
  buyDescription: str(LINE_TEXT_MAX),
  buyPrice: num(),
  buyVatType: opt(oneOf(VAT_TYPES, "buyVatType")),
  inventoryPublishedOn: date(),
  inventoryQuantity: num(),
  inventoryPrice: num(),
}, { error: MESSAGES.bodyNotObject });
export type Product = z.infer<typeof ProductSchema>;

export const BankAccountSchema = z.looseObject({
  bankAccountNumber: wireCodeText(CODE_MAX, true),
  bankAccountName: requiredText(NAME_MAX),
  bankAccountType: oneOf([1, 3, 5, 7], "bankAccountType"),
  bankBranch: wireString(NAME_MAX),
  bankId: wireInt(),
}, { error: MESSAGES.bodyNotObject });
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const CompanyInfoSchema = z.looseObject({
  companyType: opt(textOrNumber(CODE_MAX)),
  compnayName: requiredText(NAME_MAX), // wire typo kept (service-facts §5.9)
  companyNameEn: str(NAME_MAX),
  companyAddress: str(ADDRESS_MAX),
  companyAddressEn: str(ADDRESS_MAX),
  companyZipCode: str(CODE_MAX),
  companyTaxId: str(CODE_MAX),
  companyBranch: str(NAME_MAX),
  companyBranchEn: str(NAME_MAX),
  companyBranchCode: str(CODE_MAX),
  companyPhone: str(CODE_MAX),
  companyMobile: str(CODE_MAX),
  companyFax: str(CODE_MAX),
  companyWebsite: str(NAME_MAX),
}, { error: MESSAGES.bodyNotObject });
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;

export const WithholdingTaxItemSchema = z.looseObject({
  incomeType: wireInt(),
  description: str(LINE_TEXT_MAX),
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
  textOther: str(NAME_MAX),
  withholdingTaxItems: list(WithholdingTaxItemSchema, phrase("must be a list"), 1, "must contain at least one line"),
  total: num(),
  totalTaxWithheld: num(),
  taxPayment: int(),
  taxPaymentOthers: str(NAME_MAX),
  providentFundNumber: str(CODE_MAX),
  providentFundAmount: opt(textOrNumber(CODE_MAX)),
  socialSecurityAmount: opt(textOrNumber(CODE_MAX)),
  remarks: str(LONG_TEXT_MAX),
  internalNotes: str(LONG_TEXT_MAX),
  showSignatureOrStamp: bool(),
}, { error: MESSAGES.bodyNotObject });
export type WithholdingTax = z.infer<typeof WithholdingTaxSchema>;

export const JournalEntrySchema = z.looseObject({
  documentType: oneOf([51, 53, 55, 57, 59], "documentType"),
  documentDate: wireDate(),
  contactId: int(),
  contactName: str(NAME_MAX),
  description: str(LINE_TEXT_MAX),
  note: str(LONG_TEXT_MAX),
  remarks: str(LONG_TEXT_MAX),
  reference: str(NAME_MAX),
  bookOfAccounts: list(
    z.looseObject({
      debitCredit: oneOf([1, 3], "debitCredit"),
      chartOfAccountId: wireIdOrCode(),
      value: wireNumber(),
      description: str(LINE_TEXT_MAX),
    }, { error: phrase("must be an object") }),
    phrase("must be a list"),
    2,
    "must contain at least one debit and one credit row",
  ),
}, { error: MESSAGES.bodyNotObject });
export type JournalEntry = z.infer<typeof JournalEntrySchema>;
