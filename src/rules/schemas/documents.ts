// Document bodies: simple, inline, update (PUT), upgrade and with-payment.
import * as z from "zod/mini";
import { EXPENSE_VIEW } from "../codes";
import { ADDRESS_MAX, CODE_MAX, CREDIT_DAYS_MAX, LONG_TEXT_MAX, NAME_MAX } from "../limits";
import { MESSAGES } from "../messages";
import { LineItemSchema } from "./lines";
import { paymentFields } from "./payments";
import {
  bool, boundedList, date, int, isMissing, list, num, oneOf, opt, phrase, requiredText, str, textOrNumber, wireDate, wireInt, wireNumber,
} from "./wire";

export const UpgradeReferenceSchema = z.looseObject({
  recordId: wireInt().check(z.refine((v: number) => v > 0, { error: "must be greater than 0" })),
  referenceDocumentSerial: requiredText(CODE_MAX),
  referenceDocumentType: wireInt(),
}, { error: phrase("must be an object") });
export type UpgradeReference = z.infer<typeof UpgradeReferenceSchema>;

export const STRUCTURE_TYPES = ["SimpleDocument", "InlineDocument", "UpdateSimpleDocument", "UpdateInlineDocument"] as const;

/** The record and contact header shared by documents and withholding tax certificates. */
export const contactHeaderFields = () => ({
  recordId: int(),
  contactId: int(),
  contactCode: str(CODE_MAX),
  contactName: str(NAME_MAX),
  contactAddress: str(ADDRESS_MAX),
  contactTaxId: str(CODE_MAX),
  contactBranch: str(NAME_MAX),
  contactPerson: str(NAME_MAX),
  contactEmail: str(NAME_MAX),
  contactNumber: str(CODE_MAX),
  contactZipCode: str(CODE_MAX),
  contactGroup: int(),
  publishedOn: wireDate(),
});

export const documentFields = {
  ...contactHeaderFields(),
  creditType: int(),
  creditDays: opt(wireInt().check(z.refine((v: number) => v >= 0 && v <= CREDIT_DAYS_MAX, { error: `must be a whole number from 0 to ${CREDIT_DAYS_MAX}` }))),
  dueDate: date(),
  salesName: str(NAME_MAX),
  projectName: str(NAME_MAX),
  reference: str(NAME_MAX),
  isManualVat: bool(),
  isVatInclusive: bool(),
  isVat: bool(),
  subTotal: num(),
  discountPercentage: num(),
  discountAmount: num(),
  totalAfterDiscount: wireNumber(),
  vatAmount: num(),
  grandTotal: wireNumber(),
  documentShowWithholdingTax: bool(),
  documentWithholdingTaxPercentage: num(),
  documentWithholdingTaxAmount: num(),
  useReceiptDeduction: bool(),
  documentDeductionType: int(),
  documentDeductionAmount: num(),
  remarks: str(LONG_TEXT_MAX),
  internalNotes: str(LONG_TEXT_MAX),
  showSignatureOrStamp: bool(),
  documentStructureType: opt(z.enum(STRUCTURE_TYPES, { error: `must be one of ${STRUCTURE_TYPES.join(", ")}` })),
  // [PM] samples send 0, [V3] types it as a string: both are taken.
  saleAndPurchaseChannel: opt(textOrNumber(NAME_MAX, "must be text")),
  expenseCategoryView: opt(oneOf(Object.values(EXPENSE_VIEW), "expenseCategoryView")),
  isBatchDocument: bool(),
  partialPaymentMethod: int(),
  documentReference: opt(boundedList(UpgradeReferenceSchema, "must be a list")),
  externalId: opt(textOrNumber(CODE_MAX)),
  items: list(LineItemSchema, phrase("must be a list of lines"), 1, MESSAGES.itemsRequired),
};

export const SimpleDocumentSchema = z.looseObject(documentFields, { error: MESSAGES.bodyNotObject });
export type SimpleDocument = z.infer<typeof SimpleDocumentSchema>;

const inlineFields = {
  discountType: int(),
  useInlineDiscount: bool(),
  useInlineVat: bool(),
  exemptAmount: num(),
  vatableAmount: num(),
};

export const InlineDocumentSchema = z.looseObject({ ...documentFields, ...inlineFields }, { error: MESSAGES.bodyNotObject });
export type InlineDocument = z.infer<typeof InlineDocumentSchema>;

/** PUT /{family}/{id} (UpdateSimpleDocument / UpdateInlineDocument): document plus company header. */
export const companyHeaderFields = {
  companyName: str(NAME_MAX),
  companyNameEn: str(NAME_MAX),
  companyAddress: str(ADDRESS_MAX),
  companyAddressEn: str(ADDRESS_MAX),
  companyTaxId: str(CODE_MAX),
  companyBranch: str(NAME_MAX),
  companyBranchEn: str(NAME_MAX),
  companyPhone: str(CODE_MAX),
  companyMobile: str(CODE_MAX),
  companyFax: str(CODE_MAX),
  companyWebsite: str(NAME_MAX),
};
export const UpdateDocumentSchema = z.looseObject(
  { ...documentFields, ...inlineFields, ...companyHeaderFields },
  { error: MESSAGES.bodyNotObject },
);
export type UpdateDocument = z.infer<typeof UpdateDocumentSchema>;

/** POST {family}[/inline]/with-payment: document + payment fields (service-facts §3.6). */
export const WithPaymentDocumentSchema = z.looseObject({
  ...documentFields,
  ...inlineFields,
  ...paymentFields,
  documentPaymentStructureType: str(CODE_MAX),
  expensePaymentStructureType: str(CODE_MAX),
}, { error: MESSAGES.bodyNotObject });
export type WithPaymentDocument = z.infer<typeof WithPaymentDocumentSchema>;

// ---------------------------------------------------------------------------------------------
// Upgrades: the full target document plus the source in documentReference (service-facts §3.5).

export const UpgradeDocumentSchema = z.looseObject({
  ...documentFields,
  ...inlineFields,
  documentReference: list(
    UpgradeReferenceSchema,
    (iss) => (isMissing(iss.input) ? MESSAGES.upgradeReferenceRequired : "must be a list"),
    1,
    MESSAGES.upgradeReferenceRequired,
  ),
}, { error: MESSAGES.bodyNotObject });
export type UpgradeDocument = z.infer<typeof UpgradeDocumentSchema>;

export const UpgradeWithPaymentDocumentSchema = z.looseObject({
  ...UpgradeDocumentSchema.shape,
  ...paymentFields,
  documentPaymentStructureType: str(CODE_MAX),
  expensePaymentStructureType: str(CODE_MAX),
}, { error: MESSAGES.bodyNotObject });
export type UpgradeWithPaymentDocument = z.infer<typeof UpgradeWithPaymentDocumentSchema>;
