// What each family's sheet is read by: its field table, its own fields where it has them (the
// books, the certificates), its fixed-value words and whether its lines take expense categories; a
// book's whole sheet is its own module's (journal-sheet.ts, contacts-sheet.ts, products-sheet.ts).
// The entries (index.ts) are made from these; the sheet layer (mapping, columns, templates, pulls)
// reads them here, since the entries' types name the sheet layer's and would make a circle.
import { FAMILIES, FAMILY_INFO, WHT_FAMILY, type SheetFamily } from "../rules/codes";
import { DOCUMENT_FIELDS, WHT_FIELDS } from "../sheet/fields";
import { JOURNAL_SHEET } from "./journal-sheet";
import { CONTACTS_SHEET } from "./contacts-sheet";
import { PRODUCTS_SHEET } from "./products-sheet";
import { DOCUMENT_OWN } from "./document-own";
import { WHT_ASK, WHT_MAP_FIELDS, WHT_MAP_LABELS, WHT_NEEDS, WHT_SYNONYMS } from "../sheet/wht-mapping";

export type { FamilySheet, IdentityKey, OwnFields, RecordIdentity, Shown } from "./sheet-types";
import type { FamilySheet } from "./sheet-types";


const SHEETS = new Map<string, FamilySheet>([
  ...FAMILIES.map((f) => [f, { fields: DOCUMENT_FIELDS, expenseCategories: FAMILY_INFO[f].expenseCategories === true, numberWords: DOCUMENT_OWN[f].numberWords }] as const),
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
