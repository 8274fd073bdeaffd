// The pane's words for the monthly withholding tax returns (under Pull), in English and Thai.
// i18n.ts merges them into the pane's one table; the report's own texts (sheets, findings) come
// from the engine's (sheet/wht-report.ts).

export const WHT_EN = {
  whtReport: "Withholding tax report",
  whtReportHelp: "The month's withholding tax certificates as the ภ.ง.ด.3 and ภ.ง.ด.53 attachments and the return, each total checked against the certificates to the satang, written into new sheets; the files for RD Prep to download.",
  whtMonth: "Month",
  whtMissing: "Also list purchases and expenses that withheld tax without a certificate, as certificate rows to complete and post",
  runWhtReport: "Make the withholding tax report",
  whtCertificates: "{n} {n|certificate|certificates}",
  whtWritten: "Written to sheets {sheets}.",
  whtVoided: "{n} void {n|certificate|certificates} listed apart.",
  whtClean: "Every total equals the certificates', and every purchase and expense that withheld tax has its certificate.",
  whtFindings: "{n} {n|finding|findings}:",
  whtFiles: "Files for RD Prep:",
  whtLayout: "RD Prep layout (optional)",
  whtLayoutHelp: "The files' fields in your RD Prep import's order, one line per form, e.g. PND3: seq|taxId|name|line.income|line.amount|line.tax. A form not named keeps the usual layout (the README lists the fields).",
  whtLayoutForm: 'Layout line {line}: "{text}" is not a form; a line starts with PND1, PND2, PND3 or PND53 and a colon.',
  whtLayoutField: "Layout line {line}: {text} is not a field of the RD Prep files.",
} as const;

export const WHT_TH: Record<keyof typeof WHT_EN, string> = {
  whtReport: "รายงานภาษีหัก ณ ที่จ่าย",
  whtReportHelp: "หนังสือรับรองการหักภาษี ณ ที่จ่ายประจำเดือนเป็นใบแนบ ภ.ง.ด.3 และ ภ.ง.ด.53 พร้อมแบบยื่น ตรวจยอดรวมกับหนังสือรับรองทุกฉบับถึงระดับสตางค์ แล้วเขียนลงชีตใหม่ และดาวน์โหลดไฟล์สำหรับโปรแกรมยื่นแบบของกรมสรรพากรได้",
  whtMonth: "เดือนภาษี",
  whtMissing: "แสดงใบรับสินค้าและค่าใช้จ่ายที่หักภาษี ณ ที่จ่ายแต่ยังไม่มีหนังสือรับรองด้วย เป็นแถวหนังสือรับรองให้กรอกให้ครบแล้วส่ง",
  runWhtReport: "ทำรายงานภาษีหัก ณ ที่จ่าย",
  whtCertificates: "{n} ราย",
  whtWritten: "เขียนลงชีต {sheets} แล้ว",
  whtVoided: "หนังสือรับรองที่ยกเลิก {n} ฉบับแยกไว้ต่างหาก",
  whtClean: "ยอดรวมทุกยอดตรงกับหนังสือรับรอง และใบรับสินค้าและค่าใช้จ่ายที่หักภาษีไว้มีหนังสือรับรองครบ",
  whtFindings: "พบ {n} รายการ:",
  whtFiles: "ไฟล์สำหรับโปรแกรมยื่นแบบของกรมสรรพากร:",
  whtLayout: "รูปแบบไฟล์สำหรับโปรแกรมยื่นแบบ (ไม่บังคับ)",
  whtLayoutHelp: "ช่องข้อมูลของไฟล์เรียงตามที่โปรแกรมยื่นแบบของคุณนำเข้า บรรทัดละหนึ่งแบบ เช่น PND3: seq|taxId|name|line.income|line.amount|line.tax แบบที่ไม่ได้ระบุใช้รูปแบบปกติ (ดูรายชื่อช่องในคู่มือ)",
  whtLayoutForm: 'รูปแบบบรรทัดที่ {line}: "{text}" ไม่ใช่แบบ แต่ละบรรทัดขึ้นต้นด้วย PND1, PND2, PND3 หรือ PND53 ตามด้วย :',
  whtLayoutField: "รูปแบบบรรทัดที่ {line}: {text} ไม่ใช่ช่องข้อมูลของไฟล์สำหรับโปรแกรมยื่นแบบ",
};
