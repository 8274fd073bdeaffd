// The English texts of namespace hints (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/hints.ts is its Thai twin).
import { POSITIVE_RATES } from "../lists";

/** What to put in a column a finding asks for, by field key (sheet/messages.ts COLUMN_HINTS). */
export const hints = {
  isVat: "TRUE when the document carries VAT",
  isVatInclusive: "TRUE when prices carry VAT",
  isManualVat: "TRUE when the VAT amount is typed in rather than computed",
  documentShowWithholdingTax: "TRUE to show withholding tax on the document",
  documentWithholdingTaxPercentage: `the withholding tax rate, one of ${POSITIVE_RATES}`,
  paymentMethod: "cash, cheque, transfer, credit card, petty cash or other",
  chequeDate: "the date written on the cheque",
  "item.creditId": "the id of the account credited, from the chart of accounts",
  "item.debitId": "the id of the account debited, from the chart of accounts",
  "item.categoryId": "the id of the expense category",
  "item.systemCode": "the expense's system code",
  "item.description": "what the line is for",
};
