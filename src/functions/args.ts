// The functions' arguments as a cell gives them, read as the jobs take them: a document type by its
// path word or its name in either language, months and dates as the pane takes them (2026-11,
// 11/2569, 30/11/2569, an Excel date serial), a status in the service's or people's words. A value
// that cannot be read is #VALUE! naming the argument. Pure.
import { FAMILIES, FAMILY_INFO, type Family } from "../rules/codes";
import { normalizeName } from "../sheet/fields";
import { statusFromText } from "../sheet/i18n/status";
import { typedDate, typedMonth } from "../jobs/month";
import { FunctionError, msg, type FunctionMessage } from "./texts";

/** What a cell passes: a number, text, a boolean, or nothing for an omitted optional argument. */
export type ArgValue = string | number | boolean | null | undefined;

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

export const bad = (argument: string, problem: FunctionMessage): FunctionError =>
  new FunctionError("#VALUE!", msg("badArgument", { argument, problem }));

/** Omitted: undefined, null or an empty text. */
export const omitted = (v: ArgValue): v is null | undefined | "" => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

export function requiredText(argument: string, v: ArgValue): string {
  if (omitted(v)) throw bad(argument, msg("missing"));
  return String(v).trim();
}

const FAMILY_NAMES = new Map<string, Family>(FAMILIES.flatMap((f) => {
  const { en, th } = FAMILY_INFO[f].label;
  return [f, f.replace(/-/g, ""), en, `${en}s`, th].map((n) => [normalizeName(n).replace(/[-_]/g, ""), f] as const);
}));

export function familyArg(argument: string, v: ArgValue): Family {
  const text = requiredText(argument, v);
  const family = FAMILY_NAMES.get(normalizeName(text).replace(/[-_]/g, ""));
  if (!family) throw bad(argument, msg("noFamily", { value: text }));
  return family;
}

/** An Excel date serial as YYYY-MM-DD. */
export function serialDate(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return undefined;
  return new Date(EXCEL_EPOCH_MS + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

export function dateArg(argument: string, v: ArgValue): string | undefined {
  if (omitted(v)) return undefined;
  const d = typeof v === "number" ? serialDate(v) : typeof v === "string" ? typedDate(v) : undefined;
  if (!d) throw bad(argument, msg("noDate", { value: String(v) }));
  return d;
}

/** A month as YYYY-MM: a typed month, or the month of a date or a date serial. */
export function monthArg(argument: string, v: ArgValue): string {
  if (omitted(v)) throw bad(argument, msg("missing"));
  const m = typeof v === "number" ? serialDate(v)?.slice(0, 7) : typeof v === "string" ? (typedMonth(v) ?? typedDate(v)?.slice(0, 7)) : undefined;
  if (!m) throw bad(argument, msg("noMonth", { value: String(v) }));
  return m;
}

/** A "from" that may be a month (its first day) or a date; a "to" month is its last day. */
export function spanArg(argument: string, v: ArgValue, end: "first" | "last"): string | undefined {
  if (typeof v === "string" && !omitted(v)) {
    const m = typedMonth(v);
    if (m) {
      if (end === "first") return `${m}-01`;
      const [y, mo] = m.split("-").map(Number);
      return `${m}-${String(new Date(Date.UTC(y, mo, 0)).getUTCDate()).padStart(2, "0")}`;
    }
  }
  return dateArg(argument, v);
}

export function statusArg(argument: string, v: ArgValue): string | undefined {
  if (omitted(v)) return undefined;
  const s = statusFromText(String(v));
  if (!s) throw bad(argument, msg("noStatus", { value: String(v) }));
  return s;
}

/** One of `choices` (each with its English and Thai words), by either word, ignoring case and spaces. */
const choiceKey = (w: string): string => normalizeName(w).replace(/[-_]/g, "");
/** Each table's words by their normalized form, made once: a thousand cells name a choice each. */
const choiceTables = new WeakMap<object, Map<string, string>>();

function choiceWords(choices: Readonly<Record<string, readonly string[]>>): Map<string, string> {
  let byKey = choiceTables.get(choices);
  if (!byKey) {
    byKey = new Map();
    // The first choice naming a word keeps it, as a search in the table's order would find.
    for (const [choice, words] of Object.entries(choices)) for (const w of [choice, ...words]) if (!byKey.has(choiceKey(w))) byKey.set(choiceKey(w), choice);
    choiceTables.set(choices, byKey);
  }
  return byKey;
}

export function choiceArg<T extends string>(argument: string, v: ArgValue, choices: Readonly<Record<T, readonly string[]>>, fallback?: T): T {
  if (omitted(v)) {
    if (fallback !== undefined) return fallback;
    throw bad(argument, msg("missing"));
  }
  const found = choiceWords(choices).get(choiceKey(String(v)));
  if (found !== undefined) return found as T;
  const listed = (Object.entries(choices) as [T, readonly string[]][]).map(([c, w]) => w[0] ?? c).join(", ");
  throw bad(argument, msg("noChoice", { value: String(v), choices: listed }));
}
