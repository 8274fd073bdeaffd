// Status words as people say them, per family, in English and Thai (the words: src/texts, namespace
// status; which family says which state by which word: its card's statusWords, families/cards.ts). The
// service keeps answering its own words ("awaiting", "invoicedelivered"); the sheet shows these,
// and reading a status cell takes either. Pure.
import { FAMILY_INFO, STATUS_WORDS, type Family, type SheetFamily, type StatusWord } from "../../rules/codes";
import { normalizeName } from "../fields";
import { FAMILY_CARDS } from "../../families/cards";
import type { Lang } from "./lang";
import { status as en } from "../../texts/en/status";
import { status as th } from "../../texts/th/status";

type Words = Readonly<Record<Lang, string>>;
/** A status word in both languages (src/texts, namespace status). */
const w = (key: keyof typeof en): Words => ({ en: en[key], th: th[key] });

/** A family's words (its card's statusWords); a word a family does not name falls back to GENERAL. */
const BY_FAMILY: ReadonlyMap<string, Partial<Record<StatusWord, Words>>> = new Map(FAMILY_CARDS.filter((c) => c.statusWords).map((c) => [
  c.name, Object.fromEntries(Object.entries(c.statusWords!).map(([word, key]) => [word, w(key)])),
]));

/** Words without a family (a status cell read before the family is known). */
const GENERAL: Readonly<Record<StatusWord, Words>> = {
  awaiting: w("pending"),
  approved: w("approved"),
  approvedandprocessed: w("processed"),
  rejected: w("rejected"),
  invoicedelivered: w("awaitingPayment"),
  received: w("receiptReceived"),
  void: w("cancelled"),
  paid: w("paid"),
  processed: w("processed"),
};

const isStatusWord = (v: string): v is StatusWord => (STATUS_WORDS as readonly string[]).includes(v);

/** The people's word for a status (the service's word, or a people's word in either language);
 * a word no status has is shown as it is. */
export function statusText(word: string, lang: Lang, family?: SheetFamily): string {
  const normal = normalizeName(word);
  const key = isStatusWord(normal) ? normal : statusFromText(word);
  if (key === undefined) return word;
  return ((family && BY_FAMILY.get(family)?.[key]) || GENERAL[key])[lang];
}

/** Every word a status cell may hold (normalized) → the service's word. The family's words first:
 * where two families say one word for different states ("processed"), the first listed wins and
 * serviceStatus turns it into the family's own. */
const FROM_TEXT: ReadonlyMap<string, StatusWord> = (() => {
  const m = new Map<string, StatusWord>();
  const add = (text: string, word: StatusWord): void => {
    const k = normalizeName(text).replace(/[-_]/g, "");
    if (!m.has(k)) m.set(k, word);
  };
  for (const word of STATUS_WORDS) add(word, word);
  add("ยกเลิก", "void");
  for (const word of STATUS_WORDS) for (const lang of ["en", "th"] as const) add(GENERAL[word][lang], word);
  for (const words of BY_FAMILY.values()) {
    for (const [word, text] of Object.entries(words) as [StatusWord, Words][]) for (const lang of ["en", "th"] as const) add(text[lang], word);
  }
  return m;
})();

/** The service's word for what a cell says (service word or people's word, English or Thai). */
export function statusFromText(text: string): StatusWord | undefined {
  return FROM_TEXT.get(normalizeName(text).replace(/[-_]/g, ""));
}

/** Every people's word of every family, for messages that list what a cell may say. */
export function statusChoices(lang: Lang, family?: Family): string[] {
  const words = family ? FAMILY_INFO[family].statuses : STATUS_WORDS;
  return [...new Set(words.map((s) => statusText(s, lang, family)))];
}

/** The same state as `word` in the words `family` accepts for a status change (`allowed`: its
 * entry's statuses): a cell that says "cancelled" is `rejected` on
 * a quotation and `void` elsewhere; "processed" is `approvedandprocessed` where the family has it,
 * and `processed` where it has that (certificates). Undefined when the family cannot take it. */
export function serviceStatus(family: SheetFamily, text: string, allowed: readonly string[]): string | undefined {
  const key = normalizeName(text).replace(/[-_]/g, "");
  // The family's own words first: they say which state this family means.
  for (const [word, t] of Object.entries(BY_FAMILY.get(family) ?? {}) as [StatusWord, Words][]) {
    if (allowed.includes(word) && (normalizeName(t.en).replace(/[-_]/g, "") === key || normalizeName(t.th) === key)) return word;
  }
  const word = statusFromText(text);
  if (word === undefined) return undefined;
  if (allowed.includes(word)) return word;
  const same: Partial<Record<StatusWord, StatusWord>> = { void: "rejected", rejected: "void", processed: "approvedandprocessed", approvedandprocessed: "processed" };
  const other = same[word];
  return other && allowed.includes(other) ? other : undefined;
}
