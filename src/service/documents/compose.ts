// Turns a checked request body into the stored document: known fields only, every value rounded to
// the precision table, totals from the shared rules (calculation rules 1 and 2), dueDate from
// publishedOn + creditDays, the contact's fields, and the company header.
import { computeTotals } from "../../rules/totals";
import { Decimal, parseDecimal, PRECISION, roundField, toWireNumber } from "../../rules/money";
import { finding } from "../../rules/findings";
import { serviceText } from "../../rules/message";
import { validationError } from "../envelope";
import { CREDIT_TYPE, DOCUMENT_STRUCTURE, EXPENSE_VIEW, type Family } from "../../rules/codes";
import { LineItemSchema, UpdateDocumentSchema } from "../../rules/schemas";
import { addDays } from "../../rules/calendar";
import type { ResolvedContact } from "./contact-resolution";
import { COLUMN_FIELDS } from "./repository";
import { COMPANY_HEADER_FIELDS, completeDocument } from "./answer-shape";
import { expenseLine, type AccountBook } from "./expense-lines";
import type { Json } from "../../rules/json";

export type Structure = "simple" | "inline";

/** Fields the service computes or owns: never taken from the request. */
const SERVER_FIELDS = new Set<string>([
  ...COLUMN_FIELDS, "payments", "company", "items", "documentReference",
  "subTotal", "discountAmount", "totalAfterDiscount", "vatAmount", "grandTotal", "exemptAmount", "vatableAmount",
  "documentWithholdingTaxAmount", "totalWithoutVat", "contactId",
]);
const DOCUMENT_FIELDS = Object.keys(UpdateDocumentSchema.shape).filter((k) => !SERVER_FIELDS.has(k));
const INLINE_ONLY = new Set(["discountType", "useInlineDiscount", "useInlineVat", "exemptAmount", "vatableAmount"]);
const COMPANY_FIELDS = COMPANY_HEADER_FIELDS;
const LINE_FIELDS = Object.keys(LineItemSchema.shape);
const PARTIAL_LINE_FIELDS = new Set(["documentId", "documentType", "partialAmount"]);

const wire = (d: Decimal): number => toWireNumber(d);

/** A numeric wire value rounded to its field's precision; other values unchanged. */
function rounded(field: string, value: unknown): unknown {
  if (!Object.prototype.hasOwnProperty.call(PRECISION, field) || value === null || value === undefined) return value;
  const d = parseDecimal(value);
  return d === null ? value : wire(roundField(field, d));
}

function pick(source: Json, fields: readonly string[], skip: (f: string) => boolean = () => false): Json {
  const out: Json = {};
  for (const f of fields) if (!skip(f) && source[f] !== undefined) out[f] = rounded(f, source[f]);
  return out;
}

export interface ComposeInput {
  family: Family;
  structure: Structure;
  /** The body after schema parsing (numbers as numbers, booleans as booleans). */
  body: Json;
  contact: ResolvedContact;
  /** Company information (GET /company/info) for the document's company header. */
  company: Json;
  /** Expenses: the company's categories and accounts, which fill the lines' (expense-lines.ts). */
  accounts?: AccountBook;
}

export interface Composed {
  body: Json;
  publishedOn: string;
  dueDate: string;
  contactId: number;
  contactName: string;
  projectName: string;
  grandTotal: string;
}

/** Limits of what the store keeps (numeric(18,2) columns, real calendar dates). */
export const MAX_CREDIT_DAYS = 9999;
export const CREDIT_DAYS_RANGE = `creditDays must be a whole number from 0 to ${MAX_CREDIT_DAYS}`;
const MAX_AMOUNT = new Decimal("1e13");
export const AMOUNT_TOO_LARGE = "Amounts must be below 10,000,000,000,000";

function assertStorable(body: Json, totals: ReturnType<typeof computeTotals>): void {
  const days = body.creditDays;
  if (typeof days === "number" && (days < 0 || days > MAX_CREDIT_DAYS)) throw validationError([finding("creditDays", serviceText(CREDIT_DAYS_RANGE))]);
  const amounts = [totals.subTotal, totals.grandTotal, totals.vatAmount, totals.discountAmount, ...totals.lines.map((l) => l.total)];
  if (amounts.some((a) => a.abs().greaterThanOrEqualTo(MAX_AMOUNT))) throw validationError([finding("grandTotal", serviceText(AMOUNT_TOO_LARGE))]);
}

export function composeDocument(input: ComposeInput): Composed {
  const { body, structure, family } = input;
  const inline = structure === "inline";
  const totals = computeTotals(body, { structure });
  assertStorable(body, totals);
  const doc: Json = pick(body, DOCUMENT_FIELDS, (f) => !inline && INLINE_ONLY.has(f));
  for (const f of COMPANY_FIELDS) delete doc[f];

  doc.documentStructureType = inline ? DOCUMENT_STRUCTURE.Inline : DOCUMENT_STRUCTURE.Simple;
  doc.isManualVat = body.isManualVat === true;
  doc.isVatInclusive = body.isVatInclusive === true;
  doc.isVat = body.isVat === true || (inline && body.isVat !== false && totals.vatAmount.greaterThan(0));
  doc.creditType = typeof body.creditType === "number" ? body.creditType : CREDIT_TYPE.CreditDays;
  doc.creditDays = typeof body.creditDays === "number" ? body.creditDays : 0;
  if (family === "expenses") doc.expenseCategoryView = body.expenseCategoryView ?? EXPENSE_VIEW.Business;
  if (inline) {
    doc.useInlineDiscount = body.useInlineDiscount ?? true;
    doc.useInlineVat = body.useInlineVat ?? true;
    doc.discountType = body.discountType ?? 1;
  }
  Object.assign(doc, input.contact.fields, { contactId: input.contact.contactId });

  const items = (Array.isArray(body.items) ? body.items : []) as Json[];
  doc.items = items.map((item, i) => {
    const line = pick(item, LINE_FIELDS, (f) => PARTIAL_LINE_FIELDS.has(f) || (!inline && (f === "discountAmount" || f === "vatRate")));
    line.total = wire(totals.lines[i].total);
    if (inline) {
      line.discountAmount = wire(totals.lines[i].discountAmount);
      line.vatRate = totals.lines[i].vatRate;
    }
    return input.accounts ? expenseLine(line, input.accounts) : line;
  });

  doc.subTotal = wire(totals.subTotal);
  doc.discountAmount = wire(totals.discountAmount);
  doc.totalAfterDiscount = wire(totals.totalAfterDiscount);
  doc.vatAmount = wire(totals.vatAmount);
  doc.grandTotal = wire(totals.grandTotal);
  doc.totalWithoutVat = wire(totals.grandTotal.minus(totals.vatAmount));
  if (inline) {
    doc.exemptAmount = wire(totals.exemptAmount);
    doc.vatableAmount = wire(totals.vatableAmount);
  }
  doc.documentWithholdingTaxAmount = body.documentShowWithholdingTax === true ? wire(totals.documentWithholdingTaxAmount) : 0;

  const company: Json = {};
  for (const f of COMPANY_FIELDS) company[f] = body[f] ?? input.company[f] ?? input.company[f === "companyName" ? "compnayName" : f] ?? "";
  doc.company = company;
  doc.payments = null;

  const publishedOn = String(body.publishedOn);
  const dueDate = addDays(publishedOn, doc.creditType === CREDIT_TYPE.Cash ? 0 : Number(doc.creditDays) || 0);
  return {
    body: completeDocument(family, doc),
    publishedOn,
    dueDate,
    contactId: input.contact.contactId,
    contactName: String(doc.contactName ?? ""),
    projectName: typeof doc.projectName === "string" ? doc.projectName : "",
    grandTotal: totals.grandTotal.toFixed(2),
  };
}
