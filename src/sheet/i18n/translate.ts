// The translator: a finished English message (from MESSAGES, SHEET_MESSAGES, RESULT_MESSAGES or a
// schema's "{field} must ..." phrase) → the same message in the asked language, for people: field
// labels instead of wire names, families and statuses by name, Thai where asked. Each template is
// compiled once into a regex capturing its placeholders, tried most specific first; the values
// caught are put into the language too (a field by its label, a nested message translated in
// turn). The spec's exact texts stay beside the translation. A message no template matches comes
// back unchanged. Pure.
import { BOOK_FAMILIES, BOOK_FAMILY_LABEL, FAMILIES, FAMILY_INFO, isBookFamily, type Family } from "../../rules/codes";
import { EXACT_MESSAGE_KEYS, MESSAGES, formatMessage } from "../../rules/messages";
import { FIELD_BY_KEY, FIELDS, fieldForHeader, fieldForName, normalizeName, type FieldDef } from "../fields";
import { COLUMN_HINTS, SHEET_MESSAGES } from "../messages";
import { RULES_EN } from "./en";
import type { Lang } from "./lang";
import { PHRASES } from "./phrases";
import { RESULT_MESSAGES } from "./results";
import { statusText } from "./status";
import { HINTS_TH, RESULTS_TH, RULES_TH, SHEET_TH } from "./th";

interface Template {
  /** "rules.contactRequired", "sheet.keyEmpty", "results.created", "phrase.3". */
  id: string;
  /** The English template messages are made from. */
  source: string;
  /** What is shown, per language. */
  target: Readonly<Record<Lang, string>>;
  /** The spec's exact text: kept beside the translation. */
  exact: boolean;
  regex: RegExp;
  names: string[];
  /** Text before the first placeholder: a message not starting with it cannot match. */
  prefix: string;
  /** Characters outside placeholders: the more, the more specific. */
  weight: number;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(id: string, source: string, target: Record<Lang, string>, exact = false): Template {
  const names: string[] = [];
  let pattern = "^";
  let last = 0;
  for (const m of source.matchAll(/\{(\w+)\}/g)) {
    pattern += escape(source.slice(last, m.index));
    // A placeholder used twice must catch the same text both times.
    // A value opening the message is no wrapper's text: it holds no ": " (else "{field} is required"
    // reads "not sent: E3: …; B3: contactName is required" as one message), unless it is a message.
    const opening = m.index === 0 && !NESTED.has(m[1]) ? "(?:(?!: )[\\s\\S])+?" : "[\\s\\S]+?";
    pattern += names.includes(m[1]) ? `\\k<${m[1]}>` : `(?<${m[1]}>${CAPTURE[m[1]] ?? opening})`;
    if (!names.includes(m[1])) names.push(m[1]);
    last = m.index! + m[0].length;
  }
  pattern += `${escape(source.slice(last))}$`;
  const first = source.search(/\{\w+\}/);
  return {
    id, source, target, exact, regex: new RegExp(pattern, "u"), names,
    prefix: first < 0 ? source : source.slice(0, first), weight: source.replace(/\{\w+\}/g, "").length,
  };
}

/** Placeholders whose values may hold spaces next to other placeholders ("{family} {serial}"):
 * caught as one of their known values, not as the shortest text. */
const CAPTURE: Readonly<Record<string, string>> = {
  family: [...FAMILIES.flatMap((f) => [f, FAMILY_INFO[f].label.en, FAMILY_INFO[f].label.en.toLowerCase()]), ...BOOK_FAMILIES]
    .sort((a, b) => b.length - a.length).map(escape).join("|"),
};

/** Placeholders holding whole messages (which may hold ": " themselves). */
const NESTED: ReadonlySet<string> = new Set(["message", "reason", "messages"]);

let compiled: Template[] | undefined;

/** Every template, most specific first; compiled on first use. */
function templates(): Template[] {
  if (compiled) return compiled;
  const exact = new Set<string>(EXACT_MESSAGE_KEYS);
  const list: Template[] = [];
  for (const [key, en] of Object.entries(MESSAGES) as [keyof typeof MESSAGES, string][]) {
    list.push(compile(`rules.${key}`, en, { en: RULES_EN[key] ?? en, th: RULES_TH[key] }, exact.has(key)));
  }
  for (const [key, en] of Object.entries(SHEET_MESSAGES) as [keyof typeof SHEET_MESSAGES, string][]) {
    list.push(compile(`sheet.${key}`, en, { en, th: SHEET_TH[key] ?? en }));
  }
  for (const [key, en] of Object.entries(RESULT_MESSAGES) as [keyof typeof RESULT_MESSAGES, string][]) {
    list.push(compile(`results.${key}`, en, { en, th: RESULTS_TH[key] }));
  }
  PHRASES.forEach((p, i) => {
    list.push(compile(`phrase.${i}`, `{field} ${p.en}`, { en: `{field} ${p.en}`, th: p.th }));
    // The phrase alone, at the cell of its field ("must be at most 5000 characters").
    list.push(compile(`phrase.${i}.alone`, p.en, { en: p.en, th: p.th.replace(/\{field\} ?/, "") }));
  });
  // A template whose own opening words the message starts with is the likelier one ("not sent:
  // {reason}" before "{field} is required"), then the one with more words of its own.
  compiled = list.sort((a, b) => b.prefix.length - a.prefix.length || b.weight - a.weight);
  return compiled;
}

/** The templates the translator knows, by id (tests check each has its Thai text). */
export function knownTemplates(): ReadonlyArray<Pick<Template, "id" | "source" | "target" | "exact">> {
  return templates();
}

const CACHE_MAX = 5000;
const CACHE: Record<Lang, Map<string, string>> = { en: new Map(), th: new Map() };

/** `message` in `lang`; unchanged when no template matches it. */
export function translate(message: string, lang: Lang): string {
  const cache = CACHE[lang];
  const hit = cache.get(message);
  if (hit !== undefined) return hit;
  const out = match(message, lang) ?? message;
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(message, out);
  return out;
}

/** True when some template matches the message (what a test asks of every message the code makes). */
export function isKnownMessage(message: string): boolean {
  return find(message) !== undefined;
}

function find(message: string): { t: Template; groups: Record<string, string> } | undefined {
  for (const t of templates()) {
    if (!message.startsWith(t.prefix)) continue;
    const m = t.regex.exec(message);
    if (m) return { t, groups: m.groups ?? {} };
  }
  return undefined;
}

function match(message: string, lang: Lang): string | undefined {
  const found = find(message);
  if (!found) return undefined;
  const { t, groups } = found;
  const params: Record<string, string> = {};
  // Status words mean what the document's family makes them mean.
  const family = groups.family === undefined ? undefined : familyOf(groups.family);
  for (const name of t.names) params[name] = localize(name, groups[name], lang, family);
  const text = formatMessage(t.target[lang], params);
  // The spec's own words stay, after ours whenever ours differ from them.
  return t.exact && text !== message ? `${text} (${message})` : text;
}

/** A message inside another ("{message}. Add a ... column"): its final full stop may have been
 * dropped, so it is tried with one too. */
function nested(message: string, lang: Lang): string {
  if (isKnownMessage(message)) return translate(message, lang);
  if (!message.endsWith(".") && isKnownMessage(`${message}.`)) return translate(`${message}.`, lang).replace(/\.$/, "");
  return message;
}

/** A list of problems "E2: message; F2: message" (or one error text): each message translated; a
 * problem may be at a command's option instead of a cell ("--collected: message"). A list's parts
 * start at a cell or an option: a message's own "; " ("…does not match the other 12; look for a
 * mistyped digit.") is not a boundary. Parts without cells ("message; message") are tried whole,
 * then one by one. */
function problems(text: string, lang: Lang): string {
  return text.split(/; (?=(?:[A-Z]{1,3}\d+|--[a-z][a-z-]*): )/).map((part) => {
    const m = /^([A-Z]{1,3}\d+|--[a-z][a-z-]*): ([\s\S]*)$/.exec(part);
    return m ? `${m[1]}: ${messages(m[2], lang)}` : messages(part, lang);
  }).join("; ");
}

/** One message, or several joined by "; " when the whole is none. */
function messages(text: string, lang: Lang): string {
  const whole = nested(text, lang);
  if (whole !== text || !text.includes("; ") || isKnownMessage(text) || isKnownMessage(`${text}.`)) return whole;
  return text.split("; ").map((m) => nested(m, lang)).join("; ");
}

/** A value caught by a placeholder, in `lang`, by what the placeholder's name says it is. */
function localize(name: string, value: string, lang: Lang, family?: Family): string {
  switch (name) {
    case "field":
      return fieldName(value, lang) ?? nested(value, lang);
    case "label":
      return fieldName(value, lang) ?? value;
    case "message":
    case "reason":
      return problems(value, lang);
    case "family":
    case "chosen":
      return familyName(value, lang);
    case "status":
      return statusText(value, lang, family);
    case "statuses":
      return [...new Set(value.split(", ").map((s) => statusText(s, lang, family)))].join(", ");
    case "allowed":
      return value.replace(/[a-z]+(?:-[a-z]+)*/g, (w) => (FAMILIES.includes(w as Family) ? familyName(w, lang) : w));
    case "side":
      return lang === "th" ? (SIDES_TH[value] ?? value) : value;
    case "hint":
      return lang === "th" ? (HINT_TH_BY_TEXT.get(value) ?? value) : value;
    case "formula":
      return value.replace(/[A-Za-z]+/g, (w) => {
        const def = FIELD_BY_KEY.get(`item.${w}`);
        return def ? label(def, lang).toLowerCase() : w;
      });
    default:
      return value;
  }
}

const SIDES_TH: Readonly<Record<string, string>> = { sell: "ฝั่งขาย", buy: "ฝั่งซื้อ", expense: "ค่าใช้จ่าย" };

const HINT_TH_BY_TEXT: ReadonlyMap<string, string> = new Map(
  Object.entries(COLUMN_HINTS).flatMap(([key, text]) => (HINTS_TH[key] ? [[text, HINTS_TH[key]] as [string, string]] : [])),
);

/** A field's name in a language: the first label (what templates write as the header). */
export function label(def: FieldDef, lang: Lang): string {
  return lang === "th" ? def.th[0] : def.en[0];
}

/** The first English label of each field, normalized → field: the sheet's English messages name fields so. */
const BY_LABEL: ReadonlyMap<string, FieldDef> = new Map(FIELDS.map((d) => [normalizeName(d.en[0]), d]));

function fieldOf(text: string): FieldDef | undefined {
  return FIELD_BY_KEY.get(text) ?? fieldForName(text) ?? FIELD_BY_KEY.get(`item.${text}`) ?? BY_LABEL.get(normalizeName(text)) ?? fieldForHeader(text);
}

/** A field named by key, wire name or label ("Line 3 total" for a line's) in `lang`; undefined
 * when the text names no field. */
export function fieldName(text: string, lang: Lang): string | undefined {
  const def = fieldOf(text);
  if (def) return label(def, lang);
  const line = /^Line (\d+)(?: (\w+))?$/.exec(text);
  if (line) {
    const item = line[2] ? FIELD_BY_KEY.get(`item.${line[2]}`) : undefined;
    if (lang === "en") return item ? `Line ${line[1]} ${label(item, "en").toLowerCase()}` : text;
    return item ? `${label(item, "th")}ของรายการที่ ${line[1]}` : `รายการที่ ${line[1]}`;
  }
  if (lang === "th") return BODY_TH[text];
  return undefined;
}

/** What checks/report.ts labelOf names besides fields. */
const BODY_TH: Readonly<Record<string, string>> = { "The request body": "เนื้อหาคำขอ", "A field name": "ชื่อฟิลด์" };

function familyOf(text: string): Family | undefined {
  return FAMILIES.find((f) => f === text || FAMILY_INFO[f].label.en.toLowerCase() === text.toLowerCase());
}

/** A family by its path word or its English name, in `lang`. */
export function familyName(text: string, lang: Lang): string {
  if (isBookFamily(text)) return lang === "th" ? BOOK_FAMILY_LABEL[text].th : BOOK_FAMILY_LABEL[text].en.toLowerCase();
  const family = familyOf(text);
  if (!family) return text;
  if (lang === "th") return FAMILY_INFO[family].label.th;
  return family === text ? FAMILY_INFO[family].label.en.toLowerCase() : text;
}
