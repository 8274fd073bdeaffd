// Partial receipts (spec, Partial receipt). Values (true, 11, 3, 7, > 0) are checked in
// checks/partial-receipt.ts with their own messages; the schema checks the types.
import * as z from "zod/mini";
import { MESSAGES } from "../messages";
import { STRUCTURE_TYPES, companyHeaderFields, documentFields } from "./documents";
import { LineItemSchema } from "./lines";
import { bool, boundedList, date, int, list, num, opt, phrase, wireNumber } from "./wire";

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
  items: list(PartialReceiptItemSchema, phrase("must be a list of lines"), 1, MESSAGES.itemsRequired),
};

export const PartialReceiptCreateSchema = z.looseObject(partialFields, { error: MESSAGES.bodyNotObject });
export type PartialReceiptCreate = z.infer<typeof PartialReceiptCreateSchema>;

export const PartialReceiptUpdateSchema = z.looseObject({
  ...partialFields,
  ...companyHeaderFields,
  documentStructureType: opt(z.enum(STRUCTURE_TYPES, { error: `must be one of ${STRUCTURE_TYPES.join(", ")}` })),
  documentReference: opt(boundedList(z.unknown(), "must be null or an empty list")),
}, { error: MESSAGES.bodyNotObject });
export type PartialReceiptUpdate = z.infer<typeof PartialReceiptUpdateSchema>;
