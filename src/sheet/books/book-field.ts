// How a book's field is declared (its family's entry lists them: families/*-sheet.ts): key, wire
// name, how a cell is read, English and Thai labels, and the words its fixed values are shown by.
// The result columns are the documents' (record id, number, status, result). Pure.
import { FIELD_BY_KEY, normalizeName, type FieldDef, type FieldKind, type FieldLevel } from "../fields";

/** Fixed values as templates and pulls show them: a code with its words in English and Thai. */
export type Shown = ReadonlyArray<readonly [code: number, en: string, th: string]>;

/** The result columns a book's post writes back. */
export type BookResultKey = "recordId" | "documentSerial" | "status" | "result" | "fingerprint";

/** A book's field maker: the words of its fixed values (`shown`) read back as their codes too. */
export const bookField = (shown: Readonly<Record<string, Shown>>) => (
  key: string, level: FieldLevel, kind: FieldKind, en: readonly string[], th: readonly string[],
  extra: Partial<Pick<FieldDef, "allowed" | "words" | "wire" | "sentAs">> = {},
): FieldDef => {
  const said = shown[key]?.flatMap(([code, e, t]) => [[normalizeName(e), code], [normalizeName(t), code]] as const);
  const words = said ? { ...Object.fromEntries(said), ...extra.words } : extra.words;
  return { key, wire: extra.wire ?? key.replace(/^item\./, ""), level, kind, en, th, ...extra, ...(words ? { words } : {}) };
};

/** The documents' result fields, read and written the same way; a book's status is a word of its own. */
export const resultField = (key: BookResultKey, kind?: FieldKind): FieldDef =>
  ({ ...FIELD_BY_KEY.get(key)!, ...(kind ? { kind, allowed: undefined } : {}) });
