// Which cell a finding about a field belongs to. Pure.
// - The field's own cell when it has a value.
// - Without a value, the empty cell of its column: on the document's first row, or on the line's row
//   for a line field.
// - Without such a column, the first cell of that row, and the message says which column to add:
//   the field's label (what the template writes), and what to put in it or its key. Not for a field
//   the sheet computes or defaults when it has no column (totals, dates): the message then only
//   names the field.
import { FILLED_FIELDS } from "./body";
import { FIELD_BY_KEY } from "./fields";
import { cellFinding, type CellFinding } from "./findings";
import { bare, type Message } from "../rules/message";
import { COLUMN_HINTS, sheetMsg } from "./messages";
import type { SheetDocument, SheetLayout } from "./read";

/** A field of a document: a column key, and the line's index for a line field. */
export interface FieldRef {
  key: string;
  line?: number;
}

/** The field a rules path names: `items.2.pricePerUnit` → line 2's item.pricePerUnit;
 * `documentReference.0.recordId` → source.recordId; `grandTotal` → grandTotal. */
export function fieldOfPath(path: string): FieldRef {
  const parts = path.split(".").filter((p) => p !== "");
  if (parts[0] === "items" && parts.length >= 2 && /^\d+$/.test(parts[1])) {
    return { key: parts.length > 2 ? `item.${parts[2]}` : "", line: Number(parts[1]) };
  }
  if (parts[0] === "documentReference") return { key: `source.${parts[2] ?? "recordId"}` };
  return { key: parts[0] ?? "" };
}

export function pinFinding(
  doc: SheetDocument, layout: SheetLayout, ref: FieldRef, message: Message, severity: CellFinding["severity"] = "error",
): CellFinding {
  const line = ref.line === undefined ? undefined : doc.lines[ref.line];
  const cell = ref.line === undefined ? doc.fields[ref.key] : line?.fields[ref.key];
  // A value given for every row has no cell of its own: the message says where it comes from.
  if (cell?.stated) {
    const said = sheetMsg("statedValue", { message: bare(message), field: ref.key, value: String(cell.value) });
    return cellFinding(layout.sheet, cell.row, cell.col, ref.key, said, severity);
  }
  if (cell) return cellFinding(layout.sheet, cell.row, cell.col, ref.key, message, severity);
  const row = line?.row ?? doc.firstRow;
  const col = layout.headers.columns.get(ref.key);
  if (col !== undefined) return cellFinding(layout.sheet, row, col, ref.key, message, severity);
  return cellFinding(layout.sheet, row, layout.headers.left, ref.key, withColumnToAdd(ref.key, message), severity);
}

/** A message pinned away from its field: it names the column to add, or at least the field. */
function withColumnToAdd(key: string, message: Message): Message {
  const def = FIELD_BY_KEY.get(key);
  if (!def || FILLED_FIELDS.has(key)) {
    if (!key || message.text.includes(key.replace(/^(item|source)\./, ""))) return message;
    return sheetMsg("namedField", { field: key, message });
  }
  const label = def.en[0];
  const params = { message: bare(message), a: article(label), label };
  const hint = COLUMN_HINTS[key];
  return hint ? sheetMsg("addColumnHint", { ...params, hint }) : sheetMsg("addColumn", params);
}

/** "an" before a vowel sound: an Item, an Email, a Unit price, a VAT column. */
function article(label: string): string {
  return /^(?:[aeio]|u(?!ni|se))/i.test(label) ? "an" : "a";
}
