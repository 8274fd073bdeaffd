// The shared rules and the arithmetic checks on every document of a sheet, each finding moved onto
// the cell that holds the wrong value. Pure.
import { checkDocument } from "../rules/checks";
import type { Family } from "../rules/codes";
import type { Finding } from "../rules/findings";
import { buildDocument, type BuiltDocument } from "./body";
import { FIELD_BY_KEY } from "./fields";
import { cellFinding, sortFindings, type CellFinding } from "./findings";
import type { ReadResult, SheetDocument, SheetLayout } from "./read";

export interface CheckedDocument {
  doc: SheetDocument;
  built: BuiltDocument;
  findings: CellFinding[];
}

/** Rules findings of one built document, at their cells. */
export function checkBuilt(doc: SheetDocument, built: BuiltDocument, family: Family, layout: SheetLayout): CellFinding[] {
  const operation = built.operation.startsWith("upgrade") ? "upgrade" : "create";
  const raw = checkDocument(built.body, { family, structure: built.structure, operation, withPayment: built.withPayment, arithmetic: true });
  return [...built.findings, ...raw.map((f) => locate(doc, layout, f))];
}

/** Checks every document the sheet holds. Documents already posted (with a recordId) are not checked. */
export function checkSheet(read: ReadResult, family: Family, today: string): { documents: CheckedDocument[]; findings: CellFinding[] } {
  const findings: CellFinding[] = [...read.findings];
  const documents: CheckedDocument[] = [];
  for (const doc of read.documents) {
    if (doc.fields.recordId) continue;
    const built = buildDocument(doc, family, read.layout, { today });
    const own = doc.broken ? built.findings : checkBuilt(doc, built, family, read.layout);
    findings.push(...own);
    documents.push({ doc, built, findings: own });
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

/**
 * The cell of a finding's path: `items.2.pricePerUnit` → the row of line 3, column item.pricePerUnit;
 * `grandTotal` → the grandTotal cell. A field with no cell (a missing required field, a total the
 * sheet does not give) → the first cell of the document's first row (or of the line's row), naming the field.
 */
export function locate(doc: SheetDocument, layout: SheetLayout, f: Finding): CellFinding {
  const parts = f.path.split(".").filter((p) => p !== "");
  const firstCol = layout.headers.left;
  if (parts[0] === "items" && parts.length >= 2 && /^\d+$/.test(parts[1])) {
    const line = doc.lines[Number(parts[1])];
    const key = parts.length > 2 ? `item.${parts[2]}` : "";
    const cell = line?.fields[key];
    if (cell) return cellFinding(layout.sheet, cell.row, cell.col, key, f.message, f.severity);
    return cellFinding(layout.sheet, line?.row ?? doc.firstRow, firstCol, key, named(key, f.message), f.severity);
  }
  const key = parts[0] === "documentReference" ? `source.${parts[2] ?? "recordId"}` : (parts[0] ?? "");
  const cell = FIELD_BY_KEY.has(key) ? doc.fields[key] : undefined;
  if (cell) return cellFinding(layout.sheet, cell.row, cell.col, key, f.message, f.severity);
  return cellFinding(layout.sheet, doc.firstRow, firstCol, key, named(key, f.message), f.severity);
}

/** Messages pinned to a cell that is not the field's own say which field they are about. */
function named(field: string, message: string): string {
  if (!field || message.includes(field.replace(/^(item|source)\./, ""))) return message;
  return `${field}: ${message}`;
}
