// A document read from rows → the request the service takes: which operation (simple or inline,
// with payment, upgrade, partial receipt) and the JSON body, with the totals the user left out
// computed by the shared rules. A field whose cell could not be read is left out, as though its cell
// were empty (defaults and computed totals fill it), but still counts when choosing the operation.
// Pure.
import { CREDIT_TYPE, FAMILY_INFO, PAYMENT_METHOD, type Family } from "../rules/codes";
import { computeTotals, type ComputedTotals } from "../rules/totals";
import { dueOf, settlePayment } from "../rules/settlement";
import { ZERO, parseDecimal, toWireNumber } from "../rules/money";
import { FIELD_BY_KEY, type FieldLevel } from "./fields";
import { LONG_TEXT_MAX } from "../rules/limits";
import { tooLong } from "../rules/schemas/wire";
import { NOTES_MAX, notesWithMarker, stripMarkers } from "./marker";
import { cellFinding, type CellFinding } from "./findings";
import { sheetMsg } from "./messages";
import type { SheetCell, SheetDocument, SheetLayout } from "./read";
import type { CreateBodies, CreateOperation } from "../rules/schemas/bodies";
import { phrase, type Message } from "../rules/message";
import { addDays } from "../rules/calendar";

export type PostOperation = CreateOperation;

interface BuiltBase {
  structure: "simple" | "inline";
  withPayment: boolean;
  upgrade: boolean;
  /** Problems with the choice of operation (a receipt with no source, payment on a quotation). */
  findings: CellFinding[];
}

/** A create operation and the body it takes: `body` is typed by `operation`. */
export type SendableDocument = { [O in PostOperation]: { operation: O; body: CreateBodies[O] } }[PostOperation];

export type BuiltDocument = BuiltBase & SendableDocument;

export interface BuildOptions {
  /** YYYY-MM-DD used when the sheet gives no publishedOn. */
  today: string;
  /** Text added to internalNotes (the post job's marker). */
  marker?: string;
  /** The structure to build (an update keeps the service's), instead of the one the lines ask for. */
  structure?: "simple" | "inline";
}

const TOTAL_FIELDS = ["subTotal", "discountAmount", "totalAfterDiscount", "vatAmount", "grandTotal"] as const;
const INLINE_TOTALS = ["exemptAmount", "vatableAmount"] as const;

/** Fields filled here (computed or defaulted) when the sheet leaves them out: a finding about one
 * never asks for its column. */
export const FILLED_FIELDS: ReadonlySet<string> = new Set([
  ...TOTAL_FIELDS, ...INLINE_TOTALS, "documentWithholdingTaxAmount", "item.total", "publishedOn", "dueDate",
  "useInlineDiscount", "useInlineVat", "discountType", "paymentDate", "collected", "withheldAmount", "source.referenceDocumentType", "creditType",
]);

const METHOD_NAME: Record<number, string> = {
  [PAYMENT_METHOD.Cash]: "Cash", [PAYMENT_METHOD.Cheque]: "Cheque", [PAYMENT_METHOD.Transfer]: "Transfer",
  [PAYMENT_METHOD.CreditCard]: "CreditCard", [PAYMENT_METHOD.PettyCash]: "PettyCash", [PAYMENT_METHOD.OtherChannel]: "OtherChannel",
};

/** Serial prefixes of the source types an upgrade names (service-facts §2.1). */
const SOURCE_TYPE_BY_PREFIX: [RegExp, number][] = [[/^QT/i, 3], [/^BL/i, 5], [/^INV/i, 7], [/^PO/i, 1]];

export function buildDocument(doc: SheetDocument, family: Family, layout: SheetLayout, opts: BuildOptions): BuiltDocument {
  const info = FAMILY_INFO[family];
  const findings: CellFinding[] = [];
  const named = { family: info.label.en };
  /** A finding at the cell that asks for what cannot be done, else where `key`'s column is (or the first cell). */
  const problem = (asker: SheetCell | undefined, key: string, message: Message): void => {
    const at = asker ?? { row: doc.firstRow, col: layout.headers.columns.get(key) ?? layout.headers.left };
    findings.push(cellFinding(layout.sheet, at.row, at.col, key, message));
  };
  // Unreadable cells count: a source column the sheet could not read still asks for an upgrade.
  const has = (level: FieldLevel): boolean =>
    firstOfLevel(doc, level) !== undefined || [...doc.unreadable].some((k) => FIELD_BY_KEY.get(k)?.level === level);
  const lineHas = (keys: readonly string[]): boolean => doc.lines.some((l) => keys.some((k) => l.fields[k] || l.unreadable.has(k)));
  const partial = lineHas(PARTIAL_FIELDS);
  const upgrade = has("source");
  const withPayment = has("payment");
  const inline = opts.structure ? opts.structure === "inline" : lineHas(INLINE_FIELDS);
  const structure = inline ? "inline" : "simple";

  let operation: PostOperation;
  if (partial) {
    operation = "partialReceipt";
    if (!info.partialReceipt) problem(firstLineCell(doc, PARTIAL_FIELDS), "item.documentId", sheetMsg("noPartialReceipts", named));
  } else if (upgrade) {
    operation = withPayment ? (inline ? "upgradeInlineWithPayment" : "upgradeWithPayment") : inline ? "upgradeInline" : "upgrade";
    if (!info.upgrade) problem(firstOfLevel(doc, "source"), "source.recordId", sheetMsg("noUpgrade", named));
    else if (withPayment && !info.upgradeWithPayment) {
      problem(firstOfLevel(doc, "payment"), "paymentMethod", sheetMsg("upgradeNoPayment", { family: info.label.en.toLowerCase() }));
    }
  } else {
    operation = withPayment ? (inline ? "createInlineWithPayment" : "createWithPayment") : inline ? "createInline" : "create";
    if (!info.simple) problem(undefined, "source.recordId", sheetMsg("needsSource", named));
    else if (withPayment && !info.withPayment) problem(firstOfLevel(doc, "payment"), "paymentMethod", sheetMsg("noPaymentOnCreate", named));
  }

  const body = operation === "partialReceipt" ? partialBody(doc, opts) : documentBody(doc, family, structure, upgrade, withPayment, opts);
  findings.push(...notesTooLong(doc, layout));
  // Cells are read untyped: the body is the operation's as far as the sheet is right, and the
  // checks parse it with the operation's own schema before anything is sent.
  const built = { operation, structure, withPayment: withPayment && !partial, upgrade: upgrade && !partial, body, findings };
  return built as BuiltDocument;
}

const PARTIAL_FIELDS = ["item.documentId", "item.partialAmount"];
const INLINE_FIELDS = ["item.discountAmount", "item.vatRate", "item.withHeldPerItem", "item.withHeldPerItemValue"];

/** The leftmost filled cell of the document's fields of a level (on its first row that has one). */
function firstOfLevel(doc: SheetDocument, level: FieldLevel): SheetCell | undefined {
  let first: SheetCell | undefined;
  for (const [key, cell] of Object.entries(doc.fields)) {
    if (FIELD_BY_KEY.get(key)?.level !== level) continue;
    if (!first || cell.row < first.row || (cell.row === first.row && cell.col < first.col)) first = cell;
  }
  return first;
}

/** The first line cell of these fields. */
function firstLineCell(doc: SheetDocument, keys: readonly string[]): SheetCell | undefined {
  for (const l of doc.lines) for (const k of keys) if (l.fields[k]) return l.fields[k];
  return undefined;
}

/** Document, payment and source fields of the sheet, by wire name. */
function headerValues(doc: SheetDocument, levels: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, cell] of Object.entries(doc.fields)) {
    const def = FIELD_BY_KEY.get(key);
    if (def && !def.wht && levels.includes(def.level)) out[def.wire] = cell.value;
  }
  return out;
}

function lineValues(doc: SheetDocument): Record<string, unknown>[] {
  return doc.lines.map((l) => {
    const item: Record<string, unknown> = {};
    for (const [key, cell] of Object.entries(l.fields)) {
      const def = FIELD_BY_KEY.get(key)!;
      if (!def.wht) item[def.wire] = cell.value;
    }
    return item;
  });
}

/** The due date the service sets, whatever a body says (service-facts: dueDate): the document's
 * date plus its credit days, none when it is cash. */
export function dueDateOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.publishedOn !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(body.publishedOn)) return undefined;
  const days = body.creditType === CREDIT_TYPE.Cash || typeof body.creditDays !== "number" ? 0 : body.creditDays;
  return addDays(body.publishedOn, days);
}

/** internalNotes as sent: the user's own, kept as read, and the post's marker as the last line. A
 * pulled document's marker is dropped: it is not this document's and would make a repost look posted. */
function withMarker(notes: unknown, marker: string | undefined): string | undefined {
  const text = typeof notes === "string" ? stripMarkers(notes) : "";
  // Notes too long for the marker are refused (notesTooLong): sent as they are, they are never sent.
  if (!marker || text.length > NOTES_MAX) return text || undefined;
  return notesWithMarker(text, marker);
}

/** Notes that leave no room for the post's marker, at their cell. Longer than the service takes at
 * all, the rules say so with the service's own limit. */
function notesTooLong(doc: SheetDocument, layout: SheetLayout): CellFinding[] {
  const cell = doc.fields.internalNotes;
  if (!cell || typeof cell.value !== "string") return [];
  const length = stripMarkers(cell.value).length;
  if (length <= NOTES_MAX || length > LONG_TEXT_MAX) return [];
  return [cellFinding(layout.sheet, cell.row, cell.col, "internalNotes", phrase("", tooLong(NOTES_MAX)))];
}

function documentBody(
  doc: SheetDocument, family: Family, structure: "simple" | "inline", upgrade: boolean, withPayment: boolean, opts: BuildOptions,
): Record<string, unknown> {
  const body: Record<string, unknown> = headerValues(doc, ["document"]);
  // A simple document's stated VAT amount (a VAT column of amounts: content.ts) says whether VAT
  // applies when nothing else does; the amount is then checked against the computed VAT.
  if (structure === "simple" && body.isVat === undefined && !doc.unreadable.has("isVat")) {
    const stated = parseDecimal(body.vatAmount);
    if (stated !== null) body.isVat = !stated.isZero();
  }
  body.publishedOn ??= opts.today;
  body.dueDate ??= dueDateOf(body) ?? body.publishedOn;
  const notes = withMarker(body.internalNotes, opts.marker);
  if (notes !== undefined) body.internalNotes = notes;
  body.documentStructureType = structure === "inline" ? "InlineDocument" : "SimpleDocument";
  if (structure === "inline") {
    body.useInlineDiscount ??= true;
    body.useInlineVat ??= true;
    body.discountType ??= 3;
  }
  body.items = lineValues(doc);
  fillTotals(body, structure);

  if (upgrade) {
    const source = headerValues(doc, ["source"]);
    if (source.referenceDocumentType === undefined) source.referenceDocumentType = sourceType(family, source.referenceDocumentSerial);
    body.documentReference = [source];
  }
  if (withPayment) Object.assign(body, paymentBody(body, family, structure, headerValues(doc, ["payment"])));
  return body;
}

/** The VAT and grand total the document will carry: the service works them out from the lines and
 * flags as computeTotals does (a manual VAT is the sheet's), whatever the sheet's total columns say
 * (a figure that disagrees is a finding at its cell, not what is created). A partial receipt's are
 * its body's (the sum of its partial amounts). */
export function carriedTotals(built: BuiltDocument): { vatAmount: string; grandTotal: string } {
  if (built.operation === "partialReceipt") return { vatAmount: String(built.body.vatAmount ?? ""), grandTotal: String(built.body.grandTotal ?? "") };
  const t = computeTotals(built.body as Record<string, unknown>, { structure: built.structure });
  return { vatAmount: t.vatAmount.toFixed(2), grandTotal: t.grandTotal.toFixed(2) };
}

/** Totals the sheet leaves empty are computed; the ones it gives are sent as given (and checked). */
function fillTotals(body: Record<string, unknown>, structure: "simple" | "inline"): ComputedTotals {
  const totals = computeTotals(body, { structure });
  const items = body.items as Record<string, unknown>[];
  items.forEach((item, i) => {
    if (item.total === undefined) item.total = toWireNumber(totals.lines[i].total);
  });
  for (const f of TOTAL_FIELDS) if (body[f] === undefined) body[f] = toWireNumber(totals[f]);
  if (structure === "inline") for (const f of INLINE_TOTALS) if (body[f] === undefined) body[f] = toWireNumber(totals[f]);
  if (body.documentWithholdingTaxPercentage !== undefined && body.documentWithholdingTaxAmount === undefined) {
    body.documentWithholdingTaxAmount = toWireNumber(totals.documentWithholdingTaxAmount);
  }
  return totals;
}

function sourceType(family: Family, serial: unknown): number | undefined {
  if (typeof serial === "string") for (const [re, t] of SOURCE_TYPE_BY_PREFIX) if (re.test(serial)) return t;
  const from = FAMILY_INFO[family].upgradeFrom;
  return from.length === 1 ? from[0] : undefined;
}

function paymentBody(
  body: Record<string, unknown>, family: Family, structure: "simple" | "inline", pay: Record<string, unknown>,
): Record<string, unknown> {
  const info = FAMILY_INFO[family];
  pay.paymentDate ??= body.publishedOn;
  // A withholding rate gives its amount, a blank collected amount what settles the rest (as the act job does).
  const due = dueOf(body);
  if (due) pay = settlePayment(pay, due);
  const method = METHOD_NAME[Number(pay.paymentMethod)] ?? "Cash";
  const form = structure === "inline" ? "Inline" : "Simple";
  if (info.side === "expense") pay.expensePaymentStructureType = `Expense${form}DocumentWithPaymentPaid${method}`;
  else pay.documentPaymentStructureType = `${form}DocumentWithPayment${info.side === "buy" ? "Paid" : "Receiving"}${method}`;
  return pay;
}

function partialBody(doc: SheetDocument, opts: BuildOptions): Record<string, unknown> {
  const body: Record<string, unknown> = headerValues(doc, ["document"]);
  const notes = withMarker(body.internalNotes, opts.marker);
  if (notes !== undefined) body.internalNotes = notes;
  body.isBatchDocument = true;
  body.partialPaymentMethod = 11;
  body.creditType ??= 3;
  body.documentStructureType = "SimpleDocument";
  body.documentReference = [];
  body.items = lineValues(doc).map((item) => ({ documentType: 7, ...item }));
  if (body.grandTotal === undefined) {
    let sum = ZERO;
    for (const item of body.items as Record<string, unknown>[]) sum = sum.plus(parseDecimal(item.partialAmount) ?? ZERO);
    body.grandTotal = toWireNumber(sum);
  }
  body.totalAfterDiscount ??= body.grandTotal;
  return body;
}
