// What each family's sheet is read by: its field table, its own fields where it has them (the
// books, the certificates), its fixed-value words and whether its lines take expense categories; a
// book's whole sheet is its own module's (journal-sheet.ts, contacts-sheet.ts, products-sheet.ts).
// The entries (index.ts) are made from these; the sheet layer (mapping, columns, templates, pulls)
// reads them here, since the entries' types name the sheet layer's and would make a circle.
import { FAMILIES, FAMILY_INFO, WHT_FAMILY, type Family, type SheetFamily } from "../rules/codes";
import { DOCUMENT_FIELDS, WHT_FIELDS } from "../sheet/fields";
import { JOURNAL_SHEET } from "./journal-sheet";
import { CONTACTS_SHEET } from "./contacts-sheet";
import { PRODUCTS_SHEET } from "./products-sheet";
import { WHT_ASK, WHT_MAP_FIELDS, WHT_MAP_LABELS, WHT_NEEDS, WHT_SYNONYMS } from "../sheet/wht-mapping";

export type { FamilySheet, IdentityKey, OwnFields, RecordIdentity, Shown } from "./sheet-types";
import type { FamilySheet } from "./sheet-types";

const NUMBER_WORDS: Readonly<Record<Family, NonNullable<FamilySheet["numberWords"]>>> = {
  quotations: { own: ["Quote no", "Quote", "QT no", "เลขที่ QT"], asSource: ["Quote no", "QT no", "เลขที่ QT"] },
  "billing-notes": { own: ["Billing no", "Bill no", "Invoice no", "เลขที่ใบแจ้งหนี้", "เลขที่บิล"], asSource: ["Billing no", "เลขที่ใบวางบิล"] },
  "tax-invoices": {
    own: ["Invoice no", "Inv no", "Tax inv no", "เลขที่ใบกำกับ", "เลขที่ใบแจ้งหนี้", "เลขที่ใบกำกับภาษี / ใบแจ้งหนี้"],
    asSource: ["Invoice no", "Inv no", "เลขที่ใบกำกับ", "เลขที่ใบแจ้งหนี้"],
  },
  receipts: { own: ["Receipt no", "Official receipt no", "เลขที่ใบเสร็จ"] },
  "cash-invoices": { own: ["Invoice no", "Cash sale no", "Bill no", "เลขที่บิล", "เลขที่ใบเสร็จ"] },
  "purchases-orders": { own: ["PO no", "PO number", "Order no", "เลขที่ PO", "เลขที่สั่งซื้อ"], asSource: ["PO no", "PO number", "Order no", "เลขที่ PO"] },
  purchases: { own: ["Goods receipt no", "GRN no", "Receiving no", "เลขที่รับสินค้า"] },
  expenses: { own: ["Expense no", "Voucher no", "Payment voucher no", "เลขที่ใบสำคัญจ่าย", "เลขที่ค่าใช้จ่าย"] },
};

const SHEETS = new Map<string, FamilySheet>([
  ...FAMILIES.map((f) => [f, { fields: DOCUMENT_FIELDS, expenseCategories: FAMILY_INFO[f].expenseCategories === true, numberWords: NUMBER_WORDS[f] }] as const),
  [WHT_FAMILY, {
    fields: WHT_FIELDS, expenseCategories: false,
    ownFields: { fields: WHT_MAP_FIELDS, labels: WHT_MAP_LABELS, synonyms: WHT_SYNONYMS, ask: WHT_ASK, needs: WHT_NEEDS },
  }],
  ["journal-entries", JOURNAL_SHEET],
  ["contacts", CONTACTS_SHEET],
  ["products", PRODUCTS_SHEET],
]);

/** What a family's sheet is read by. */
export function familySheet(family: SheetFamily): FamilySheet {
  const sheet = SHEETS.get(family);
  if (!sheet) throw new Error(`no family ${String(family)}`);
  return sheet;
}
