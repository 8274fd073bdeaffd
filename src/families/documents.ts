// The eight document families: one entry each, made from the service's codes (rules/codes.ts) and
// what each is beyond them (document-own.ts).
import { FAMILIES, FAMILY_INFO, type Family } from "../rules/codes";
import { RESULT_KEYS } from "../sheet/fields";
import { familySheet } from "./sheets";
import { familyCard } from "./cards";
import { datedStoreOf, SERIAL_RECORDS } from "./store";
import type { FamilyEntry } from "./types";
import { DOCUMENT_OWN } from "./document-own";

function documentEntry(family: Family): FamilyEntry<Family> {
  const info = FAMILY_INFO[family];
  const own = DOCUMENT_OWN[family];
  return {
    ...familyCard(family),
    words: [info.label.en, info.label.th, family],
    statuses: info.statuses,
    ...SERIAL_RECORDS,
    undo: "void",
    columns: { post: [...RESULT_KEYS, "fingerprint"], undo: [...RESULT_KEYS, "fingerprint"] },
    ...familySheet(family),
    ...(own.vatSide ? { vatSide: own.vatSide } : {}),
    ...(own.lineWithholdingCertified ? { lineWithholdingCertified: true as const } : {}),
    ...(own.deletedWhileAwaiting ? { deletedWhileAwaiting: true as const } : {}),
    store: (client) => datedStoreOf(client.documents(family)),
  };
}

export const DOCUMENT_ENTRIES: readonly FamilyEntry<Family>[] = FAMILIES.map(documentEntry);
