// The books' sheets' fields (journal vouchers, contacts, products), as their entries declare them
// (families/journal-sheet.ts, contacts-sheet.ts, products-sheet.ts; a field is made by
// book-field.ts): a journal sheet has one row per book line, rows with the same voucher number one
// voucher; contacts and products have one row each.
import type { BookFamily } from "../../rules/codes";
import { FAMILY_CARDS } from "../../families/cards";
import { familySheet } from "../../families/sheets";
import type { FieldDef, FieldTable } from "../fields";

/** The fields a book's sheet is read by. */
export function bookTable(family: BookFamily): FieldTable {
  return familySheet(family).fields;
}

/** Every book's own fields (what names a product's vatType, a voucher's item.debit). */
export const BOOK_FIELDS: readonly FieldDef[] = FAMILY_CARDS.filter((c) => c.kind === "book").flatMap((c) => familySheet(c.name).ownFields?.fields ?? []);
