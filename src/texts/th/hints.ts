// The Thai texts of namespace hints: en/hints.ts's twin, same keys and same {placeholders}.
import type { hints as en } from "../en/hints";
import type { Same } from "../same";
import { POSITIVE_RATES } from "../lists";

/** What to put in a column a finding asks for, by field key. */
export const hints: Same<typeof en> = {
  isVat: "TRUE เมื่อเอกสารมีภาษีมูลค่าเพิ่ม",
  isVatInclusive: "TRUE เมื่อราคารวมภาษีมูลค่าเพิ่มแล้ว",
  isManualVat: "TRUE เมื่อพิมพ์ยอดภาษีเองแทนการคำนวณ",
  documentShowWithholdingTax: "TRUE เพื่อแสดงหัก ณ ที่จ่ายบนเอกสาร",
  documentWithholdingTaxPercentage: `อัตราหัก ณ ที่จ่าย หนึ่งใน ${POSITIVE_RATES}`,
  paymentMethod: "เงินสด เช็ค โอนเงิน บัตรเครดิต เงินสดย่อย หรือช่องทางอื่น",
  chequeDate: "วันที่ที่เขียนบนเช็ค",
  "item.creditId": "รหัสบัญชีที่บันทึกเครดิต จากผังบัญชี",
  "item.debitId": "รหัสบัญชีที่บันทึกเดบิต จากผังบัญชี",
  "item.categoryId": "รหัสหมวดค่าใช้จ่าย",
  "item.systemCode": "รหัสระบบของค่าใช้จ่าย",
  "item.description": "รายการนี้เป็นค่าอะไร",
};
