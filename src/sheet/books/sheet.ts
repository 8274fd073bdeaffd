// The books' sheets as DocSheet writes them, as each book's entry lays them out (its bookLayout:
// families/*-sheet.ts): templates (labels in the user's language, fixed values as words, one
// example that checks clean) and pulls (the same layout, one row per book line for journal
// vouchers, so a pulled sheet reads back and can be posted again). Pure.
import type { BookFamily } from "../../rules/codes";
import { familyCard } from "../../families/cards";
import { familySheet } from "../../families/sheets";
import type { CellValue, ColumnSpec } from "../../workbook/port";
import type { FieldDef } from "../fields";
import type { Lang } from "../i18n/lang";
import { listRef } from "../lookups";
import { DATE_FORMAT_TH, SAMPLE } from "../samples";
import type { Template } from "../template";
import type { ChartAccount } from "./accounts";
import { withRowFingerprint } from "../row-fingerprint";
import type { BookLayout, CellParts } from "./layout";
import type { Json } from "../../rules/json";
import { render } from "../i18n/render";

const KIND: Record<FieldDef["kind"], ColumnSpec["kind"]> = {
  text: "text", money: "money", quantity: "quantity", rate: "quantity", integer: "integer", id: "integer",
  date: "date", boolean: "boolean", code: "text", status: "text",
};

/** What a book's sheet looks like (its entry's bookLayout: families/*-sheet.ts). */
function layoutOf(family: BookFamily): BookLayout {
  const layout = familySheet(family).bookLayout;
  if (!layout) throw new Error(`no book layout for ${family}`);
  return layout;
}

/** The columns of a book's template and pull, result columns last. */
export function bookKeys(family: BookFamily): string[] {
  const { keys, resultKeys } = layoutOf(family);
  return [...keys, ...resultKeys];
}

export function bookColumn(family: BookFamily, key: string, lang: Lang, lookups = false): ColumnSpec {
  const sheet = familySheet(family);
  const def = sheet.fields.byKey.get(key);
  if (!def) throw new Error(`no ${family} field ${key}`);
  const spec: ColumnSpec = { header: def[lang][0], kind: KIND[def.kind] };
  // The service's copy a row was last in step with: DocSheet's, not the user's to read.
  if (key === "fingerprint") spec.hidden = true;
  if (lang === "th" && def.kind === "date") spec.format = DATE_FORMAT_TH;
  const shown = sheet.shown?.[key];
  if (shown) spec.allowed = shown.map(([, en, th]) => (lang === "en" ? en : th));
  const list = layoutOf(family).lookups[key];
  if (lookups && list) spec.lookup = listRef(list);
  return spec;
}

function shownWord(family: BookFamily, key: string, code: unknown, lang: Lang): CellValue {
  const hit = familySheet(family).shown?.[key]?.find(([c]) => c === Number(code));
  return hit ? hit[lang === "en" ? 1 : 2] : code === undefined || code === null ? null : Number(code);
}

export function bookTemplate(family: BookFamily, today: string, lang: Lang, lookups = false): Template {
  // Nothing posted yet: no fingerprint to keep.
  const keys = bookKeys(family).filter((k) => k !== "fingerprint");
  const [y, m, d] = today.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const rows = layoutOf(family).example({ word: (key, code) => shownWord(family, key, code, lang), sample: SAMPLE[lang], date });
  return {
    sheetName: familyCard(family).label[lang],
    columns: keys.map((k) => bookColumn(family, k, lang, lookups)),
    rows: rows.map((r) => keys.map((k) => r[k] ?? null)),
  };
}

/** One record's rows as a book's pull writes them, by column key (its fingerprint aside). */
export function bookCells(
  family: BookFamily, record: Json, lang: Lang, chart: readonly ChartAccount[] = [], productAccounts?: ReadonlyMap<number, Json>,
): Record<string, CellValue>[] {
  const parts: CellParts = {
    lang, word: (key, code) => shownWord(family, key, code, lang), say: (m) => render(m, lang),
    accounts: new Map(chart.map((a) => [a.id, a])), productAccounts,
  };
  return layoutOf(family).cells(record, parts);
}

/** The service's records as a book's rows (result columns filled: record id, number, status, and
 * the fingerprint of the copy and the cells a row was last in step with, where the book keeps one). */
export function bookRows(
  family: BookFamily, records: readonly Json[], lang: Lang, chart: readonly ChartAccount[] = [], productAccounts?: ReadonlyMap<number, Json>,
): CellValue[][] {
  const keys = bookKeys(family);
  return records.flatMap((r) => pulledRows(family, r, lang, chart, productAccounts).map((row) => keys.map((k) => row[k] ?? null)));
}

/** One record's rows by column key as a pull writes them, its fingerprint on the first. */
function pulledRows(
  family: BookFamily, record: Json, lang: Lang, chart: readonly ChartAccount[], productAccounts?: ReadonlyMap<number, Json>,
): Record<string, CellValue>[] {
  const defOf = (key: string): FieldDef | undefined => familySheet(family).fields.byKey.get(key);
  return withRowFingerprint(bookKeys(family), defOf, record, bookCells(family, record, lang, chart, productAccounts));
}

/** The fingerprint a pull in `lang` writes for the record (its copy's and its columns' hashes):
 * what an update writes for the copy it sent, so refresh reads the row as a pulled one. */
export function bookPulledFingerprint(
  family: BookFamily, record: Json, lang: Lang, chart: readonly ChartAccount[] = [], productAccounts?: ReadonlyMap<number, Json>,
): CellValue {
  return pulledRows(family, record, lang, chart, productAccounts)[0]?.fingerprint ?? null;
}
