// Counts in words: "1 problem", "2 problems"; Thai nouns have one form. Intl.PluralRules knows
// each language's categories, so a count never reads "1 documents".
import type { Lang } from "./lang";

const RULES = new Map<Lang, Intl.PluralRules>();

function rules(lang: Lang): Intl.PluralRules {
  let r = RULES.get(lang);
  if (!r) RULES.set(lang, (r = new Intl.PluralRules(lang)));
  return r;
}

/** The word for `n`: `one` where the language says "one" (English 1), `many` otherwise. */
export function pluralWord(n: number, one: string, many: string, lang: Lang = "en"): string {
  return rules(lang).select(n) === "one" ? one : many;
}

/** `count(1, "document")` → "1 document"; `count(2, "entry", "entries")` → "2 entries". */
export function count(n: number, one: string, many = `${one}s`, lang: Lang = "en"): string {
  return `${n} ${pluralWord(n, one, many, lang)}`;
}

/** A count as both languages write it: "1,000" (Thai too writes Arabic digits in groups of three
 * with commas, as th-TH does). By hand: toLocaleString loads ICU's locale data, 50 ms of a command's start-up. */
export function groupDigits(n: number): string {
  return String(n).replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ","));
}

/** Every count among `vars` grouped ("1,000"), the other values as they are. */
export function groupCounts<K extends string>(vars: Readonly<Record<K, string | number>>): Record<K, string> {
  return Object.fromEntries(Object.entries<string | number>(vars).map(([k, v]) => [k, typeof v === "number" ? groupDigits(v) : v])) as Record<K, string>;
}

/** `template` with its {name} values put in, and {name|one|many} the word for that value by
 * `lang`'s plural rules ("{n} {n|row|rows}" → "2 rows"); a name without a value stays as written. */
export function fillCounted(template: string, vars: Readonly<Record<string, string | number>>, lang: Lang): string {
  return template.replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (whole, name: string, one?: string, many?: string) => {
    if (!Object.prototype.hasOwnProperty.call(vars, name)) return whole;
    // A count given grouped ("1,000") picks its word as the number.
    return one === undefined ? String(vars[name]) : pluralWord(Number(String(vars[name]).replace(/,/g, "")), one, many ?? "", lang);
  });
}
