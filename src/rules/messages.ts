// Every message the rules give. Texts shown by the spec's Errors section are copied to the letter;
// the others (marked "ours") follow the same style. Templates take {name} placeholders filled by
// ruleMsg (rules/message.ts), so MESSAGES stays a plain table of strings the service and tests can compare.
import { ATTACHMENT_EXTENSIONS, PAYMENT_METHOD_CODES, WITHHOLDING_RATES } from "./codes";
import { JSON_DEPTH_MAX, NUMBER_MAX } from "./limits";
import { keyed, type ArgsOf, type Message, type PlainKeys } from "./message";

export { formatMessage } from "./message";

const RATES = WITHHOLDING_RATES.join(", ");
const TYPES = ATTACHMENT_EXTENSIONS.map((e) => "." + e).join(", ");

export const MESSAGES = {
  // --- spec, Errors section (exact) ---
  pageSizeMax: "pageSize must not exceed 200",
  validationFailed: "One or more validation errors occurred.",
  attachmentExtensionMismatch: "The file extension in fileName does not match the actual file type detected from Base64Data.",
  contactIdNegative: "ContactId cannot be less than 0",
  contactIdNotFound: "ContactId not found",
  contactMismatch: "ContactId, ContactName and ContactCode is mismatch",
  contactOtherCompany: "ContactId does not belong to the current company",
  contactInvalid: "Contact is invalid",
  totalAfterDiscountLessThanVat: "totalAfterDiscount cannot be less than vatAmount",
  vatCombination: "isVatInclusive, isVat and vatAmount doesn't match",
  paymentChequeBankAccountId: "PaymentMethod Cheque requires ChequeBankAccountId",
  paymentChequeDate: "PaymentMethod Cheque requires ChequeDate",
  paymentChequeBankAccountIdBuy: "PaymentMethod Cheque requires bankAccountId",
  paymentChequeBankChequeId: "PaymentMethod Cheque requires bankChequeId",
  paymentTransferBankAccountId: "PaymentMethod Transfer requires bankAccountId",
  paymentCreditCardBankAccountId: "PaymentMethod CreditCard requires creditCardBankAccountId",
  paymentCreditCardId: "PaymentMethod CreditCard requires creditCardId",
  paymentPettyCashId: "PaymentMethod PettyCash requires pettyCashId",
  paymentOtherChannelId: "PaymentMethod OtherChannel requires otherChannelId",
  itemDescription: "Item requires Description",
  itemCreditId: "Item requires CreditId",
  itemDebitId: "Item requires DebitId",
  itemSystemCode: "Item requires SystemCode",
  itemCategoryId: "Item requires CategoryId",

  // --- service-facts §7.2 (observed on the real service) ---
  receiptObsoleted: "Create Receipt API is obsoleted, please follow the Upgrade Receipt procedure",

  // --- ours: contacts and structure ---
  contactRequired: "contactId or contactName is required",
  updateSimpleRequired: "documentStructureType must be UpdateSimpleDocument when updating a simple document",
  structureMismatch: "documentStructureType {given} does not match a {structure} document",
  bodyNotObject: "The request body must be a JSON object",
  itemsRequired: "items must contain at least one line",
  itemQuantityRequired: "Item requires quantity",
  itemPricePerUnitRequired: "Item requires pricePerUnit",
  unitNameTooLong: "unitName must be at most 7 characters",
  upgradeReferenceRequired: "documentReference must name the source document of an upgrade",
  upgradeReferenceType: "referenceDocumentType {given} cannot be upgraded into {family}; allowed: {allowed}",
  paymentMethodUnknown: `paymentMethod must be one of ${PAYMENT_METHOD_CODES.join(", ")}`,
  paymentMethodNotForSide: "PaymentMethod {method} is not available on {side} documents",
  collectedPositive: "collected must be greater than 0 (at least 0.01)",
  computedOutOfRange: "{field} comes to {value}; amounts must be above -{max} and below {max}",

  // --- ours: withholding tax ---
  withholdingRate: `documentWithholdingTaxPercentage must be one of ${RATES}`,
  withholdingNeedsShow: "documentShowWithholdingTax must be true to specify withholding tax",
  withholdingRateMissing: "documentWithholdingTaxPercentage must be above 0 when documentShowWithholdingTax is true",
  itemWithholdingRate: `withHeldPerItem must be one of ${RATES}, or empty for none`,
  itemWithholdingValueRange: "withHeldPerItemValue must be between 0 and the line total ({total})",
  useInlineVatRequired: "useInlineVat must be true for inline withholding tax on expenses",
  withheldPercentage: `withheldPercentage must be one of ${RATES}, or -1 for an amount`,

  // --- ours: how a payment settles the document (rules/settlement.ts) ---
  paymentNotSettled: "collected {collected} + withheldAmount {withheld} + deductions {deductions} = {sum}, which does not settle grandTotal {due}",
  paymentMoreThanDue: "collected {collected} is more than the amount due {due}",
  paymentMoreThanStillDue: "collected {collected} is more than the {due} still due after receipts {receipts}",
  paymentSettledByReceipts: "the document is settled by receipts {receipts}: nothing is due on it",
  paymentRestOnReceipt: "receipts {receipts} were made from the document: collect the {due} still due with a receipt, not a payment on the document",
  withheldAmountMismatch: "withheldAmount is {given} but {rate}% of {base} before VAT gives {expected}; send withheldPercentage -1 to give another amount",
  withheldAmountRequired: "withheldAmount is required when withheldPercentage is -1",
  withheldPerLineVat: "A document with VAT per line takes the withholding as an amount: withheldPercentage -1 and withheldAmount",
  paymentAmountNegative: "{field} cannot be negative",
  paymentDeductionBuy: "paymentDeductionAmount is only for payments received (sell documents)",
  paymentDeductionType: "paymentDeductionType must be 1 (special discount), 3 (commission), 5 (fee) or 7 (rounding) when paymentDeductionAmount is given",
  paymentChargeMethod: "paymentCharge is only for cheque or transfer payments",
  remainingCollectedType: "remainingCollectedType must be 51 (cash short or over) or 55 (bank fee) when remainingCollected is given",

  // --- ours: partial receipts (spec, Partial receipt) ---
  partialBatch: "isBatchDocument must be true for a partial receipt",
  partialMethod: "partialPaymentMethod must be 11 for a partial receipt",
  partialCreditType: "creditType must be 3 for a partial receipt",
  partialGrandTotal: "grandTotal is {given} but the sum of partialAmount is {expected}",
  partialUpdateGrandTotal: "grandTotal is {given} but partialAmount is {expected}",
  partialDocumentId: "Item documentId must be the recordId of a tax invoice (greater than 0)",
  partialDocumentType: "Item documentType must be 7 (tax invoice)",
  partialAmountPositive: "Item partialAmount must be greater than 0",
  partialAmountRoundsToZero: "Item partialAmount {given} rounds to 0.00; it must be at least 0.01",
  partialUpdateContactId: "contactId is required to update a partial receipt",
  partialUpdateReference: "documentReference must be null or empty when updating a partial receipt",

  // --- ours: upgrades, payments and partial receipts checked against the store ---
  upgradeSourceNotFound: "documentReference recordId {recordId} is not a document of this company",
  upgradeSourceMismatch: "documentReference recordId {recordId} is {type} {serial}, not {givenType} {givenSerial}",
  upgradeSourceState: "{serial} is {status} and cannot be upgraded",
  paymentChannelNotConfigured: "PaymentMethod {method} {field} is not configured for this company",
  paymentDocumentVoid: "{serial} is void and cannot be paid",
  paymentAlreadyPaid: "{serial} is already paid",
  paymentHasPartialReceipts: "{serial} is being paid by partial receipts; pay the partial receipts instead",
  paymentHasReceipt: "{serial} has receipt {receipts} made from it; record the payment on the receipt instead",
  partialInvoiceNotFound: "Item documentId {documentId} is not a tax invoice of this company",
  partialInvoiceState: "Tax invoice {serial} is {status} and cannot take a partial receipt",
  partialAmountAboveRemaining: "partialAmount {given} is above the remaining balance {remaining} of tax invoice {serial}",
  partialContactMismatch: "contactId {given} does not match the contact of tax invoice {serial}",
  partialOneContact: "The tax invoices of a partial receipt must all be of one contact",
  partialOnlyAwaiting: "Only an awaiting partial receipt can be updated",
  partialInvoiceLocked: "{serial} has partial receipts and cannot be edited, deleted or voided",

  // --- ours: attachments (spec, Limits) ---
  attachmentType: `The file type of {fileName} is not allowed; allowed types: ${TYPES}`,
  attachmentFileTypeMismatch: "fileType {fileType} does not match the file extension in fileName",
  attachmentEmpty: "Base64Data is empty or not valid Base64",
  attachmentTooLarge: "The attachments must not exceed 10 MB in total per upload",
  attachmentTooMany: "At most 10 files can be attached per upload",
  attachmentFileNameRequired: "fileName is required and must end with the file's extension",

  // --- ours: arithmetic (totals given against totals computed) ---
  arithmeticDocument: "{field} is {given} but the lines give {expected}",
  arithmeticLineTotal: "total is {given} but {formula} gives {expected}",
  arithmeticVat: "vatAmount is {given} but {rate} VAT on {base} gives {expected}",
  arithmeticWithholding: "documentWithholdingTaxAmount is {given} but {rate}% of {base} gives {expected}",
  arithmeticLineWithholding: "withHeldPerItemValue is {given} but {rate}% of the line's {base} before VAT gives {expected}",
  arithmeticDiscount: "discountAmount is {given} but {rate}% of subTotal {base} gives {expected}",
  precisionRounded: "{field} has more than {places} decimals; the service rounds it to {rounded}",

  // --- ours: list query ---
  pageSizeMin: "pageSize must be at least 1",
  currentPageMin: "currentPage must be at least 1",
  rangeValue: "range must be one of 0, 1, 3, 5, 7, 9, 15",
  dateRangeNeedsDates: "startDate and endDate are required with range 5",
  dateRangeOrder: "startDate must not be after endDate",
  sortByNotList: "sortBy must be a list such as [{'name':'publishedOn','sortOrder':'asc'}]",
  sortByColumn: "sortBy name {name} is not one of {allowed}",
  sortOrderValue: "sortOrder must be asc or desc",
  filterNotList: "filter must be a list such as [{'columnName':'Contact.NameLocal','columnValue':'Acme','columnPredicateOperator':'And'}]",
  filterColumn: "filter columnName {name} is not one of {allowed}",
  filterValueRequired: "filter columnValue of {name} is required",
  filterValueNumber: "filter columnValue of {name} must be a whole number",
  filterValueUnstorable: "filter columnValue of {name} must not contain control characters such as NUL (U+0000) or broken characters (unpaired surrogates)",
  filterOperator: "columnPredicateOperator must be And or Or",
  listOrderTooMany: "sortBy and filter take at most {max} entries each",

  // --- ours: bodies that are not what a request takes ---
  attachmentsNotList: "The attachments must be a list of files",
  queryNotObject: "The query must be a set of parameters",
  jsonTooDeep: `The request body must not nest lists and objects more than ${JSON_DEPTH_MAX} levels deep`,
  bodyUnchecked: "The body could not be checked: {error}",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The keys of messages that take no values. */
export type PlainKey = PlainKeys<typeof MESSAGES>;

// Thousands separators by hand: toLocaleString loads ICU's locale data, 50 ms of every command's start-up.
export const NUMBER_MAX_TEXT = String(NUMBER_MAX).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Phrases of the schemas (schemas/wire.ts) that carry a limit: here so the translator knows them
 * without loading the schemas. */
export const FIELD_PHRASES = {
  outOfRange: `must be a number above -${NUMBER_MAX_TEXT} and below ${NUMBER_MAX_TEXT}`,
  unstorable: "must not contain control characters such as NUL (U+0000), other than tab and line breaks, or broken characters (unpaired surrogates)",
} as const;

/** Texts given to the letter by the spec's Errors section (and observed on the real service):
 * wherever a message is shown in other words or in Thai, these are kept beside it. */
export const EXACT_MESSAGE_KEYS: readonly MessageKey[] = [
  "pageSizeMax", "validationFailed", "attachmentExtensionMismatch", "contactIdNegative", "contactIdNotFound", "contactMismatch",
  "contactOtherCompany", "contactInvalid", "totalAfterDiscountLessThanVat", "vatCombination", "paymentChequeBankAccountId",
  "paymentChequeDate", "paymentChequeBankAccountIdBuy", "paymentChequeBankChequeId", "paymentTransferBankAccountId",
  "paymentCreditCardBankAccountId", "paymentCreditCardId", "paymentPettyCashId", "paymentOtherChannelId", "itemDescription",
  "itemCreditId", "itemDebitId", "itemSystemCode", "itemCategoryId", "receiptObsoleted",
];

/** The message of rule `key` (the service answers its `text`). */
export function ruleMsg<K extends MessageKey>(key: K, ...[params]: ArgsOf<(typeof MESSAGES)[K]>): Message {
  return keyed("rules", key, MESSAGES[key], params ?? {});
}
