// What `docsheet map`, `--mapping` and the pane's Columns know of a withholding tax certificate
// sheet (as books/fields.ts says it of the books): the fields it may have a column for, the words
// accountants head them with in English and Thai (ผู้ถูกหักภาษี, เลขประจำตัวผู้เสียภาษี, สาขา,
// ประเภทเงินได้, อัตรา, จำนวนเงินที่จ่าย, ภาษีที่หักไว้, เงื่อนไข, ...), the headers that could mean
// two of its fields (asked, never guessed: "จำนวนเงิน" paid or withheld?), and what a certificate
// needs a column for. Pure.
import { FIELD_BY_KEY, RESULT_KEYS, WHT_LABELS, type FieldDef } from "./fields";

/** The certificate sheet's columns, in the template's order (wht-rows.ts lays them out). */
export const WHT_KEYS: readonly string[] = [
  "documentKey", "contactName", "contactTaxId", "contactBranch", "contactAddress", "entity", "publishedOn",
  "item.incomeType", "item.taxRate", "item.taxAmount", "item.withheld", "taxPayment", "remarks", "internalNotes",
  ...RESULT_KEYS,
];

/** The certificate's fields: the template's columns and the payee's other contact fields. */
export const WHT_MAP_FIELDS: readonly FieldDef[] = [...WHT_KEYS, "contactZipCode", "contactEmail", "contactNumber"]
  .map((k) => FIELD_BY_KEY.get(k))
  .filter((d): d is FieldDef => d !== undefined);

/** The sheet's own labels of a field (WHT_LABELS) before the field's general ones. */
export const WHT_MAP_LABELS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(WHT_LABELS).map(([k, l]) => [k, [...l.en, ...l.th]]),
);

export const WHT_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  documentKey: ["Certificate no.", "Cert no.", "WHT no.", "เลขที่หนังสือรับรอง", "เล่มที่/เลขที่", "เลขที่ 50 ทวิ"],
  contactName: [
    "Payee", "Recipient", "Vendor", "Supplier", "Name of payee", "ผู้ถูกหักภาษี", "ผู้ถูกหักภาษี ณ ที่จ่าย", "ชื่อผู้ถูกหักภาษี", "ผู้รับเงิน", "ชื่อผู้รับเงิน",
  ],
  contactTaxId: ["TIN", "Tax ID", "Tax identification number", "เลขประจำตัวผู้เสียภาษี", "เลขผู้เสียภาษี", "เลขประจำตัวผู้เสียภาษีอากร 13 หลัก", "เลขบัตรประชาชน"],
  contactBranch: ["Branch no.", "Branch number", "สาขา", "เลขที่สาขา", "รหัสสาขา"],
  contactAddress: ["Payee address", "ที่อยู่", "ที่อยู่ผู้ถูกหักภาษี"],
  entity: ["PND", "PND form", "Return form", "Form type", "ภ.ง.ด.", "แบบ ภ.ง.ด", "ยื่นแบบ"],
  publishedOn: ["Date", "Pay date", "Withholding date", "วันที่", "วันที่จ่ายเงิน", "วันที่หักภาษี"],
  "item.incomeType": ["Income", "Type of income paid", "Payment type", "Type of payment", "ประเภทเงินได้พึงประเมิน", "ลักษณะเงินได้"],
  "item.taxRate": ["Rate", "WHT rate", "% WHT", "อัตรา", "อัตรา %", "อัตราภาษี", "อัตราหัก", "% หัก"],
  "item.taxAmount": ["Amount paid", "Gross amount", "Paid amount", "Income amount", "จำนวนเงินที่จ่าย", "ยอดจ่าย", "ยอดเงินได้", "เงินได้ที่จ่าย"],
  "item.withheld": ["WHT", "WHT amount", "Withholding tax", "Tax withheld", "ภาษีที่หักไว้", "ภาษีที่หัก", "ภาษีหัก ณ ที่จ่าย", "ยอดภาษีหัก", "ภาษีที่หักไว้และนำส่ง"],
  taxPayment: ["Condition", "WHT condition", "Paid by", "เงื่อนไข", "เงื่อนไขการหัก", "ผู้จ่ายภาษี"],
  remarks: ["Remark", "Note", "หมายเหตุ"],
};

/** Headers that could mean two of the certificate's fields: asked. A label of the sheet wins over these. */
export const WHT_ASK: ReadonlyArray<readonly [words: readonly string[], fields: readonly string[]]> = [
  [["Amount", "Value", "Sum", "จำนวนเงิน", "ยอดเงิน", "มูลค่า", "จำนวน", "ยอด"], ["item.taxAmount", "item.withheld"]],
  [["Tax", "Tax amount", "ภาษี", "จำนวนภาษี"], ["item.withheld", "item.taxRate"]],
  [["Type", "ประเภท"], ["item.incomeType", "entity"]],
  [["Number", "No.", "เลขที่", "หมายเลข"], ["documentKey", "contactTaxId"]],
];

/** What a certificate needs a column (or one value for every row) for. */
export const WHT_NEEDS: ReadonlyArray<{ fields: readonly string[]; need: "required" | "recommended" }> = [
  { fields: ["contactName"], need: "required" },
  { fields: ["contactTaxId"], need: "required" },
  { fields: ["item.incomeType"], need: "required" },
  { fields: ["item.taxRate"], need: "required" },
  { fields: ["item.taxAmount"], need: "required" },
  { fields: ["taxPayment"], need: "required" },
  { fields: ["publishedOn"], need: "recommended" },
  { fields: ["item.withheld"], need: "recommended" },
  { fields: ["documentKey"], need: "recommended" },
];
