// The pane's words for its long lists (findings of a check or post, rows a job did not do): the
// counts by kind and the pages, in English and Thai. i18n.ts merges them into the pane's one table.

export const LIST_EN = {
  countErrors: "{n} {n|error|errors}",
  countWarnings: "{n} {n|warning|warnings}",
  countNotes: "{n} {n|note|notes}",
  listPage: "{from}–{to} of {total}",
  listPrevious: "Previous",
  listNext: "Next",
  postMarked: "Marked on the sheet",
} as const;

export const LIST_TH: Record<keyof typeof LIST_EN, string> = {
  countErrors: "ข้อผิดพลาด {n} รายการ",
  countWarnings: "คำเตือน {n} รายการ",
  countNotes: "หมายเหตุ {n} รายการ",
  listPage: "{from}–{to} จาก {total}",
  listPrevious: "ก่อนหน้า",
  listNext: "ถัดไป",
  postMarked: "ที่ทำเครื่องหมายไว้ในชีต",
};
