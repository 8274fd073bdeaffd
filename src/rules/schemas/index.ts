// zod schemas of every request body of the spec, with their inferred types (see wire.ts for how
// values are read on the wire). One module per kind of body; this index keeps `rules/schemas`
// importable as one.
export {
  OUT_OF_RANGE, UNSTORABLE_TEXT, isIsoDate, isStorableText, tooLong, tooMany, wireBool, wireDate, wireInt, wireNumber, wireString,
} from "./wire";
export { LineItemSchema, type LineItem } from "./lines";
export {
  InlineDocumentSchema, SimpleDocumentSchema, UpdateDocumentSchema, UpgradeDocumentSchema, UpgradeReferenceSchema,
  UpgradeWithPaymentDocumentSchema, WithPaymentDocumentSchema,
  type InlineDocument, type SimpleDocument, type UpdateDocument, type UpgradeDocument, type UpgradeReference,
  type UpgradeWithPaymentDocument, type WithPaymentDocument,
} from "./documents";
export {
  PAYMENT_STRUCTURE_TYPES, PaymentFieldsSchema, PaymentSchema, type Payment, type PaymentFields,
} from "./payments";
export {
  PartialReceiptCreateSchema, PartialReceiptItemSchema, PartialReceiptUpdateSchema,
  type PartialReceiptCreate, type PartialReceiptItem, type PartialReceiptUpdate,
} from "./partial-receipts";
export {
  Base64AttachmentBodySchema, Base64AttachmentSchema, CULTURES, EmailSchema, ExportPdfSchema, ListQuerySchema, ShareSchema,
  normalizeAttachmentKeys,
  type Base64Attachment, type Base64AttachmentBody, type Email, type ExportPdf, type ListQuery, type Share,
} from "./requests";
export {
  BankAccountSchema, CompanyInfoSchema, ContactSchema, JournalEntrySchema, ProductSchema, WithholdingTaxItemSchema,
  WithholdingTaxSchema,
  type BankAccount, type CompanyInfo, type Contact, type JournalEntry, type Product, type WithholdingTax,
} from "./master-data";
export type {
  ContactBody, CreateBodies, CreateOperation, InlineDocumentBody, JournalEntryBody, PartialReceiptBody, PartialReceiptUpdateBody,
  PaymentBody, ProductBody, SimpleDocumentBody, UpdateDocumentBody, UpgradeDocumentBody, UpgradeWithPaymentDocumentBody,
  WithholdingTaxBody, WithPaymentDocumentBody,
} from "./bodies";
