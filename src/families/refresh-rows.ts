// A pulled sheet of books or certificates read again (the refresh job, jobs/refresh.ts): the
// records of the pull's query with what their rows need (a product's accounts), each record's rows
// as the family's pull makes them, and the rows told against the service's copy by their
// fingerprint (sheet/row-fingerprint.ts): the family's fingerprint of the copy (its entry's proof, as
// post and update write it) and each pulled column's cells hashed when the pull wrote them, so an
// edit in the sheet and a change on the service are told apart column by column.
import type { DocSheetClient } from "../api";
import type { SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import type { FieldDef } from "../sheet/fields";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg } from "../sheet/i18n/results";
import { readDocuments } from "../sheet/read";
import { cellsText, hashedKeys, keptRow, sameCells, withRowFingerprint } from "../sheet/row-fingerprint";
import { headerLanguage } from "../sheet/writeback";
import { columnFormat } from "../workbook/memory";
import type { Block, CellValue, ColumnSpec } from "../workbook/port";
import { familyEntry } from "./index";
import type { PullQuery, RefreshOptions, RefreshSheet } from "./pulling";

/** A family's records as its pull reads them, and each one's rows as its pull writes them. */
export interface PulledRecords {
  records: Json[];
  /** One record's rows by column key (its fingerprint left to rowsPull), in `lang`. */
  cells(record: Json, lang: Lang): Record<string, CellValue>[];
}

/** What a family whose rows are not the documents' tells refresh about its pull. */
export interface RowsPull {
  /** Every column its pull writes, in the pull's order (the fingerprint's hashes are in this order). */
  readonly keys: readonly string[];
  column(key: string, lang: Lang): ColumnSpec;
  read(client: DocSheetClient, query: PullQuery, o: { signal?: AbortSignal; onPage?: RefreshOptions["onPage"] }): Promise<PulledRecords>;
}

export function rowsRefresh(pull: RowsPull, client: DocSheetClient, block: Block, family: SheetFamily, opts: RefreshOptions): RefreshSheet {
  const entry = familyEntry(family);
  const read = readDocuments(block, { table: entry.fields, family });
  const layout = read.layout;
  const defOf = (key: string): FieldDef | undefined => entry.fields.byKey.get(key);
  const writable = new Set(pull.keys.filter((k) => k !== "result"));
  const mapped = [...layout.headers.byColumn].filter(([, def]) => writable.has(def.key)).sort((a, b) => a[0] - b[0]);
  const keys = mapped.map(([, def]) => def.key);
  const colOf = new Map(mapped.map(([col, def]) => [def.key, col]));
  const lang: Lang = headerLanguage(layout) === "th" ? "th" : "en";
  const hashed = hashedKeys(pull.keys);
  // The columns compared: those the sheet has. Without a fingerprint column (journal vouchers, which
  // the service never changes) the cells alone say whether a row is the service's copy.
  const compared = hashed.filter((k) => colOf.has(k));
  const keepsFingerprint = colOf.has("fingerprint");
  let pulled: PulledRecords | undefined;
  const rowsByKey = (record: Json): Record<string, CellValue>[] => {
    if (!pulled) throw new Error("refresh: the records are listed before their rows are made");
    return withRowFingerprint(pull.keys, defOf, record, pulled.cells(record, lang), entry.proof.fingerprint);
  };
  const sheetText = (doc: { rows: readonly number[] }, key: string): string =>
    cellsText(doc.rows.map((r) => block.values[r - block.top]?.[colOf.get(key)! - block.left] ?? null), defOf(key));
  const rowName = (fields: Json): string => {
    const name = entry.nameOf({ ...fields, recordId: undefined, id: undefined });
    return name === "#undefined" ? "" : name;
  };

  return {
    documents: read.documents,
    layout,
    columns: mapped.map(([col]) => col),
    keys,
    formats: keys.map((k) => columnFormat(pull.column(k, lang))),
    async list() {
      pulled = await pull.read(client, opts.query, opts);
      return pulled.records;
    },
    rowsOf: (record) => rowsByKey(record).map((r) => keys.map((k) => r[k] ?? null)),
    compare(doc, record) {
      const now = rowsByKey(record);
      const nowText = (key: string): string => cellsText(now.map((r) => r[key] ?? null), defOf(key));
      const kept = keptRow(doc.fields.fingerprint?.value, hashed.length);
      if (kept?.columns) {
        const hash = (key: string): string => kept.columns![hashed.indexOf(key)];
        const edited = compared.filter((k) => !sameCells(sheetText(doc, k), hash(k)));
        const changed = compared.filter((k) => !sameCells(nowText(k), hash(k)));
        return { edited, changed, statusMoved: false, same: edited.length + changed.length === 0 && entry.proof.changed(kept.record, record) === false };
      }
      // A fingerprint of the copy alone (a post's), or none: the cells that differ from the copy are
      // the sheet's edits (all of them when the copy changed since: they cannot be told).
      const differ = compared.filter((k) => sheetText(doc, k) !== nowText(k));
      return { edited: differ, changed: [], statusMoved: false, same: differ.length === 0 && !keepsFingerprint };
    },
    // Only a family with a void status has void records (certificates); the books' are deleted.
    voided: (record) => entry.statuses.includes("void") && record.statusString === "void",
    mismatch(doc, record) {
      const name = rowName(Object.fromEntries(Object.entries(doc.fields).map(([k, c]) => [k, c.value])) as Json);
      const actual = entry.nameOf(record);
      if (name === actual || entry.proof.changed(doc.fields.fingerprint?.value, record) === false) return undefined;
      const recordId = Number(doc.fields.recordId?.value);
      return name ? resultMsg("rowOtherRecord", { recordId, actual, name }) : resultMsg("rowUnverified", { recordId, actual });
    },
    nameIn: (doc) => rowName(Object.fromEntries(Object.entries(doc.fields).map(([k, c]) => [k, c.value])) as Json),
    // As the family's pull heads the column in the run's language (a certificate's payee).
    label: (key) => pull.column(key, opts.lang).header,
  };
}
