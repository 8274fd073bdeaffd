// What a book's sheet looks like as DocSheet writes it (its family's entry says: families/*-sheet.ts;
// sheet/books/sheet.ts writes it): its columns, the lists they pick from, its template's example
// and one record's rows when pulled, with the cell makers they share. Pure.
import type { CellValue } from "../../workbook/port";
import { Decimal } from "../../rules/money";
import type { Json } from "../../rules/json";
import type { Message } from "../../rules/message";
import type { Lang } from "../i18n/lang";
import type { ListKind } from "../lookups";
import type { SAMPLE } from "../samples";
import type { ChartAccount } from "./accounts";
import type { BookResultKey } from "./book-field";

export interface BookLayout {
  /** The columns of its template and pull, before the result columns. */
  readonly keys: readonly string[];
  /** The result columns its post writes back, after those (a fingerprint column, hidden, is filled
   * by the pull with the service's copy the row was last in step with). */
  readonly resultKeys: readonly BookResultKey[];
  /** Columns that pick from a list of the lists sheet (a voucher's contact and accounts). */
  readonly lookups: Readonly<Record<string, ListKind>>;
  /** Its template's example rows: one record that checks clean, in the template's language. */
  example(o: ExampleParts): Record<string, CellValue>[];
  /** One record's rows as pulled (a voucher: one row per book line; a contact or product: one). */
  cells(record: Json, o: CellParts): Record<string, CellValue>[];
}

export interface ExampleParts {
  /** A fixed value as the template shows it. */
  word(key: string, code: number): CellValue;
  sample: (typeof SAMPLE)[Lang];
  /** Today, as a date cell. */
  date: Date;
}

export interface CellParts {
  lang: Lang;
  /** A fixed value as the sheet shows it (the code itself when it has no word). */
  word(key: string, code: unknown): CellValue;
  /** A message in the sheet's language. */
  say(message: Message): string;
  /** The chart of accounts by id. */
  accounts: ReadonlyMap<number, ChartAccount>;
  /** Products' accounts from their masters, by product id. */
  productAccounts?: ReadonlyMap<number, Json>;
}

export const text = (v: unknown): CellValue => (typeof v === "string" ? (v === "" ? null : v) : typeof v === "number" ? String(v) : null);
export const num = (v: unknown): CellValue => (v === undefined || v === null || v === "" ? null : new Decimal(String(v)).toNumber());
export const date = (v: unknown): CellValue => {
  const m = typeof v === "string" ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : text(v);
};

/** Marker lines a post added (sheet/marker.ts) are never shown. */
export const withoutMarkers = (v: unknown): CellValue => text(typeof v === "string" ? v.split("\n").filter((l) => !l.startsWith("docsheet:")).join("\n") : v);
