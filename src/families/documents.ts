// The eight document families: one entry each, made from the service's codes (rules/codes.ts).
import { FAMILIES, FAMILY_INFO, type Family } from "../rules/codes";
import { RESULT_KEYS } from "../sheet/fields";
import { familySheet } from "./sheets";
import { familyCard } from "./cards";
import { SERIAL_RECORDS, storeOf } from "./store";
import type { FamilyEntry } from "./types";

/** The families that pay a payee and withhold tax on their lines (a certificate is the company's
 * to issue); the sellers' withholding is the customer's to certify. */
const CERTIFIED_WITHHOLDING: ReadonlySet<Family> = new Set(["purchases", "expenses"]);

function documentEntry(family: Family): FamilyEntry<Family> {
  const info = FAMILY_INFO[family];
  return {
    ...familyCard(family),
    words: [info.label.en, info.label.th, family],
    statuses: info.statuses,
    ...SERIAL_RECORDS,
    columns: { post: [...RESULT_KEYS, "fingerprint"], undo: [...RESULT_KEYS, "fingerprint"] },
    ...familySheet(family),
    ...(CERTIFIED_WITHHOLDING.has(family) ? { lineWithholdingCertified: true as const } : {}),
    store: (client) => storeOf(client.documents(family)),
  };
}

export const DOCUMENT_ENTRIES: readonly FamilyEntry<Family>[] = FAMILIES.map(documentEntry);
