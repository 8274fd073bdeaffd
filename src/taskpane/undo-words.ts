// The pane's words for undoing the last post, in English and Thai. i18n.ts merges them into the
// pane's one table.

export const UNDO_EN = {
  undoPost: "Undo this post",
  undoHelp: "Deletes or voids the documents this post created and clears their rows, so the sheet can be corrected and posted again; then deletes the contacts the service made for them, unless edited since or used by another document. Documents paid, upgraded or edited since are left as they are.",
  undoLooking: "Looking at the documents of the post…",
  undoing: "Undoing {done} of {total}…",
  undoPreview: "Undo the post of {when}? {summary}.",
  undoNow: "Undo now",
  undoKeep: "Keep them",
  undoWouldDelete: "{n} to delete",
  undoWouldVoid: "{n} to void",
  undoDeleted: "{n} deleted",
  undoVoided: "{n} voided",
  undoGone: "{n} already deleted or void",
  undoKept: "{n} left as {n|it is|they are}",
  undoRefused: "{n} refused: not verified as this post's",
  undoFailed: "{n} failed",
  undoNothing: "nothing would change",
  undoDone: "Undone: {summary}. The rows can be corrected and posted again.",
  undoCancelled: "Stopped: {summary}.",
} as const;

export type UndoKey = keyof typeof UNDO_EN;

export const UNDO_TH: Record<UndoKey, string> = {
  undoPost: "ย้อนกลับการส่งครั้งนี้",
  undoHelp: "ลบหรือยกเลิกเอกสารที่การส่งครั้งนี้สร้าง แล้วล้างแถวเหล่านั้น เพื่อแก้ชีตแล้วส่งใหม่ได้ จากนั้นลบผู้ติดต่อที่บริการสร้างให้เอกสารเหล่านั้น เว้นแต่ถูกแก้ไขหรือมีเอกสารอื่นใช้อยู่ เอกสารที่ชำระเงิน แปลง หรือแก้ไขไปแล้วจะคงไว้ตามเดิม",
  undoLooking: "กำลังตรวจเอกสารของการส่งครั้งนี้…",
  undoing: "กำลังย้อนกลับ {done} จาก {total}…",
  undoPreview: "ย้อนกลับการส่งเมื่อ {when} หรือไม่? {summary}",
  undoNow: "ย้อนกลับเลย",
  undoKeep: "คงไว้",
  undoWouldDelete: "จะลบ {n}",
  undoWouldVoid: "จะยกเลิก {n}",
  undoDeleted: "ลบ {n}",
  undoVoided: "ยกเลิก {n}",
  undoGone: "ถูกลบหรือยกเลิกไปก่อนแล้ว {n}",
  undoKept: "คงไว้ตามเดิม {n}",
  undoRefused: "ปฏิเสธเพราะตรวจไม่ได้ว่าเป็นของการส่งครั้งนี้ {n}",
  undoFailed: "ไม่สำเร็จ {n}",
  undoNothing: "ไม่มีอะไรเปลี่ยน",
  undoDone: "ย้อนกลับแล้ว: {summary} แก้แถวแล้วส่งใหม่ได้",
  undoCancelled: "หยุดแล้ว: {summary}",
};
