// The field phrases of the shared schemas ("must be a number", "is required"): the rules put a
// field's name in front of them (checks/report.ts zodFindings), so a message is "{field} {phrase}".
// English as the schemas write them, with {placeholders} for the numbers they carry; Thai with the
// field where Thai puts it. Pure.
import { phrases as en } from "../../texts/en/phrases";
import { phrases as th } from "../../texts/th/phrases";

type Phrase = { en: string; th: string };

/** The phrases in the text tables' order (src/texts, namespace phrases): English as the schemas
 * write it, without its field; Thai with the field where Thai puts it. */
export const PHRASES: readonly Phrase[] = (Object.keys(en) as (keyof typeof en)[])
  .map((key) => ({ en: en[key].replace(/^\{field\} /, ""), th: th[key] }));

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each phrase as a pattern catching its numbers, the most words of its own first. */
const PATTERNS: readonly { index: number; regex: RegExp }[] = PHRASES.map((p, index) => {
  const seen = new Set<string>();
  const pattern = escape(p.en).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    if (seen.has(name)) return `\\k<${name}>`;
    seen.add(name);
    return `(?<${name}>.+?)`;
  });
  return { index, regex: new RegExp(`^${pattern}$`, "u"), weight: p.en.replace(/\{\w+\}/g, "").length };
}).sort((a, b) => b.weight - a.weight);

/** Which phrase a schema's error text is, with the numbers it carries ("must be at most 7
 * characters" → max 7): the schemas write their phrases out, so their words are read back here. */
export function phraseOf(words: string): { index: number; params: Record<string, string> } | undefined {
  for (const { index, regex } of PATTERNS) {
    const m = regex.exec(words);
    if (m) return { index, params: { ...m.groups } };
  }
  return undefined;
}
