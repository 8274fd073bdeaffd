// The eight document families: one entry each, made from the service's codes (rules/codes.ts).
import { FAMILIES, FAMILY_INFO, type Family } from "../rules/codes";
import { RESULT_KEYS } from "../sheet/fields";
import { familySheet } from "./sheets";
import { familyCard } from "./cards";
import { SERIAL_RECORDS, storeOf } from "./store";
import type { FamilyEntry } from "./types";

/** What each document family is beyond the service's codes (rules/codes.ts FAMILY_INFO). */
type DocumentOwn = Pick<FamilyEntry<Family>, "vatSide" | "lineWithholdingCertified" | "deletedWhileAwaiting">;

// The tax invoices under Thai law give output tax (a receipt only when made from a billing note:
// sheet/vat-entries.ts), purchases and expenses input tax; the families that pay a payee and
// withhold tax on their lines certify it (the sellers' withholding is the customer's to certify);
// the service deletes awaiting quotations and billing notes and voids the rest.
const OWN: Readonly<Record<Family, DocumentOwn>> = {
  quotations: { deletedWhileAwaiting: true },
  "billing-notes": { deletedWhileAwaiting: true },
  "tax-invoices": { vatSide: "output" },
  receipts: { vatSide: "output" },
  "cash-invoices": { vatSide: "output" },
  "purchases-orders": {},
  purchases: { vatSide: "input", lineWithholdingCertified: true },
  expenses: { vatSide: "input", lineWithholdingCertified: true },
};

function documentEntry(family: Family): FamilyEntry<Family> {
  const info = FAMILY_INFO[family];
  return {
    ...familyCard(family),
    words: [info.label.en, info.label.th, family],
    statuses: info.statuses,
    ...SERIAL_RECORDS,
    columns: { post: [...RESULT_KEYS, "fingerprint"], undo: [...RESULT_KEYS, "fingerprint"] },
    ...familySheet(family),
    ...OWN[family],
    store: (client) => storeOf(client.documents(family)),
  };
}

export const DOCUMENT_ENTRIES: readonly FamilyEntry<Family>[] = FAMILIES.map(documentEntry);
