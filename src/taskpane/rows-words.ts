// The pane's words for the rows a job did not do, in English and Thai. i18n.ts merges them into the
// pane's one table.

export const ROWS_EN = {
  rowsToLook: "Rows to look at",
  rowAt: "Row {row}",
  rowDocument: "Row {row}, document {key}:",
  postCancelled: "Cancelled: {summary}",
  actCancelled: "Cancelled after {ok} done, {skipped} skipped, {failed} failed: the other selected rows were left as they were.",
} as const;

export const ROWS_TH: Record<keyof typeof ROWS_EN, string> = {
  rowsToLook: "แถวที่ควรตรวจดู",
  rowAt: "แถว {row}",
  rowDocument: "แถว {row} เอกสาร {key}:",
  postCancelled: "หยุดตามที่สั่งแล้ว: {summary}",
  actCancelled: "หยุดตามที่สั่งหลังจากสำเร็จ {ok}, ข้าม {skipped}, ไม่สำเร็จ {failed} แถวที่เลือกที่เหลือไม่ได้ถูกแก้ไข",
};
