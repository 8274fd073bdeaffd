// The certificates' pull (families/pullings.ts): every certificate of the dates paid asked for, each
// once, oldest first, one row per income line (the layout check and post read back), with the hidden
// fingerprint refresh tells the sheet's edits from the service's changes by: the family's (the one
// post and update write, families/proofs.ts) with the pulled columns' hashes.
import { readCertificates } from "../jobs/certificate-list";
import { FIELD_BY_KEY, type FieldDef } from "../sheet/fields";
import { withRowFingerprint } from "../sheet/row-fingerprint";
import { certificateCells, whtColumn, WHT_KEYS } from "../sheet/wht-rows";
import type { Json } from "../rules/json";
import type { Lang } from "../sheet/i18n/lang";
import type { CellValue } from "../workbook/port";
import type { Pulling } from "./pulling";
import { FAMILY_TEXTS } from "./texts";
import { rowsRefresh, type RowsPull } from "./refresh-rows";
import { CERTIFICATE_PROOF } from "./proofs";

/** The pull's columns: the template's, then the fingerprint. */
const KEYS: readonly string[] = [...WHT_KEYS, "fingerprint"];
const defOf = (key: string): FieldDef | undefined => FIELD_BY_KEY.get(key);
const rowsByKey = (record: Json, lang: Lang): Record<string, CellValue>[] =>
  withRowFingerprint(KEYS, defOf, record, certificateCells(record, lang), CERTIFICATE_PROOF.fingerprint);
const rowsOf = (record: Json, lang: Lang): CellValue[][] => rowsByKey(record, lang).map((cells) => KEYS.map((k) => cells[k] ?? null));

/** The fingerprint a pull of the certificate into a sheet headed in `lang` writes: what update
 * writes back too, so refresh tells the sheet's later edits from the service's changes. */
export const pulledFingerprint = (record: Json, lang: Lang): CellValue => rowsByKey(record, lang)[0]?.fingerprint ?? null;

const CERTIFICATE_PULL: RowsPull = {
  keys: KEYS,
  column: whtColumn,
  async read(client, query, o) {
    const { startDate, endDate, searchString } = query;
    const records = await readCertificates(client, { signal: o.signal, startDate, endDate, searchString });
    o.onPage?.({ page: 1, done: records.length, total: records.length });
    return { records, cells: certificateCells };
  },
};

export const CERTIFICATE_PULLING: Pulling = {
  async table(client, opts) {
    const lang = opts.lang ?? "en";
    const { startDate, endDate, searchString } = opts.query ?? {};
    const records = await readCertificates(client, { ...opts, startDate, endDate, searchString });
    const name = opts.sheetName ?? FAMILY_TEXTS[lang].certificatesPulledSheet;
    return { name, columns: KEYS.map((k) => whtColumn(k, lang)), rows: records.flatMap((r) => rowsOf(r, lang)), documents: records.length };
  },
  refresh: (client, block, family, opts) => rowsRefresh(CERTIFICATE_PULL, client, block, family, opts),
  failure: "documents",
};
