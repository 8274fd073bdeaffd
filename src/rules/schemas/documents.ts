// Document bodies: simple, inline, update (PUT), upgrade and with-payment.
import * as z from "zod/mini";
import { EXPENSE_VIEW } from "../codes";
import { MESSAGES } from "../messages";
import { LineItemSchema } from "./lines";
import { paymentFields } from "./payments";
import {
  bool, date, int, isMissing, list, num, oneOf, opt, phrase, requiredText, str, textOrNumber, wireDate, wireInt, wireNumber,
} from "./wire";

export const UpgradeReferenceSchema = z.looseObject({
  recordId: wireInt().check(z.refine((v: number) => v > 0, { error: "must be greater than 0" })),
  referenceDocumentSerial: requiredText(),
  referenceDocumentType: wireInt(),
}, { error: phrase("must be an object") });
export type UpgradeReference = z.infer<typeof UpgradeReferenceSchema>;

export const STRUCTURE_TYPES = ["SimpleDocument", "InlineDocument", "UpdateSimpleDocument", "UpdateInlineDocument"] as const;

/** The record and contact header shared by documents and withholding tax certificates. */
export const contactHeaderFields = () => ({
  recordId: int(),
  contactId: int(),
  contactCode: str(),
  contactName: str(),
  contactAddress: str(),
  contactTaxId: str(),
  contactBranch: str(),
  contactPerson: str(),
  contactEmail: str(),
  contactNumber: str(),
  contactZipCode: str(),
  contactGroup: int(),
  publishedOn: wireDate(),
});

export const documentFields = {
  ...contactHeaderFields(),
  creditType: int(),
  creditDays: int(),
  dueDate: date(),
  salesName: str(),
  projectName: str(),
  reference: str(),
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
  remarks: str(),
  internalNotes: str(),
  showSignatureOrStamp: bool(),
  documentStructureType: opt(z.enum(STRUCTURE_TYPES, { error: `must be one of ${STRUCTURE_TYPES.join(", ")}` })),
  // [PM] samples send 0, [V3] types it as a string: both are taken.
  saleAndPurchaseChannel: opt(textOrNumber("must be text")),
  expenseCategoryView: opt(oneOf(Object.values(EXPENSE_VIEW), "expenseCategoryView")),
  isBatchDocument: bool(),
  partialPaymentMethod: int(),
  documentReference: opt(z.array(UpgradeReferenceSchema, { error: "must be a list" })),
  externalId: opt(textOrNumber()),
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
  companyName: str(),
  companyNameEn: str(),
  companyAddress: str(),
  companyAddressEn: str(),
  companyTaxId: str(),
  companyBranch: str(),
  companyBranchEn: str(),
  companyPhone: str(),
  companyMobile: str(),
  companyFax: str(),
  companyWebsite: str(),
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
  documentPaymentStructureType: str(),
  expensePaymentStructureType: str(),
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
  documentPaymentStructureType: str(),
  expensePaymentStructureType: str(),
}, { error: MESSAGES.bodyNotObject });
export type UpgradeWithPaymentDocument = z.infer<typeof UpgradeWithPaymentDocumentSchema>;
