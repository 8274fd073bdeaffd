// Every message the sheet layer writes, as English templates with {placeholders}, in one table: a
// translator matches these templates (and the rules' MESSAGES) to put each message into Thai, so
// texts are never pieced together outside this table. Pure.
import { WITHHOLDING_RATES } from "../rules/codes";
import { formatMessage, keyed, type ArgsOf, type Message } from "../rules/message";

export const SHEET_MESSAGES = {
  // --- header row ---
  noHeader: "No column header names a field: the first row must hold headers such as Customer, Item, Quantity, Unit price.",
  unknownHeader: 'Column "{header}" names no field; it is ignored. To use it, pick its field in the Columns section of the task pane.',
  unknownHeaderGuess: 'Column "{header}" looks like {field} but is ignored until its field is picked in the Columns section of the task pane.',
  // The same, as the command line says it (cli/finding-words.ts swaps them in).
  unknownHeaderCli: 'Column "{header}" names no field; it is ignored. To use it, map it to a field (docsheet map, then --mapping).',
  unknownHeaderGuessCli: 'Column "{header}" looks like {field} but is ignored until it is mapped (docsheet map --out MAPPING.json, then --mapping MAPPING.json).',
  unknownHeaderMapped: 'Column "{header}" names no field and is not in the mapping; it is ignored.',
  headerTwice: 'Column "{header}" names {field} again (already column {column}); keep one.',

  // --- rows into documents ---
  keyEmpty: "Document key is empty: rows with the same key are one document; fill it in.",
  headerFieldDiffers: 'Differs from row {row} of document "{key}" ({value}): all rows of one document share its header fields.',
  merged: "Merged cells {range} cannot be read; unmerge them and fill in each cell.",

  // --- the VAT treatment a sheet must state (vat-treatment.ts) ---
  vatUndecided: 'Nothing on this sheet says whether its documents carry VAT, so none of them is sent: add a VAT column (TRUE or FALSE for each document) or a VAT rate column (7%, 0% or exempt for each line), or give VAT one value for every row in the Columns section of the task pane.',
  vatUndecidedCli: 'Nothing on this sheet says whether its documents carry VAT, so none of them is sent: add a VAT column (TRUE or FALSE for each document) or a VAT rate column (7%, 0% or exempt for each line), or give VAT one value for every row ("values": {"isVat": true} in the --mapping file).',
  vatCellEmpty: "VAT is empty and no line gives a VAT rate: say TRUE or FALSE (an empty cell is not taken as no VAT).",
  statedValue: "{message} (the value for every row: {field} = {value})",

  // --- cell values ---
  cellError: "The cell holds the error {error}; enter a value instead.",
  numberExpected: "Expected a number.",
  notANumber: '"{text}" is not a number.',
  tooManyDecimals: "{value} has more than {places} decimal places.",
  notWhole: "{value} is not a whole number.",
  idNegative: "An id cannot be negative.",
  dateInvalid: "Not a valid date.",
  dateExpected: "Expected a date.",
  numberNotDate: "{value} is not a date; use YYYY-MM-DD or DD/MM/YYYY.",
  textNotDate: '"{text}" is not a date; use YYYY-MM-DD or DD/MM/YYYY.',
  dateImpossible: '"{text}" is not a possible date.',
  notBoolean: '"{text}" is not yes or no; use TRUE/FALSE, yes/no or ใช่/ไม่ใช่.',
  codeNotAllowed: '"{text}" is not allowed here; use {allowed}.',
  codeNotAllowedWords: '"{text}" is not allowed here; use {allowed} or one of {words}.',
  statusUnknown: 'Unknown status "{text}"; use one of {statuses}.',

  // --- Thai tax ids and branch codes (tax-id.ts) ---
  taxIdDigits: '"{text}" is not a tax id: a Thai tax id has 13 digits.',
  taxIdChecksum: "{taxId} is not a valid tax id: its last digit does not match the other 12; look for a mistyped digit.",
  taxIdTwelveDigits: "{text} has 12 digits and with the leading zero Excel drops it is still not a valid tax id; enter the 13 digits as text.",
  taxIdZeroRestored: "Leading zero restored: {taxId}",
  branchInvalid: '"{text}" is not a branch code: use 5 digits (00000 for head office, 00001 for branch 1) or Head office / สำนักงานใหญ่.',
  branchZerosRestored: "Leading zeros restored: {branch}",

  // --- what a full tax invoice shows of its buyer, Revenue Code s.86/4 (tax-invoice.ts; warnings) ---
  taxInvoiceNoGoods: "This line names no goods or service (no item name nor description), which a full tax invoice shows (Revenue Code s.86/4).",
  taxInvoiceNoAddress: "No buyer's address is given, which a full tax invoice shows (Revenue Code s.86/4).",
  taxInvoiceNoAddressContact: "No buyer's address is given here nor on the contact {name}, which a full tax invoice shows (Revenue Code s.86/4).",
  taxInvoiceBadTaxId: "{taxId} is not a valid 13-digit tax id, which a full tax invoice shows for its buyer (Revenue Code s.86/4).",
  taxInvoiceBadTaxIdContact: "{taxId}, the tax id of the contact {name}, is not a valid 13-digit tax id, which a full tax invoice shows for its buyer (Revenue Code s.86/4).",
  taxInvoiceNoBranch: "No branch is given with the buyer's tax id (00000 for the head office), which a full tax invoice shows (Revenue Code s.86/4).",
  taxInvoiceNoBranchContact: "No branch is given with the buyer's tax id here nor on the contact {name} (00000 for the head office), which a full tax invoice shows (Revenue Code s.86/4).",
  taxInvoiceBadBranchContact: '"{branch}", the branch of the contact {name}, is not a branch code (5 digits, 00000 for the head office), which a full tax invoice shows (Revenue Code s.86/4).',

  // --- withholding tax certificates (wht-sheet.ts) ---
  whtTaxIdMissing: "No tax id: the withholding tax return lists each payee's 13-digit tax id.",
  whtFormIndividual: "ภ.ง.ด.53 is for juristic persons, but {taxId} is an individual's tax id (it does not start with 0): use {form}.",
  whtFormJuristic: "{given} is for individuals, but {taxId} is a juristic person's tax id (it starts with 0): use ภ.ง.ด.53.",
  whtFormIncome: "{type} paid to a person is filed on {form}, not {given}.",
  whtFormMixed: "{type} paid to this payee is filed on {own}, and the certificate's first line on {form}: make it a certificate of its own.",
  whtIncomeTypeSection: '"{text}" is a section of several income types: say which, {types}.',
  whtConditionMissing: "The condition is empty: say withheld at source, paid by the payer every time or paid by the payer once.",
  whtIncomeTypeMissing: "The income type is empty: say what was paid for (services, rent, professional fees, ...).",
  whtIncomeTypeUnknown: '"{text}" is not an income type DocSheet knows; use one of {types}.',
  whtRateMissing: "No tax rate: the tax withheld is the income paid times the rate of its income type ({rates}%).",
  whtRateNotAllowed: "{rate}% is not a rate for {incomeType}: use {rates}%.",
  whtAmountMissing: "No income paid: each certificate line says how much was paid.",
  whtAmountNotPositive: "The income paid must be more than 0.",
  whtTaxDiffers: "Tax withheld {given} is not {amount} × {rate}% = {expected} (to the satang).",

  // --- the operation a document asks for (body.ts) ---
  noPartialReceipts: "{family} documents have no partial receipts; only receipts are paid against tax invoices.",
  noUpgrade: "{family} documents cannot be created by upgrading another document; clear the source columns.",
  upgradeNoPayment: "An upgrade into a {family} cannot record a payment; clear the payment columns.",
  needsSource: "{family}s are created from a tax invoice or billing note: fill the source columns, or the tax invoice record id and partial amount of each line.",
  noPaymentOnCreate: "{family}s take no payment on creation; clear the payment columns.",

  // --- the books: journal vouchers, contacts, products (sheet/books) ---
  voucherUnbalanced: "Voucher {key} does not balance: debits {debit}, credits {credit}, a difference of {difference}. Debits must equal credits to the satang.",
  voucherNoLines: "Voucher {key} has no book lines: each line needs an account and a debit or a credit.",
  voucherDateMissing: "Enter the voucher's date.",
  lineBothSides: "A book line is a debit or a credit, not both: clear one of them.",
  lineNoAmount: "Enter the line's debit or credit.",
  lineAmountNotPositive: "{value} is not above zero: a debit or a credit is an amount above zero.",
  lineNoAccount: "Enter the line's account: its code, its name or its id in the chart of accounts.",
  accountUnknown: '"{account}" is not an account of the company\'s chart of accounts.',
  accountsDiffer: 'Account code {code} and account name "{name}" are not one account of the chart of accounts.',
  contactNameMissing: "Enter the contact's name.",
  contactTypeMissing: "Say whether the contact is a customer, a supplier or both.",
  contactBranchMissing: "A company's tax id goes with its branch: 00000 for the head office, 00001 for branch 1.",
  emailInvalid: '"{text}" is not an e-mail address.',
  zipInvalid: '"{text}" is not a zip code: a Thai zip code has 5 digits.',
  creditDaysNegative: "Credit days cannot be below zero.",
  productNameMissing: "Enter the product's name.",
  productVatMissing: "Say the product's VAT: VAT exclusive, VAT inclusive, zero-rated or exempt (an empty cell is not taken as no VAT).",
  priceNegative: "A price cannot be below zero.",
  sameContactAsRow: "The same contact as row {row}: it is posted once, and both rows get its id.",
  sameProductAsRow: "The same product code as row {row}: it is posted once, and both rows get its id.",
  contactTaxIdClash: "Row {row} has the same tax id {taxId} and branch {branch} with other details: one tax id and branch is one contact. Make the two rows agree, or correct the tax id or branch.",
  contactCodeClash: "Row {row} has the same contact code {code} with other details: one code is one contact. Make the two rows agree, or give each its own code.",
  contactNameClash: "Row {row} has the same contact name, no tax id either, and other details: they would be posted as one contact. Make the two rows agree, or tell them apart by a code or a tax id.",
  productCodeClash: "Row {row} has the same product code {code} with other details: one code is one product. Make the two rows agree, or give each its own code.",
  productNameClash: "Row {row} has the same product name, no code either, and other details: they would be posted as one product. Make the two rows agree, or give each a code.",

  // --- an expense line's category by name (expense-categories.ts) ---
  categoryUnknown: 'No expense category is named "{text}" in this document\'s view: use one of {categories}.',
  categoryAmbiguous: '"{text}" names {count} expense categories: give its code instead.',
  categoryByNameUnconnected: '"{text}" is read as an expense category\'s name from the company\'s list on the service, which this check has not read: check it while connected, or give the category\'s code.',

  // --- the buying side's words for a rules message (side-words.ts) ---
  supplierRequired: "Enter the supplier's name (or a contact id)",
  paidPositive: "The amount paid must be at least 0.01",
  paidNotSettled: "The amount paid {collected}, the tax withheld {withheld} and the deductions {deductions} come to {sum}, not the amount due {due}",

  // --- findings pinned where their field's column is missing (pin.ts) ---
  namedField: "{field}: {message}",
  addColumn: "{message}. Add {a} {label} column.",
  addColumnHint: "{message}. Add {a} {label} column: {hint}.",

  // --- mapping files (mapping.ts parseMapping): {key}s and headers as the file writes them ---
  mapShape: "a mapping is {shape}",
  mapUnknownKey: "unknown key \"{key}\" (a mapping is {shape})",
  mapFamilyMissing: "\"family\" is missing (a mapping is {shape})",
  mapFamilyUnknown: "\"family\" {given} is not one of {families}",
  mapOtherFamily: "the mapping is for {given}, not {expected}",
  mapColumnsShape: "\"columns\" must be an object of header → field (a mapping is {shape})",
  mapHeaderEmpty: "a header is empty",
  mapHeaderTwice: "header \"{header}\" is given twice (\"{same}\" and \"{header}\")",
  mapFieldNotText: "column \"{header}\": the field must be a field name such as item.quantity, or null to ignore the column",
  mapUnknownField: "column \"{header}\": unknown field \"{key}\"",
  mapUnknownFieldMeant: "column \"{header}\": unknown field \"{key}\"; did you mean {meant}?",
  mapFieldTwice: "field {key} is named twice (columns \"{earlier}\" and \"{header}\")",
  mapValuesShape: "\"values\" must be an object of field → value for every row (a mapping is {shape})",
  mapValueUnknown: "values: unknown field \"{key}\"",
  mapValueUnknownMeant: "values: unknown field \"{key}\"; did you mean {meant}?",
  mapValueNotStated: "values: {key} cannot take one value for every row",
  mapValueNotStatedOn: "values: {key} cannot take one value for every row on a {sheetFamily} sheet",
  mapValueNotCell: "values: {key} must be a value such as a cell holds (text, a number, true or false), not {json}",
  mapValueEmpty: "values: {key} is empty; give a value, or leave the field out of \"values\"",
  mapValueBad: "values: {key} {json}: {reason}.",
} as const;

export type SheetMessageKey = keyof typeof SHEET_MESSAGES;

/** The message of `key` with its placeholders filled. */
export function sheetMessage(key: SheetMessageKey, params: Record<string, string | number> = {}): string {
  return formatMessage(SHEET_MESSAGES[key], params);
}

/** The message of `key` by key, to be rendered where it is shown. */
export function sheetMsg<K extends SheetMessageKey>(key: K, ...[params]: ArgsOf<(typeof SHEET_MESSAGES)[K]>): Message {
  return keyed("sheet", key, SHEET_MESSAGES[key], params ?? {});
}

/**
 * What to put in a column a finding asks for, where the label alone does not say it (templates
 * like the messages above). Fields without a hint are named by label and key.
 */
export const COLUMN_HINTS: Readonly<Record<string, string>> = {
  isVat: "TRUE when the document carries VAT",
  isVatInclusive: "TRUE when prices carry VAT",
  isManualVat: "TRUE when the VAT amount is typed in rather than computed",
  documentShowWithholdingTax: "TRUE to show withholding tax on the document",
  documentWithholdingTaxPercentage: `the withholding tax rate, one of ${WITHHOLDING_RATES.filter((r) => r > 0).join(", ")}`,
  paymentMethod: "cash, cheque, transfer, credit card, petty cash or other",
  chequeDate: "the date written on the cheque",
  "item.creditId": "the id of the account credited, from the chart of accounts",
  "item.debitId": "the id of the account debited, from the chart of accounts",
  "item.categoryId": "the id of the expense category",
  "item.systemCode": "the expense's system code",
  "item.description": "what the line is for",
};
