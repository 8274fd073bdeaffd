// The pane's words in English and Thai: the `pane` namespace of the text tables (src/texts). The
// language follows Office's display language (th-* → Thai, anything else → English); the preview
// page follows the browser's. Findings, results and statuses from the jobs go through the shared
// translator (sheet/i18n), in the same language.
import type { Lang } from "../sheet/i18n/lang";
import { fillCounted } from "../sheet/i18n/plural";
import { pane as en } from "../texts/en/pane";
import { pane as th } from "../texts/th/pane";

export type { Lang };

export type MessageKey = keyof typeof en;

const MESSAGES: Record<Lang, Record<MessageKey, string>> = { en, th };

/** "th-TH" → "th"; everything else → "en". */
export function pickLanguage(displayLanguage: string | undefined | null): Lang {
  return /^th\b/i.test(displayLanguage ?? "") ? "th" : "en";
}

/** The pane's words in one language; `lang` says which, for messages from the jobs and the service. */
export interface Translate {
  (key: MessageKey, vars?: Record<string, string | number>): string;
  readonly lang?: Lang;
}

export function translator(lang: Lang): Translate {
  const table = MESSAGES[lang];
  // {n} is the value; {n|row|rows} picks the word for it by the language's plural rules (Thai
  // texts need none: their nouns have one form).
  const t = (key: MessageKey, vars?: Record<string, string | number>): string => fillCounted(table[key], vars ?? {}, lang);
  return Object.assign(t, { lang });
}

export const ALL_KEYS = Object.keys(en) as MessageKey[];
export { MESSAGES };
