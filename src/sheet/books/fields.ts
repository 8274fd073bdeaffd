// The columns of the books' sheets (journal vouchers, contacts, products), as fields.ts has them
// for documents: key, wire name, how a cell is read, English and Thai labels. A journal sheet has
// one row per book line; rows with the same voucher number are one voucher. Contacts and products
// have one row each. The result columns are the documents' (record id, number, status, result).
import { CONTACT_GROUP, CONTACT_TYPE, ITEM_TYPE, PRODUCT_VAT_TYPE, VOUCHER_TYPE, type BookFamily } from "../../rules/codes";
import { FIELD_BY_KEY, fieldTable, normalizeName, type FieldDef, type FieldKind, type FieldLevel, type FieldTable } from "../fields";
type Shown = ReadonlyArray<readonly [code: number, en: string, th: string]>;

/** Fixed values as templates and pulls show them, in English and Thai; each reads back as its code. */
export const BOOK_SHOWN: Readonly<Record<string, Shown>> = {
  documentType: [
    [VOUCHER_TYPE.JV, "General (JV)", "ใบสำคัญทั่วไป (JV)"], [VOUCHER_TYPE.PV, "Payment (PV)", "ใบสำคัญจ่าย (PV)"],
    [VOUCHER_TYPE.RV, "Receipt (RV)", "ใบสำคัญรับ (RV)"], [VOUCHER_TYPE.SV, "Sales (SV)", "ใบสำคัญขาย (SV)"],
    [VOUCHER_TYPE.UV, "Purchase (UV)", "ใบสำคัญซื้อ (UV)"],
  ],
  contactType: [[CONTACT_TYPE.Customer, "Customer", "ลูกค้า"], [CONTACT_TYPE.Vendor, "Supplier", "ผู้ขาย"], [CONTACT_TYPE.Both, "Both", "ลูกค้าและผู้ขาย"]],
  contactGroup: [[CONTACT_GROUP.Individual, "Individual", "บุคคลธรรมดา"], [CONTACT_GROUP.Juristic, "Juristic", "นิติบุคคล"]],
  type: [[ITEM_TYPE.Service, "Service", "บริการ"], [ITEM_TYPE.NonInventory, "Product", "สินค้า"], [ITEM_TYPE.Inventory, "Inventory", "สินค้าคงคลัง"]],
  vatType: [
    [PRODUCT_VAT_TYPE.Exclusive, "VAT exclusive", "แยกภาษี"], [PRODUCT_VAT_TYPE.Inclusive, "VAT inclusive", "รวมภาษี"],
    [PRODUCT_VAT_TYPE.Zero, "Zero-rated", "อัตราศูนย์"], [PRODUCT_VAT_TYPE.Exempt, "Exempt", "ยกเว้นภาษี"],
  ],
};

const f = (
  key: string, level: FieldLevel, kind: FieldKind, en: readonly string[], th: readonly string[],
  extra: Partial<Pick<FieldDef, "allowed" | "words" | "wire">> = {},
): FieldDef => {
  // The shown words read back as their codes too.
  const shown = BOOK_SHOWN[key]?.flatMap(([code, e, t]) => [[normalizeName(e), code], [normalizeName(t), code]] as const);
  const words = shown ? { ...Object.fromEntries(shown), ...extra.words } : extra.words;
  return { key, wire: extra.wire ?? key.replace(/^item\./, ""), level, kind, en, th, ...extra, ...(words ? { words } : {}) };
};

/** The documents' result fields, read and written the same way; a book's status is a word of its own. */
const result = (key: string, kind?: FieldKind): FieldDef => ({ ...FIELD_BY_KEY.get(key)!, ...(kind ? { kind, allowed: undefined } : {}) });

/** Voucher types in words (lower case, no spaces), English and Thai: the codes of service-facts §2.1. */
const VOUCHER_WORDS: Record<string, number> = {
  jv: VOUCHER_TYPE.JV, general: VOUCHER_TYPE.JV, journal: VOUCHER_TYPE.JV, generaljournal: VOUCHER_TYPE.JV, journalvoucher: VOUCHER_TYPE.JV,
  ใบสำคัญทั่วไป: VOUCHER_TYPE.JV, สมุดรายวันทั่วไป: VOUCHER_TYPE.JV, ทั่วไป: VOUCHER_TYPE.JV,
  pv: VOUCHER_TYPE.PV, payment: VOUCHER_TYPE.PV, paymentvoucher: VOUCHER_TYPE.PV, ใบสำคัญจ่าย: VOUCHER_TYPE.PV, สมุดรายวันจ่าย: VOUCHER_TYPE.PV, จ่าย: VOUCHER_TYPE.PV,
  rv: VOUCHER_TYPE.RV, receipt: VOUCHER_TYPE.RV, receiptvoucher: VOUCHER_TYPE.RV, receivedvoucher: VOUCHER_TYPE.RV,
  ใบสำคัญรับ: VOUCHER_TYPE.RV, สมุดรายวันรับ: VOUCHER_TYPE.RV, รับ: VOUCHER_TYPE.RV,
  sv: VOUCHER_TYPE.SV, sales: VOUCHER_TYPE.SV, sale: VOUCHER_TYPE.SV, salesvoucher: VOUCHER_TYPE.SV, ใบสำคัญขาย: VOUCHER_TYPE.SV, สมุดรายวันขาย: VOUCHER_TYPE.SV, ขาย: VOUCHER_TYPE.SV,
  uv: VOUCHER_TYPE.UV, purchase: VOUCHER_TYPE.UV, purchases: VOUCHER_TYPE.UV, purchasevoucher: VOUCHER_TYPE.UV,
  ใบสำคัญซื้อ: VOUCHER_TYPE.UV, สมุดรายวันซื้อ: VOUCHER_TYPE.UV, ซื้อ: VOUCHER_TYPE.UV,
};

const CONTACT_TYPE_WORDS: Record<string, number> = {
  customer: CONTACT_TYPE.Customer, client: CONTACT_TYPE.Customer, ลูกค้า: CONTACT_TYPE.Customer,
  supplier: CONTACT_TYPE.Vendor, vendor: CONTACT_TYPE.Vendor, ผู้ขาย: CONTACT_TYPE.Vendor, ผู้จำหน่าย: CONTACT_TYPE.Vendor, ซัพพลายเออร์: CONTACT_TYPE.Vendor,
  both: CONTACT_TYPE.Both, "customer/supplier": CONTACT_TYPE.Both, "customerandsupplier": CONTACT_TYPE.Both,
  ทั้งสอง: CONTACT_TYPE.Both, ทั้งสองอย่าง: CONTACT_TYPE.Both, "ลูกค้าและผู้ขาย": CONTACT_TYPE.Both, "ลูกค้า/ผู้ขาย": CONTACT_TYPE.Both,
};

const VAT_TYPE_WORDS: Record<string, number> = {
  inclusive: PRODUCT_VAT_TYPE.Inclusive, include: PRODUCT_VAT_TYPE.Inclusive, vatinclusive: PRODUCT_VAT_TYPE.Inclusive, รวมภาษี: PRODUCT_VAT_TYPE.Inclusive, ราคารวมภาษี: PRODUCT_VAT_TYPE.Inclusive,
  exclusive: PRODUCT_VAT_TYPE.Exclusive, exclude: PRODUCT_VAT_TYPE.Exclusive, vatexclusive: PRODUCT_VAT_TYPE.Exclusive, "7%": PRODUCT_VAT_TYPE.Exclusive,
  แยกภาษี: PRODUCT_VAT_TYPE.Exclusive, ไม่รวมภาษี: PRODUCT_VAT_TYPE.Exclusive, ราคาไม่รวมภาษี: PRODUCT_VAT_TYPE.Exclusive,
  zero: PRODUCT_VAT_TYPE.Zero, zerorated: PRODUCT_VAT_TYPE.Zero, "0%": PRODUCT_VAT_TYPE.Zero, ภาษี0: PRODUCT_VAT_TYPE.Zero, "ภาษี0%": PRODUCT_VAT_TYPE.Zero, อัตราศูนย์: PRODUCT_VAT_TYPE.Zero,
  exempt: PRODUCT_VAT_TYPE.Exempt, none: PRODUCT_VAT_TYPE.Exempt, novat: PRODUCT_VAT_TYPE.Exempt, ยกเว้น: PRODUCT_VAT_TYPE.Exempt, ยกเว้นภาษี: PRODUCT_VAT_TYPE.Exempt, ไม่มีภาษี: PRODUCT_VAT_TYPE.Exempt,
};

const JOURNAL: readonly FieldDef[] = [
  f("documentKey", "key", "text", ["Voucher no.", "Voucher number", "Voucher", "Document key", "Key", "Document no.", "JV no."], ["เลขที่ใบสำคัญ", "ใบสำคัญ", "เลขที่", "เลขที่เอกสาร"]),
  f("documentDate", "document", "date", ["Date", "Voucher date", "Document date"], ["วันที่", "วันที่เอกสาร", "วันที่ใบสำคัญ"]),
  f("documentType", "document", "code", ["Voucher type", "Type", "Journal"], ["ประเภทใบสำคัญ", "ประเภท", "สมุดรายวัน"], {
    allowed: Object.values(VOUCHER_TYPE), words: VOUCHER_WORDS,
  }),
  f("contactName", "document", "text", ["Contact", "Contact name", "Customer", "Supplier", "Vendor"], ["ผู้ติดต่อ", "ชื่อผู้ติดต่อ", "ลูกค้า", "ผู้ขาย"]),
  f("contactId", "document", "id", ["Contact id"], ["รหัสผู้ติดต่อ"]),
  f("description", "document", "text", ["Description", "Explanation", "Narration", "Memo"], ["คำอธิบาย", "คำอธิบายใบสำคัญ"]),
  f("reference", "document", "text", ["Reference", "Ref"], ["อ้างอิง", "เลขที่อ้างอิง"]),
  f("item.accountCode", "item", "text", ["Account code", "Account no.", "GL code"], ["รหัสบัญชี", "เลขที่บัญชี"]),
  f("item.accountName", "item", "text", ["Account name"], ["ชื่อบัญชี"]),
  f("item.account", "item", "text", ["Account", "GL account"], ["บัญชี", "ผังบัญชี"]),
  f("item.chartOfAccountId", "item", "id", ["Account id", "Chart of account id"], ["รหัสผังบัญชี"]),
  f("item.debit", "item", "money", ["Debit", "Dr", "Debit amount"], ["เดบิต", "เดบิท", "ยอดเดบิต", "จำนวนเงินเดบิต"]),
  f("item.credit", "item", "money", ["Credit", "Cr", "Credit amount"], ["เครดิต", "เครดิท", "ยอดเครดิต", "จำนวนเงินเครดิต"]),
  f("item.description", "item", "text", ["Line description", "Line memo", "Line note"], ["คำอธิบายรายการ", "รายละเอียด", "คำอธิบายบรรทัด"]),
  result("recordId"), result("documentSerial"), result("status", "text"), result("result"),
];

const CONTACTS: readonly FieldDef[] = [
  f("contactCode", "document", "text", ["Code", "Contact code", "Customer code", "Vendor code"], ["รหัส", "รหัสผู้ติดต่อ", "รหัสลูกค้า", "รหัสผู้ขาย"]),
  f("contactName", "document", "text", ["Name", "Contact name", "Contact", "Company name", "Customer", "Supplier"], ["ชื่อ", "ชื่อผู้ติดต่อ", "ผู้ติดต่อ", "ชื่อบริษัท", "ชื่อลูกค้า"]),
  f("contactType", "document", "code", ["Type", "Contact type", "Customer or supplier"], ["ประเภท", "ประเภทผู้ติดต่อ", "ลูกค้าหรือผู้ขาย"], {
    allowed: Object.values(CONTACT_TYPE), words: CONTACT_TYPE_WORDS,
  }),
  f("contactGroup", "document", "code", ["Group", "Person or company", "Entity"], ["ประเภทบุคคล", "บุคคลหรือนิติบุคคล"], {
    allowed: Object.values(CONTACT_GROUP), words: { individual: 1, person: 1, บุคคลธรรมดา: 1, บุคคล: 1, juristic: 3, company: 3, นิติบุคคล: 3, บริษัท: 3 },
  }),
  // Read by tax-id.ts (checksum, the leading zero Excel drops; 5-digit branches).
  f("contactTaxId", "document", "text", ["Tax id", "Tax ID no.", "Tax number"], ["เลขประจำตัวผู้เสียภาษี", "เลขผู้เสียภาษี"]),
  f("contactBranch", "document", "text", ["Branch", "Branch code"], ["สาขา", "รหัสสาขา"], { wire: "contactBranchCode" }),
  f("contactAddress", "document", "text", ["Address"], ["ที่อยู่"]),
  f("contactZipCode", "document", "text", ["Zip code", "Postcode", "Postal code"], ["รหัสไปรษณีย์"]),
  f("contactPerson", "document", "text", ["Contact person", "Attention", "Person"], ["ผู้ประสานงาน", "บุคคลที่ติดต่อ", "ชื่อผู้ประสานงาน"]),
  f("contactEmail", "document", "text", ["Email", "E-mail"], ["อีเมล", "อีเมล์"]),
  f("contactMobile", "document", "text", ["Phone", "Phone number", "Mobile", "Telephone"], ["เบอร์โทร", "เบอร์โทรศัพท์", "โทรศัพท์", "มือถือ"]),
  f("contactCreditDays", "document", "integer", ["Credit days", "Credit term"], ["จำนวนวันเครดิต", "เครดิต (วัน)", "เครดิต"]),
  result("recordId"), result("result"), result("fingerprint"),
];

const PRODUCTS: readonly FieldDef[] = [
  f("code", "document", "text", ["Code", "Product code", "Item code", "SKU"], ["รหัสสินค้า", "รหัส"]),
  f("name", "document", "text", ["Name", "Product name", "Product", "Item"], ["ชื่อสินค้า", "สินค้า", "ชื่อ"]),
  f("type", "document", "code", ["Type", "Product type"], ["ประเภทสินค้า", "ประเภท"], {
    allowed: Object.values(ITEM_TYPE), words: { service: 1, บริการ: 1, product: 3, noninventory: 3, สินค้า: 3, inventory: 5, stock: 5, สินค้าคงคลัง: 5, สต็อก: 5 },
  }),
  f("description", "document", "text", ["Description"], ["รายละเอียด", "คำอธิบาย"], { wire: "sellDescription" }),
  f("unitName", "document", "text", ["Unit", "Unit name"], ["หน่วย", "หน่วยนับ"]),
  f("sellPrice", "document", "quantity", ["Sell price", "Selling price", "Sales price"], ["ราคาขาย", "ราคาขายต่อหน่วย"]),
  f("buyPrice", "document", "quantity", ["Buy price", "Purchase price", "Cost"], ["ราคาซื้อ", "ต้นทุน"]),
  f("vatType", "document", "code", ["VAT", "VAT type", "VAT treatment"], ["ภาษีมูลค่าเพิ่ม", "ประเภทภาษี", "VAT"], {
    allowed: Object.values(PRODUCT_VAT_TYPE), words: VAT_TYPE_WORDS,
  }),
  f("sellChartOfAccountCode", "document", "text", ["Sales account", "Sell account", "Sell account code"], ["บัญชีขาย", "รหัสบัญชีขาย"]),
  f("buyChartOfAccountCode", "document", "text", ["Purchase account", "Buy account", "Buy account code"], ["บัญชีซื้อ", "รหัสบัญชีซื้อ"]),
  result("recordId"), result("result"), result("fingerprint"),
];

export const BOOK_FIELDS: Readonly<Record<BookFamily, readonly FieldDef[]>> = { "journal-entries": JOURNAL, contacts: CONTACTS, products: PRODUCTS };

const TABLES: Record<BookFamily, FieldTable> = {
  "journal-entries": fieldTable(JOURNAL), contacts: fieldTable(CONTACTS), products: fieldTable(PRODUCTS),
};

export function bookTable(family: BookFamily): FieldTable {
  return TABLES[family];
}

/** Other words for a book's fields, suggested by docsheet map and the pane's Columns (not read as
 * headers without a mapping, as the documents' synonyms). */
export const BOOK_SYNONYMS: Readonly<Record<BookFamily, Readonly<Record<string, readonly string[]>>>> = {
  "journal-entries": {
    documentKey: ["JV", "JV number", "Voucher #", "Entry no.", "Journal no.", "เลขที่ใบสำคัญจ่าย", "เลขที่ใบสำคัญรับ", "เลขที่รายการ"],
    documentDate: ["Posting date", "Entry date", "วันที่บันทึก", "วันที่ลงบัญชี"],
    documentType: ["Journal type", "Book", "ประเภทสมุดรายวัน", "สมุด"],
    contactName: ["Partner", "Payee", "คู่ค้า", "ผู้รับเงิน", "ผู้จ่ายเงิน"],
    description: ["Voucher description", "Particulars", "รายการ", "คำอธิบายรายการบัญชี"],
    "item.accountCode": ["Account number", "Acct no.", "Acct code", "GL account code", "รหัสผังบัญชี", "เลขบัญชี"],
    "item.accountName": ["Account title", "Acct name", "GL account name", "ชื่อผังบัญชี"],
    "item.debit": ["Debit (THB)", "DR amount", "เดบิต (บาท)", "จำนวนเงินเดบิท"],
    "item.credit": ["Credit (THB)", "CR amount", "เครดิต (บาท)", "จำนวนเงินเครดิท"],
  },
  contacts: {
    contactName: ["Customer name", "Supplier name", "Vendor name", "Company", "ชื่อผู้ขาย", "ชื่อคู่ค้า", "ชื่อบริษัท/บุคคล"],
    contactCode: ["Customer no.", "Vendor no.", "Supplier code", "เลขที่ลูกค้า"],
    contactTaxId: ["Tax ID number", "TIN", "VAT number", "เลขประจำตัวผู้เสียภาษีอากร", "เลขที่ผู้เสียภาษี"],
    contactBranch: ["Branch no.", "เลขที่สาขา"],
    contactZipCode: ["ZIP", "รหัสไปรษณีย์ (5 หลัก)"],
    contactEmail: ["Email address", "ที่อยู่อีเมล"],
    contactMobile: ["Tel", "Tel.", "Mobile phone", "โทร", "เบอร์มือถือ"],
    contactCreditDays: ["Payment terms", "Terms (days)", "ระยะเวลาเครดิต"],
  },
  products: {
    code: ["Item no.", "Product no.", "Part no.", "รหัสรายการ"],
    name: ["Item name", "Description of goods", "ชื่อรายการ", "ชื่อสินค้า/บริการ"],
    unitName: ["UOM", "Unit of measure", "หน่วยขาย"],
    sellPrice: ["List price", "Retail price", "ราคาตั้ง", "ราคาขายปลีก"],
    buyPrice: ["Cost price", "Purchase cost", "ราคาทุน", "ต้นทุนต่อหน่วย"],
    vatType: ["Tax type", "ภาษีขาย"],
    sellChartOfAccountCode: ["Revenue account", "Income account", "บัญชีรายได้"],
    buyChartOfAccountCode: ["Expense account", "Cost account", "บัญชีค่าใช้จ่าย", "บัญชีต้นทุน"],
  },
};

/** Headers that could mean two fields of the book: the user is asked which (docsheet map, the
 * pane's Columns), never given a guess. A label of the book's own wins over these. */
export const BOOK_ASK: Readonly<Record<BookFamily, ReadonlyArray<readonly [words: readonly string[], fields: readonly string[]]>>> = {
  "journal-entries": [
    [["Amount", "Value", "จำนวนเงิน", "ยอดเงิน", "มูลค่า", "จำนวน"], ["item.debit", "item.credit"]],
    [["Name", "ชื่อ"], ["contactName", "item.accountName"]],
    [["Code", "รหัส"], ["item.accountCode", "documentKey"]],
    [["Note", "Notes", "Remark", "หมายเหตุ"], ["description", "item.description"]],
  ],
  contacts: [[["Number", "No.", "หมายเลข", "เลขที่"], ["contactCode", "contactTaxId"]]],
  products: [
    [["Price", "Unit price", "ราคา", "ราคาต่อหน่วย"], ["sellPrice", "buyPrice"]],
    [["Account", "Account code", "บัญชี", "รหัสบัญชี", "ผังบัญชี"], ["sellChartOfAccountCode", "buyChartOfAccountCode"]],
  ],
};

/** What a book's sheet needs a column for (any one of `fields`): docsheet map and the pane's
 * Columns say which are missing. */
export const BOOK_NEEDS: Readonly<Record<BookFamily, ReadonlyArray<{ fields: readonly string[]; need: "required" | "recommended" }>>> = {
  "journal-entries": [
    { fields: ["documentDate"], need: "required" },
    { fields: ["item.accountCode", "item.account", "item.accountName", "item.chartOfAccountId"], need: "required" },
    { fields: ["item.debit"], need: "required" },
    { fields: ["item.credit"], need: "required" },
    { fields: ["documentKey"], need: "recommended" },
  ],
  contacts: [{ fields: ["contactName"], need: "required" }, { fields: ["contactType"], need: "required" }, { fields: ["contactTaxId"], need: "recommended" }],
  products: [{ fields: ["name"], need: "required" }, { fields: ["vatType"], need: "required" }, { fields: ["code"], need: "recommended" }],
};

/** The result columns each book writes back. */
export const BOOK_RESULT_KEYS: Readonly<Record<BookFamily, readonly ("recordId" | "documentSerial" | "status" | "result" | "fingerprint")[]>> = {
  "journal-entries": ["recordId", "documentSerial", "status", "result"],
  // The fingerprint (hidden) of the service's copy the row was last in step with: update refuses a
  // record changed on the service since.
  contacts: ["recordId", "result", "fingerprint"],
  products: ["recordId", "result", "fingerprint"],
};
