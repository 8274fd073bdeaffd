// What a client sends: each request body's type as its schema takes it on the wire (zod's input
// type, so "12.50" and 12.5 are both a number field). The service parses these schemas; the client
// and the jobs that build bodies are typed by the same ones, so a field renamed in a schema is a
// type error wherever a body is made.
import type * as z from "zod/mini";
import type {
  InlineDocumentSchema, SimpleDocumentSchema, UpdateDocumentSchema, UpgradeDocumentSchema, UpgradeWithPaymentDocumentSchema,
  WithPaymentDocumentSchema,
} from "./documents";
import type { ContactSchema, JournalEntrySchema, ProductSchema, WithholdingTaxSchema } from "./master-data";
import type { PartialReceiptCreateSchema, PartialReceiptUpdateSchema } from "./partial-receipts";
import type { PaymentSchema } from "./payments";

export type SimpleDocumentBody = z.input<typeof SimpleDocumentSchema>;
export type InlineDocumentBody = z.input<typeof InlineDocumentSchema>;
export type WithPaymentDocumentBody = z.input<typeof WithPaymentDocumentSchema>;
export type UpgradeDocumentBody = z.input<typeof UpgradeDocumentSchema>;
export type UpgradeWithPaymentDocumentBody = z.input<typeof UpgradeWithPaymentDocumentSchema>;
export type UpdateDocumentBody = z.input<typeof UpdateDocumentSchema>;
export type PartialReceiptBody = z.input<typeof PartialReceiptCreateSchema>;
export type PartialReceiptUpdateBody = z.input<typeof PartialReceiptUpdateSchema>;
export type PaymentBody = z.input<typeof PaymentSchema>;
export type ContactBody = z.input<typeof ContactSchema>;
export type ProductBody = z.input<typeof ProductSchema>;
export type WithholdingTaxBody = z.input<typeof WithholdingTaxSchema>;
export type JournalEntryBody = z.input<typeof JournalEntrySchema>;

/** The body each document-creating operation takes. */
export interface CreateBodies {
  create: SimpleDocumentBody;
  createInline: InlineDocumentBody;
  createWithPayment: WithPaymentDocumentBody;
  createInlineWithPayment: WithPaymentDocumentBody;
  upgrade: UpgradeDocumentBody;
  upgradeInline: UpgradeDocumentBody;
  upgradeWithPayment: UpgradeWithPaymentDocumentBody;
  upgradeInlineWithPayment: UpgradeWithPaymentDocumentBody;
  partialReceipt: PartialReceiptBody;
}
export type CreateOperation = keyof CreateBodies;
