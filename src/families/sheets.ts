// What each family's sheet is read by: its field table, its own fields where it has them (the
// books, the certificates), its fixed-value words and whether its lines take expense categories.
// The entries (index.ts) are made from these; the sheet layer (mapping, columns, templates, pulls)
// reads them here, since the entries' types name the sheet layer's and would make a circle.
import { BOOK_FAMILIES, FAMILIES, FAMILY_INFO, WHT_FAMILY, type BookFamily, type Family, type SheetFamily } from "../rules/codes";
import { buildContact, buildJournal, buildProduct, type BookBuilder } from "../sheet/books/builders";
import { BOOK_ASK, BOOK_FIELDS, BOOK_NEEDS, BOOK_SHOWN, BOOK_SYNONYMS, bookTable } from "../sheet/books/fields";
import { DOCUMENT_FIELDS, WHT_FIELDS, type FieldDef, type FieldTable } from "../sheet/fields";
import { WHT_ASK, WHT_MAP_FIELDS, WHT_MAP_LABELS, WHT_NEEDS, WHT_SYNONYMS } from "../sheet/wht-mapping";

/** A sheet with fields of its own (a book, the certificates) rather than the documents' fields:
 * the fields a column may map to, the words suggested for them (labels first), the headers asked
 * about rather than guessed, and what its sheet needs (sheet/mapping.ts). */
export interface OwnFields {
  readonly fields: readonly FieldDef[];
  readonly labels?: Readonly<Record<string, readonly string[]>>;
  readonly synonyms: Readonly<Record<string, readonly string[]>>;
  readonly ask: ReadonlyArray<readonly [readonly string[], readonly string[]]>;
  readonly needs: ReadonlyArray<{ readonly fields: readonly string[]; readonly need: "required" | "recommended" }>;
}

/** Fixed values as a template shows them: a code with its words in English and Thai. */
export type Shown = ReadonlyArray<readonly [code: number, en: string, th: string]>;

/** One way rows and records name a record of a book (sheet/books/identity.ts compares by them): the
 * field it is read from and a clash of two rows pinned at, and what the clash says. */
export type IdentityKey =
  /** A contact's tax id (its digits, however typed) and branch (its 5-digit code, however kept). */
  | { readonly by: "tax"; readonly field: "contactTaxId"; readonly branch: "contactBranch"; readonly clash: "contactTaxIdClash" }
  /** A code, in any case. */
  | { readonly by: "code"; readonly field: string; readonly clash: "contactCodeClash" | "productCodeClash" }
  /** A name as names compare; only of a record without a key of `unless` (a contact without a tax
   * id, a product without a code). */
  | { readonly by: "name"; readonly field: string; readonly unless: "tax" | "code"; readonly clash: "contactNameClash" | "productNameClash" };

/** What names one record of a book whatever else a row says: its keys, in the order they decide,
 * and where a row alike an earlier one (one record, sent once) is noted. */
export interface RecordIdentity {
  readonly keys: readonly IdentityKey[];
  readonly same: { readonly field: string; readonly note: "sameContactAsRow" | "sameProductAsRow" };
}

export interface FamilySheet {
  /** The fields its sheet is read by. */
  readonly fields: FieldTable;
  /** Its sheet's own fields, where it does not use the documents' (books, certificates). */
  readonly ownFields?: OwnFields;
  /** The fixed-value words of its own fields, where it has its own (the books'). */
  readonly shown?: Readonly<Record<string, Shown>>;
  /** Its lines are booked to the company's expense categories (expenseCategoryView, a line's
   * category, debit and credit accounts and withholding). */
  readonly expenseCategories: boolean;
  /** A book's builder: one record's rows → the body the service takes (sheet/books/builders.ts). */
  readonly buildBook?: BookBuilder;
  /** What names one of its records (contacts, products); absent where a row's record is its key's
   * alone (documents, certificates, vouchers). */
  readonly identity?: RecordIdentity;
  /** Header words for a document's number beyond what its name gives (sheet/synonyms.ts): its own
   * ("Tax invoice no" is also "Invoice no") and, on the sheet of a family upgraded from it, its
   * number as the upgrade's source. */
  readonly numberWords?: { readonly own: readonly string[]; readonly asSource?: readonly string[] };
}

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

// A contact is the contact of its tax id and branch, and of its code; of its name only without a
// tax id. A product is the product of its code, else of its name.
const BOOK_SHEETS: { readonly [F in BookFamily]: Pick<FamilySheet, "buildBook" | "identity"> } = {
  "journal-entries": { buildBook: buildJournal },
  contacts: {
    buildBook: buildContact,
    identity: {
      keys: [
        { by: "tax", field: "contactTaxId", branch: "contactBranch", clash: "contactTaxIdClash" },
        { by: "code", field: "contactCode", clash: "contactCodeClash" },
        { by: "name", field: "contactName", unless: "tax", clash: "contactNameClash" },
      ],
      same: { field: "contactName", note: "sameContactAsRow" },
    },
  },
  products: {
    buildBook: buildProduct,
    identity: {
      keys: [
        { by: "code", field: "code", clash: "productCodeClash" },
        { by: "name", field: "name", unless: "code", clash: "productNameClash" },
      ],
      same: { field: "code", note: "sameProductAsRow" },
    },
  },
};

const SHEETS = new Map<string, FamilySheet>([
  ...FAMILIES.map((f) => [f, { fields: DOCUMENT_FIELDS, expenseCategories: FAMILY_INFO[f].expenseCategories === true, numberWords: NUMBER_WORDS[f] }] as const),
  [WHT_FAMILY, {
    fields: WHT_FIELDS, expenseCategories: false,
    ownFields: { fields: WHT_MAP_FIELDS, labels: WHT_MAP_LABELS, synonyms: WHT_SYNONYMS, ask: WHT_ASK, needs: WHT_NEEDS },
  }],
  ...BOOK_FAMILIES.map((f) => [f, {
    fields: bookTable(f), expenseCategories: false, shown: BOOK_SHOWN,
    ownFields: { fields: BOOK_FIELDS[f], synonyms: BOOK_SYNONYMS[f], ask: BOOK_ASK[f], needs: BOOK_NEEDS[f] },
    ...BOOK_SHEETS[f],
  }] as const),
]);

/** What a family's sheet is read by. */
export function familySheet(family: SheetFamily): FamilySheet {
  const sheet = SHEETS.get(family);
  if (!sheet) throw new Error(`no family ${String(family)}`);
  return sheet;
}
