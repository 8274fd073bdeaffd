// Line items of documents, with the expense, inline-withholding and partial-receipt fields.
import * as z from "zod/mini";
import { VAT_RATES } from "../codes";
import { CODE_MAX, LINE_TEXT_MAX, NAME_MAX, UNIT_NAME_MAX } from "../limits";
import { int, num, oneOf, opt, phrase, str, textOrNumber, wireIdOrCode } from "./wire";

export const LineItemSchema = z.looseObject({
  id: int(),
  type: int(),
  name: str(LINE_TEXT_MAX),
  description: str(LINE_TEXT_MAX),
  unitName: str(UNIT_NAME_MAX),
  quantity: num(),
  pricePerUnit: num(),
  total: num(),
  discountAmount: num(),
  vatRate: opt(oneOf(VAT_RATES, "vatRate")),
  sellChartOfAccountCode: opt(textOrNumber(CODE_MAX, "must be an account code")),
  buyChartOfAccountCode: opt(textOrNumber(CODE_MAX, "must be an account code")),
  // Expense lines (service-facts §3.3).
  systemCode: opt(wireIdOrCode()),
  categoryId: opt(wireIdOrCode()),
  creditId: opt(wireIdOrCode()),
  debitId: opt(wireIdOrCode()),
  nameLocal: str(NAME_MAX),
  nameForeign: str(NAME_MAX),
  // Inline withholding tax per line (expenses).
  withHeldPerItem: num(),
  withHeldPerItemValue: num(),
  // Partial receipt lines.
  documentId: int(),
  documentType: int(),
  partialAmount: num(),
}, { error: phrase("must be an object") });
export type LineItem = z.infer<typeof LineItemSchema>;
