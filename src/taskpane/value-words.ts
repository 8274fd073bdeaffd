// The pane's words for the values for every row (the Columns section), in English and Thai. i18n.ts
// merges them into the pane's one table.

export const VALUE_EN = {
  mapValues: "Values for every row",
  mapValuesHelp: "A field your sheet has no column for can take one value for all rows: Check and Post read it as if every row had that cell (a filled cell of a column of the field wins). Saved with the mapping.",
  mapValueField: "Field",
  mapValueValue: "Value",
  mapValuePick: "— pick a field —",
  mapValueUsual: "Usual",
  mapValueSet: "Set for every row",
  mapValueRemove: "Remove",
  mapValueRemoveOne: "Remove the value of {field}",
  mapValueEmpty: "Give a value first.",
} as const;

export const VALUE_TH: Record<keyof typeof VALUE_EN, string> = {
  mapValues: "ค่าสำหรับทุกแถว",
  mapValuesHelp: "ข้อมูลที่ชีตของคุณไม่มีคอลัมน์ กำหนดเป็นค่าเดียวสำหรับทุกแถวได้: การตรวจสอบและการส่งเอกสารจะอ่านเหมือนทุกแถวมีค่านั้น (ถ้ามีคอลัมน์ของข้อมูลนั้น ช่องที่กรอกไว้จะใช้ค่าในช่อง) บันทึกไว้พร้อมการจับคู่คอลัมน์",
  mapValueField: "ข้อมูล",
  mapValueValue: "ค่า",
  mapValuePick: "— เลือกข้อมูล —",
  mapValueUsual: "ที่ใช้บ่อย",
  mapValueSet: "ใช้กับทุกแถว",
  mapValueRemove: "ลบ",
  mapValueRemoveOne: "ลบค่าของ {field}",
  mapValueEmpty: "ระบุค่าก่อน",
};
