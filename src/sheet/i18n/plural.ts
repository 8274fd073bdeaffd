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

/** `template` with its {name} values put in, and {name|one|many} the word for that value by
 * `lang`'s plural rules ("{n} {n|row|rows}" → "2 rows"); a name without a value stays as written. */
export function fillCounted(template: string, vars: Readonly<Record<string, string | number>>, lang: Lang): string {
  return template.replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (whole, name: string, one?: string, many?: string) => {
    if (!Object.prototype.hasOwnProperty.call(vars, name)) return whole;
    return one === undefined ? String(vars[name]) : pluralWord(Number(vars[name]), one, many ?? "", lang);
  });
}
