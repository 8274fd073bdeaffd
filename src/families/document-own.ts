// What each document family is beyond the service's codes (rules/codes.ts FAMILY_INFO), one row a
// family: the words its statuses are said by (service-facts §2.2: what each of the service's words
// means for it; keys of src/texts, namespace status), the header words of its number, the side of
// the VAT report it counts on, whether its line withholding is the company's to certify, whether the
// service deletes its awaiting records. Its card (cards.ts), sheet (sheets.ts) and entry
// (documents.ts) take their parts from here; data only, light enough for the pane's first paint.
import type { Family, StatusWord } from "../rules/codes";
import type { status } from "../texts/en/status";

/** The service's status words → the people's words (keys of src/texts, namespace status). */
export type StatusWords = Readonly<Partial<Record<StatusWord, keyof typeof status>>>;

export interface DocumentOwn {
  /** What its records' statuses are called; a word it does not name is said as every family says it. */
  readonly statusWords: StatusWords;
  /** Header words for its number beyond what its name gives (sheet/synonyms.ts): its own ("Tax
   * invoice no" is also "Invoice no") and, on the sheet of a family upgraded from it, its number as
   * the upgrade's source. */
  readonly numberWords: { readonly own: readonly string[]; readonly asSource?: readonly string[] };
  /** The side of the month's VAT report it counts on: the tax invoices under Thai law give output
   * tax (a receipt only when made from a billing note: sheet/vat-entries.ts), purchases and
   * expenses input tax. */
  readonly vatSide?: "output" | "input";
  /** It pays a payee and withholds tax on its lines, a certificate the company's to issue (the
   * sellers' withholding is the customer's to certify). */
  readonly lineWithholdingCertified?: true;
  /** The service deletes its awaiting records; the others are voided. */
  readonly deletedWhileAwaiting?: true;
}

const APPROVAL = { awaiting: "awaitingApproval", approved: "approved", approvedandprocessed: "processed" } as const;
const SALES_INVOICE = { awaiting: "pending", invoicedelivered: "awaitingPayment", paid: "paid", void: "cancelled" } as const;

export const DOCUMENT_OWN: Readonly<Record<Family, DocumentOwn>> = {
  quotations: {
    statusWords: { ...APPROVAL, rejected: "cancelled" },
    numberWords: { own: ["Quote no", "Quote", "QT no", "เลขที่ QT"], asSource: ["Quote no", "QT no", "เลขที่ QT"] },
    deletedWhileAwaiting: true,
  },
  "billing-notes": {
    statusWords: { awaiting: "awaitingBilling", approved: "billed", approvedandprocessed: "invoiceIssued", void: "cancelled" },
    numberWords: { own: ["Billing no", "Bill no", "Invoice no", "เลขที่ใบแจ้งหนี้", "เลขที่บิล"], asSource: ["Billing no", "เลขที่ใบวางบิล"] },
    deletedWhileAwaiting: true,
  },
  "tax-invoices": {
    statusWords: SALES_INVOICE,
    numberWords: {
      own: ["Invoice no", "Inv no", "Tax inv no", "เลขที่ใบกำกับ", "เลขที่ใบแจ้งหนี้", "เลขที่ใบกำกับภาษี / ใบแจ้งหนี้"],
      asSource: ["Invoice no", "Inv no", "เลขที่ใบกำกับ", "เลขที่ใบแจ้งหนี้"],
    },
    vatSide: "output",
  },
  receipts: {
    statusWords: { paid: "paid", void: "cancelled" },
    numberWords: { own: ["Receipt no", "Official receipt no", "เลขที่ใบเสร็จ"] },
    vatSide: "output",
  },
  "cash-invoices": {
    statusWords: SALES_INVOICE,
    numberWords: { own: ["Invoice no", "Cash sale no", "Bill no", "เลขที่บิล", "เลขที่ใบเสร็จ"] },
    vatSide: "output",
  },
  "purchases-orders": {
    statusWords: { ...APPROVAL, void: "cancelled" },
    numberWords: { own: ["PO no", "PO number", "Order no", "เลขที่ PO", "เลขที่สั่งซื้อ"], asSource: ["PO no", "PO number", "Order no", "เลขที่ PO"] },
  },
  purchases: {
    statusWords: { awaiting: APPROVAL.awaiting, approved: APPROVAL.approved, paid: "paid", void: "cancelled" },
    numberWords: { own: ["Goods receipt no", "GRN no", "Receiving no", "เลขที่รับสินค้า"] },
    vatSide: "input",
    lineWithholdingCertified: true,
  },
  expenses: {
    statusWords: { awaiting: "pending", received: "receiptReceived", paid: "paid", void: "cancelled" },
    numberWords: { own: ["Expense no", "Voucher no", "Payment voucher no", "เลขที่ใบสำคัญจ่าย", "เลขที่ค่าใช้จ่าย"] },
    vatSide: "input",
    lineWithholdingCertified: true,
  },
};
