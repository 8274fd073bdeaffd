// What the worksheet functions say in a cell's error, in English and Thai. Messages travel as
// {key, params} until a cell shows them. Pure.
import type { Lang } from "../sheet/i18n/lang";

const TEXTS = {
  notConnected: {
    en: "DocSheet is not connected: open the DocSheet pane and connect",
    th: "DocSheet ยังไม่ได้เชื่อมต่อ: เปิดแผง DocSheet แล้วเชื่อมต่อ",
  },
  otherCompany: {
    en: "This workbook is {bound}'s; DocSheet is connected to {connected}: connect to {bound}",
    th: "สมุดงานนี้เป็นของ {bound} แต่ DocSheet เชื่อมต่อกับ {connected}: เชื่อมต่อกับ {bound}",
  },
  badArgument: {
    en: "{argument}: {problem}",
    th: "{argument}: {problem}",
  },
  missing: { en: "required", th: "ต้องระบุ" },
  noFamily: { en: "\"{value}\" is no document type (tax invoice, receipt, ...)", th: "\"{value}\" ไม่ใช่ประเภทเอกสาร (ใบกำกับภาษี ใบเสร็จรับเงิน ...)" },
  noMonth: { en: "\"{value}\" is no month (2026-11, 11/2569)", th: "\"{value}\" ไม่ใช่เดือน (2026-11, 11/2569)" },
  noDate: { en: "\"{value}\" is no date (2026-11-30, 30/11/2569)", th: "\"{value}\" ไม่ใช่วันที่ (2026-11-30, 30/11/2569)" },
  noStatus: { en: "\"{value}\" is no status", th: "\"{value}\" ไม่ใช่สถานะ" },
  noChoice: { en: "\"{value}\" is not one of: {choices}", th: "\"{value}\" ไม่ใช่หนึ่งใน: {choices}" },
  noField: { en: "\"{value}\" is no field of a document", th: "\"{value}\" ไม่ใช่ช่องข้อมูลของเอกสาร" },
  noDocument: { en: "no document {serial} on the service", th: "ไม่พบเอกสาร {serial} ในระบบ" },
  fromAfterTo: { en: "after the end date", th: "อยู่หลังวันสิ้นสุด" },
  spillBlocked: {
    en: "the table needs {range}, where other cells hold values: clear them",
    th: "ตารางต้องใช้ช่อง {range} แต่มีข้อมูลอื่นอยู่: ล้างช่องเหล่านั้นก่อน",
  },
  notACall: {
    en: "left as it is: a formula that does more than call one DOCSHEET function is not calculated here",
    th: "ไม่ได้คำนวณ: สูตรที่ทำมากกว่าเรียกฟังก์ชัน DOCSHEET หนึ่งฟังก์ชันไม่คำนวณที่นี่",
  },
  calculated: {
    en: "calculated {count} DOCSHEET formulas, {errors} of them errors; wrote {out}",
    th: "คำนวณสูตร DOCSHEET {count} สูตร เป็นข้อผิดพลาด {errors} สูตร; เขียน {out} แล้ว",
  },
  serviceError: {
    en: "the service answered: {text}. Check the connection in the DocSheet pane and refresh the figures",
    th: "ระบบตอบว่า: {text} ตรวจสอบการเชื่อมต่อในแผง DocSheet แล้วรีเฟรชตัวเลข",
  },
} as const;

export type FunctionTextKey = keyof typeof TEXTS;
export type FunctionParam = string | number | FunctionMessage;
export interface FunctionMessage {
  key: FunctionTextKey;
  params?: Readonly<Record<string, FunctionParam>>;
}

export const msg = (key: FunctionTextKey, params?: Record<string, FunctionParam>): FunctionMessage => ({ key, params });

export function renderFunctionText(m: FunctionMessage, lang: Lang): string {
  return TEXTS[m.key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = m.params?.[name];
    if (v === undefined) return whole;
    return typeof v === "object" ? renderFunctionText(v, lang) : String(v);
  });
}

/** A cell's error: #VALUE! for an argument it cannot take, #N/A for figures it cannot have. */
export class FunctionError extends Error {
  constructor(readonly code: "#VALUE!" | "#N/A", readonly message_: FunctionMessage) {
    super(renderFunctionText(message_, "en"));
  }
}
