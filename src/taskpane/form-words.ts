// The pane's words for what an action form shows and acts on (the selected documents, and a
// selection changed since), in English and Thai. i18n.ts merges them into the pane's one table.

export const FORM_EN = {
  shownReading: "Reading the selected documents…",
  shownNone: "Select the rows of posted documents to act on.",
  shownOne: "{serial} · {customer} · amount due {due}",
  shownOneOwing: "{serial} · {customer} · {due} still due of {total} (receipts {receipts})",
  shownMany: "{n} {n|document|documents}: {serials}",
  shownOther: "Row {row} holds record {recordId}, which the service has as {actual}: refresh the sheet before acting on it.",
  selectionMoved: "The selection changed since the form showed it: it now holds {serials}. Run on {n|this document|these documents}?",
  selectionMovedNone: "The selection changed since the form showed it and now holds no posted document: nothing was done.",
  selectionMovedYes: "Run on {n|it|them}",
  selectionMovedNo: "Not now",
  selectionChangedRun: "The selection changed before the action started: nothing was done. Check the form and Run again.",
  err_notFound: "The service has no such document: it may have been deleted, or the sheet belongs to another company. Refresh the sheet, or connect as its company.",
} as const;

export const FORM_TH: Record<keyof typeof FORM_EN, string> = {
  shownReading: "กำลังอ่านเอกสารที่เลือก…",
  shownNone: "เลือกแถวของเอกสารที่ส่งแล้วที่ต้องการดำเนินการ",
  shownOne: "{serial} · {customer} · ยอดที่ต้องชำระ {due}",
  shownOneOwing: "{serial} · {customer} · ค้างชำระ {due} จากยอด {total} (ใบเสร็จรับเงิน {receipts})",
  shownMany: "{n} เอกสาร: {serials}",
  shownOther: "แถว {row} มีรหัสเอกสาร {recordId} ซึ่งในระบบคือ {actual} โปรดรีเฟรชชีตก่อนดำเนินการ",
  selectionMoved: "ส่วนที่เลือกเปลี่ยนไปหลังจากที่ฟอร์มแสดง ตอนนี้คือ {serials} ดำเนินการกับ{n|เอกสารนี้|เอกสารเหล่านี้}หรือไม่",
  selectionMovedNone: "ส่วนที่เลือกเปลี่ยนไปหลังจากที่ฟอร์มแสดง และไม่มีเอกสารที่ส่งแล้ว จึงยังไม่ได้ทำอะไร",
  selectionMovedYes: "ดำเนินการกับ{n|เอกสารนี้|เอกสารเหล่านี้}",
  selectionMovedNo: "ยังไม่ทำ",
  selectionChangedRun: "ส่วนที่เลือกเปลี่ยนไปก่อนเริ่มดำเนินการ จึงยังไม่ได้ทำอะไร โปรดตรวจฟอร์มแล้วสั่งอีกครั้ง",
  err_notFound: "ไม่พบเอกสารนี้ในระบบ อาจถูกลบไปแล้ว หรือชีตนี้เป็นของบริษัทอื่น โปรดรีเฟรชชีต หรือเชื่อมต่อด้วยบริษัทของชีตนี้",
};
