// A document of the sheet against the service's copy of it: which of the sheet's fields differ
// (the preview of an update), and the document to send, which is the service's copy with the
// sheet's columns laid over it. Only columns the sheet has count: a sheet without a line column
// keeps the service's lines, and one without a field keeps the service's value. An empty cell clears
// a text field; an empty number, date or code cell keeps the service's value. Totals left as the
// service had them are computed again from the (maybe edited) lines; a total typed in is sent as
// typed, and checked. Pure.
import { parseDecimal } from "../rules/money";
import { FIELD_BY_KEY } from "./fields";
import type { SheetCell, SheetDocument, SheetLayout, SheetLine } from "./read";
import { INLINE_LINE_KEYS, type ServiceCopy } from "./service-copy";
import type { Parsed } from "./values";

/** Totals the sheet may leave to be computed (body.ts fills them when absent). */
export const COMPUTED: ReadonlySet<string> = new Set([
  "subTotal", "totalAfterDiscount", "exemptAmount", "vatableAmount", "vatAmount", "grandTotal", "documentWithholdingTaxAmount", "item.total",
]);
export const TOTAL_KEYS: readonly string[] = ["subTotal", "totalAfterDiscount", "exemptAmount", "vatableAmount", "vatAmount", "grandTotal"];

export interface FieldChange {
  /** Column key ("contactName", "item.pricePerUnit"); "" for a whole line added or removed. */
  key: string;
  /** 0-based line index for line fields and whole lines. */
  line?: number;
  from?: Parsed;
  to?: Parsed;
  /** A whole line: added in the sheet, or not in the sheet any more. */
  lineChange?: "added" | "removed";
}

function isBlank(v: Parsed | undefined): boolean {
  return v === undefined || (typeof v === "string" && v.trim() === "");
}

/** Equal as the service keeps them: numbers by value (100 = 100.00), text as typed, empty = absent. */
export function sameValue(a: Parsed | undefined, b: Parsed | undefined): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  if (typeof a === "number" || typeof b === "number") {
    const x = parseDecimal(a);
    const y = parseDecimal(b);
    return x !== null && y !== null ? x.equals(y) : String(a) === String(b);
  }
  return a === b;
}

/** Whether an empty cell of this field clears it (text) rather than keeping the service's value. */
const clears = (key: string): boolean => FIELD_BY_KEY.get(key)?.kind === "text";

/** The fields of one level the sheet gives: its columns, and the mapping's values for every row. */
function columnsOf(layout: SheetLayout, level: "document" | "item"): string[] {
  return [...new Set([...layout.headers.columns.keys(), ...layout.values.keys()])].filter((k) => FIELD_BY_KEY.get(k)?.level === level);
}

/** The value the sheet gives a field: undefined when its cell says "keep the service's". */
function sheetSays(key: string, cell: SheetCell | undefined): { value: Parsed | undefined } | undefined {
  if (cell && !isBlank(cell.value)) return { value: cell.value };
  return clears(key) ? { value: undefined } : undefined;
}

/** The fields (of the sheet's columns) whose value in the sheet differs from the service's. */
export function sheetChanges(doc: SheetDocument, copy: ServiceCopy, layout: SheetLayout): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const key of columnsOf(layout, "document")) {
    const says = sheetSays(key, doc.fields[key]);
    const from = copy.fields[key]?.value;
    if (says && !sameValue(from, says.value)) changes.push({ key, from, to: says.value });
  }
  const itemKeys = columnsOf(layout, "item");
  if (itemKeys.length === 0) return changes;
  const n = Math.max(doc.lines.length, copy.lines.length);
  for (let i = 0; i < n; i++) {
    const mine = doc.lines[i];
    const theirs = copy.lines[i];
    if (!theirs) changes.push({ key: "", line: i, to: lineName(mine), lineChange: "added" });
    else if (!mine) changes.push({ key: "", line: i, from: lineName(theirs), lineChange: "removed" });
    else {
      for (const key of itemKeys) {
        const says = sheetSays(key, mine.fields[key]);
        const from = theirs.fields[key]?.value;
        const alias = theirs.fields[key]?.alias;
        if (says && !sameValue(from, says.value) && (alias === undefined || !sameValue(alias, says.value))) changes.push({ key, line: i, from, to: says.value });
      }
    }
  }
  return changes;
}

function lineName(line: SheetLine): Parsed {
  return line.fields["item.name"]?.value ?? line.fields["item.description"]?.value ?? "";
}

/** A field of the document to send: the sheet's (when it says something), else the service's
 * (re-pointed at `at`, where a finding about it is shown); a total left as the service had it is
 * left out, to be computed. */
function pick(key: string, mine: SheetCell | undefined, hasColumn: boolean, theirs: SheetCell | undefined, at: { row: number; col: number }, computedHere: ReadonlySet<string>): SheetCell | undefined {
  const says = hasColumn ? sheetSays(key, mine) : undefined;
  const computed = computedHere.has(key);
  if (computed) return says && says.value !== undefined && !sameValue(theirs?.value, says.value) ? mine : undefined;
  if (says) {
    if (says.value !== undefined) return mine;
    // A cleared text field is sent empty when the service has a value (an absent contact field would come back from the contact).
    return theirs ? { value: "", row: mine?.row ?? at.row, col: mine?.col ?? at.col } : undefined;
  }
  return theirs ? { value: theirs.value, row: at.row, col: at.col } : undefined;
}

/** The document to send: the service's copy with the sheet's columns laid over it. */
export function mergeForUpdate(doc: SheetDocument, copy: ServiceCopy, layout: SheetLayout): SheetDocument {
  const at = { row: doc.firstRow, col: layout.headers.left };
  const cols = new Set([...layout.headers.columns.keys(), ...layout.values.keys()]);
  const keys = new Set([...Object.keys(copy.fields), ...columnsOf(layout, "document")]);
  // Manual VAT is the user's (or the service's) figure; an inline document's discount is its lines' sum.
  const manualVat = (doc.fields.isManualVat?.value ?? copy.fields.isManualVat?.value) === true;
  const computedHere = new Set([...COMPUTED].filter((k) => !(k === "vatAmount" && manualVat)));
  if (copy.structure === "inline") computedHere.add("discountAmount");
  const fields: Record<string, SheetCell> = {};
  for (const key of keys) {
    const cell = pick(key, doc.fields[key], cols.has(key), copy.fields[key], at, computedHere);
    if (cell) fields[key] = cell;
  }
  const itemKeys = columnsOf(layout, "item");
  let lines: SheetLine[];
  if (itemKeys.length === 0) {
    lines = copy.lines.map((l) => ({ row: at.row, unreadable: new Set(), fields: Object.fromEntries(
      Object.entries(l.fields).filter(([k]) => k !== "item.total").map(([k, c]) => [k, { ...c, row: at.row, col: at.col }]),
    ) }));
  } else {
    lines = doc.lines.map((mine, i) => {
      const theirs = copy.lines[i];
      const lineAt = { row: mine.row, col: at.col };
      const out: SheetLine = { row: mine.row, fields: {}, unreadable: mine.unreadable };
      for (const key of new Set([...Object.keys(theirs?.fields ?? {}), ...itemKeys])) {
        const cell = pick(key, mine.fields[key], cols.has(key), theirs?.fields[key], lineAt, computedHere);
        if (cell) out.fields[key] = cell;
      }
      return out;
    });
  }
  return { ...doc, fields, lines };
}

/** Whether the document to send has per-line discounts or VAT rates (an inline document's). */
export function hasInlineLines(doc: SheetDocument): boolean {
  return doc.lines.some((l) => [...INLINE_LINE_KEYS].some((k) => l.fields[k] !== undefined));
}
