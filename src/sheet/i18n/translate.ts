// The translator, for text the service sent (its error bodies): a finished English message (from MESSAGES, SHEET_MESSAGES, RESULT_MESSAGES or a
// schema's "{field} must ..." phrase) → the same message in the asked language, for people: field
// labels instead of wire names, families and statuses by name, Thai where asked. Each template is
// compiled once into a regex capturing its placeholders, tried most specific first; the values
// caught are put into the language too (a field by its label, a nested message translated in
// turn). The spec's exact texts (wire names) are not shown beside. A message no template matches comes
// back unchanged. Pure.
import type { Family } from "../../rules/codes";
import { FAMILY_CARDS } from "../../families/cards";
import { formatMessage } from "../../rules/messages";
import type { Lang } from "./lang";
import { familyOf, localizeValue } from "./names";
import { TARGETS } from "./targets";

interface Template {
  /** "rules.contactRequired", "sheet.keyEmpty", "results.created", "phrase.3". */
  id: string;
  /** The English template messages are made from. */
  source: string;
  /** What is shown, per language. */
  target: Readonly<Record<Lang, string>>;
  regex: RegExp;
  names: string[];
  /** Text before the first placeholder: a message not starting with it cannot match. */
  prefix: string;
  /** Characters outside placeholders: the more, the more specific. */
  weight: number;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(id: string, source: string, target: Record<Lang, string>): Template {
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
    id, source, target, regex: new RegExp(pattern, "u"), names,
    prefix: first < 0 ? source : source.slice(0, first), weight: source.replace(/\{\w+\}/g, "").length,
  };
}

/** Placeholders whose values may hold spaces next to other placeholders ("{family} {serial}"):
 * caught as one of their known values, not as the shortest text. */
const CAPTURE: Readonly<Record<string, string>> = {
  // A count ("{number} contacts"): digits only, so no other text reads as one.
  number: "\\d[\\d,]*",
  family: FAMILY_CARDS.flatMap((e) => [e.name, e.label.en, e.label.en.toLowerCase()])
    .sort((a, b) => b.length - a.length).map(escape).join("|"),
};

/** Placeholders holding whole messages (which may hold ": " themselves). */
const NESTED: ReadonlySet<string> = new Set(["message", "reason", "messages"]);

let compiled: Template[] | undefined;

/** Every template, most specific first; compiled on first use. */
function templates(): Template[] {
  if (compiled) return compiled;
  const list = [...TARGETS].map(([id, t]) => compile(id, t.source, t.target));
  // A template whose own opening words the message starts with is the likelier one ("not sent:
  // {reason}" before "{field} is required"), then the one with more words of its own.
  compiled = list.sort((a, b) => b.prefix.length - a.prefix.length || b.weight - a.weight);
  return compiled;
}

/** The templates the translator knows, by id (tests check each has its Thai text). */
export function knownTemplates(): ReadonlyArray<Pick<Template, "id" | "source" | "target">> {
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
  // Ours only: the spec's exact words are the service's, named by wire names nobody reads.
  return formatMessage(t.target[lang], params);
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

/** A value caught by a placeholder, in `lang`, by what the placeholder's name says it is; a
 * message inside is translated in turn. */
function localize(name: string, value: string, lang: Lang, family?: Family): string {
  if (name === "message" || name === "reason") return problems(value, lang);
  const shown = localizeValue(name, value, lang, family);
  if (shown !== undefined) return shown;
  return name === "field" ? nested(value, lang) : value;
}
