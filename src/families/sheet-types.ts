// What a family's sheet is, as a type: the sheets (sheets.ts) and each book's sheet (its
// *-sheet.ts) are declared by these, apart from the tables, so a book's module and the registry of
// sheets do not import each other.
import type { BookBuilder } from "../sheet/books/builders";
import type { Shown } from "../sheet/books/book-field";
import type { BookLayout } from "../sheet/books/layout";
import type { FieldDef, FieldTable } from "../sheet/fields";

export type { Shown } from "../sheet/books/book-field";

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
  /** A book's sheet as DocSheet writes it: columns, lists, template example, pulled rows. */
  readonly bookLayout?: BookLayout;
  /** Header words for a document's number beyond what its name gives (sheet/synonyms.ts): its own
   * ("Tax invoice no" is also "Invoice no") and, on the sheet of a family upgraded from it, its
   * number as the upgrade's source. */
  readonly numberWords?: { readonly own: readonly string[]; readonly asSource?: readonly string[] };
}
