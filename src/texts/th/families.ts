// The Thai texts of namespace families: en/families.ts's twin, same keys and same {placeholders}.
import type { families as en } from "../en/families";
import type { Same } from "../same";

/** What each family a sheet can hold is called, one of its records, and the certificates' sheets. */
export const families: Same<typeof en> = {
  quotations: "ใบเสนอราคา",
  "billing-notes": "ใบวางบิล",
  "tax-invoices": "ใบกำกับภาษี",
  receipts: "ใบเสร็จรับเงิน",
  "cash-invoices": "บิลเงินสด",
  "purchases-orders": "ใบสั่งซื้อ",
  purchases: "ใบรับสินค้า",
  expenses: "ค่าใช้จ่าย",
  "withholding-taxes": "หนังสือรับรองการหักภาษี ณ ที่จ่าย",
  "journal-entries": "ใบสำคัญ",
  contacts: "ผู้ติดต่อ",
  products: "สินค้า",
  certificatesTemplateSheet: "หนังสือรับรองหัก ณ ที่จ่าย",
  certificatesPulledSheet: "หนังสือรับรองหัก ณ ที่จ่าย",
};
