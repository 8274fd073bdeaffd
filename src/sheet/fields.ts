// The columns a worksheet may have: every document, line, payment, upgrade-source and result field,
// with its wire name, how its cells are read, and the English and Thai labels a header may use.
// A header names a field when it equals (ignoring case and spaces) the wire name, `item.<wire>` for
// line fields, or one of the labels. The first English label is the field's name in what users
// read. Looser synonyms, only ever suggested, are in synonyms.ts.
import {
  CONTACT_GROUP, CREDIT_TYPE, DISCOUNT_TYPE, EXPENSE_VIEW, FAMILY_INFO, ITEM_TYPE, PAYMENT_METHOD, STATUS_WORDS, VAT_RATES,
  WITHHOLDING_RATES, isFamily,
} from "../rules/codes";
import type { Lang } from "./i18n/lang";

/**
 * How a cell is read. money/quantity/rate are decimals (2 dp, 4 dp, 4 dp); integer and id are whole
 * numbers; code is a whole number from `allowed` (or one of its `words`); status is a status word.
 */
export type FieldKind = "text" | "money" | "quantity" | "rate" | "integer" | "id" | "date" | "boolean" | "code" | "status";

/** key: a document's own field; item: a line's; payment: with-payment / payment bodies;
 * source: the document an upgrade starts from; result: written back by the jobs. */
export type FieldLevel = "key" | "document" | "item" | "payment" | "source" | "result";

export interface FieldDef {
  /** Column key: the wire name, `item.<wire>` for lines, `source.<wire>` for the upgrade source. */
  key: string;
  /** Name in the request body (inside items[] or documentReference[] for those levels). */
  wire: string;
  /** Other body fields the column's value is sent as (a product's VAT as its sell and buy VAT): a
   * difference in one of them is said by this column's label. */
  sentAs?: readonly string[];
  level: FieldLevel;
  kind: FieldKind;
  en: readonly string[];
  th: readonly string[];
  /** Fixed values of the spec: become validation lists in templates. */
  allowed?: readonly (string | number)[];
  /** Words accepted for a code, mapped to the code (lower case, no spaces). */
  words?: Readonly<Record<string, number>>;
  /** A field of withholding tax certificates only: documents never send it. */
  wht?: true;
}

const f = (
  key: string, level: FieldLevel, kind: FieldKind, en: readonly string[], th: readonly string[],
  extra: Partial<Pick<FieldDef, "allowed" | "words" | "wire" | "wht">> = {},
): FieldDef => ({ key, wire: extra.wire ?? key.replace(/^(item|source)\./, ""), level, kind, en, th, ...extra });

const PAYMENT_WORDS: Record<string, number> = {
  cash: PAYMENT_METHOD.Cash, เงินสด: PAYMENT_METHOD.Cash,
  cheque: PAYMENT_METHOD.Cheque, check: PAYMENT_METHOD.Cheque, เช็ค: PAYMENT_METHOD.Cheque,
  transfer: PAYMENT_METHOD.Transfer, banktransfer: PAYMENT_METHOD.Transfer, โอนเงิน: PAYMENT_METHOD.Transfer, โอน: PAYMENT_METHOD.Transfer,
  creditcard: PAYMENT_METHOD.CreditCard, card: PAYMENT_METHOD.CreditCard, บัตรเครดิต: PAYMENT_METHOD.CreditCard,
  pettycash: PAYMENT_METHOD.PettyCash, เงินสดย่อย: PAYMENT_METHOD.PettyCash,
  other: PAYMENT_METHOD.OtherChannel, otherchannel: PAYMENT_METHOD.OtherChannel, ช่องทางอื่น: PAYMENT_METHOD.OtherChannel,
};

// A per-line VAT yes/no says the line's rate: yes is 7%, no is exempt (content.ts).
const VAT_RATE_WORDS: Record<string, number> = {
  exempt: -1, ยกเว้น: -1, ยกเว้นภาษี: -1, zero: 0, "0%": 0, "7%": 7,
  yes: 7, no: -1, y: 7, n: -1, true: 7, false: -1, ใช่: 7, ไม่ใช่: -1, มี: 7, ไม่มี: -1,
};

/** The families an upgrade may start from (some family's upgradeFrom names their type): a source
 * document's type is said by its family's name, its label in English or Thai, or its serial prefix
 * ("Quotation", "quotations", "ใบเสนอราคา", "QT"). */
const SOURCE_FAMILIES = Object.values(FAMILY_INFO).filter((i) => Object.values(FAMILY_INFO).some((o) => o.upgradeFrom.includes(i.documentType)));
const SOURCE_TYPES: readonly number[] = SOURCE_FAMILIES.map((i) => i.documentType).sort((a, b) => a - b);
const SOURCE_TYPE_WORDS: Record<string, number> = Object.fromEntries(SOURCE_FAMILIES.flatMap((i) =>
  [normalizeName(i.label.en), i.family, i.serialPrefix.toLowerCase(), i.label.th].map((word) => [word, i.documentType])));

export const FIELDS: readonly FieldDef[] = [
  // The user's own document number groups the rows of one document: "Document no." / "เลขที่" name
  // this column, not documentSerial (the number the service gives, written back).
  f("documentKey", "key", "text", ["Document key", "Doc key", "Key", "Group", "Document no.", "Document number", "Doc no."], [
    "เลขที่เอกสาร", "รหัสกลุ่มเอกสาร", "กลุ่มเอกสาร", "คีย์เอกสาร", "เลขที่",
  ]),

  // Contact
  f("contactId", "document", "id", ["Contact id", "Customer id"], ["รหัสผู้ติดต่อ"]),
  f("contactCode", "document", "text", ["Contact code", "Customer code", "Vendor code", "Supplier code"], ["รหัสลูกค้า", "รหัสผู้ขาย"]),
  f("contactName", "document", "text", ["Customer", "Customer name", "Contact", "Contact name", "Vendor", "Supplier", "Supplier name"], ["ชื่อลูกค้า", "ลูกค้า", "ชื่อผู้ติดต่อ", "ผู้ขาย", "ชื่อผู้ขาย"]),
  f("contactAddress", "document", "text", ["Address", "Customer address", "Contact address"], ["ที่อยู่", "ที่อยู่ลูกค้า"]),
  f("contactTaxId", "document", "text", ["Tax id", "Tax ID no.", "Customer tax id"], ["เลขประจำตัวผู้เสียภาษี", "เลขผู้เสียภาษี"]),
  f("contactBranch", "document", "text", ["Branch", "Customer branch"], ["สาขา", "สาขาลูกค้า"]),
  f("contactPerson", "document", "text", ["Contact person", "Attention"], ["ผู้ติดต่อ", "ชื่อผู้ติดต่อ (บุคคล)"]),
  f("contactEmail", "document", "text", ["Email", "E-mail", "Customer email"], ["อีเมล", "อีเมลลูกค้า"]),
  f("contactNumber", "document", "text", ["Phone", "Phone number", "Telephone"], ["เบอร์โทร", "เบอร์โทรศัพท์", "โทรศัพท์"]),
  f("contactZipCode", "document", "text", ["Zip code", "Postcode", "Postal code"], ["รหัสไปรษณีย์"]),
  f("contactGroup", "document", "code", ["Contact group", "Customer type"], ["ประเภทผู้ติดต่อ"], {
    allowed: Object.values(CONTACT_GROUP), words: { individual: 1, บุคคลธรรมดา: 1, juristic: 3, company: 3, นิติบุคคล: 3 },
  }),

  // Dates and terms
  f("publishedOn", "document", "date", ["Date", "Document date", "Issue date"], ["วันที่", "วันที่เอกสาร", "วันที่ออกเอกสาร"]),
  f("creditType", "document", "code", ["Credit type", "Payment terms"], ["ประเภทเครดิต"], {
    allowed: Object.values(CREDIT_TYPE), words: { credit: 1, creditdays: 1, เครดิต: 1, cash: 3, เงินสด: 3, nodue: 5 },
  }),
  f("creditDays", "document", "integer", ["Credit days", "Credit term"], ["จำนวนวันเครดิต", "เครดิต (วัน)"]),
  f("dueDate", "document", "date", ["Due date"], ["วันครบกำหนด", "ครบกำหนด"]),
  f("salesName", "document", "text", ["Salesperson", "Sales name"], ["พนักงานขาย", "ชื่อพนักงานขาย"]),
  f("projectName", "document", "text", ["Project", "Project name"], ["โปรเจค", "ชื่อโปรเจค", "โครงการ"]),
  f("reference", "document", "text", ["Reference", "Ref"], ["อ้างอิง", "เลขที่อ้างอิง"]),

  // VAT and totals
  f("isVat", "document", "boolean", ["VAT", "Has VAT", "Is VAT"], ["ภาษีมูลค่าเพิ่ม", "มีภาษีมูลค่าเพิ่ม", "มี VAT"]),
  f("isVatInclusive", "document", "boolean", ["VAT inclusive", "Prices include VAT", "Price includes VAT"], ["ราคารวมภาษี", "รวมภาษีมูลค่าเพิ่ม", "ราคารวม VAT"]),
  f("isManualVat", "document", "boolean", ["Manual VAT"], ["กำหนด VAT เอง", "ภาษีกำหนดเอง"]),
  f("subTotal", "document", "money", ["Subtotal", "Sub total"], ["รวมเป็นเงิน", "ยอดรวมก่อนส่วนลด"]),
  f("discountPercentage", "document", "rate", ["Discount %", "Discount percentage"], ["ส่วนลด %", "เปอร์เซ็นต์ส่วนลด"]),
  f("discountAmount", "document", "money", ["Discount", "Discount amount"], ["ส่วนลด", "ส่วนลดรวม"]),
  f("discountType", "document", "code", ["Discount type"], ["ประเภทส่วนลด"], {
    allowed: Object.values(DISCOUNT_TYPE), words: { percent: 1, "%": 1, เปอร์เซ็นต์: 1, amount: 3, บาท: 3, จำนวนเงิน: 3 },
  }),
  f("totalAfterDiscount", "document", "money", ["Total after discount", "After discount"], ["ราคาหลังหักส่วนลด", "ยอดหลังหักส่วนลด"]),
  f("exemptAmount", "document", "money", ["Exempt amount", "VAT exempt amount"], ["ยอดยกเว้นภาษี", "มูลค่ายกเว้นภาษี"]),
  f("vatableAmount", "document", "money", ["Vatable amount", "Amount subject to VAT"], ["ยอดที่ต้องเสียภาษี", "มูลค่าที่คำนวณภาษี"]),
  f("vatAmount", "document", "money", ["VAT amount", "VAT 7%", "Tax"], ["ภาษีมูลค่าเพิ่ม 7%", "จำนวนภาษีมูลค่าเพิ่ม", "ยอดภาษี"]),
  f("grandTotal", "document", "money", ["Grand total", "Total", "Total amount", "Net total"], ["จำนวนเงินรวมทั้งสิ้น", "ยอดรวมสุทธิ", "ยอดรวมทั้งสิ้น"]),

  // Withholding and deductions
  f("documentShowWithholdingTax", "document", "boolean", ["Show withholding tax", "Withholding tax"], ["แสดงหัก ณ ที่จ่าย", "หัก ณ ที่จ่าย"]),
  f("documentWithholdingTaxPercentage", "document", "rate", ["Withholding tax %", "WHT %", "Withholding rate"], ["อัตราหัก ณ ที่จ่าย", "หัก ณ ที่จ่าย %"], { allowed: WITHHOLDING_RATES }),
  f("documentWithholdingTaxAmount", "document", "money", ["Withholding tax amount", "WHT amount"], ["ยอดหัก ณ ที่จ่าย", "จำนวนเงินหัก ณ ที่จ่าย"]),
  f("useReceiptDeduction", "document", "boolean", ["Use receipt deduction", "Deduction"], ["ใช้การหักลดหย่อน", "มีรายการหัก"]),
  f("documentDeductionType", "document", "code", ["Deduction type"], ["ประเภทการหัก"], {
    allowed: [1, 3, 5, 7], words: { specialdiscount: 1, commission: 3, fee: 5, rounding: 7 },
  }),
  f("documentDeductionAmount", "document", "money", ["Deduction amount"], ["ยอดหัก", "จำนวนเงินที่หัก"]),

  // Notes and options
  f("remarks", "document", "text", ["Remarks", "Remark", "Note"], ["หมายเหตุ"]),
  f("internalNotes", "document", "text", ["Internal notes", "Internal note"], ["โน้ตภายใน", "บันทึกภายใน", "หมายเหตุภายใน"]),
  f("showSignatureOrStamp", "document", "boolean", ["Show signature or stamp", "Signature"], ["แสดงลายเซ็นหรือตรายาง", "แสดงลายเซ็น"]),
  f("saleAndPurchaseChannel", "document", "text", ["Sales channel", "Channel"], ["ช่องทางการขาย", "ช่องทาง"]),
  f("expenseCategoryView", "document", "code", ["Expense category view", "Expense view"], ["มุมมองหมวดค่าใช้จ่าย"], {
    allowed: Object.values(EXPENSE_VIEW), words: { accounting: 1, บัญชี: 1, business: 3, ธุรกิจ: 3 },
  }),

  // Lines
  f("item.type", "item", "code", ["Item type", "Product type"], ["ประเภทสินค้า", "ประเภทรายการ"], {
    allowed: Object.values(ITEM_TYPE), words: { service: 1, บริการ: 1, noninventory: 3, product: 3, สินค้า: 3, inventory: 5, สินค้าคงคลัง: 5 },
  }),
  f("item.name", "item", "text", ["Item", "Item name", "Product", "Product name", "Product / service"], ["ชื่อสินค้า", "รายการ", "สินค้า/บริการ", "ชื่อรายการ"]),
  f("item.description", "item", "text", ["Description", "Item description"], ["รายละเอียด", "คำอธิบาย"]),
  f("item.quantity", "item", "quantity", ["Quantity", "Qty"], ["จำนวน"]),
  f("item.unitName", "item", "text", ["Unit", "Unit name"], ["หน่วย", "หน่วยนับ"]),
  f("item.pricePerUnit", "item", "quantity", ["Unit price", "Price per unit", "Price"], ["ราคาต่อหน่วย", "ราคา/หน่วย"]),
  f("item.discountAmount", "item", "money", ["Line discount", "Item discount"], ["ส่วนลดรายการ", "ส่วนลดต่อรายการ"]),
  f("item.vatRate", "item", "code", ["VAT rate", "Line VAT rate", "VAT %"], ["อัตราภาษี", "อัตราภาษีมูลค่าเพิ่ม"], { allowed: VAT_RATES, words: VAT_RATE_WORDS }),
  f("item.total", "item", "money", ["Amount", "Line total", "Item total"], ["จำนวนเงิน", "ยอดรวมรายการ", "มูลค่า"]),
  f("item.sellChartOfAccountCode", "item", "text", ["Sales account", "Sell account code"], ["บัญชีขาย", "รหัสบัญชีขาย"]),
  f("item.buyChartOfAccountCode", "item", "text", ["Purchase account", "Buy account code"], ["บัญชีซื้อ", "รหัสบัญชีซื้อ"]),
  f("item.systemCode", "item", "text", ["System code", "Expense system code"], ["รหัสระบบ"]),
  f("item.categoryId", "item", "id", ["Category id", "Expense category"], ["หมวดค่าใช้จ่าย", "รหัสหมวด"]),
  f("item.creditId", "item", "id", ["Credit account id", "Credit id"], ["บัญชีเครดิต", "รหัสบัญชีเครดิต"]),
  f("item.debitId", "item", "id", ["Debit account id", "Debit id"], ["บัญชีเดบิต", "รหัสบัญชีเดบิต"]),
  f("item.withHeldPerItem", "item", "rate", ["Line withholding %", "Item withholding rate"], ["หัก ณ ที่จ่ายต่อรายการ %"], { allowed: WITHHOLDING_RATES }),
  f("item.withHeldPerItemValue", "item", "money", ["Line withholding amount", "Item withholding amount"], ["ยอดหัก ณ ที่จ่ายต่อรายการ"]),
  f("item.documentId", "item", "id", ["Tax invoice record id", "Invoice record id", "Paid document id"], ["รหัสใบกำกับภาษีที่ชำระ"]),
  f("item.documentType", "item", "code", ["Paid document type"], ["ประเภทเอกสารที่ชำระ"], { allowed: [7], words: SOURCE_TYPE_WORDS }),
  f("item.partialAmount", "item", "money", ["Partial amount", "Amount paid now", "Instalment"], ["ยอดชำระบางส่วน", "ยอดรับชำระงวดนี้"]),

  // Withholding tax certificates (withholding-taxes sheets; thai-tax-forms.md)
  f("entity", "document", "code", ["Form", "WHT form", "PND form"], ["แบบ", "แบบ ภ.ง.ด.", "แบบยื่น"], {
    allowed: [15, 9, 1, 3], wht: true,
    words: {
      pnd1: 15, "ภ.ง.ด.1": 15, ภงด1: 15, "ภงด.1": 15, "pnd.1": 15, pnd2: 9, "ภ.ง.ด.2": 9, ภงด2: 9, "ภงด.2": 9, "pnd.2": 9,
      pnd3: 1, "ภ.ง.ด.3": 1, ภงด3: 1, "ภงด.3": 1, "pnd.3": 1, pnd53: 3, "ภ.ง.ด.53": 3, ภงด53: 3, "ภงด.53": 3, "pnd.53": 3,
    },
  }),
  f("taxPayment", "document", "code", ["Condition", "WHT condition", "Tax payment condition"], ["เงื่อนไข", "เงื่อนไขการหักภาษี"], {
    allowed: [1, 3, 5, 7], wht: true,
    words: {
      withheldatsource: 1, atsource: 1, withheld: 1, หักณที่จ่าย: 1,
      paidbythepayereverytime: 3, payeralways: 3, ออกให้ตลอดไป: 3,
      paidbythepayeronce: 5, payeronce: 5, ออกให้ครั้งเดียว: 5,
      other: 7, อื่นๆ: 7,
    },
  }),
  f("item.incomeType", "item", "text", ["Income type", "Type of income"], ["ประเภทเงินได้", "ประเภทเงินได้พึงประเมินที่จ่าย"], { wht: true }),
  f("item.taxRate", "item", "rate", ["Tax rate %", "WHT rate %", "Rate %"], ["อัตราภาษีร้อยละ", "อัตราภาษี %"], { wht: true }),
  f("item.taxAmount", "item", "money", ["Income paid", "Amount of income paid", "Payment amount"], ["จำนวนเงินที่จ่าย", "จำนวนเงินที่จ่ายในครั้งนี้"], { wht: true }),
  f("item.withheld", "item", "money", ["Tax withheld", "Withheld tax"], ["ภาษีที่หักและนำส่ง", "ภาษีที่หัก", "จำนวนเงินภาษีที่หักและนำส่ง"], { wht: true }),

  // Payment
  f("paymentMethod", "payment", "code", ["Payment method", "Paid by"], ["วิธีชำระเงิน", "ช่องทางชำระเงิน"], {
    allowed: Object.values(PAYMENT_METHOD), words: PAYMENT_WORDS,
  }),
  f("paymentDate", "payment", "date", ["Payment date", "Paid on"], ["วันที่ชำระ", "วันที่รับชำระ"]),
  f("collected", "payment", "money", ["Collected", "Amount collected", "Amount paid", "Paid"], ["ยอดรับชำระ", "จำนวนเงินที่ชำระ", "ยอดจ่ายชำระ", "ยอดที่จ่าย"]),
  f("bankAccountId", "payment", "id", ["Bank account id", "Bank account"], ["บัญชีธนาคาร", "รหัสบัญชีธนาคาร"]),
  f("transferBankAccountId", "payment", "id", ["Transfer bank code", "Transfer bank"], ["ธนาคารที่โอน", "รหัสธนาคารที่โอน"]),
  f("chequeBankAccountId", "payment", "id", ["Cheque bank", "Cheque bank account id"], ["ธนาคารของเช็ค"]),
  f("chequeDate", "payment", "date", ["Cheque date"], ["วันที่เช็ค", "ลงวันที่เช็ค"]),
  f("chequeNumber", "payment", "text", ["Cheque number", "Cheque no."], ["เลขที่เช็ค"]),
  f("bankChequeId", "payment", "id", ["Bank cheque id", "Cheque id"], ["รหัสเช็ค"]),
  f("creditCardBankAccountId", "payment", "id", ["Credit card bank account id", "Card bank account"], ["บัญชีบัตรเครดิต"]),
  f("creditCardId", "payment", "id", ["Credit card id", "Card id"], ["รหัสบัตรเครดิต"]),
  f("pettyCashId", "payment", "id", ["Petty cash id", "Petty cash"], ["รหัสเงินสดย่อย", "เงินสดย่อย"]),
  f("otherChannelId", "payment", "id", ["Other channel id", "Other channel"], ["รหัสช่องทางอื่น"]),
  f("withheldPercentage", "payment", "rate", ["Withheld %", "Payment withholding %"], ["อัตราภาษีที่ถูกหัก", "ถูกหัก ณ ที่จ่าย %"]),
  f("withheldAmount", "payment", "money", ["Withheld amount", "Payment withholding amount"], ["ภาษีที่ถูกหัก", "ยอดถูกหัก ณ ที่จ่าย"]),
  f("paymentDeductionType", "payment", "code", ["Payment deduction type"], ["ประเภทการหักตอนชำระ"], {
    allowed: [1, 3, 5, 7], words: { specialdiscount: 1, commission: 3, fee: 5, rounding: 7 },
  }),
  f("paymentDeductionAmount", "payment", "money", ["Payment deduction amount"], ["ยอดหักตอนชำระ"]),
  f("remainingCollectedType", "payment", "code", ["Remaining collected type"], ["ประเภทยอดคงเหลือ"], { allowed: [51, 55] }),
  f("remainingCollected", "payment", "money", ["Remaining collected", "Difference"], ["ยอดคงเหลือ", "ส่วนต่าง"]),
  f("paymentCharge", "payment", "rate", ["Payment charge", "Bank fee"], ["ค่าธรรมเนียม", "ค่าธรรมเนียมธนาคาร"]),
  f("paymentRemarks", "payment", "text", ["Payment remarks", "Payment note"], ["หมายเหตุการชำระ"]),

  // Upgrade source (documentReference[0])
  f("source.recordId", "source", "id", ["Source record id", "Source id", "From record id"], ["รหัสเอกสารต้นทาง"], { wire: "recordId" }),
  f("source.referenceDocumentSerial", "source", "text", ["Source document", "Source serial", "From document"], ["เลขที่เอกสารต้นทาง", "อ้างอิงเอกสาร"]),
  f("source.referenceDocumentType", "source", "code", ["Source type", "Source document type"], ["ประเภทเอกสารต้นทาง"], {
    allowed: SOURCE_TYPES, words: SOURCE_TYPE_WORDS,
  }),

  // Results written back
  f("recordId", "result", "id", ["Record id"], ["รหัสเอกสารในระบบ"]),
  f("documentSerial", "result", "text", ["Document serial", "Serial", "Document serial no."], ["เลขที่เอกสารในระบบ", "เลขที่ในระบบ"]),
  f("status", "result", "status", ["Status"], ["สถานะ"], { allowed: STATUS_WORDS }),
  f("result", "result", "text", ["Result"], ["ผลลัพธ์", "ผล"]),
  f("shareLink", "result", "text", ["Share link", "Link"], ["ลิงก์แชร์", "ลิงก์"]),
  f("pdfFile", "result", "text", ["PDF file", "PDF"], ["ไฟล์ PDF"]),
  // The document an upgrade made from this row's document (the act job's upgrade).
  // In the words of the pane's action, "แปลงเอกสาร" (the older "อัปเกรด" words are read too).
  f("upgradedTo", "result", "text", ["Upgraded to"], ["แปลงเป็น", "อัปเกรดเป็น"]),
  f("upgradedRecordId", "result", "id", ["Upgraded record id", "New record id"], ["รหัสเอกสารที่แปลงได้", "รหัสเอกสารที่อัปเกรด", "รหัสเอกสารใหม่"]),
  f("upgradedSerial", "result", "text", ["Upgraded document no.", "Upgraded serial", "New document no."], ["เลขที่เอกสารที่แปลงได้", "เลขที่เอกสารที่อัปเกรด", "เลขที่เอกสารใหม่"]),
  // The service's copy as the sheet last saw it (post, pull, update): how update tells a change on
  // the service from the user's own edit (sheet/fingerprint.ts).
  f("fingerprint", "result", "text", ["Fingerprint", "Service fingerprint"], ["รหัสตรวจสอบฉบับบนระบบ", "ลายนิ้วมือเอกสาร"]),
];

/** Lower case, no spaces: the form headers and words are compared in. */
export function normalizeName(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/[\s\u200b]+/g, "");
}

export const FIELD_BY_KEY: ReadonlyMap<string, FieldDef> = new Map(FIELDS.map((d) => [d.key, d]));

function addName(m: Map<string, FieldDef>, name: string, def: FieldDef): void {
  const k = normalizeName(name);
  if (!m.has(k)) m.set(k, def);
}

/** Keys and wire names, normalized → field. */
const BY_NAME: ReadonlyMap<string, FieldDef> = (() => {
  const m = new Map<string, FieldDef>();
  for (const d of FIELDS) addName(m, d.key, d);
  for (const d of FIELDS) {
    if (d.level === "document" || d.level === "payment" || d.level === "result" || d.level === "key") addName(m, d.wire, d);
    if (d.level === "source") addName(m, `documentReference.${d.wire}`, d);
  }
  addName(m, "referenceRecordId", FIELD_BY_KEY.get("source.recordId")!);
  addName(m, "referenceDocumentSerial", FIELD_BY_KEY.get("source.referenceDocumentSerial")!);
  addName(m, "referenceDocumentType", FIELD_BY_KEY.get("source.referenceDocumentType")!);
  return m;
})();

/** Every header text that names a field, normalized → field. Keys and wire names first: they win
 * over a label that happens to be spelled alike. Certificate fields name nothing on other sheets. */
const BY_HEADER: ReadonlyMap<string, FieldDef> = (() => {
  const m = new Map([...BY_NAME].filter(([, d]) => !d.wht));
  for (const d of FIELDS) if (!d.wht) for (const l of [...d.en, ...d.th]) addName(m, l, d);
  return m;
})();

/** The payee's and the payment's columns as a withholding tax certificate sheet heads them (first:
 * the template's header), before the fields' own labels. */
export const WHT_LABELS: Readonly<Record<string, { en: readonly string[]; th: readonly string[] }>> = {
  contactName: { en: ["Payee", "Payee name", "Name"], th: ["ชื่อผู้มีเงินได้", "ผู้มีเงินได้", "ชื่อ"] },
  contactTaxId: { en: ["Tax id"], th: ["เลขประจำตัวผู้เสียภาษีอากร"] },
  contactBranch: { en: ["Branch"], th: ["สาขาที่"] },
  contactAddress: { en: ["Address"], th: ["ที่อยู่ของผู้มีเงินได้"] },
  publishedOn: { en: ["Date paid", "Payment date", "Paid on"], th: ["วันที่จ่าย", "วัน เดือน ปี ที่จ่าย"] },
};

/** The buying side's own names (purchase orders, purchases, expenses): the contact is the supplier
 * and the payment is paid, not collected. Each is one of the field's labels too, so any sheet reads
 * them back, and the selling side's labels on older sheets still read. */
const BUYING_LABELS: Readonly<Record<string, { en: string; th: string }>> = {
  contactName: { en: "Supplier", th: "ชื่อผู้ขาย" },
  contactCode: { en: "Supplier code", th: "รหัสผู้ขาย" },
  collected: { en: "Amount paid", th: "ยอดจ่ายชำระ" },
};

/** A field's name in `lang` as a sheet of `family` heads it (the first label, or the buying side's). */
export function fieldLabel(def: FieldDef, lang: Lang, family?: string): string {
  const buying = family !== undefined && isFamily(family) && FAMILY_INFO[family].side !== "sell";
  return (buying ? BUYING_LABELS[def.key]?.[lang] : undefined) ?? def[lang][0];
}

/** Header texts of a certificate sheet: its own labels first, then every field's (certificate fields too). */
const WHT_BY_HEADER: ReadonlyMap<string, FieldDef> = (() => {
  const m = new Map<string, FieldDef>();
  for (const [key, l] of Object.entries(WHT_LABELS)) for (const name of [...l.en, ...l.th]) addName(m, name, FIELD_BY_KEY.get(key)!);
  for (const [k, d] of BY_NAME) if (!m.has(k)) m.set(k, d);
  for (const d of FIELDS) if (d.wht) for (const l of [...d.en, ...d.th]) addName(m, l, d);
  for (const [k, d] of BY_HEADER) if (!m.has(k)) m.set(k, d);
  return m;
})();

/** The field a header names, if any; `wht`: on a withholding tax certificate sheet. */
export function fieldForHeader(header: string, wht = false): FieldDef | undefined {
  return (wht ? WHT_BY_HEADER : BY_HEADER).get(normalizeName(header));
}

/** The field whose key or wire name the header is (labels aside), if any. */
export function fieldForName(header: string, wht = false): FieldDef | undefined {
  const d = BY_NAME.get(normalizeName(header));
  return d && (wht || !d.wht) ? d : undefined;
}

export const RESULT_KEYS = ["recordId", "documentSerial", "status", "result"] as const;

/** The fields of one kind of sheet, found by key and by header: the documents' (FIELDS) or a
 * book's (its entry's: families/*-sheet.ts), so one reader serves both. */
export interface FieldTable {
  byKey: ReadonlyMap<string, FieldDef>;
  /** The field a header names by key, wire name or label. */
  forHeader(header: string): FieldDef | undefined;
  /** The field whose key or wire name the header is. */
  forName(header: string): FieldDef | undefined;
}

export const DOCUMENT_FIELDS: FieldTable = { byKey: FIELD_BY_KEY, forHeader: (h) => fieldForHeader(h), forName: (h) => fieldForName(h) };

/** A withholding tax certificate sheet's: the documents' fields, headed by its own labels too. */
export const WHT_FIELDS: FieldTable = { byKey: FIELD_BY_KEY, forHeader: (h) => fieldForHeader(h, true), forName: (h) => fieldForName(h, true) };

/** A table of other fields, named by key and wire name first, then by label (as FIELDS is). */
export function fieldTable(defs: readonly FieldDef[]): FieldTable {
  const byName = new Map<string, FieldDef>();
  for (const d of defs) addName(byName, d.key, d);
  for (const d of defs) addName(byName, d.wire, d);
  const byHeader = new Map(byName);
  for (const d of defs) for (const l of [...d.en, ...d.th]) addName(byHeader, l, d);
  return {
    byKey: new Map(defs.map((d) => [d.key, d])),
    forHeader: (h) => byHeader.get(normalizeName(h)),
    forName: (h) => byName.get(normalizeName(h)),
  };
}
