// The pane's words for its long lists (findings of a check or post, rows a job did not do): the
// counts by kind and the pages; and the names of what an action made (a PDF, a share link). In
// English and Thai; i18n.ts merges them into the pane's one table.

export const LIST_EN = {
  countErrors: "{n} {n|error|errors}",
  countWarnings: "{n} {n|warning|warnings}",
  countNotes: "{n} {n|note|notes}",
  listPage: "{from}–{to} of {total}",
  listPrevious: "Previous",
  listNext: "Next",
  postMarked: "Marked on the sheet",
  actLinks: "Files and links",
  downloadPdf: "Download PDF",
  shareLinkName: "Share link",
  copyLink: "Copy",
  linkCopied: "Copied",
  linkNotCopied: "Could not copy: open the link and copy its address",
} as const;

export const LIST_TH: Record<keyof typeof LIST_EN, string> = {
  countErrors: "ข้อผิดพลาด {n} รายการ",
  countWarnings: "คำเตือน {n} รายการ",
  countNotes: "หมายเหตุ {n} รายการ",
  listPage: "{from}–{to} จาก {total}",
  listPrevious: "ก่อนหน้า",
  listNext: "ถัดไป",
  postMarked: "ที่ทำเครื่องหมายไว้ในชีต",
  actLinks: "ไฟล์และลิงก์",
  downloadPdf: "ดาวน์โหลด PDF",
  shareLinkName: "ลิงก์แชร์",
  copyLink: "คัดลอก",
  linkCopied: "คัดลอกแล้ว",
  linkNotCopied: "คัดลอกไม่ได้ โปรดเปิดลิงก์แล้วคัดลอกที่อยู่",
};
