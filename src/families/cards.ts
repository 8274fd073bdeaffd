// Every family's card: its name, kind, labels, what its records are called and whether they can be
// updated. The entries (index.ts) are made from these; the pane's first paint (the family picker)
// and the messages read the cards alone, without the field tables an entry brings.
import { BOOK_FAMILIES, BOOK_FAMILY_LABEL, FAMILIES, FAMILY_INFO, named, upgradeTargets, WHT_FAMILY, type BookFamily, type Family, type SheetFamily } from "../rules/codes";
import type { Lang } from "../sheet/i18n/lang";
import { DOCUMENT_OWN, type StatusWords } from "./document-own";

/** Where a family's records live on the service: the eight document families under their own
 * paths, certificates under /withholding-taxes, vouchers under /journal-entries, and the master data. */
export type FamilyKind = "document" | "certificate" | "book";

/** The pane's and the CLI's acts on selected rows. */
export type ActKind = "status" | "delete" | "payment" | "upgrade" | "pdf" | "email" | "share" | "attach";

/** The acts in the order the pane and the CLI list them. */
export const ACT_ORDER: readonly ActKind[] = ["status", "delete", "payment", "upgrade", "pdf", "email", "share", "attach"];

/** The pull form's parts, each a filter of the pull query (or its layout) a family takes: the
 * period, the dates, a search, an order with a contact filter, one row per line. */
export type PullFilter = "range" | "dates" | "search" | "order" | "lines";

/** What one record is called when counted (sheet/i18n/record-count.ts keys). */
export type RecordKind = "Document" | "Certificate" | "Voucher" | "Contact" | "Product";

/** What a family is called and what kind it is: the part of its entry the pane paints first and
 * the messages name it by (cards.ts), light enough for the pane's first bundle. */
export interface FamilyCard<F extends SheetFamily = SheetFamily> {
  readonly name: F;
  readonly kind: FamilyKind;
  /** Its name in the pane's and the messages' languages. */
  readonly label: Readonly<Record<Lang, string>>;
  /** What one of its records is called ("2 contacts", "ผู้ติดต่อ 2 ราย"). */
  readonly record: RecordKind;
  /** Whether `update` may change its posted records. */
  readonly updates: boolean;
  /** Whether a post may save its records as drafts (journal vouchers). */
  readonly drafts: boolean;
  /** The acts the pane and `docsheet act` offer on its rows, in ACT_ORDER. */
  readonly acts: readonly ActKind[];
  /** What the pull form asks of it: the filters its pull query takes (none: every record). */
  readonly pulls: readonly PullFilter[];
  /** Its rows' contact is a supplier the company pays (purchase orders, purchases, expenses): the
   * sheet heads the contact and payment fields by the buying side's names (sheet/fields.ts). */
  readonly buying: boolean;
  /** Its records are documents that can be owed on (an amount due, settled by receipts): an act
   * form shows one selected record's copy and what is still due (jobs/shown.ts). */
  readonly owing: boolean;
  /** Its record ids are drawn from the one sequence every such family's records share (the
   * service's documents): an id it lacks may be another of these families' record (jobs/records-truth.ts). */
  readonly sharedIds: boolean;
  /** What its records' statuses are called (src/texts, namespace status), by the service's word;
   * a word it does not name is said as every family says it (sheet/i18n/status.ts). The document
   * families' are their rows of document-own.ts. */
  readonly statusWords?: StatusWords;
}


/** A document family's acts: every act, a payment where the service takes one, an upgrade where it
 * has a family to upgrade to. */
const documentActs = (family: Family): readonly ActKind[] =>
  ACT_ORDER.filter((k) => (k === "payment" ? FAMILY_INFO[family].payment : k === "upgrade" ? upgradeTargets(family).length > 0 : true));


// The service has no update for vouchers; a voucher may be saved as a draft. The books have no acts
// and are pulled whole.
const BOOK_CARD = {
  "journal-entries": { record: "Voucher", updates: false, drafts: true, acts: [], pulls: [] },
  contacts: { record: "Contact", updates: true, drafts: false, acts: [], pulls: [] },
  products: { record: "Product", updates: true, drafts: false, acts: [], pulls: [] },
} as const;

/** The books' records and the certificates are not documents: nothing owed on them, ids of their
 * own, their fields headed by their own names. */
const NOT_DOCUMENTS = { buying: false, owing: false, sharedIds: false } as const;

/** In the order the pane and the CLI list them. */
export const FAMILY_CARDS: readonly FamilyCard[] = [
  ...FAMILIES.map((f) => ({
    name: f, kind: "document" as const, label: FAMILY_INFO[f].label, record: "Document" as const, updates: true, drafts: false, acts: documentActs(f),
    buying: FAMILY_INFO[f].side !== "sell", owing: true, sharedIds: true,
    pulls: ["range", "dates", "search", "order", "lines"] as const, statusWords: DOCUMENT_OWN[f].statusWords,
  })),
  { name: WHT_FAMILY, kind: "certificate", label: named(WHT_FAMILY), record: "Certificate", updates: true, drafts: false, ...NOT_DOCUMENTS,
    // A certificate has statuses of its own, no payment or upgrade, and is not sent by e-mail or
    // shared; it is pulled by the date paid and a search, one row per income line.
    acts: ["status", "delete", "pdf"], pulls: ["dates", "search"] },
  ...BOOK_FAMILIES.map((f) => ({ name: f, kind: "book" as const, label: BOOK_FAMILY_LABEL[f], ...NOT_DOCUMENTS, ...BOOK_CARD[f] })),
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
