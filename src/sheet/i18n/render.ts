// A message by key → what the reader reads, in their language: the key's template looked up in the
// language's table (targets.ts), its values put in (a nested message rendered in turn, a field by
// its label, a family and a status by name). English gives the wording people read (labels, not
// wire names; the spec's exact text is the service's answer, not shown). Only text the service sent (a message of key
// "service") goes through the pattern translator, which reads finished text back. Pure.
import type { Family } from "../../rules/codes";
import { isMessageList, serviceText, type Message, type Param } from "../../rules/message";
import type { Lang } from "./lang";
import { familyOf, localizeValue } from "./names";
import { phraseOf } from "./phrases";
import { TARGETS } from "./targets";
import { translate } from "./translate";
import { readMessageOf, readText } from "../../workbook/read-words";

export function render(msg: Message, lang: Lang): string {
  const text = shown(msg, lang);
  return msg.bare ? text.replace(/\.$/, "") : text;
}

function shown(msg: Message, lang: Lang): string {
  const { key, params } = msg;
  if (key === "service") return translate(String(params.text), lang);
  if (key === "at") return `${String(params.at)}: ${value("message", params.message, lang)}`;
  if (key === "phrase") return phrased(String(params.field), String(params.phrase), lang);
  const t = TARGETS.get(key);
  if (!t) return msg.text;
  // Ours only: the spec's exact words (wire names: "Item requires SystemCode") stay the service's answer.
  return fill(t.target[lang], params, lang);
}

/** `template` with its placeholders filled in `lang`; status words mean what the family makes them mean. */
function fill(template: string, params: Readonly<Record<string, Param>>, lang: Lang): string {
  const family = typeof params.family === "string" ? familyOf(params.family) : undefined;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? value(name, params[name], lang, family) : whole);
}

function value(name: string, v: Param, lang: Lang, family?: Family): string {
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return localizeValue(name, v, lang, family) ?? v;
  if (isMessageList(v)) return v.map((m) => render(m, lang)).join("; ");
  return render(v, lang);
}

/** A schema's field phrase after its field ("Line 3 must be a number"), or alone. */
function phrased(field: string, words: string, lang: Lang): string {
  const found = phraseOf(words);
  if (!found) return field ? `${localizeValue("field", field, lang) ?? field} ${words}` : words;
  const t = TARGETS.get(field ? `phrase.${found.index}` : `phrase.${found.index}.alone`)!;
  return fill(t.target[lang], field ? { ...found.params, field } : found.params, lang);
}

/** An error's message in `lang`: by key when it carries one (`msg`, or the .xlsx reader's
 * `readMessage`), else its text read as the service's (an error body, or a job's message already in
 * the run's language, left as it is). */
export function renderError(err: unknown, lang: Lang): string {
  const msg = (err as { msg?: Message } | null)?.msg;
  if (msg && typeof msg.key === "string" && typeof msg.text === "string") return render(msg, lang);
  const read = readMessageOf(err);
  if (read) return readText(read, lang);
  return translate(err instanceof Error ? err.message : String(err), lang);
}

/** Text the service sent, in `lang`. */
export const serviceTextIn = (text: string, lang: Lang): string => render(serviceText(text), lang);
