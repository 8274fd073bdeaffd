// A posted row's result cells, for every family's post (post.ts): record id, number, status
// in the reader's words and the result on every row of the document, and the service copy's
// fingerprint where the sheet keeps one (the family's, its entry's proof: update and refresh read it).
import type { DocumentRecord } from "../api";
import type { SheetDocument } from "../sheet/read";
import { resultWrites, type ResultColumns } from "../sheet/writeback";
import type { CellWrite } from "../workbook/port";

/** What a row is told: its record (none when not posted) and the result, as written. */
export interface PostedRow {
  recordId?: number;
  documentSerial?: string;
  message: string;
}

/** `status`: the record's status as people say it (written only with a record id). */
/** `fingerprint`: how the family fingerprints the service's copy (its entry's proof). */
export function postedWrites(doc: SheetDocument, columns: ResultColumns, r: PostedRow, status: string, rec: DocumentRecord | undefined, fingerprint: (rec: DocumentRecord) => string): CellWrite[] {
  const ok = r.recordId !== undefined;
  return resultWrites(doc, columns.cols, {
    recordId: ok ? r.recordId! : null,
    documentSerial: ok ? (r.documentSerial ?? null) : null,
    status: ok ? status : null,
    result: r.message,
    // Worked out only for a sheet that keeps it.
    fingerprint: rec && columns.cols.fingerprint !== undefined ? fingerprint(rec) : null,
  });
}
