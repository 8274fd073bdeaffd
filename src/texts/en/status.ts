// The English texts of namespace status (src/texts/en: one table, a file per namespace so a bundle
// takes only what it shows; th/status.ts is its Thai twin).

/** Status words as people say them (sheet/i18n/status.ts says which family means which state by
 * which word); reading a status cell takes these, in either language, as well as the service's. */
export const status = {
  approved: "approved",
  awaitingApproval: "awaiting approval",
  awaitingBilling: "awaiting billing",
  awaitingPayment: "awaiting payment",
  billed: "billed",
  cancelled: "cancelled",
  invoiceIssued: "invoice issued",
  paid: "paid",
  pending: "pending",
  processed: "processed",
  receiptReceived: "receipt received",
  rejected: "rejected",
};
