// The Thai texts of namespace names: en/names.ts's twin, same keys and same {placeholders}.
import type { names as en } from "../en/names";
import type { Same } from "../same";

/** Values a message carries, named in the reader's language (sheet/i18n/names.ts). */
export const names: Same<typeof en> = {
  side_sell: "ฝั่งขาย",
  side_buy: "ฝั่งซื้อ",
  side_expense: "ค่าใช้จ่าย",
  requestBody: "เนื้อหาคำขอ",
  fieldName: "ชื่อฟิลด์",
  lineField: "{field}ของรายการที่ {n}",
  line: "รายการที่ {n}",
};
