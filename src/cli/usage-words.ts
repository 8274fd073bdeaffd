// What the command says when it cannot run as asked (a usage error, exit 2), in English and Thai by
// key (src/texts, namespace usage): a UsageError carries its key and values and is rendered in the
// run's language where main.ts prints it; and what its --help says (namespace help, args.ts).
// Option names, family words, file names and what was typed stay as they are. Kept light, like
// args.ts: `docsheet --help` loads it. Pure.
import { isLang, type Lang } from "../sheet/i18n/lang";
import { usage as en, usageHint as enHint } from "../texts/en/usage";
import { usage as th, usageHint as thHint } from "../texts/th/usage";
import { help as helpEn } from "../texts/en/help";
import { help as helpTh } from "../texts/th/help";

export type UsageKey = keyof typeof en;

/** Each usage error's words by language (src/texts, namespace usage). */
export const USAGE_WORDS = Object.fromEntries(
  (Object.keys(en) as UsageKey[]).map((key) => [key, { en: en[key], th: th[key] }]),
) as { readonly [K in UsageKey]: Readonly<Record<Lang, string>> };

/** A value put in, as typed; or what a value says in each language (a reader's refusal). */
export type UsageParam = string | number | Readonly<Record<Lang, string>>;

/** The lines after the error: where the command's usage is and how to ask for its help. */
export const USAGE_HINT: Record<Lang, { usage: string; help: (command: string) => string }> = {
  en: { usage: enHint.usage, help: (command) => enHint.help.replace("{command}", command) },
  th: { usage: thHint.usage, help: (command) => thHint.help.replace("{command}", command) },
};

/** `key`'s words in `lang`, values put in. */
export function usageText(key: UsageKey, params: Readonly<Record<string, UsageParam>>, lang: Lang): string {
  return fill(USAGE_WORDS[key][lang], params, lang);
}

export type HelpKey = keyof typeof helpEn;
const HELP_WORDS: Readonly<Record<Lang, Readonly<Record<HelpKey, string>>>> = { en: helpEn, th: helpTh };

/** What --help says by `key` in `lang`, values put in. */
export function helpText(key: HelpKey, lang: Lang, params: Readonly<Record<string, UsageParam>> = {}): string {
  return fill(HELP_WORDS[lang][key], params, lang);
}

function fill(text: string, params: Readonly<Record<string, UsageParam>>, lang: Lang): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const value = params[name];
    return typeof value === "object" ? value[lang] : String(value);
  });
}

/** The run's --lang as typed on the command line (`--lang th`, `--lang=th`), before or without
 * parsing: a usage error found while parsing speaks it too. English when none or not a language. */
export function langOfArgv(argv: readonly string[]): Lang {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") break;
    const v = argv[i] === "--lang" ? argv[i + 1] : argv[i].startsWith("--lang=") ? argv[i].slice("--lang=".length) : undefined;
    if (isLang(v)) return v;
  }
  return "en";
}
