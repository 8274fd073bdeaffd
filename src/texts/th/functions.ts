// The Thai texts of namespace functions: en/functions.ts's twin, same keys and same {placeholders}.
import type { functions as en } from "../en/functions";
import type { Same } from "../same";

/** What the worksheet functions say in a cell's error, and calc's summary (functions/texts.ts). */
export const functions: Same<typeof en> = {
  notConnected: "DocSheet ยังไม่ได้เชื่อมต่อ: เปิดแผง DocSheet แล้วเชื่อมต่อ",
  otherCompany: "สมุดงานนี้เป็นของ {bound} แต่ DocSheet เชื่อมต่อกับ {connected}: เชื่อมต่อกับ {bound}",
  badArgument: "{argument}: {problem}",
  missing: "ต้องระบุ",
  noFamily: "\"{value}\" ไม่ใช่ประเภทเอกสาร (ใบกำกับภาษี ใบเสร็จรับเงิน ...)",
  noMonth: "\"{value}\" ไม่ใช่เดือน (2026-11, 11/2569)",
  noDate: "\"{value}\" ไม่ใช่วันที่ (2026-11-30, 30/11/2569)",
  noStatus: "\"{value}\" ไม่ใช่สถานะ",
  noChoice: "\"{value}\" ไม่ใช่หนึ่งใน: {choices}",
  noField: "\"{value}\" ไม่ใช่ช่องข้อมูลของเอกสาร",
  noDocument: "ไม่พบเอกสาร {serial} ในระบบ",
  fromAfterTo: "อยู่หลังวันสิ้นสุด",
  spillBlocked: "ตารางต้องใช้ช่อง {range} แต่มีข้อมูลอื่นอยู่: ล้างช่องเหล่านั้นก่อน",
  notACall: "ไม่ได้คำนวณ: สูตรที่ทำมากกว่าเรียกฟังก์ชัน DOCSHEET หนึ่งฟังก์ชันไม่คำนวณที่นี่",
  calculated: "คำนวณสูตร DOCSHEET {count} สูตร เป็นข้อผิดพลาด {errors} สูตร; เขียน {out} แล้ว",
  noAnswer: "ระบบไม่ตอบกลับ: ตรวจสอบการเชื่อมต่อในแผง DocSheet แล้วรีเฟรชตัวเลข",
  serviceError: "ระบบตอบว่า: {text} ตรวจสอบการเชื่อมต่อในแผง DocSheet แล้วรีเฟรชตัวเลข",
};
