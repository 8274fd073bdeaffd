// zod schemas of every request body of the spec, with their inferred types. They check the SHAPE
// of a body (types, required fields, enumerations); the rules with the spec's own messages (VAT
// combinations, payment fields, withholding rates, ...) are in checks.ts, so one broken field gives
// one clear finding.
//
// Decisions (the real service is .NET and tolerant; we follow it where it is):
// - Objects are loose: unknown keys are kept, like the real service ignores them.
// - Numbers arrive as JSON numbers or as plain numeric strings ("1234.50", "-3", "1e3"); both come
//   out as a number. Thousands separators and currency signs are a sheet matter (money.parseDecimal),
//   not accepted on the wire. Whole-number fields (ids, codes) accept "12" too.
// - Booleans accept true/false and the strings "true"/"false" in any case.
// - Dates are `YYYY-MM-DD` real calendar dates (2026-02-30 is refused).
// - Optional fields also accept null (the .NET service treats null as absent).
// - Field error messages are phrases ("must be a number", "is required"); zodFindings in checks.ts
//   puts the field name in front of them.
import { z } from "zod";
import {
  ATTACHMENT_MAX_FILES, EXPENSE_VIEW, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, RANGE_VALUES, VAT_RATES,
} from "./codes";
import { MESSAGES } from "./messages";

const isMissing = (input: unknown) => input === undefined;
const phrase = (what: string) => (iss: { input?: unknown }) => (isMissing(iss.input) ? "is required" : what);

const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
const INTEGER_TEXT = /^\s*[+-]?\d{1,15}\s*$/;

/** A number: JSON number or plain numeric text, out as a number. */
export const wireNumber = () =>
  z.union([z.number(), z.string().regex(NUMERIC_TEXT).transform(Number)], { error: phrase("must be a number") });

/** A whole number: JSON integer or integer text, out as a number. */
export const wireInt = () =>
  z.union([z.number().int().safe(), z.string().regex(INTEGER_TEXT).transform(Number)], {
    error: phrase("must be a whole number"),
  });

/** A boolean: JSON boolean or "true"/"false". */
export const wireBool = () =>
  z.union([z.boolean(), z.string().regex(/^\s*(true|false)\s*$/i).transform((s) => s.trim().toLowerCase() === "true")], {
    error: phrase("must be true or false"),
  });

export const wireString = () => z.string({ error: phrase("must be text") });

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[mo - 1];
}

export const wireDate = () =>
  z
    .string({ error: phrase("must be a date written YYYY-MM-DD") })
    .refine(isIsoDate, { error: "must be a real date written YYYY-MM-DD" });

/** Id fields of expense lines and payment channels: a whole number or a code text. */
const wireIdOrCode = () =>
  z.union([z.number().int(), z.string()], { error: phrase("must be a whole number or a code") });

const opt = <T extends z.ZodType>(schema: T) => schema.nullish();
const num = () => opt(wireNumber());
const int = () => opt(wireInt());
const bool = () => opt(wireBool());
const str = () => opt(wireString());
const date = () => opt(wireDate());

const oneOf = (values: readonly number[], name: string) =>
  wireInt().refine((v) => values.includes(v), { error: `must be one of ${values.join(", ")}` }).describe(name);

// ---------------------------------------------------------------------------------------------
// Line items

export const LineItemSchema = z.looseObject({
  id: int(),
  type: int(),
  name: str(),
  description: str(),
  unitName: str(),
  quantity: num(),
  pricePerUnit: num(),
  total: num(),
  discountAmount: num(),
  vatRate: opt(oneOf(VAT_RATES, "vatRate")),
  sellChartOfAccountCode: opt(z.union([z.string(), z.number()], { error: "must be an account code" })),
  buyChartOfAccountCode: opt(z.union([z.string(), z.number()], { error: "must be an account code" })),
  // Expense lines (service-facts §3.3).
  systemCode: opt(wireIdOrCode()),
  categoryId: opt(wireIdOrCode()),
  creditId: opt(wireIdOrCode()),
  debitId: opt(wireIdOrCode()),
  nameLocal: str(),
  nameForeign: str(),
  // Inline withholding tax per line (expenses).
  withHeldPerItem: num(),
  withHeldPerItemValue: num(),
  // Partial receipt lines.
  documentId: int(),
  documentType: int(),
  partialAmount: num(),
}, { error: phrase("must be an object") });
export type LineItem = z.infer<typeof LineItemSchema>;

// ---------------------------------------------------------------------------------------------
// Documents

export const UpgradeReferenceSchema = z.looseObject({
  recordId: wireInt().refine((v) => v > 0, { error: "must be greater than 0" }),
  referenceDocumentSerial: wireString().min(1, { error: "is required" }),
  referenceDocumentType: wireInt(),
}, { error: phrase("must be an object") });
export type UpgradeReference = z.infer<typeof UpgradeReferenceSchema>;

const STRUCTURE_TYPES = ["SimpleDocument", "InlineDocument", "UpdateSimpleDocument", "UpdateInlineDocument"] as const;

const documentFields = {
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
  saleAndPurchaseChannel: opt(z.union([z.string(), z.number()], { error: "must be text" })),
  expenseCategoryView: opt(oneOf(Object.values(EXPENSE_VIEW), "expenseCategoryView")),
  isBatchDocument: bool(),
  partialPaymentMethod: int(),
  documentReference: opt(z.array(UpgradeReferenceSchema, { error: "must be a list" })),
  externalId: opt(z.union([z.string(), z.number()])),
  items: z
    .array(LineItemSchema, { error: phrase("must be a list of lines") })
    .min(1, { error: MESSAGES.itemsRequired }),
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
const companyHeaderFields = {
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

// ---------------------------------------------------------------------------------------------
// Payments

const paymentFields = {
  paymentMethod: wireInt(),
  paymentDate: wireDate(),
  collected: wireNumber(),
  bankAccountId: opt(wireIdOrCode()),
  transferBankAccountId: opt(wireIdOrCode()),
  chequeBankAccountId: opt(wireIdOrCode()),
  chequeDate: date(),
  chequeNumber: opt(z.union([z.string(), z.number()], { error: "must be text" })),
  bankChequeId: opt(wireIdOrCode()),
  creditCardBankAccountId: opt(wireIdOrCode()),
  creditCardId: opt(wireIdOrCode()),
  pettyCashId: opt(wireIdOrCode()),
  otherChannelId: opt(wireIdOrCode()),
  withheldAmount: num(),
  withheldPercentage: num(),
  paymentDeductionType: int(),
  paymentDeductionAmount: num(),
  paymentRemarks: str(),
  remainingCollectedType: int(),
  remainingCollected: num(),
  paymentCharge: num(),
};

/** The payment fields alone (spec, Payment fields; service-facts §3.6). */
export const PaymentFieldsSchema = z.looseObject(paymentFields, { error: MESSAGES.bodyNotObject });
export type PaymentFields = z.infer<typeof PaymentFieldsSchema>;

export const PAYMENT_STRUCTURE_TYPES = [
  "PaymentReceivingCash", "PaymentReceivingTransfer", "PaymentReceivingCheque", "PaymentReceivingCreditCard",
  "PaymentPaidCash", "PaymentPaidTransfer", "PaymentPaidCheque", "PaymentPaidCreditCard",
] as const;

/**
 * POST {family}/{id}/payment (service-facts §3.7). paymentStructureType and documentId are
 * optional here: the path already names the document, and paymentMethod says the channel.
 */
export const PaymentSchema = z.looseObject({
  ...paymentFields,
  paymentStructureType: str(),
  documentId: int(),
}, { error: MESSAGES.bodyNotObject });
export type Payment = z.infer<typeof PaymentSchema>;

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
  documentReference: z
    .array(UpgradeReferenceSchema, { error: (iss) => (isMissing(iss.input) ? MESSAGES.upgradeReferenceRequired : "must be a list") })
    .min(1, { error: MESSAGES.upgradeReferenceRequired }),
}, { error: MESSAGES.bodyNotObject });
export type UpgradeDocument = z.infer<typeof UpgradeDocumentSchema>;

export const UpgradeWithPaymentDocumentSchema = z.looseObject({
  ...UpgradeDocumentSchema.shape,
  ...paymentFields,
  documentPaymentStructureType: str(),
  expensePaymentStructureType: str(),
}, { error: MESSAGES.bodyNotObject });
export type UpgradeWithPaymentDocument = z.infer<typeof UpgradeWithPaymentDocumentSchema>;

// ---------------------------------------------------------------------------------------------
// Partial receipts (spec, Partial receipt). Values (true, 11, 3, 7, > 0) are checked in checks.ts
// with their own messages; the schema checks the types.

export const PartialReceiptItemSchema = LineItemSchema;
export type PartialReceiptItem = z.infer<typeof PartialReceiptItemSchema>;

const partialFields = {
  ...documentFields,
  publishedOn: date(),
  totalAfterDiscount: num(),
  isBatchDocument: bool(),
  partialPaymentMethod: int(),
  creditType: int(),
  grandTotal: wireNumber(),
  items: z
    .array(PartialReceiptItemSchema, { error: phrase("must be a list of lines") })
    .min(1, { error: MESSAGES.itemsRequired }),
};

export const PartialReceiptCreateSchema = z.looseObject(partialFields, { error: MESSAGES.bodyNotObject });
export type PartialReceiptCreate = z.infer<typeof PartialReceiptCreateSchema>;

export const PartialReceiptUpdateSchema = z.looseObject({
  ...partialFields,
  ...companyHeaderFields,
  documentStructureType: opt(z.enum(STRUCTURE_TYPES, { error: `must be one of ${STRUCTURE_TYPES.join(", ")}` })),
  documentReference: opt(z.array(z.unknown(), { error: "must be null or an empty list" })),
}, { error: MESSAGES.bodyNotObject });
export type PartialReceiptUpdate = z.infer<typeof PartialReceiptUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// List query: every value arrives as query text.

const queryInt = (min: number, minMessage: string) =>
  z
    .string()
    .regex(/^\s*[+-]?\d{1,9}\s*$/, { error: "must be a whole number" })
    .transform(Number)
    .refine((v) => v >= min, { error: minMessage });

export const ListQuerySchema = z.looseObject({
  currentPage: queryInt(1, MESSAGES.currentPageMin).default(1),
  pageSize: queryInt(1, MESSAGES.pageSizeMin)
    .refine((v) => v <= PAGE_SIZE_MAX, { error: MESSAGES.pageSizeMax, abort: true })
    .default(PAGE_SIZE_DEFAULT),
  searchString: z.string().optional(),
  range: z
    .string()
    .refine((v) => (RANGE_VALUES as number[]).map(String).includes(v.trim()), { error: MESSAGES.rangeValue })
    .transform((v) => Number(v))
    .optional(),
  month: z.string().optional(),
  year: z.string().optional(),
  startDate: z.string().refine(isIsoDate, { error: "must be a real date written YYYY-MM-DD" }).optional(),
  endDate: z.string().refine(isIsoDate, { error: "must be a real date written YYYY-MM-DD" }).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Base64 attachment. The real service reads keys in any letter case (Base64Data, FILENAME, ...).

const ATTACHMENT_KEYS: Record<string, "fileName" | "fileType" | "base64Data"> = {
  filename: "fileName",
  filetype: "fileType",
  base64data: "base64Data",
};

/** Maps attachment keys written in any letter case to fileName, fileType, base64Data. */
export function normalizeAttachmentKeys(raw: unknown): unknown {
  if (Array.isArray(raw)) return raw.map(normalizeAttachmentKeys);
  if (raw === null || typeof raw !== "object") return raw;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const canonical = ATTACHMENT_KEYS[key.toLowerCase()];
    if (canonical) {
      // An exact-case key wins over a differently cased duplicate.
      if (!(canonical in out) || key === canonical) out[canonical] = value;
    } else out[key] = value;
  }
  return out;
}

export const Base64AttachmentSchema = z.looseObject({
  fileName: wireString().min(1, { error: "is required" }),
  fileType: str(),
  base64Data: wireString().min(1, { error: "is required" }),
}, { error: phrase("must be an object") });
export type Base64Attachment = z.infer<typeof Base64AttachmentSchema>;

export const Base64AttachmentBodySchema = z.preprocess(
  normalizeAttachmentKeys,
  z.union([
    Base64AttachmentSchema,
    z.array(Base64AttachmentSchema).min(1, { error: "must contain at least one file" })
      .max(ATTACHMENT_MAX_FILES, { error: MESSAGES.attachmentTooMany }),
  ], { error: "must be an attachment object or a list of them" }),
);
export type Base64AttachmentBody = z.infer<typeof Base64AttachmentBodySchema>;

// ---------------------------------------------------------------------------------------------
// E-mail, share, PDF export (service-facts §3.9)

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
/** One address or several separated by commas or semicolons. */
const emailList = () =>
  wireString().refine(
    (v) => v.split(/[,;]/).map((s) => s.trim()).filter((s) => s !== "").length > 0 &&
      v.split(/[,;]/).map((s) => s.trim()).filter((s) => s !== "").every((s) => EMAIL.test(s)),
    { error: "must be e-mail addresses separated by commas" },
  );

export const CULTURES = ["th", "en"] as const;
const culture = () => z.enum(CULTURES, { error: 'must be "th" or "en"' });

export const EmailSchema = z.looseObject({
  documentId: wireInt(),
  fromemail: emailList(),
  toemail: emailList(),
  cCMyself: bool(),
  ccEmail: opt(z.union([z.literal(""), emailList()])),
  bccEmail: opt(z.union([z.literal(""), emailList()])),
  subject: wireString().min(1, { error: "is required" }),
  message: str(),
  doCopy: bool(),
  culture: opt(culture()),
  documentStructureType: str(),
}, { error: MESSAGES.bodyNotObject });
export type Email = z.infer<typeof EmailSchema>;

export const ShareSchema = z.looseObject({
  documentId: wireInt(),
  culture: culture().default("th"),
}, { error: MESSAGES.bodyNotObject });
export type Share = z.infer<typeof ShareSchema>;

export const ExportPdfSchema = z.looseObject({
  culture: opt(culture()),
  document: opt(z.looseObject({ original: bool(), copy: bool() }, { error: "must be an object" })),
  receipt: opt(z.looseObject({ original: bool(), copy: bool() }, { error: "must be an object" })),
}, { error: MESSAGES.bodyNotObject });
export type ExportPdf = z.infer<typeof ExportPdfSchema>;

// ---------------------------------------------------------------------------------------------
// Master data (service-facts §5)

export const ContactSchema = z.looseObject({
  id: int(),
  contactGroup: oneOf([1, 3, 9], "contactGroup"),
  contactType: oneOf([0, 3, 5, 7, 9], "contactType"),
  contactCode: str(),
  contactName: wireString().refine((v) => v.trim() !== "", { error: "is required" }),
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
  name: wireString().refine((v) => v.trim() !== "", { error: "is required" }),
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
  bankAccountNumber: wireString().min(1, { error: "is required" }),
  bankAccountName: wireString().min(1, { error: "is required" }),
  bankAccountType: oneOf([1, 3, 5, 7], "bankAccountType"),
  bankBranch: wireString(),
  bankId: wireInt(),
}, { error: MESSAGES.bodyNotObject });
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const CompanyInfoSchema = z.looseObject({
  companyType: opt(z.union([z.string(), z.number()])),
  compnayName: wireString().min(1, { error: "is required" }), // wire typo kept (service-facts §5.9)
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
  entity: wireInt(),
  textOther: str(),
  withholdingTaxItems: z.array(WithholdingTaxItemSchema, { error: phrase("must be a list") })
    .min(1, { error: "must contain at least one line" }),
  total: num(),
  totalTaxWithheld: num(),
  taxPayment: int(),
  taxPaymentOthers: str(),
  providentFundNumber: str(),
  providentFundAmount: opt(z.union([z.string(), z.number()])),
  socialSecurityAmount: opt(z.union([z.string(), z.number()])),
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
  bookOfAccounts: z.array(
    z.looseObject({
      debitCredit: oneOf([1, 3], "debitCredit"),
      chartOfAccountId: wireIdOrCode(),
      value: wireNumber(),
      description: str(),
    }, { error: phrase("must be an object") }),
    { error: phrase("must be a list") },
  ).min(2, { error: "must contain at least one debit and one credit row" }),
}, { error: MESSAGES.bodyNotObject });
export type JournalEntry = z.infer<typeof JournalEntrySchema>;
