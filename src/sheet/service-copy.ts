// A document as the service answers it → the shape rows read into (SheetDocument), every value
// read by its column's reader, so the sheet and the service's copy compare field by field in one
// form (update) and fingerprint the same whichever answer they came from (create, get, list). Pure.
import type { CellValue } from "../workbook/port";
import { FIELDS, type FieldDef } from "./fields";
import { stripMarkers } from "./marker";
import type { SheetCell, SheetDocument, SheetLine } from "./read";
import { isEmptyCell, parseCell, type Parsed } from "./values";
import type { Json } from "../rules/json";

const HEADER_DEFS = FIELDS.filter((d) => d.level === "document");
const LINE_DEFS = FIELDS.filter((d) => d.level === "item");
/** What only an inline document keeps per line: a simple one's lines read without them, as pulls write them. */
export const INLINE_LINE_KEYS: ReadonlySet<string> = new Set(["item.discountAmount", "item.vatRate", "item.withHeldPerItem", "item.withHeldPerItemValue"]);

/** Line fields the service takes by id or by code, and the answer's field with the code: a sheet
 * may name an account either way (templates and pulls write the code people know). */
export const ACCOUNT_CODE_WIRE: Readonly<Record<string, string>> = { "item.creditId": "creditCode", "item.debitId": "debitCode" };

export interface ServiceCopy extends SheetDocument {
  recordId: number;
  /** The service's status word ("awaiting", ...). */
  status?: string;
  structure: "simple" | "inline";
  /** False when the answer left the lines out (some lists do): line fields are then unknown. */
  linesKnown: boolean;
}

export function isInlineRecord(rec: Json): boolean {
  return rec.documentStructureType === "InlineDocument" || rec.useInlineDiscount === true || rec.useInlineVat === true;
}

/** A wire value as a cell would hold it; internal notes without the post's marker (a pull's view). */
function cellOf(def: FieldDef, v: unknown): CellValue {
  if (def.key === "internalNotes" && typeof v === "string") v = stripMarkers(v);
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  return null;
}

function read(def: FieldDef, v: unknown): Parsed | undefined {
  const raw = cellOf(def, v);
  if (isEmptyCell(raw)) return undefined;
  const parsed = parseCell(def, raw);
  // A value the sheet's reader would refuse (a tax id of an old contact) is still the service's value.
  return parsed.ok ? parsed.value : (raw as Parsed);
}

/** The service's copy of a document, as a sheet document whose cells all sit at (row, col). */
export function serviceCopy(rec: Json, at: { row: number; col: number } = { row: 0, col: 0 }): ServiceCopy {
  const structure = isInlineRecord(rec) ? "inline" : "simple";
  const cell = (value: Parsed): SheetCell => ({ value, row: at.row, col: at.col });
  const fields: Record<string, SheetCell> = {};
  for (const def of HEADER_DEFS) {
    const v = read(def, rec[def.wire]);
    if (v !== undefined) fields[def.key] = cell(v);
  }
  const items = Array.isArray(rec.items) ? (rec.items as Json[]) : undefined;
  const lines: SheetLine[] = (items ?? []).map((item) => {
    const line: SheetLine = { row: at.row, fields: {}, unreadable: new Set() };
    for (const def of LINE_DEFS) {
      if (structure === "simple" && INLINE_LINE_KEYS.has(def.key)) continue;
      const v = read(def, item?.[def.wire]);
      if (v === undefined) continue;
      line.fields[def.key] = cell(v);
      const code = ACCOUNT_CODE_WIRE[def.key] ? read(def, item?.[ACCOUNT_CODE_WIRE[def.key]]) : undefined;
      if (code !== undefined) line.fields[def.key].alias = code;
    }
    return line;
  });
  return {
    key: String(rec.documentSerial ?? rec.recordId ?? ""), rows: [at.row], firstRow: at.row, fields, lines,
    unreadable: new Set(), broken: false,
    recordId: Number(rec.recordId), status: typeof rec.statusString === "string" ? rec.statusString : undefined,
    structure, linesKnown: items !== undefined,
  };
}
