// Printed words of a document in Thai and English. Thai follows the wording of Thai tax
// invoices (Revenue Code s.86/4 items: seller, buyer, tax ids, branch, VAT shown apart).

export type Culture = "th" | "en";

export const LABELS = {
  th: {
    original: "ต้นฉบับ",
    copy: "สำเนา",
    taxId: "เลขประจำตัวผู้เสียภาษี",
    branch: "สาขา",
    headOffice: "สำนักงานใหญ่",
    phone: "โทร",
    serial: "เลขที่",
    date: "วันที่",
    dueDate: "ครบกำหนด",
    reference: "อ้างอิง",
    salesName: "ผู้ขาย",
    projectName: "โปรเจ็ค",
    customer: "ลูกค้า",
    vendor: "ผู้จำหน่าย",
    contactPerson: "ผู้ติดต่อ",
    email: "อีเมล",
    no: "ลำดับ",
    description: "รายละเอียด",
    quantity: "จำนวน",
    unit: "หน่วย",
    price: "ราคาต่อหน่วย",
    discount: "ส่วนลด",
    vat: "ภาษี",
    amount: "จำนวนเงิน",
    exempt: "ยกเว้น",
    subTotal: "รวมเป็นเงิน",
    discountTotal: "ส่วนลด",
    totalAfterDiscount: "ราคาหลังหักส่วนลด",
    exemptAmount: "มูลค่าที่ได้รับยกเว้นภาษี",
    vatableAmount: "มูลค่าที่คำนวณภาษี",
    vatAmount: "ภาษีมูลค่าเพิ่ม 7%",
    grandTotal: "จำนวนเงินรวมทั้งสิ้น",
    withholding: "หักภาษี ณ ที่จ่าย",
    amountToPay: "ยอดชำระ",
    vatInclusive: "ราคารวมภาษีมูลค่าเพิ่มแล้ว",
    remarks: "หมายเหตุ",
    inWords: "ตัวอักษร",
    receivedBy: "ผู้รับเอกสาร",
    authorised: "ผู้มีอำนาจลงนาม",
    page: "หน้า",
    currency: "บาท",
  },
  en: {
    original: "Original",
    copy: "Copy",
    taxId: "Tax ID",
    branch: "Branch",
    headOffice: "Head office",
    phone: "Tel.",
    serial: "No.",
    date: "Date",
    dueDate: "Due date",
    reference: "Reference",
    salesName: "Salesperson",
    projectName: "Project",
    customer: "Customer",
    vendor: "Vendor",
    contactPerson: "Contact",
    email: "Email",
    no: "#",
    description: "Description",
    quantity: "Qty",
    unit: "Unit",
    price: "Unit price",
    discount: "Discount",
    vat: "VAT",
    amount: "Amount",
    exempt: "Exempt",
    subTotal: "Subtotal",
    discountTotal: "Discount",
    totalAfterDiscount: "Total after discount",
    exemptAmount: "VAT-exempt amount",
    vatableAmount: "Amount subject to VAT",
    vatAmount: "VAT 7%",
    grandTotal: "Grand total",
    withholding: "Withholding tax",
    amountToPay: "Amount to pay",
    vatInclusive: "Prices include VAT",
    remarks: "Remarks",
    inWords: "In words",
    receivedBy: "Received by",
    authorised: "Authorised signature",
    page: "Page",
    currency: "THB",
  },
} as const satisfies Record<Culture, Record<string, string>>;

export type Labels = { [K in keyof (typeof LABELS)["en"]]: string };

/** Document titles by family in English as printed (FAMILY_INFO has sentence case). */
export const TITLES_EN: Record<string, string> = {
  quotations: "Quotation",
  "billing-notes": "Billing Note",
  "tax-invoices": "Tax Invoice",
  receipts: "Receipt",
  "cash-invoices": "Cash Sale",
  "purchases-orders": "Purchase Order",
  purchases: "Receiving Inventory",
  expenses: "Expense",
};

const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-05-01" → "01/05/2569" (Thai, Buddhist era) or "01 May 2026"; other text is shown as given. */
export function formatDate(value: unknown, culture: Culture): string {
  if (typeof value !== "string") return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const [year, month, day] = [Number(m[1]), Number(m[2]), m[3]];
  if (month < 1 || month > 12) return value;
  return culture === "th" ? `${day}/${m[2]}/${year + 543}` : `${day} ${MONTHS_EN[month - 1]} ${year}`;
}
