// What the monthly VAT report says, in English and Thai: sheet names, column headers in the layout
// of the Revenue Department's รายงานภาษีขาย / รายงานภาษีซื้อ, the return's summary lines, and its
// findings. Thai dates and months are Buddhist-era (2026 = 2569). Pure.
import { FAMILY_INFO, type Family } from "../../rules/codes";
import type { Lang } from "./lang";
import { count } from "./plural";

export type VatSide = "output" | "input";

/** A finding of the report: a total that differs from the documents, an amount that is not money. */
export type VatFinding =
  | { kind: "totalDiffers"; side: VatSide; what: "value" | "vat"; report: string; documents: string }
  | { kind: "notMoney"; family: Family; serial: string; field: string; value: string }
  | { kind: "countDiffers"; family: Family; listed: number; read: number };

export interface VatTexts {
  sheet: Record<VatSide | "void" | "summary", (month: string) => string>;
  /** Column headers of an output or input report. */
  columns(side: VatSide): string[];
  voidColumns: string[];
  summaryColumns: string[];
  /** The totals row's label (รวมทั้งสิ้น) and a printed page's total's (รวมหน้านี้). */
  total: string;
  pageTotal: string;
  /** The printed page's header: Excel's &P is the page, &N the pages. */
  pageHeader: string;
  side: Record<VatSide, string>;
  /** The summary's lines, in order. */
  summary: readonly string[];
  family(family: Family): string;
  finding(f: VatFinding): string;
  /** "page 2 of tax invoices: 400 of 512 documents" */
  progress(family: Family, page: number, done: number, total: number): string;
  /** The header block of the Revenue Department's form a side's report opens with. */
  form: {
    title: Record<VatSide, string>;
    month: string;
    operator: string;
    taxId: string;
    establishment: string;
    establishmentName: string;
    address: string;
    headOffice: string;
    branch(code: string): string;
  };
  /** "March 2026" / "มีนาคม 2569": the tax month as the form names it. */
  monthName(month: string): string;
  /** The one-line result of a run; `out`: the file written (command line). */
  done(r: { month: string; outputVat: string; outputCount: number; inputVat: string; inputCount: number; net: string; refund: boolean; voided: number; out?: string }): string;
}

const MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const MONTHS_TH_FULL = ["มกราคม", "กุมภาพันธ์", "มีนาคม", "เมษายน", "พฤษภาคม", "มิถุนายน", "กรกฎาคม", "สิงหาคม", "กันยายน", "ตุลาคม", "พฤศจิกายน", "ธันวาคม"];
const monthParts = (month: string): [number, number] => {
  const [y, m] = month.split("-").map(Number);
  return [y, m];
};

const MONTHS_TH = ["ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.", "ก.ค.", "ส.ค.", "ก.ย.", "ต.ค.", "พ.ย.", "ธ.ค."];

/** "2026-03" → "มี.ค. 2569" (Thai) or "2026-03" (English). */
export function monthLabel(month: string, lang: Lang): string {
  if (lang === "en") return month;
  const [y, m] = month.split("-").map(Number);
  return `${MONTHS_TH[m - 1]} ${y + 543}`;
}

const EN: VatTexts = {
  form: {
    title: { output: "Output tax report", input: "Input tax report" },
    month: "Tax month", operator: "Name of operator", taxId: "Taxpayer identification no.", establishment: "Establishment",
    establishmentName: "Name of establishment", address: "Address of establishment",
    headOffice: "Head office", branch: (code) => `Branch ${code}`,
  },
  monthName: (month) => {
    const [y, m] = monthParts(month);
    return `${MONTHS_EN[m - 1]} ${y}`;
  },
  sheet: {
    output: (m) => `Output tax ${monthLabel(m, "en")}`,
    input: (m) => `Input tax ${monthLabel(m, "en")}`,
    void: (m) => `Void ${monthLabel(m, "en")}`,
    summary: (m) => `VAT summary ${monthLabel(m, "en")}`,
  },
  columns: (side) => [
    "No.", "Date", "Document no.", "Document type", side === "output" ? "Customer" : "Supplier", "Tax id", "Head office", "Branch no.",
    "Value of goods or services", "VAT",
  ],
  voidColumns: ["No.", "Date", "Document no.", "Document type", "Report", "Customer or supplier", "Amount before VAT", "VAT"],
  summaryColumns: ["Item", "Amount", "Sum of the documents", "Difference"],
  total: "Grand total",
  pageTotal: "Page total",
  pageHeader: "Page &P of &N",
  side: { output: "Output tax", input: "Input tax" },
  summary: [
    "Sales subject to VAT (before VAT)", "Output VAT", "Purchases and expenses with VAT (before VAT)", "Input VAT",
    "VAT payable", "VAT refundable (input over output)",
    "Sales at 0% (zero-rated)", "Exempt sales", "Purchases at 0% (zero-rated)", "Exempt purchases",
    "ภ.พ.30 1. Total sales", "ภ.พ.30 2. Zero-rated sales", "ภ.พ.30 3. Exempt sales", "ภ.พ.30 4. Taxable sales (1 − 2 − 3)", "ภ.พ.30 5. Output tax",
    "ภ.พ.30 6. Purchases eligible for input tax credit", "ภ.พ.30 7. Input tax", "ภ.พ.30 8. Tax payable (5 − 7)", "ภ.พ.30 9. Tax overpaid (7 − 5)",
  ],
  family: (f) => FAMILY_INFO[f].label.en,
  finding: (f) => {
    switch (f.kind) {
      case "totalDiffers":
        return `${EN.side[f.side]}: the total ${f.what === "vat" ? "VAT" : "value of goods or services"} is ${f.report} but the documents add up to ${f.documents}`;
      case "notMoney":
        return `${FAMILY_INFO[f.family].label.en} ${f.serial}: ${f.field} ${f.value} is not an amount in satang (two decimals); the report rounds it`;
      case "countDiffers":
        return `${FAMILY_INFO[f.family].label.en}s: the service lists ${f.listed} for the month but ${f.read} were read`;
    }
  },
  progress: (family, page, done, total) => `${FAMILY_INFO[family].label.en}s, page ${page}: ${done} of ${count(total, "document")}`,
  done: (r) => `VAT report for ${r.month}: output VAT ${r.outputVat} on ${count(r.outputCount, "document")}, input VAT ${r.inputVat} on ${count(r.inputCount, "document")}, `
    + `${r.refund ? "refundable" : "payable"} ${r.net}; ${count(r.voided, "void document")} listed apart${r.out ? `; wrote ${r.out}` : ""}`,
};

const TH: VatTexts = {
  form: {
    title: { output: "รายงานภาษีขาย", input: "รายงานภาษีซื้อ" },
    month: "เดือนภาษี", operator: "ชื่อผู้ประกอบการ", taxId: "เลขประจำตัวผู้เสียภาษีอากร", establishment: "สถานประกอบการ",
    establishmentName: "ชื่อสถานประกอบการ", address: "ที่อยู่สถานประกอบการ",
    headOffice: "สำนักงานใหญ่", branch: (code) => `สาขาที่ ${code}`,
  },
  monthName: (month) => {
    const [y, m] = monthParts(month);
    return `${MONTHS_TH_FULL[m - 1]} ${y + 543}`;
  },
  sheet: {
    output: (m) => `ภาษีขาย ${monthLabel(m, "th")}`,
    input: (m) => `ภาษีซื้อ ${monthLabel(m, "th")}`,
    void: (m) => `ยกเลิก ${monthLabel(m, "th")}`,
    summary: (m) => `สรุปภาษี ${monthLabel(m, "th")}`,
  },
  columns: (side) => [
    "ลำดับ", "วัน เดือน ปี", "เลขที่เอกสาร", "ประเภทเอกสาร", side === "output" ? "ชื่อผู้ซื้อสินค้า/ผู้รับบริการ" : "ชื่อผู้ขายสินค้า/ผู้ให้บริการ",
    "เลขประจำตัวผู้เสียภาษีอากร", "สำนักงานใหญ่", "สาขาที่", "มูลค่าสินค้าหรือบริการ", "จำนวนเงินภาษีมูลค่าเพิ่ม",
  ],
  voidColumns: ["ลำดับ", "วัน เดือน ปี", "เลขที่เอกสาร", "ประเภทเอกสาร", "รายงาน", "ชื่อลูกค้าหรือผู้ขาย", "มูลค่าสินค้าหรือบริการ", "จำนวนเงินภาษีมูลค่าเพิ่ม"],
  summaryColumns: ["รายการ", "จำนวนเงิน", "ผลรวมจากเอกสาร", "ผลต่าง"],
  total: "รวมทั้งสิ้น",
  pageTotal: "รวมหน้านี้",
  pageHeader: "หน้าที่ &P / &N",
  side: { output: "ภาษีขาย", input: "ภาษีซื้อ" },
  summary: [
    "ยอดขายที่ต้องเสียภาษี (ก่อนภาษี)", "ภาษีขาย", "ยอดซื้อและค่าใช้จ่ายที่มีภาษี (ก่อนภาษี)", "ภาษีซื้อ",
    "ภาษีที่ต้องชำระ", "ภาษีที่ชำระเกิน (ภาษีซื้อมากกว่าภาษีขาย)",
    "ยอดขายที่เสียภาษีในอัตราร้อยละ 0", "ยอดขายที่ได้รับยกเว้น", "ยอดซื้อที่เสียภาษีในอัตราร้อยละ 0", "ยอดซื้อที่ได้รับยกเว้น",
    "ภ.พ.30 1. ยอดขายในเดือนนี้", "ภ.พ.30 2. หัก ยอดขายที่เสียภาษีในอัตราร้อยละ 0", "ภ.พ.30 3. หัก ยอดขายที่ได้รับยกเว้น",
    "ภ.พ.30 4. ยอดขายที่ต้องเสียภาษี (1. − 2. − 3.)", "ภ.พ.30 5. ภาษีขายเดือนนี้", "ภ.พ.30 6. ยอดซื้อที่มีสิทธินำภาษีซื้อมาหักในการคำนวณภาษีเดือนนี้",
    "ภ.พ.30 7. ภาษีซื้อเดือนนี้", "ภ.พ.30 8. ภาษีที่ต้องชำระเดือนนี้ (5. − 7.)", "ภ.พ.30 9. ภาษีที่ชำระเกินเดือนนี้ (7. − 5.)",
  ],
  family: (f) => FAMILY_INFO[f].label.th,
  finding: (f) => {
    switch (f.kind) {
      case "totalDiffers":
        return `${TH.side[f.side]}: ยอดรวม${f.what === "vat" ? "ภาษีมูลค่าเพิ่ม" : "มูลค่าสินค้าหรือบริการ"}เป็น ${f.report} แต่ผลรวมจากเอกสารเป็น ${f.documents}`;
      case "notMoney":
        return `${FAMILY_INFO[f.family].label.th} ${f.serial}: ${f.field} ${f.value} ไม่ใช่จำนวนเงินระดับสตางค์ (ทศนิยมสองตำแหน่ง) รายงานปัดเศษให้`;
      case "countDiffers":
        return `${FAMILY_INFO[f.family].label.th}: บริการแจ้งว่ามี ${f.listed} เอกสารในเดือนนี้ แต่อ่านได้ ${f.read} เอกสาร`;
    }
  },
  progress: (family, page, done, total) => `${FAMILY_INFO[family].label.th} หน้า ${page}: ${done} จาก ${total} เอกสาร`,
  done: (r) => `รายงานภาษีมูลค่าเพิ่มเดือน ${monthLabel(r.month, "th")}: ภาษีขาย ${r.outputVat} จาก ${r.outputCount} เอกสาร, ภาษีซื้อ ${r.inputVat} จาก ${r.inputCount} เอกสาร, `
    + `${r.refund ? "ภาษีที่ชำระเกิน" : "ภาษีที่ต้องชำระ"} ${r.net}; เอกสารที่ยกเลิก ${r.voided} เอกสารแยกไว้ต่างหาก${r.out ? `; เขียน ${r.out} แล้ว` : ""}`,
};

export function vatTexts(lang: Lang): VatTexts {
  return lang === "th" ? TH : EN;
}
