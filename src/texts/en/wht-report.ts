// The English texts of namespace whtReport (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/wht-report.ts is its Thai twin).

/** What the monthly withholding tax returns say (sheet/wht-report.ts): their sheets' names, the
 * attachment's columns and header block, the return's columns, findings and the one-line result.
 * {month} is the month as the language names it, {form} a form as the language writes it. */
export const whtReport = {
  sheetForm: "{form} {month}",
  sheetVoid: "WHT void {month}",
  sheetReturn: "WHT return {month}",
  sheetMissing: "WHT missing {month}",
  colNo: "No.",
  colTaxId: "Tax id",
  colBranch: "Branch",
  colName: "Name",
  colLastName: "Last name",
  colAddress: "Address",
  colDatePaid: "Date paid",
  colIncomeType: "Income type",
  colRate: "Rate %",
  colAmount: "Amount paid",
  colTax: "Tax withheld",
  colCondition: "Condition",
  colCertificate: "Certificate no.",
  returnItem: "Item",
  returnAmount: "Amount",
  returnCertificates: "Certificates' total",
  returnDifference: "Difference",
  headerCompany: "Company",
  headerTaxId: "Tax id",
  headerBranch: "Branch",
  headerMonth: "Month",
  headerForm: "Form",
  headerCertificates: "certificates",
  headerAmount: "income paid",
  headerTax: "tax withheld",
  total: "Total",
  fromDocument: "From {serial}",
  totalDiffersTax: "{form}: the total tax withheld is {report} but the certificates add up to {certificates}",
  totalDiffersIncome: "{form}: the total income paid is {report} but the certificates add up to {certificates}",
  otherForm: "Certificate {serial} is on another form (entity {entity}) than ภ.ง.ด.1, 2, 3 or 53; it is not in this report",
  formDiffers: "Certificate {serial} is on {form}, but its payee and income are filed on {expected}; it is listed on {form} as certified",
  missing: "{family} {serial} ({name}) withheld {tax} but has no withholding tax certificate",
  /** One form's figures in the result line, {form} as the RD writes it. */
  doneForm: "{form} {tax} on {count} {count|certificate|certificates}",
  done: "Withholding tax for {month}: {forms}; {voided} void listed apart; {missing} {missing|document|documents} without a certificate",
  doneWrote: "{done}; wrote {out}",
};
