// Every message template by key, with what it reads in each language (src/texts): the rules'
// (English in people's words, where the wire names would show), the sheet's, the results', and the
// schemas' field phrases ("{field} is required", and the phrase alone at its field's cell). What
// the spec gives to the letter stays the service's answer; people read these.
// render.ts looks keys up here; translate.ts compiles the same templates to read the service's text. Pure.
import { MESSAGES } from "../../rules/messages";
import { SHEET_MESSAGES } from "../messages";
import type { Lang } from "./lang";
import { PHRASES } from "./phrases";
import { RESULT_MESSAGES } from "./results";
import { rules as rulesEn } from "../../texts/en/rules";
import { results as resultsTh } from "../../texts/th/results";
import { rules as rulesTh } from "../../texts/th/rules";
import { sheet as sheetTh } from "../../texts/th/sheet";

export interface Target {
  /** The English template messages are made from. */
  source: string;
  /** What is shown, per language. */
  target: Readonly<Record<Lang, string>>;
}

/** "rules.contactRequired", "sheet.keyEmpty", "results.created", "phrase.3", "phrase.3.alone" → target. */
export const TARGETS: ReadonlyMap<string, Target> = (() => {
  const out = new Map<string, Target>();
  const add = (id: string, source: string, target: Record<Lang, string>) => out.set(id, { source, target });
  for (const [key, source] of Object.entries(MESSAGES) as [keyof typeof MESSAGES, string][]) {
    add(`rules.${key}`, source, { en: rulesEn[key], th: rulesTh[key] });
  }
  for (const [key, source] of Object.entries(SHEET_MESSAGES) as [keyof typeof SHEET_MESSAGES, string][]) {
    add(`sheet.${key}`, source, { en: source, th: sheetTh[key] });
  }
  for (const [key, source] of Object.entries(RESULT_MESSAGES) as [keyof typeof RESULT_MESSAGES, string][]) {
    add(`results.${key}`, source, { en: source, th: resultsTh[key] });
  }
  PHRASES.forEach((p, i) => {
    add(`phrase.${i}`, `{field} ${p.en}`, { en: `{field} ${p.en}`, th: p.th });
    // The phrase alone, at the cell of its field ("must be at most 5000 characters").
    add(`phrase.${i}.alone`, p.en, { en: p.en, th: p.th.replace(/\{field\} ?/, "") });
  });
  return out;
})();
