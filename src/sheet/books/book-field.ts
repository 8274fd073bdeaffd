// How a book's field is declared (its family's entry lists them: families/*-sheet.ts): key, wire
// name, how a cell is read, its name (src/texts, bookFields) and other header words in English and
// Thai, and the words its fixed values are shown by (src/texts, values).
// The result columns are the documents' (record id, number, status, result). Pure.
import { FIELD_BY_KEY, shownWords, type FieldDef, type FieldKind, type FieldLevel } from "../fields";
import type { Shown } from "../shown-values";
import type { BookFamily } from "../../rules/codes";
import { bookFields as enNames } from "../../texts/en/book-fields";
import { bookFields as thNames } from "../../texts/th/book-fields";

export type { Shown };

/** The result columns a book's post writes back. */
export type BookResultKey = "recordId" | "documentSerial" | "status" | "result" | "fingerprint";

/** A book's field maker: a field's name in each language is its family's entry in the text tables
 * (namespace bookFields), `en` and `th` the other header words it is read by; the words of its
 * fixed values (`shown`) read back as their codes too. */
export const bookField = (family: BookFamily, shown: Readonly<Record<string, Shown>>) => (
  key: string, level: FieldLevel, kind: FieldKind, en: readonly string[], th: readonly string[],
  extra: Partial<Pick<FieldDef, "allowed" | "words" | "wire" | "sentAs">> = {},
): FieldDef => {
  const name = `${family}.${key}` as keyof typeof enNames;
  if (!(name in enNames)) throw new Error(`field ${name} has no name in the text tables (src/texts, bookFields)`);
  const words = shown[key] ? { ...shownWords(shown[key]), ...extra.words } : extra.words;
  return {
    key, wire: extra.wire ?? key.replace(/^item\./, ""), level, kind, en: [enNames[name], ...en], th: [thNames[name], ...th],
    ...extra, ...(words ? { words } : {}),
  };
};

/** The documents' result fields, read and written the same way; a book's status is a word of its own. */
export const resultField = (key: BookResultKey, kind?: FieldKind): FieldDef =>
  ({ ...FIELD_BY_KEY.get(key)!, ...(kind ? { kind, allowed: undefined } : {}) });
