// Whether the sheet states the VAT of its documents. Without a statement the body would be sent with
// VAT absent (no VAT on a simple document, 7% on every line of an inline one): a tax document the
// user never asked for (a tax invoice with VAT 0.00). So a sheet whose documents' VAT nothing decides
// (no VAT yes/no column, isVat; no line VAT rate column, item.vatRate; no VAT amount column, which
// on a simple document says whether VAT applies (body.ts); no value for every row of any of them,
// the mapping's "values") is refused whole, at its header row, saying what to add; with such a
// column, a document whose cells are all empty is refused at its cell (an empty cell is not "no
// VAT").
// Prices include VAT (isVatInclusive) is not asked for: without it the prices typed are taken as
// before VAT and the VAT shows on the document on top of them (the service's own default, and what
// a total or VAT column on the sheet would contradict at check); a value for every row states it.
// Partial receipts are left alone: their VAT is their tax invoices'. Documents already posted
// (with a record id) are not sent, so not judged. Pure.
import type { SheetCell, SheetDocument, ReadResult } from "./read";
import { cellFinding, type CellFinding } from "./findings";
import { sheetMsg } from "./messages";

const PARTIAL_FIELDS = ["item.documentId", "item.partialAmount"];
const RATE = "item.vatRate";
/** Document fields that say whether VAT applies. */
const SAYS_VAT = ["isVat", "vatAmount"];

/** Findings of the sheet's VAT statement: at the header row for what the whole sheet lacks (every
 * document then stays unsent), at a document's cell for what it alone leaves empty. */
export function vatTreatmentFindings(read: ReadResult): CellFinding[] {
  const { layout } = read;
  const docs = read.documents.filter((d) => !d.fields.recordId && !isPartial(d));
  if (docs.length === 0) return [];
  const given = (key: string): boolean => layout.headers.columns.has(key) || layout.values.has(key);
  if (![...SAYS_VAT, RATE].some(given)) return [cellFinding(layout.sheet, layout.headerRow, layout.headers.left, "isVat", sheetMsg("vatUndecided"))];

  const out: CellFinding[] = [];
  for (const doc of docs) {
    if (decided(doc)) continue;
    const col = layout.headers.columns.get("isVat") ?? layout.headers.columns.get(RATE) ?? layout.headers.left;
    const row = layout.headers.columns.has("isVat") ? doc.firstRow : (doc.lines[0]?.row ?? doc.firstRow);
    out.push(cellFinding(layout.sheet, row, col, "isVat", sheetMsg("vatCellEmpty")));
  }
  return out;
}

/** Whether a finding of vatTreatmentFindings stops this document: the sheet's own, or at its rows. */
export function stopsDocument(f: CellFinding, doc: SheetDocument, headerRow: number): boolean {
  return f.row === headerRow || doc.rows.includes(f.row);
}

function isPartial(doc: SheetDocument): boolean {
  return doc.lines.some((l) => PARTIAL_FIELDS.some((k) => l.fields[k] || l.unreadable.has(k)));
}

const has = (cell: SheetCell | undefined): boolean => cell !== undefined;

/** A document's VAT is decided by its VAT yes/no or VAT amount, or by a rate on a line (the others
 * take 7%). A cell that could not be read has its own finding. Without lines there is no VAT to
 * decide. */
function decided(doc: SheetDocument): boolean {
  if (doc.lines.length === 0 || SAYS_VAT.some((k) => has(doc.fields[k]) || doc.unreadable.has(k))) return true;
  return doc.lines.some((l) => has(l.fields[RATE]) || l.unreadable.has(RATE));
}
