// The Thai texts of namespace map: en/map.ts's twin, same keys and same {placeholders}.
import type { map as en } from "../en/map";
import type { Same } from "../same";

/** What `docsheet map` prints (cli/map.ts). */
export const map: Same<typeof en> = {
  sheet: 'ชีต "{sheet}", {kind}:',
  headingColumn: "คอลัมน์",
  headingHeader: "หัวคอลัมน์",
  headingField: "ฟิลด์",
  or: " หรือ ",
  noHeader: 'ชีต "{sheet}" ไม่มีแถวหัวคอลัมน์',
  notMapped: "ยังไม่ได้จับคู่ (จะไม่ใช้ จนกว่าจะระบุฟิลด์ให้)",
  requiredMissing: "ฟิลด์ที่ต้องมีแต่ยังไม่ได้จับคู่",
  allRequired: "ฟิลด์ที่ต้องมีมีคอลัมน์ครบแล้ว",
  usual: "ฟิลด์ที่มักใช้แต่ยังไม่ได้จับคู่",
  values: "ค่าสำหรับทุกแถว",
  wrote: "เขียน {out} แล้ว: แก้ไขได้ตามต้องการ แล้วใช้กับ check, post และ act ด้วย --mapping {out}",
  asked: 'คอลัมน์ {column} "{header}" คือฟิลด์ใด อาจเป็น {fields} ให้ระบุในไฟล์จับคู่คอลัมน์ (--out แล้วใช้ --mapping)',
  guessed: "* เดาจากหัวคอลัมน์: check, post และ act จะอ่านคอลัมน์เหล่านี้ผ่านไฟล์จับคู่คอลัมน์เท่านั้น (บันทึกด้วย --out แล้วใช้ --mapping)",
  moreProblems: "และอีก {more} ปัญหา",
};
