// Withholding tax certificates (50 ทวิ): their records live under /withholding-taxes, outside the
// document routes (service-facts §5.6); they have statuses of their own and no payment or upgrade.
import { WHT_FAMILY, WHT_STATUS_WORDS, type WhtFamily } from "../rules/codes";
import { RESULT_KEYS } from "../sheet/fields";
import { familySheet } from "./sheets";
import { familyCard } from "./cards";
import { SERIAL_RECORDS, storeOf } from "./store";
import { CERTIFICATE_PROOF } from "./proofs";
import type { FamilyEntry } from "./types";

export const CERTIFICATES: FamilyEntry<WhtFamily> = {
  ...familyCard(WHT_FAMILY),
  // What it is called (its card's name, from the text tables) and the other words people name it by.
  words: [familyCard(WHT_FAMILY).label.en, familyCard(WHT_FAMILY).label.th, "withholding tax", "50 ทวิ", "ภาษีหัก ณ ที่จ่าย", WHT_FAMILY],
  statuses: WHT_STATUS_WORDS,
  ...SERIAL_RECORDS,
  undo: "withdraw",
  // The fingerprint update compares (sheet/wht-fingerprint.ts): written by post, cleared by undo.
  proof: CERTIFICATE_PROOF,
  columns: { post: [...RESULT_KEYS, "fingerprint"], undo: [...RESULT_KEYS, "fingerprint"] },
  ...familySheet(WHT_FAMILY),
  store: (client) => storeOf(client.withholdingTaxes),
};
