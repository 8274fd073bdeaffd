// The family registry: every family a sheet can hold, declared once (one entry each). The jobs,
// the pane and the CLI ask an entry what to do; nothing outside src/families tests a family's name.
import type { SheetFamily } from "../rules/codes";
import { CONTACTS, PRODUCTS, VOUCHERS } from "./books";
import { CERTIFICATES } from "./certificates";
import { DOCUMENT_ENTRIES } from "./documents";
import type { FamilyEntry } from "./types";

export type { ActKind, FamilyCard, FamilyEntry, FamilyKind, Json, OwnFields, RaceLoser, RecordKind, RecordProof, RecordStore, Recovery, Shown, UndoWay } from "./types";
export { recordIdOf } from "./store";
export { ACT_ORDER, FAMILY_CARDS, familyCard, findCard } from "./cards";

/** In the order the pane and the CLI list them. */
export const FAMILY_ENTRIES: readonly FamilyEntry[] = [...DOCUMENT_ENTRIES, CERTIFICATES, VOUCHERS, CONTACTS, PRODUCTS];

const BY_NAME = new Map<string, FamilyEntry>(FAMILY_ENTRIES.map((e) => [e.name, e]));

/** The entry of a family a sheet can hold. */
export function familyEntry<F extends SheetFamily>(family: F): FamilyEntry<F> {
  const entry = BY_NAME.get(family);
  if (!entry) throw new Error(`no family ${String(family)}`);
  return entry as FamilyEntry<F>;
}

/** The entry named `value`, or undefined for a word that names no family. */
export function findFamily(value: unknown): FamilyEntry | undefined {
  return typeof value === "string" ? BY_NAME.get(value) : undefined;
}

const looseWord = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, "").replace(/(?<=[a-z])e?s$/, "");

/** The family a word people use names ("ใบเสนอราคา", "Tax invoice", "50 ทวิ", "contact"), in any
 * case, spacing or number; undefined when it names none. */
export function familyNamed(given: string): FamilyEntry | undefined {
  const word = looseWord(given);
  return FAMILY_ENTRIES.find((e) => e.words.some((w) => looseWord(w) === word));
}

/** The family names the service's codes know (rules/codes.ts), which the registry must cover. */
export { SHEET_FAMILIES as CODE_FAMILIES } from "../rules/codes";
