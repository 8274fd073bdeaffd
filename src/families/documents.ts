// The eight document families: one entry each, made from the service's codes (rules/codes.ts).
import { FAMILIES, FAMILY_INFO, upgradeTargets, type Family } from "../rules/codes";
import { RESULT_KEYS } from "../sheet/fields";
import { familySheet } from "./sheets";
import { familyCard } from "./cards";
import { SERIAL_RECORDS, storeOf } from "./store";
import { ACT_ORDER, type FamilyEntry } from "./types";

function documentEntry(family: Family): FamilyEntry<Family> {
  const info = FAMILY_INFO[family];
  return {
    ...familyCard(family),
    words: [info.label.en, info.label.th, family],
    statuses: info.statuses,
    acts: ACT_ORDER.filter((k) => (k === "payment" ? info.payment : k === "upgrade" ? upgradeTargets(family).length > 0 : true)),
    ...SERIAL_RECORDS,
    columns: { post: [...RESULT_KEYS, "fingerprint"], undo: [...RESULT_KEYS, "fingerprint"] },
    ...familySheet(family),
    store: (client) => storeOf(client.documents(family)),
  };
}

export const DOCUMENT_ENTRIES: readonly FamilyEntry<Family>[] = FAMILIES.map(documentEntry);
