// Columns the engine writes (templates, pulls, written-back results). They are for people: the
// field's first label in their language (which every reader takes back: fields.ts), fixed values as
// words the reader takes back (values.ts), statuses as people say them, and drop-downs over the
// workbook's lookup lists. Without a language a column is named by its field's key (the wire name),
// as sheets made before labels were. Number formats and validation lists come from the field table.
import { FAMILY_INFO, type Family, type SheetFamily } from "../rules/codes";
import { familySheet } from "../families/sheets";
import type { ColumnSpec } from "../workbook/port";
import { FIELD_BY_KEY, fieldLabel, type FieldDef } from "./fields";
import type { Lang } from "./i18n/lang";
import { statusChoices } from "./i18n/status";
import { LOOKUP_FIELDS, listRef } from "./lookups";
import { DATE_FORMAT_TH } from "./samples";
import { DOCUMENT_SHOWN, YES_NO } from "./shown-values";

const KIND: Record<FieldDef["kind"], ColumnSpec["kind"]> = {
  text: "text", money: "money", quantity: "quantity", rate: "quantity", integer: "integer", id: "integer",
  date: "date", boolean: "boolean", code: "integer", status: "text",
};

/** The fixed values of a field as people pick them (a code or yes/no, with its words in English
 * and Thai), for a field that has them; undefined for the others. */
export function shownChoices(key: string, family?: SheetFamily): { value: number | boolean; en: string; th: string }[] | undefined {
  // A book's fixed values are its own (a voucher type, a contact type).
  const own = family === undefined ? undefined : familySheet(family).shown;
  if (own) return own[key]?.map(([value, en, th]) => ({ value, en, th }));
  const def = FIELD_BY_KEY.get(key);
  if (def?.kind === "boolean") return [true, false].map((v, i) => ({ value: v, en: YES_NO.en[i], th: YES_NO.th[i] }));
  return DOCUMENT_SHOWN[key]?.map(([value, en, th]) => ({ value, en, th }));
}

/** A code or a yes/no as a template shows it in `lang` (the code itself when it has no word). */
export function shownValue(key: string, value: number | boolean, lang: Lang): string | number {
  if (typeof value === "boolean") return YES_NO[lang][value ? 0 : 1];
  const shown = DOCUMENT_SHOWN[key]?.find(([code]) => code === value);
  return shown ? shown[lang === "en" ? 1 : 2] : value;
}

export interface ColumnOptions {
  /** A template's column: the field's label in this language, fixed values as words. */
  lang?: Lang;
  /** Drop-downs over the workbook's lookup lists for the fields that pick from one. */
  lookups?: boolean;
}

export function columnFor(key: string, family?: Family, opts: ColumnOptions = {}): ColumnSpec {
  const def = FIELD_BY_KEY.get(key);
  if (!def) throw new Error(`no field ${key}`);
  const { lang } = opts;
  const spec: ColumnSpec = { header: lang ? fieldLabel(def, lang, family) : def.key, kind: KIND[def.kind] };
  if (def.kind === "boolean") spec.allowed = lang ? YES_NO[lang] : ["TRUE", "FALSE"];
  // Statuses are written as people say them (post, pull, act): the list offers those words.
  else if (def.kind === "status") spec.allowed = lang ? statusChoices(lang, family) : family ? FAMILY_INFO[family].statuses : def.allowed;
  else if (lang && DOCUMENT_SHOWN[key]) spec.allowed = DOCUMENT_SHOWN[key].map(([, en, th]) => (lang === "en" ? en : th));
  else if (def.allowed) spec.allowed = def.allowed;
  // Words typed or picked stay text: "7%" in a number column would become 0.07.
  if (lang && (def.kind === "boolean" || DOCUMENT_SHOWN[key])) spec.kind = "text";
  if (opts.lookups && LOOKUP_FIELDS[key]) spec.lookup = listRef(LOOKUP_FIELDS[key]);
  // The service's copy as the sheet saw it: DocSheet's, not the user's to read or edit.
  if (key === "fingerprint") spec.hidden = true;
  if (lang === "th" && def.kind === "date") spec.format = DATE_FORMAT_TH;
  return spec;
}
