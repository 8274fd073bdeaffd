// The Thai texts of namespace system: en/system.ts's twin, same keys and same {placeholders}.
import type { system as en } from "../en/system";
import type { Same } from "../same";

/** What a system error's code means (sheet/i18n/system.ts), said before the code in brackets. */
export const system: Same<typeof en> = {
  ENOSPC: "ดิสก์เต็ม",
  EDQUOT: "ใช้พื้นที่ดิสก์ครบโควตาแล้ว",
  EACCES: "ไม่มีสิทธิ์เขียน",
  EPERM: "ไม่มีสิทธิ์เขียน",
  EROFS: "ดิสก์นี้อ่านได้อย่างเดียว",
  ENOENT: "ไม่พบไฟล์หรือโฟลเดอร์",
  EISDIR: "เป็นโฟลเดอร์ ไม่ใช่ไฟล์",
  EBUSY: "ไฟล์กำลังถูกใช้งานอยู่",
  EMFILE: "เปิดไฟล์พร้อมกันมากเกินไป",
  EIO: "อ่านหรือเขียนดิสก์ไม่ได้",
  EFBIG: "ไฟล์ใหญ่เกินกว่าที่ดิสก์รับได้",
  other: "ระบบแจ้งข้อผิดพลาด",
};
