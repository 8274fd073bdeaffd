// The families' names in each language (src/texts, namespace families), for the sheets named after one.
import { families as en } from "../texts/en/families";
import { families as th } from "../texts/th/families";
import type { Lang } from "../sheet/i18n/lang";

export const FAMILY_TEXTS: Readonly<Record<Lang, typeof en>> = { en, th };
