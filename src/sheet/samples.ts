// The example rows' words, in the template's language: a Thai template shows a Thai company, Thai
// items and units, as a Thai accountant's own sheet would; dates are cells with a day-first,
// Buddhist-era format there (DATE_FORMAT_TH). The words are the text tables' (namespace samples). Pure.
import type { Lang } from "./i18n/lang";
import { samples as en } from "../texts/en/samples";
import { samples as th } from "../texts/th/samples";

/** A Thai sheet's dates: day first, Buddhist-era year (Excel's bbbb), the cell still a date. */
export const DATE_FORMAT_TH = "dd/mm/bbbb";

export const SAMPLE: Readonly<Record<Lang, Readonly<Record<keyof typeof en, string>>>> = { en, th };
