// What an action form shows before it acts: the posted documents of the selected rows, the sheet
// checked to be the connected company's first (the refusal every action gives), and with one
// document selected, that document as the service has it: serial, customer, amount due and what is
// still due after the receipts made from it. The form runs on exactly these documents.
import type { DocSheetClient, DocumentRecord } from "../api";
import type { DocumentFamily } from "../rules/codes";
import { familyEntry } from "../families";
import type { PaymentDue } from "../rules/settlement";
import type { ColumnMapping } from "../sheet/mapping";
import { render } from "../sheet/i18n/render";
import { readDocuments } from "../sheet/read";
import type { ReadTarget, WorkbookPort } from "../workbook/port";
import { guardSheet, postedDocuments } from "./company";
import { owingDue } from "./owing";
import type { JobContext } from "./types";
import { rowMismatch } from "./verify";

export interface ShownDocument {
  key: string;
  /** Sheet row (0-based) of its first row. */
  row: number;
  recordId: number;
  /** The serial in the sheet, else "#recordId". */
  serial: string;
}

export interface Shown {
  sheet: string;
  documents: ShownDocument[];
  /** Exactly one document selected: the service's copy, and what a payment must settle now;
   * `mismatch`: why the row's record id names another document (in the run's language). */
  one?: { copy: DocumentRecord; due: PaymentDue | null; mismatch?: string };
}

export interface ShownOptions extends Pick<JobContext, "lang" | "signal"> {
  family: DocumentFamily;
  target?: ReadTarget;
  /** Sheet rows (0-based) of the selection; default every row. */
  rows?: readonly number[];
  mapping?: ColumnMapping;
}

export async function shownDocuments(port: WorkbookPort, client: DocSheetClient | null, opts: ShownOptions): Promise<Shown> {
  const block = await port.read(opts.target);
  const wanted = opts.rows ? new Set(opts.rows) : undefined;
  const entry = familyEntry(opts.family);
  const read = readDocuments(block, { mapping: opts.mapping, table: entry.fields });
  const docs = read.documents.filter((d) => d.fields.recordId && (!wanted || d.rows.some((r) => wanted.has(r))));
  const documents = docs.map((d) => {
    const recordId = Number(d.fields.recordId.value);
    const serial = d.fields.documentSerial?.value;
    return { key: d.key, row: d.firstRow, recordId, serial: serial === undefined || serial === null || serial === "" ? `#${recordId}` : String(serial) };
  });
  const shown: Shown = { sheet: block.sheet, documents };
  if (!client || docs.length === 0) return shown;
  // Another company's sheet is refused here as every action refuses it, before its ids are looked up.
  await guardSheet(port, client, {
    sheet: block.sheet, family: opts.family, documents: postedDocuments(docs), lists: block.lists !== undefined, lang: opts.lang, signal: opts.signal,
  });
  // One record that can be owed on is compared with the service's copy, with what is still due.
  if (docs.length !== 1 || !entry.owing) return shown;
  const copy = (await entry.store(client).get(documents[0].recordId, opts.signal)) as unknown as DocumentRecord;
  const mismatch = rowMismatch(docs[0], copy, entry.proof);
  if (mismatch) return { ...shown, one: { copy, due: null, mismatch: render(mismatch, opts.lang ?? "en") } };
  return { ...shown, one: { copy, due: await owingDue(client, copy, opts.signal) } };
}
