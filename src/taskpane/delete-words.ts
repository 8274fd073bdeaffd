// The pane's words for the delete prompt, in English and Thai. i18n.ts merges them into the pane's
// one table.

export const DELETE_EN = {
  confirmDeleteSome: "Delete {n} {n|document|documents}: {serials}? This cannot be undone.",
  confirmDeleteNone: "No selected row has a posted document (a record id): nothing to delete.",
  selectionChanged: "The selected documents changed since you confirmed: nothing was deleted. Run Delete again.",
} as const;

export const DELETE_TH: Record<keyof typeof DELETE_EN, string> = {
  confirmDeleteSome: "ลบเอกสาร {n} ฉบับ: {serials}? ย้อนกลับไม่ได้",
  confirmDeleteNone: "แถวที่เลือกไม่มีเอกสารที่ส่งแล้ว (ไม่มีรหัสเอกสารในระบบ) จึงไม่มีอะไรให้ลบ",
  selectionChanged: "เอกสารที่เลือกเปลี่ยนไปหลังจากที่คุณยืนยัน จึงยังไม่ได้ลบ โปรดสั่งลบอีกครั้ง",
};
