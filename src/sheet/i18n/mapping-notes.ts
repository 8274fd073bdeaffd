// The note beside a field a mapping still lacks (missingFields), in the user's language: one text
// for `docsheet map` and the pane's Columns section.
import { MAPPING_NOTES } from "../mapping";
import { COLUMN_HINTS } from "../messages";
import type { Lang } from "./lang";
import { HINTS_TH } from "./th";

const NOTES_TH: ReadonlyMap<string, string> = new Map([
  [MAPPING_NOTES.today, "ถ้าไม่มีจะใช้วันที่วันนี้"],
  [MAPPING_NOTES.oneLine, "ถ้าไม่มี แต่ละแถวจะเป็นเอกสารหนึ่งฉบับที่มีหนึ่งรายการ"],
  [MAPPING_NOTES.businessView, "สำหรับแถวมุมมองธุรกิจ"],
  [MAPPING_NOTES.vat, "จะไม่ส่งเอกสารใดจนกว่าชีตจะระบุว่ามีภาษีมูลค่าเพิ่มหรือไม่: เป็นคอลัมน์ หรือค่าเดียวสำหรับทุกแถว"],
  [MAPPING_NOTES.vatInclusive, "ถ้าไม่มี ราคาจะถือเป็นราคาก่อนภาษี: เป็นคอลัมน์ หรือค่าเดียวสำหรับทุกแถว"],
  ...Object.entries(COLUMN_HINTS).flatMap(([key, text]) => (HINTS_TH[key] ? [[text, HINTS_TH[key]] as [string, string]] : [])),
]);

export function mappingNote(note: string, lang: Lang): string {
  return lang === "th" ? (NOTES_TH.get(note) ?? note) : note;
}
