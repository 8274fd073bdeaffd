// A book's sheet (journal vouchers, contacts, products) made from what its module declares
// (journal-sheet.ts, contacts-sheet.ts, products-sheet.ts): its own fields, read by their table;
// a book's lines take no expense categories.
import type { BookBuilder } from "../sheet/books/builders";
import type { Shown } from "../sheet/books/book-field";
import type { BookLayout } from "../sheet/books/layout";
import { fieldTable, type FieldDef } from "../sheet/fields";
import type { FamilySheet, OwnFields, RecordIdentity } from "./sheet-types";

export interface BookSheetParts extends Omit<OwnFields, "labels"> {
  /** Its fixed values' words (each field made by book-field.ts's bookField(shown)). */
  readonly shown: Readonly<Record<string, Shown>>;
  readonly fields: readonly FieldDef[];
  readonly build: BookBuilder;
  readonly identity?: RecordIdentity;
  readonly layout: BookLayout;
}

export function bookSheet(p: BookSheetParts): FamilySheet {
  return {
    fields: fieldTable(p.fields), expenseCategories: false, shown: p.shown,
    ownFields: { fields: p.fields, synonyms: p.synonyms, ask: p.ask, needs: p.needs },
    buildBook: p.build, ...(p.identity ? { identity: p.identity } : {}), bookLayout: p.layout,
  };
}
