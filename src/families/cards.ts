// Every family's card: its name, kind, labels, what its records are called and whether they can be
// updated. The entries (index.ts) are made from these; the pane's first paint (the family picker)
// and the messages read the cards alone, without the field tables an entry brings.
import { BOOK_FAMILIES, BOOK_FAMILY_LABEL, FAMILIES, FAMILY_INFO, WHT_FAMILY, type BookFamily, type SheetFamily } from "../rules/codes";
import type { FamilyCard } from "./types";

// The service has no update for vouchers; a voucher may be saved as a draft.
const BOOK_CARD = {
  "journal-entries": { record: "Voucher", updates: false, drafts: true },
  contacts: { record: "Contact", updates: true, drafts: false },
  products: { record: "Product", updates: true, drafts: false },
} as const;

/** In the order the pane and the CLI list them. */
export const FAMILY_CARDS: readonly FamilyCard[] = [
  ...FAMILIES.map((f) => ({ name: f, kind: "document" as const, label: FAMILY_INFO[f].label, record: "Document" as const, updates: true, drafts: false })),
  { name: WHT_FAMILY, kind: "certificate", label: { en: "Withholding tax certificate", th: "หนังสือรับรองการหักภาษี ณ ที่จ่าย" }, record: "Certificate", updates: false, drafts: false },
  ...BOOK_FAMILIES.map((f) => ({ name: f, kind: "book" as const, label: BOOK_FAMILY_LABEL[f], ...BOOK_CARD[f] })),
];

const BY_NAME = new Map<string, FamilyCard>(FAMILY_CARDS.map((c) => [c.name, c]));

/** The card of a family a sheet can hold. */
export function familyCard<F extends SheetFamily>(family: F): FamilyCard<F> {
  const card = BY_NAME.get(family);
  if (!card) throw new Error(`no family ${String(family)}`);
  return card as FamilyCard<F>;
}

/** The card named `value`, or undefined for a word that names no family. */
export function findCard(value: unknown): FamilyCard | undefined {
  return typeof value === "string" ? BY_NAME.get(value) : undefined;
}

/** Whether a family is a book (journal vouchers, contacts, products), by its card's kind. */
export function isBook(family: unknown): family is BookFamily {
  return findCard(family)?.kind === "book";
}
