// A pulled document sheet read again (the refresh job, jobs/refresh.ts): every page of the pull's
// query, each document's rows as the pull writes them in the sheet's own language, and the rows
// told against the service's copy by their fingerprint's per-field hashes (sheet/fingerprint.ts):
// the fields edited in the sheet since, those the service changed, a status moved.
import type { DocSheetClient, DocumentRecord } from "../api";
import type { Family, SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import { changedSince, editedSince, fingerprintHolds } from "../sheet/fingerprint";
import { FIELD_BY_KEY, type FieldKind } from "../sheet/fields";
import { label } from "../sheet/i18n/names";
import { statusText } from "../sheet/i18n/status";
import { documentRows, pullKeys, pulledDateFormat } from "../sheet/pull";
import { readDocuments } from "../sheet/read";
import { ACCOUNT_CODE_WIRE, serviceCopy } from "../sheet/service-copy";
import { sheetChanges } from "../sheet/update";
import { headerLanguage } from "../sheet/writeback";
import type { Block, CellValue } from "../workbook/port";
import { familyEntry } from "./index";
import { rowMismatch, rowSerial } from "../jobs/verify";
import { throwIfCancelled } from "../jobs/types";
import type { RefreshOptions, RefreshSheet } from "./pulling";

/** Number formats of the cells a pull writes, by how the field is read (KIND_FORMATS of the hosts). */
const FORMATS: Partial<Record<FieldKind, string>> = { money: "#,##0.00", quantity: "#,##0.####", rate: "#,##0.####", date: "yyyy-mm-dd" };

export function documentRefresh(client: DocSheetClient, block: Block, sheetFamily: SheetFamily, opts: RefreshOptions): RefreshSheet {
  const family = sheetFamily as Family;
  const read = readDocuments(block, { family });
  const layout = read.layout;
  // The columns a pull writes, as this sheet has them; every other column is the user's.
  const writable = new Set(pullKeys(family, true));
  const mapped = [...layout.headers.byColumn].filter(([, def]) => writable.has(def.key)).sort((a, b) => a[0] - b[0]);
  const keys = mapped.map(([, def]) => def.key);
  const lines = keys.some((k) => k.startsWith("item."));
  // Words and labels as the sheet has them: a sheet of wire names keeps codes as numbers.
  const sheetLang = headerLanguage(layout);
  const cellLang = sheetLang === "key" ? undefined : sheetLang;
  const statusCol = keys.indexOf("status");
  const rowsOf = (doc: Json): CellValue[][] => documentRows(doc, keys, lines, cellLang).map((r) => {
    if (statusCol >= 0 && typeof r[statusCol] === "string") r[statusCol] = statusText(r[statusCol] as string, cellLang ?? "en", family);
    return r;
  });
  // Edits are told on the fields the sheet shows (an account shown by its code cannot be hashed as its id).
  const editable = keys.filter((k) => !(k in ACCOUNT_CODE_WIRE) && FIELD_BY_KEY.get(k)?.level !== "result");
  const api = client.documents(family);

  return {
    documents: read.documents,
    layout,
    columns: mapped.map(([col]) => col),
    keys,
    formats: keys.map((k) => (FIELD_BY_KEY.get(k)!.kind === "date" ? pulledDateFormat(cellLang) : FORMATS[FIELD_BY_KEY.get(k)!.kind] ?? null)),
    async list() {
      const listed: Json[] = [];
      for await (const page of api.listAll({ ...opts.query }, { signal: opts.signal, concurrency: opts.concurrency })) {
        throwIfCancelled(opts.signal);
        // Lists of the real service may leave the lines out: read the document for them.
        for (const rec of page.list) listed.push((lines && rec.items === undefined ? await api.get(rec.recordId, { signal: opts.signal }) : rec) as unknown as Json);
        opts.onPage?.({ page: page.currentPage, done: listed.length, total: page.total });
      }
      return listed;
    },
    rowsOf,
    compare(doc, record) {
      const rec = record as unknown as DocumentRecord;
      const copy = serviceCopy(rec);
      const kept = doc.fields.fingerprint?.value;
      const edited = editedSince(kept, doc, editable, lines);
      const sheetEdits = edited ?? (copy.linesKnown ? [...new Set(sheetChanges(doc, copy, layout).map((c) => c.key).filter(Boolean))] : []);
      const since = edited === undefined ? undefined : changedSince(kept, copy);
      const status = statusCol >= 0 ? rowsOf(record)[0][statusCol] : undefined;
      const statusMoved = statusCol >= 0 && String(doc.fields.status?.value ?? "") !== String(status ?? "")
        && statusText(String(doc.fields.status?.value ?? ""), "en", family) !== statusText(String(status ?? ""), "en", family);
      return {
        edited: sheetEdits,
        changed: since?.keys ?? [],
        statusMoved,
        same: sheetEdits.length === 0 && edited !== undefined && !since && fingerprintHolds(kept, copy) && !statusMoved,
      };
    },
    voided: (record) => record.statusString === "void",
    mismatch: (doc, record) => rowMismatch(doc, record as unknown as DocumentRecord, familyEntry(family).proof),
    nameIn: rowSerial,
    // As the family's pull heads the column in the run's language (a purchase's supplier, not customer).
    label: (key) => label(FIELD_BY_KEY.get(key)!, opts.lang, family),
  };
}
