// The certificates' pull (families/pullings.ts): every certificate of the dates paid asked for, each
// once, oldest first, one row per income line (the layout check and post read back).
import { readCertificates } from "../jobs/wht";
import { certificateRows, whtColumn, WHT_KEYS } from "../sheet/wht-rows";
import type { Pulling } from "./pulling";
import { FAMILY_TEXTS } from "./texts";

export const CERTIFICATE_PULLING: Pulling = {
  async table(client, opts) {
    const lang = opts.lang ?? "en";
    const { startDate, endDate, searchString } = opts.query ?? {};
    const records = await readCertificates(client, { ...opts, startDate, endDate, searchString });
    const rows = certificateRows(records, lang);
    const name = opts.sheetName ?? FAMILY_TEXTS[lang].certificatesPulledSheet;
    return { name, columns: WHT_KEYS.map((k) => whtColumn(k, lang)), rows, documents: records.length };
  },
  refreshable: false,
  failure: "documents",
};
