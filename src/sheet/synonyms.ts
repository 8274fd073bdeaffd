// Header words accountants use for each field, in English and Thai, beyond the labels of fields.ts.
// They are suggestions only (docsheet map, the pane's mapping editor): a sheet read without a
// mapping knows keys, wire names and labels, nothing looser. Pure.
import { FAMILY_INFO, type Family, type Side } from "../rules/codes";
import { familySheet } from "../families/sheets";

type Words = Readonly<Record<string, readonly string[]>>;

/** Any family where the field applies. */
export const SYNONYMS: Words = {
  documentKey: ["Doc number", "Running no", "Invoice / document no", "เลขที่เอกสารของเรา", "ลำดับเอกสาร"],
  contactId: ["Client id", "Vendor id", "Supplier id", "Contact record id"],
  contactCode: ["Client code", "Supplier code", "Partner code", "รหัสคู่ค้า", "รหัสผู้จำหน่าย"],
  contactName: ["Company", "Company name", "Partner", "Business partner", "Contact / company", "คู่ค้า", "ชื่อคู่ค้า", "ชื่อบริษัท"],
  contactAddress: ["Billing address", "Bill to address", "Company address", "Full address", "ที่อยู่ผู้ขาย", "ที่อยู่บริษัท", "ที่อยู่ตามใบกำกับภาษี", "ที่อยู่ออกใบกำกับภาษี"],
  contactTaxId: [
    "Tax identification number", "Tax identification no", "TIN", "Tax no", "Taxpayer id", "VAT no", "VAT reg no", "VAT registration no",
    "Vendor tax id", "Supplier tax id", "Company tax id", "เลขประจำตัวผู้เสียภาษีอากร", "เลขที่ผู้เสียภาษี", "เลขภาษี", "เลขผู้เสียภาษีอากร",
    "เลขประจำตัวผู้เสียภาษีลูกค้า", "เลขประจำตัวผู้เสียภาษีผู้ขาย", "เลข 13 หลัก",
  ],
  contactBranch: ["Branch code", "Head office / branch", "HQ / branch", "สาขาที่", "รหัสสาขา", "สำนักงานใหญ่ / สาขา", "สนญ. / สาขา"],
  contactPerson: ["Attn", "Contact person name", "ชื่อผู้ติดต่อบุคคล", "ผู้ประสานงาน"],
  contactEmail: ["Email address", "Mail", "อีเมล์", "อีเมลล์", "อีเมลผู้ติดต่อ"],
  contactNumber: ["Tel", "Mobile", "Mobile no", "Contact no", "โทร", "เบอร์", "มือถือ", "เบอร์มือถือ", "เบอร์ติดต่อ"],
  contactZipCode: ["Zip", "ไปรษณีย์"],
  contactGroup: ["Entity type", "ประเภทลูกค้า", "ประเภทบุคคล"],

  publishedOn: [
    "Doc date", "Invoice date", "Bill date", "Date of issue", "Issued on", "Date issued", "Transaction date", "Txn date",
    "ลงวันที่", "วันที่ออก", "วันที่ทำรายการ", "วันที่บิล", "วันที่ใบแจ้งหนี้", "วันที่ใบกำกับ",
  ],
  dueDate: ["Due", "Due on", "Payment due", "Payment due date", "Pay by", "วันครบกำหนดชำระ", "กำหนดชำระ", "วันที่ครบกำหนด", "ครบกำหนดชำระ"],
  creditDays: ["Credit terms", "Terms", "Term days", "เครดิต", "ระยะเวลาเครดิต", "เทอม"],
  salesName: ["Sales rep", "Salesman", "เซลล์", "ชื่อเซลล์"],
  projectName: ["Job", "Job name", "ชื่องาน", "โปรเจกต์", "ชื่อโครงการ"],
  reference: ["Ref no", "Reference no", "Your ref", "Our ref", "เลขอ้างอิง", "อ้างอิงเลขที่"],

  isVat: ["VAT yes / no", "With VAT", "มีภาษี", "คิด VAT", "คิดภาษี"],
  isVatInclusive: ["Incl VAT", "Including VAT", "VAT included", "Price incl VAT", "Inclusive of VAT", "รวม VAT", "รวมภาษีแล้ว", "ราคารวมภาษีแล้ว"],
  subTotal: ["Total before discount", "ยอดก่อนหักส่วนลด", "รวมก่อนส่วนลด"],
  discountPercentage: ["Discount rate", "Disc %", "% discount", "% ส่วนลด", "อัตราส่วนลด"],
  discountAmount: ["Disc", "Disc amount", "Total discount", "Bill discount", "ส่วนลดท้ายบิล", "ส่วนลดทั้งบิล"],
  totalAfterDiscount: ["Amount after discount", "Amount before VAT", "Amount excl VAT", "Pre-VAT amount", "Total excl VAT", "Net of discount", "ยอดก่อนภาษี", "มูลค่าก่อนภาษี", "ยอดก่อน VAT"],
  vatableAmount: ["Taxable amount", "Vatable", "มูลค่าที่ต้องเสียภาษี", "ยอดที่ต้องเสียภาษีมูลค่าเพิ่ม"],
  exemptAmount: ["Exempt", "Non-VAT amount", "ยอดที่ได้รับยกเว้นภาษี"],
  vatAmount: ["Tax amount", "VAT amt", "VAT 7% amount", "ภาษี", "จำนวนภาษี", "ภาษี 7%", "ยอด VAT"],
  grandTotal: [
    "Amount due", "Total incl VAT", "Total including VAT", "Invoice total", "Total due", "Grand total amount",
    "ยอดรวม", "รวมทั้งสิ้น", "ยอดสุทธิ", "จำนวนเงินรวม", "ยอดเงินสุทธิ", "รวมเงินทั้งสิ้น", "ยอดเงินรวม", "จำนวนเงินสุทธิ",
  ],

  documentShowWithholdingTax: ["WHT", "Has WHT", "มีหัก ณ ที่จ่าย"],
  documentWithholdingTaxPercentage: ["WHT rate", "Withholding %", "Withholding tax rate", "ภาษีหัก ณ ที่จ่าย %", "อัตราภาษีหัก ณ ที่จ่าย", "อัตราหัก ณ ที่จ่าย %"],
  documentWithholdingTaxAmount: ["Withholding", "Withholding amount", "Tax withheld", "WHT amt", "ภาษีหัก ณ ที่จ่าย", "จำนวนภาษีหัก ณ ที่จ่าย"],

  remarks: ["Notes", "Comment", "Comments", "Memo", "บันทึก", "ความเห็น", "หมายเหตุเอกสาร"],
  internalNotes: ["Internal memo", "Private note", "Private notes", "บันทึกภายในบริษัท"],
  saleAndPurchaseChannel: ["Platform", "Marketplace", "แพลตฟอร์ม"],

  "item.name": [
    "Goods", "Service", "Goods / services", "Products / services", "Particulars", "Line item", "Item / service", "Description of goods",
    "สินค้า", "บริการ", "ชื่อสินค้า / บริการ", "รายการสินค้า", "สินค้าหรือบริการ", "รายการสินค้า / บริการ", "ชื่อสินค้าหรือบริการ",
  ],
  "item.description": ["Details", "Detail", "Line description", "รายละเอียดสินค้า", "คำอธิบายรายการ", "รายละเอียดรายการ"],
  "item.quantity": ["Quantities", "No of units", "Units sold", "Pcs", "ปริมาณ", "จำนวนหน่วย", "จำนวนชิ้น", "จำนวนสินค้า"],
  "item.unitName": ["UOM", "Unit of measure", "Units of measure", "หน่วยนับสินค้า"],
  "item.pricePerUnit": [
    "Rate", "Unit rate", "Price / unit", "Price each", "Unit cost", "Cost per unit", "Unit amount",
    "ราคา", "ราคาต่อชิ้น", "ราคาหน่วยละ", "หน่วยละ", "ต้นทุนต่อหน่วย",
  ],
  "item.discountAmount": ["Line disc", "Discount per line", "Discount per item", "Item disc", "ส่วนลดสินค้า", "ส่วนลดต่อบรรทัด"],
  "item.vatRate": ["Tax rate", "VAT type", "อัตรา VAT", "ประเภทภาษี"],
  "item.total": ["Line amount", "Total price", "Value", "Amt", "Ext price", "Extended price", "ราคารวม", "ยอดเงิน", "รวมเงินรายการ"],
  "item.sellChartOfAccountCode": ["Revenue account", "Income account", "Sales account code", "บัญชีรายได้", "รหัสบัญชีรายได้"],
  "item.buyChartOfAccountCode": ["Cost account", "Purchase account code", "บัญชีต้นทุน", "รหัสบัญชีต้นทุน"],
  "item.systemCode": ["Expense code", "รหัสค่าใช้จ่าย"],
  "item.categoryId": ["Category", "Expense type", "Cost category", "หมวดหมู่", "ประเภทค่าใช้จ่าย", "หมวดหมู่ค่าใช้จ่าย"],
  "item.creditId": ["Credit account", "Paid from", "Payable account", "บัญชีเจ้าหนี้", "บัญชีด้านเครดิต", "เครดิต (บัญชี)"],
  "item.debitId": ["Debit account", "Expense account", "Account code", "GL code", "บัญชีค่าใช้จ่าย", "รหัสบัญชี", "บัญชีด้านเดบิต"],
  "item.withHeldPerItem": ["Line WHT %", "WHT % per line", "หัก ณ ที่จ่ายรายการ %"],
  "item.withHeldPerItemValue": ["Line WHT", "Line WHT amount", "WHT per line", "หัก ณ ที่จ่ายรายการ"],
  "item.partialAmount": ["Amount received now", "Paid now", "Instalment amount", "งวดนี้", "ยอดชำระงวดนี้"],

  paymentMethod: ["Payment type", "Paid via", "Payment channel", "Pay method", "วิธีการชำระเงิน", "ชำระโดย", "ช่องทางการชำระ", "ชำระด้วย", "รับชำระโดย"],
  paymentDate: ["Date paid", "Paid date", "Payment received on", "วันที่จ่าย", "วันที่จ่ายเงิน", "วันที่ชำระเงิน", "วันที่รับเงิน"],
  collected: ["Paid amount", "Amount received", "Received amount", "Payment amount", "ยอดชำระ", "ยอดที่ชำระ", "จำนวนเงินที่รับ", "ยอดรับ", "ยอดจ่าย", "จำนวนเงินที่จ่าย"],
  chequeNumber: ["Check no", "เลขเช็ค"],
  chequeDate: ["Check date", "วันที่หน้าเช็ค"],
  paymentRemarks: ["Payment memo", "หมายเหตุการชำระเงิน"],

  status: ["Document status", "สถานะเอกสาร"],
  documentSerial: ["System doc no", "System document no", "Serial no in system"],
};

/** Words whose meaning depends on which side of a trade the sheet is on. */
export const SIDE_SYNONYMS: Readonly<Record<Side, Words>> = {
  sell: {
    contactName: ["Client", "Client name", "Buyer", "Buyer name", "Bill to", "Sold to", "Customer / company", "ผู้ซื้อ", "ชื่อผู้ซื้อ", "ชื่อลูกค้า / บริษัท"],
    contactTaxId: ["Buyer tax id", "Client tax id"],
    vatAmount: ["Output VAT", "Output tax", "ภาษีขาย"],
    "item.pricePerUnit": ["Selling price", "Sale price", "ราคาขาย", "ราคาขายต่อหน่วย"],
    reference: ["Customer PO", "PO no", "PO number", "Purchase order no", "เลขที่ใบสั่งซื้อ", "เลขที่ PO", "เลขที่ใบสั่งซื้อลูกค้า"],
  },
  buy: {
    contactName: ["Seller", "Seller name", "Vendor name", "Supplier name", "ผู้จำหน่าย", "ชื่อผู้จำหน่าย", "ร้านค้า", "ชื่อร้าน"],
    contactTaxId: ["Seller tax id"],
    vatAmount: ["Input VAT", "Input tax", "ภาษีซื้อ"],
    "item.pricePerUnit": ["Purchase price", "Buying price", "ราคาซื้อ", "ราคาทุน"],
    reference: ["Vendor invoice no", "Supplier invoice no", "Invoice no", "Tax invoice no", "เลขที่ใบกำกับภาษี", "เลขที่ใบแจ้งหนี้", "เลขที่ใบกำกับภาษีผู้ขาย"],
    // Purchases are recorded on the seller's tax invoice, and dated by it.
    publishedOn: ["Tax invoice date", "วันที่ใบกำกับภาษี"],
  },
  expense: {
    contactName: ["Payee", "Paid to", "Seller", "Vendor name", "Supplier name", "Merchant", "ผู้รับเงิน", "ผู้จำหน่าย", "ชื่อผู้จำหน่าย", "ร้านค้า", "ชื่อร้าน"],
    contactTaxId: ["Seller tax id", "Payee tax id"],
    vatAmount: ["Input VAT", "Input tax", "ภาษีซื้อ"],
    reference: ["Receipt no", "Vendor invoice no", "Invoice no", "Tax invoice no", "Bill no", "เลขที่ใบเสร็จ", "เลขที่ใบกำกับภาษี", "เลขที่บิลร้านค้า"],
    "item.name": ["Expense", "Expense item", "Expense name", "ค่าใช้จ่าย", "รายการค่าใช้จ่าย", "ชื่อค่าใช้จ่าย"],
    "item.description": ["Expense description", "Purpose", "รายละเอียดค่าใช้จ่าย", "วัตถุประสงค์"],
    "item.pricePerUnit": ["Cost", "ค่าใช้จ่ายต่อหน่วย"],
    publishedOn: ["Expense date", "Spend date", "Receipt date", "Tax invoice date", "วันที่ค่าใช้จ่าย", "วันที่ใบเสร็จ", "วันที่ใบกำกับภาษี"],
  },
};

/**
 * Words that only this family gives a meaning: its own document number (its sheet's numberWords
 * beside what its name gives) and date ("Receipt no",
 * "เลขที่ใบเสร็จรับเงิน", "Receipt date") → documentKey, publishedOn; the number and record id of
 * the document an upgrade starts from ("Quotation no" on a billing-note sheet) → source fields.
 * They win over the other synonyms: "Invoice no" is a tax invoice's own number, a receipt's source.
 */
export function familySynonyms(family: Family): [key: string, words: readonly string[]][] {
  const info = FAMILY_INFO[family];
  const out: [string, readonly string[]][] = [
    ["documentKey", [`${info.label.en} no`, `${info.label.en} #`, `เลขที่${info.label.th}`, ...(familySheet(family).numberWords?.own ?? [])]],
    ["publishedOn", [`${info.label.en} date`, `วันที่${info.label.th}`]],
  ];
  for (const source of sourceFamilies(family)) {
    const label = FAMILY_INFO[source].label;
    out.push(["source.referenceDocumentSerial", [`${label.en} no`, `Source ${label.en} no`, `เลขที่${label.th}`, `อ้างอิง${label.th}`, ...(familySheet(source).numberWords?.asSource ?? [])]]);
    out.push(["source.recordId", [`${label.en} record id`, `${label.en} id`, `รหัส${label.th}`]]);
  }
  return out;
}

/** Families whose documents this family's upgrade starts from. */
function sourceFamilies(family: Family): Family[] {
  const from: readonly number[] = FAMILY_INFO[family].upgradeFrom;
  return (Object.keys(FAMILY_INFO) as Family[]).filter((f) => from.includes(FAMILY_INFO[f].documentType));
}
