// The shared rules and the arithmetic checks on every document of a sheet, each finding moved onto
// the cell that holds the wrong value (pin.ts). Documents with cells that could not be read are
// checked too, on what could be read (unreadable.ts), so one run shows every problem. Pure.
import { checkDocument } from "../rules/checks";
import type { Family } from "../rules/codes";
import { buildDocument, type BuiltDocument } from "./body";
import { sortFindings, type CellFinding } from "./findings";
import { fieldOfPath, pinFinding } from "./pin";
import { onSide } from "./side-words";
import type { ReadResult, SheetDocument, SheetLayout } from "./read";
import { taxInvoiceWarnings } from "./tax-invoice";
import { hasUnreadable, restsOnUnreadable } from "./unreadable";
import { stopsDocument, vatTreatmentFindings } from "./vat-treatment";

export interface CheckedDocument {
  doc: SheetDocument;
  built: BuiltDocument;
  findings: CellFinding[];
}

/** Rules findings of one built document, at their cells; none that rests on a cell that could not be read. */
export function checkBuilt(doc: SheetDocument, built: BuiltDocument, family: Family, layout: SheetLayout): CellFinding[] {
  const operation = built.operation.startsWith("upgrade") ? "upgrade" : "create";
  const raw = checkDocument(built.body, { family, structure: built.structure, operation, withPayment: built.withPayment, arithmetic: true });
  const skipUnreadable = hasUnreadable(doc);
  const out = [...built.findings];
  for (const f of raw) {
    const ref = fieldOfPath(f.path);
    if (skipUnreadable && restsOnUnreadable(doc, ref)) continue;
    out.push(pinFinding(doc, layout, ref, f.msg, f.severity));
  }
  return out.map((f) => onSide(f, family));
}

/** Checks every document the sheet holds. Documents already posted (with a recordId) are not checked.
 * `markerOf`: a post's, which builds each document with its row's marker (what it sends is what is checked). */
export function checkSheet(read: ReadResult, family: Family, today: string, markerOf?: (doc: SheetDocument) => string): { documents: CheckedDocument[]; findings: CellFinding[] } {
  const vat = vatTreatmentFindings(read);
  const findings: CellFinding[] = [...read.findings, ...vat];
  const documents: CheckedDocument[] = [];
  for (const doc of read.documents) {
    if (doc.fields.recordId) continue;
    const built = buildDocument(doc, family, read.layout, { today, marker: markerOf?.(doc) });
    // What s.86/4 asks of a tax invoice's buyer, from the sheet (a named contact's details are the
    // post's to read: tax-invoice.ts).
    const own = [...checkBuilt(doc, built, family, read.layout), ...taxInvoiceWarnings(doc, built, family, read.layout)];
    findings.push(...own);
    // A VAT statement the sheet lacks is every document's problem.
    documents.push({ doc, built, findings: [...vat.filter((f) => stopsDocument(f, doc, read.layout.headerRow)), ...own] });
  }
  return { documents, findings: sortFindings(dedupe(findings)) };
}

function dedupe(list: CellFinding[]): CellFinding[] {
  const seen = new Set<string>();
  return list.filter((f) => {
    const k = `${f.cell}\u0000${f.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
