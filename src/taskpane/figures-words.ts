// The pane's words for "Refresh figures" (the worksheet functions' section), in English and Thai.
// i18n.ts merges them into the pane's one table; the functions' own texts (cell errors, their
// descriptions) are in src/functions/texts.ts.

export const FIGURES_EN = {
  figures: "Worksheet functions",
  figuresHelp: "Cells with DOCSHEET formulas (DOCSHEET.TOTAL, DOCSHEET.VAT, …) keep the figures they read for this session. Refresh figures reads them again from the service and recalculates the workbook.",
  refreshFigures: "Refresh figures",
  refreshingFigures: "Refreshing figures…",
  figuresRefreshed: "Figures refreshed: the workbook was recalculated with the service's figures as they are now.",
  figuresForgotten: "The figures read are forgotten. This preview does not calculate DOCSHEET formulas yet, so no cell changes here.",
} as const;

export const FIGURES_TH: Record<keyof typeof FIGURES_EN, string> = {
  figures: "ฟังก์ชันในเวิร์กชีต",
  figuresHelp: "เซลล์ที่มีสูตร DOCSHEET (DOCSHEET.TOTAL, DOCSHEET.VAT, …) เก็บตัวเลขที่อ่านไว้ตลอดการเชื่อมต่อนี้ “รีเฟรชตัวเลข” อ่านตัวเลขจากบริการอีกครั้งและคำนวณสมุดงานใหม่",
  refreshFigures: "รีเฟรชตัวเลข",
  refreshingFigures: "กำลังรีเฟรชตัวเลข…",
  figuresRefreshed: "รีเฟรชตัวเลขแล้ว: คำนวณสมุดงานใหม่ด้วยตัวเลขล่าสุดจากบริการ",
  figuresForgotten: "ล้างตัวเลขที่อ่านไว้แล้ว หน้าตัวอย่างนี้ยังไม่คำนวณสูตร DOCSHEET จึงไม่มีเซลล์ใดเปลี่ยน",
};
