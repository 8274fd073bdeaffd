// The English texts of namespace families (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/families.ts is its Thai twin).

/** What each family a sheet can hold is called, one of its records (rules/codes.ts, families/cards.ts),
 * and the names of the sheets DocSheet makes for certificates. */
export const families = {
  quotations: "Quotation",
  "billing-notes": "Billing note",
  "tax-invoices": "Tax invoice",
  receipts: "Receipt",
  "cash-invoices": "Cash invoice",
  "purchases-orders": "Purchase order",
  purchases: "Purchase",
  expenses: "Expense",
  "withholding-taxes": "Withholding tax certificate",
  "journal-entries": "Journal voucher",
  contacts: "Contact",
  products: "Product",
  // The sheet a certificates template is made on, and the one a pull of certificates makes.
  certificatesTemplateSheet: "Withholding tax",
  certificatesPulledSheet: "Withholding taxes",
};
