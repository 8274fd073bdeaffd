// The Thai texts of namespace status: en/status.ts's twin, same keys and same {placeholders}.
import type { status as en } from "../en/status";
import type { Same } from "../same";

/** Status words as people say them (sheet/i18n/status.ts). */
export const status: Same<typeof en> = {
  approved: "อนุมัติแล้ว",
  awaitingApproval: "รออนุมัติ",
  awaitingBilling: "รอวางบิล",
  awaitingPayment: "รอเก็บเงิน",
  billed: "วางบิลแล้ว",
  // "ยกเลิกแล้ว", not the Cancel button's "ยกเลิก" (a cell that says "ยกเลิก" is still read as void).
  cancelled: "ยกเลิกแล้ว",
  invoiceIssued: "ออกใบกำกับภาษีแล้ว",
  paid: "ชำระแล้ว",
  pending: "รอดำเนินการ",
  processed: "ดำเนินการแล้ว",
  receiptReceived: "ได้รับใบเสร็จแล้ว",
  rejected: "ไม่อนุมัติ",
};
