// The Thai texts of namespace notes: en/notes.ts's twin, same keys and same {placeholders}.
import type { notes as en } from "../en/notes";
import type { Same } from "../same";

/** The note beside a field a mapping still lacks. */
export const notes: Same<typeof en> = {
  today: "ถ้าไม่มีจะใช้วันที่วันนี้",
  oneLine: "ถ้าไม่มี แต่ละแถวจะเป็นเอกสารหนึ่งฉบับที่มีหนึ่งรายการ",
  businessView: "สำหรับแถวมุมมองธุรกิจ",
  vat: "จะไม่ส่งเอกสารใดจนกว่าชีตจะระบุว่ามีภาษีมูลค่าเพิ่มหรือไม่: เป็นคอลัมน์ หรือค่าเดียวสำหรับทุกแถว",
  vatInclusive: "ถ้าไม่มี ราคาจะถือเป็นราคาก่อนภาษี: เป็นคอลัมน์ หรือค่าเดียวสำหรับทุกแถว",
};
