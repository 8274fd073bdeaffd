// Documents → rows of a sheet, one row per document or one per line, for people: columns headed by
// the fields' labels in the run's language, codes and yes/no as words (credit type, VAT rate, item
// type...), dates as dates; every one of them is what the readers take back (fields.ts, values.ts),
// so a pulled sheet reads back, can be edited and sent with update as it is, and posted again (rows
// keep their record id, so posting skips them until it is cleared). Without a language, columns are
// named by the field keys and codes kept as numbers (as pulls were before). Pure.
import type { Family } from "../rules/codes";
import { familySheet } from "../families/sheets";
import type { CellValue, ColumnSpec } from "../workbook/port";
import { columnFor, shownValue } from "./columns";
import { FIELD_BY_KEY } from "./fields";
import { fingerprintOf } from "./fingerprint";
import type { Lang } from "./i18n/lang";
import { stripMarkers } from "./marker";
import { ACCOUNT_CODE_WIRE, serviceCopy } from "./service-copy";
import type { Json } from "../rules/json";

const HEAD = [
  "documentKey", "contactName", "contactCode", "contactTaxId", "contactAddress", "contactBranch", "contactPerson", "contactEmail",
  "contactNumber", "contactZipCode", "publishedOn", "dueDate", "creditType", "creditDays", "reference", "projectName", "salesName",
  "isVat", "isVatInclusive", "isManualVat", "discountPercentage", "discountAmount", "remarks", "internalNotes",
];
const EXPENSE_HEAD = ["expenseCategoryView"];
const LINE = ["item.type", "item.name", "item.description", "item.quantity", "item.unitName", "item.pricePerUnit", "item.discountAmount", "item.vatRate", "item.total"];
const EXPENSE_LINE = ["item.systemCode", "item.categoryId", "item.creditId", "item.debitId", "item.withHeldPerItem", "item.withHeldPerItemValue"];
const TOTALS = ["subTotal", "totalAfterDiscount", "exemptAmount", "vatableAmount", "vatAmount", "grandTotal", "documentWithholdingTaxPercentage", "documentWithholdingTaxAmount"];
// The fingerprint lets an update of the pulled sheet tell the service's later changes from the user's.
const RESULTS = ["recordId", "documentSerial", "status", "fingerprint"];

export interface PulledSheet {
  columns: ColumnSpec[];
  rows: CellValue[][];
}

export function pullKeys(family: Family, lines: boolean): string[] {
  const keys = [...HEAD];
  const expense = familySheet(family).expenseCategories;
  if (expense) keys.push(...EXPENSE_HEAD);
  if (lines) keys.push(...LINE, ...(expense ? EXPENSE_LINE : []));
  keys.push(...TOTALS, ...RESULTS);
  return keys;
}

/** One pulled document → its rows (codes as words in `lang`, when given). */
export function documentRows(doc: Json, keys: readonly string[], lines: boolean, lang?: Lang): CellValue[][] {
  const inline = doc.documentStructureType === "InlineDocument" || doc.useInlineDiscount === true || doc.useInlineVat === true;
  let fingerprint: string | undefined;
  const head = (key: string): CellValue => {
    if (key === "documentKey") return String(doc.documentSerial ?? doc.recordId ?? "");
    if (key === "status") return typeof doc.statusString === "string" ? doc.statusString : null;
    if (key === "fingerprint") return (fingerprint ??= fingerprintOf(serviceCopy(doc)));
    return pulledCell(key, doc[FIELD_BY_KEY.get(key)!.wire], lang);
  };
  const items = Array.isArray(doc.items) ? (doc.items as Json[]) : [];
  if (!lines || items.length === 0) return [keys.map((k) => (k.startsWith("item.") ? null : head(k)))];
  return items.map((item, i) =>
    keys.map((k) => {
      if (!k.startsWith("item.")) {
        // Header fields on the first row only: later rows of a document may leave them empty.
        return i === 0 || k === "documentKey" || k === "recordId" || k === "documentSerial" || k === "status" || k === "fingerprint" ? head(k) : null;
      }
      // Simple documents keep no line discount or VAT rate, so posting them back stays simple.
      if (!inline && (k === "item.discountAmount" || k === "item.vatRate")) return null;
      // An account by the code people know (the service answers both the id and the code).
      const code = k in ACCOUNT_CODE_WIRE ? item[ACCOUNT_CODE_WIRE[k]] : undefined;
      return pulledCell(k, code ?? item[FIELD_BY_KEY.get(k)!.wire], lang);
    }),
  );
}

/** A service's value as a pulled cell holds it: dates as dates, codes and yes/no as words in `lang`
 * (kept as numbers without one), internal notes without the post's marker. */
export function pulledCell(key: string, v: unknown, lang: Lang | undefined): CellValue {
  // The post's marker is DocSheet's, not the user's: a pulled sheet shows their notes alone.
  if (key === "internalNotes" && typeof v === "string") v = stripMarkers(v);
  if (v === undefined || v === null || v === "") return null;
  const def = FIELD_BY_KEY.get(key)!;
  if (def.kind === "date" && typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v)) {
    const [y, m, d] = v.slice(0, 10).split("-").map(Number);
    return new Date(Date.UTC(y, m - 1, d));
  }
  // Yes/no and codes as the words a template offers (a code without a word stays a number).
  if (lang && (typeof v === "boolean" || (typeof v === "number" && def.kind === "code"))) return shownValue(key, v, lang);
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  return JSON.stringify(v);
}

/** Columns a pulled sheet always has, filled or not: the ones a user edits and posts back. */
const ALWAYS = new Set(["documentKey", "contactName", "publishedOn", "isVat", "isVatInclusive", "item.name", "item.quantity", "item.pricePerUnit", "grandTotal", "recordId", "documentSerial", "status", "fingerprint"]);

/** A pulled date's number format: day first with Buddhist-era years in Thai (16/12/2569, Excel's
 * bbbb), as Thai accountants read dates; the cell stays an Excel date either way. */
export const pulledDateFormat = (lang?: Lang): string => (lang === "th" ? "dd/mm/bbbb" : "yyyy-mm-dd");

/** Drops the optional columns no row fills (a pull of 10,000 documents stays small and quick to save);
 * the others are headed by their labels in `lang` (by their keys without one). */
export function pruneColumns(family: Family, keys: readonly string[], rows: CellValue[][], lang?: Lang): PulledSheet {
  const used = keys.map((k) => ALWAYS.has(k));
  for (const r of rows) for (let c = 0; c < keys.length; c++) if (!used[c] && r[c] !== null) used[c] = true;
  const keep = keys.map((_, c) => c).filter((c) => used[c]);
  return {
    columns: keep.map((c) => {
      const spec = columnFor(keys[c], family, { lang });
      return spec.kind === "date" && lang === "th" ? { ...spec, format: pulledDateFormat(lang) } : spec;
    }),
    rows: keep.length === keys.length ? rows : rows.map((r) => keep.map((c) => r[c])),
  };
}

export function pullSheet(family: Family, docs: readonly Json[], lines: boolean, lang?: Lang): PulledSheet {
  const keys = pullKeys(family, lines);
  const rows: CellValue[][] = [];
  for (const d of docs) for (const r of documentRows(d, keys, lines, lang)) rows.push(r);
  return pruneColumns(family, keys, rows, lang);
}
