// The words the worksheet functions' choice arguments take, in English and Thai (the first of each,
// English, is the one an error lists). Input vocabulary, not texts DocSheet shows. Pure.
/** The totals TOTAL sums, by the words its field argument takes. */
export const TOTAL_FIELDS = {
  subTotal: ["subtotal", "sub total", "ยอดรวม", "รวมเป็นเงิน"],
  vatAmount: ["VAT", "ภาษีมูลค่าเพิ่ม", "vat amount"],
  grandTotal: ["grand total", "ยอดรวมทั้งสิ้น", "จำนวนเงินรวมทั้งสิ้น"],
  due: ["amount due", "ยอดค้างชำระ", "due"],
} as const;

/** What VAT returns, by the words its what argument takes. */
export const VAT_WHAT = {
  payable: ["payable", "ภาษีที่ต้องชำระ"],
  overpaid: ["overpaid", "ภาษีที่ชำระเกิน", "refundable"],
  output: ["output tax", "ภาษีขาย", "output VAT"],
  input: ["input tax", "ภาษีซื้อ", "input VAT"],
  sales: ["sales", "ยอดขาย"],
  purchases: ["purchases", "ยอดซื้อ"],
} as const;

/** The forms WHT sums, by the words its form argument takes. */
export const WHT_FORM_WORDS = {
  all: ["all", "ทั้งหมด"],
  pnd3: ["PND3", "ภ.ง.ด.3", "ภงด3", "3"],
  pnd53: ["PND53", "ภ.ง.ด.53", "ภงด53", "53"],
} as const;
