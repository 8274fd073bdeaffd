// The pane's words for the monthly VAT report (under Pull), in English and Thai. i18n.ts merges
// them into the pane's one table; the report's own texts (sheets, summary lines, findings) come
// from the engine's (sheet/i18n/vat-report.ts).

export const VAT_EN = {
  vatReport: "VAT report",
  vatReportHelp: "The month's output-tax and input-tax reports for the VAT return, each total checked against its documents to the satang, written into new sheets.",
  vatMonth: "Month",
  runVatReport: "Make the VAT report",
  vatReading: "Reading {message}…",
  vatWritten: "Written to sheets {sheets}.",
  vatDocuments: "{output} output-tax {output|document|documents}, {input} input-tax {input|document|documents}; {voided} void {voided|document|documents} listed apart.",
  vatClean: "Every total equals the sum of its documents.",
  vatFindings: "{n} {n|total does|totals do} not match the documents:",
  vatMonthInvalid: "Choose a month (YYYY-MM).",
} as const;

export const VAT_TH: Record<keyof typeof VAT_EN, string> = {
  vatReport: "รายงานภาษีมูลค่าเพิ่ม",
  vatReportHelp: "รายงานภาษีขายและรายงานภาษีซื้อประจำเดือนสำหรับยื่นแบบ ภ.พ.30 ตรวจยอดรวมกับเอกสารทุกฉบับถึงระดับสตางค์ แล้วเขียนลงชีตใหม่",
  vatMonth: "เดือนภาษี",
  runVatReport: "ทำรายงานภาษี",
  vatReading: "กำลังอ่าน {message}…",
  vatWritten: "เขียนลงชีต {sheets} แล้ว",
  vatDocuments: "ภาษีขาย {output} เอกสาร, ภาษีซื้อ {input} เอกสาร; เอกสารที่ยกเลิก {voided} เอกสารแยกไว้ต่างหาก",
  vatClean: "ยอดรวมทุกยอดตรงกับผลรวมของเอกสาร",
  vatFindings: "ยอดรวมที่ไม่ตรงกับเอกสาร {n} รายการ:",
  vatMonthInvalid: "เลือกเดือน (ปปปป-ดด)",
};
