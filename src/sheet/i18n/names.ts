// The values a message carries, put into a language by what their placeholder says they are: a
// field by its label, a family and a status by name, a side, a column hint, a line formula. Both
// render.ts (messages by key) and translate.ts (the service's text) put values in so. Pure.
import { systemCode, systemText } from "./system";
import { FAMILIES, FAMILY_INFO, type Family } from "../../rules/codes";
import { findCard } from "../../families/cards";
import { FIELD_BY_KEY, FIELDS, fieldForHeader, fieldForName, fieldLabel, normalizeName, type FieldDef } from "../fields";
import { BOOK_FIELDS } from "../books/fields";
import { COLUMN_HINTS } from "../messages";
import type { Lang } from "./lang";
import { statusText } from "./status";
import { incomeTypeOf, incomeTypeText } from "../../rules/certificate-forms";
import { HINTS_TH } from "./th";
import { names as en } from "../../texts/en/names";
import { names as th } from "../../texts/th/names";

/** A value of placeholder `name` in `lang`; undefined when the name says nothing of its value
 * (a field that names no field, a message: the caller knows what to do). */
export function localizeValue(name: string, value: string, lang: Lang, family?: Family): string | undefined {
  switch (name) {
    case "field":
      return fieldName(value, lang, family);
    case "label":
      return fieldName(value, lang, family) ?? value;
    case "family":
    case "chosen":
      return familyName(value, lang);
    case "status":
      return statusText(value, lang, family);
    case "statuses":
      return [...new Set(value.split(", ").map((s) => statusText(s, lang, family)))].join(", ");
    case "allowed":
      return value.replace(/[a-z]+(?:-[a-z]+)*/g, (w) => (findCard(w) ? familyName(w, lang) : w));
    case "incomeType": {
      // Named where shown: both names in English, the Thai one alone in Thai.
      const t = incomeTypeOf(value);
      return t && (lang === "th" ? incomeTypeText(t, "th") : `${t.en} (${t.th}, s.${t.section})`);
    }
    case "side":
      return lang === "th" ? (SIDES_TH[value] ?? value) : value;
    case "hint":
      return lang === "th" ? (HINT_TH_BY_TEXT.get(value) ?? value) : value;
    case "system":
      // What the system said ("ENOSPC: no space left on device, write"): in Thai, by its code.
      return systemText(value, systemCode(value), lang);
    case "formula":
      return value.replace(/[A-Za-z]+/g, (w) => {
        const def = FIELD_BY_KEY.get(`item.${w}`);
        return def ? label(def, lang).toLowerCase() : w;
      });
    default:
      return undefined;
  }
}

/** A side's Thai by its word ("sell" → "ฝั่งขาย"). */
const SIDES_TH: Readonly<Record<string, string>> = { sell: th.side_sell, buy: th.side_buy, expense: th.side_expense };

const HINT_TH_BY_TEXT: ReadonlyMap<string, string> = new Map(
  Object.entries(COLUMN_HINTS).flatMap(([key, text]) => (HINTS_TH[key] ? [[text, HINTS_TH[key]] as [string, string]] : [])),
);

/** A field's name in a language: the first label (what templates write as the header). */
export function label(def: FieldDef, lang: Lang, family?: Family): string {
  return fieldLabel(def, lang, family);
}

/** The first English label of each field, normalized → field: the sheet's English messages name fields so. */
const BY_LABEL: ReadonlyMap<string, FieldDef> = new Map(FIELDS.map((d) => [normalizeName(d.en[0]), d]));

/** The books' own fields by key (a product's vatType, a voucher's item.debit): named where no document field is. */
const BOOK_BY_KEY: ReadonlyMap<string, FieldDef> = new Map(BOOK_FIELDS.map((d) => [d.key, d]));

function fieldOf(text: string): FieldDef | undefined {
  return FIELD_BY_KEY.get(text) ?? fieldForName(text) ?? FIELD_BY_KEY.get(`item.${text}`) ?? BY_LABEL.get(normalizeName(text)) ?? fieldForHeader(text)
    ?? BOOK_BY_KEY.get(text);
}

/** A field named by key, wire name or label ("Line 3 total" for a line's) in `lang`, as a sheet of
 * `family` names it; undefined when the text names no field. */
export function fieldName(text: string, lang: Lang, family?: Family): string | undefined {
  const def = fieldOf(text);
  if (def) return label(def, lang, family);
  const line = /^Line (\d+)(?: (\w+))?$/.exec(text);
  if (line) {
    const item = line[2] ? FIELD_BY_KEY.get(`item.${line[2]}`) : undefined;
    const said = lang === "en" ? en : th;
    if (lang === "en" && !item) return text;
    const name = item && (lang === "en" ? label(item, "en").toLowerCase() : label(item, "th"));
    return (name ? said.lineField.replace("{field}", name) : said.line).replace("{n}", line[1]);
  }
  if (lang === "th") return BODY_TH[text];
  return undefined;
}

/** What checks/report.ts labelOf names besides fields. */
const BODY_TH: Readonly<Record<string, string>> = { [en.requestBody]: th.requestBody, [en.fieldName]: th.fieldName };

/** The family a text names, by its path word or its English name. */
export function familyOf(text: string): Family | undefined {
  return FAMILIES.find((f) => f === text || FAMILY_INFO[f].label.en.toLowerCase() === text.toLowerCase());
}

/** A family by its path word or its English name, in `lang`. */
export function familyName(text: string, lang: Lang): string {
  // A family's own word (a path word, the CLI's FAMILY) is said by its entry's name for it.
  const entry = findCard(text);
  if (entry) return lang === "th" ? entry.label.th : entry.label.en.toLowerCase();
  const family = familyOf(text);
  if (!family) return text;
  if (lang === "th") return FAMILY_INFO[family].label.th;
  return family === text ? FAMILY_INFO[family].label.en.toLowerCase() : text;
}
