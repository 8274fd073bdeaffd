// Every check of the spec, answered with the spec's message text, each finding at the dotted path
// of its field. Bodies are read tolerantly: anything (arbitrary JSON, wrong types) gets findings,
// never an exception. Shape errors come from the zod schemas; the rules then run on the raw body
// wherever a value can be read, so one body shows all its problems at once.
import type { z } from "zod";
import {
  ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, DOCUMENT_STRUCTURE, DOCUMENT_TYPE,
  FAMILY_INFO, PAYMENT_METHOD, PAYMENT_METHOD_CODES, PARTIAL_PAYMENT_METHOD_RECEIPT, RANGE, WITHHOLDING_RATES,
  type Family, type Side,
} from "./codes";
import { finding, type Finding } from "./findings";
import { MESSAGES, formatMessage } from "./messages";
import { type Decimal, ZERO, formatMoney, parseDecimal, placesOf, roundHalfUp } from "./money";
import {
  InlineDocumentSchema, ListQuerySchema, PartialReceiptCreateSchema, PartialReceiptUpdateSchema, PaymentSchema,
  SimpleDocumentSchema, UpdateDocumentSchema, UpgradeDocumentSchema, UpgradeWithPaymentDocumentSchema,
  WithPaymentDocumentSchema,
} from "./schemas";
import { computeTotals, type ComputedTotals } from "./totals";

export type Structure = "simple" | "inline";
export type CheckOperation = "create" | "update" | "upgrade";

export interface DocumentCheckContext {
  family: Family;
  structure: Structure;
  operation: CheckOperation;
  /** The body also carries payment fields (/with-payment paths). */
  withPayment?: boolean;
  /** Compare the totals given with the totals computed from the lines. */
  arithmetic?: boolean;
}

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const truthy = (v: unknown): boolean => v === true || (typeof v === "string" && v.trim().toLowerCase() === "true");
/** A boolean flag: absent is false; null when present but not a boolean. */
const flag = (v: unknown): boolean | null => {
  if (absent(v) || v === false) return false;
  if (v === true) return true;
  if (typeof v === "string" && /^\s*(true|false)\s*$/i.test(v)) return v.trim().toLowerCase() === "true";
  return null;
};
/** Absent for the service: undefined, null, or blank text. */
const absent = (v: unknown): boolean => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
/** An id the service would read as not given: absent, 0 or "0" (the .NET default of an int). */
const absentId = (v: unknown): boolean => {
  if (absent(v)) return true;
  const d = parseDecimal(v);
  return d !== null && d.isZero();
};
const itemsOf = (body: Obj): unknown[] => (Array.isArray(body.items) ? body.items : []);
const money = (d: Decimal) => formatMoney(d, 2);

const RATE_SET = new Set<string>(WITHHOLDING_RATES.map((r) => String(r)));
const isWithholdingRate = (d: Decimal): boolean => RATE_SET.has(d.toString());

// ---------------------------------------------------------------------------------------------
// zod issues -> findings

function labelOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "The request body";
  const last = path[path.length - 1];
  if (typeof last === "number") {
    const parent = path.length > 1 ? String(path[path.length - 2]) : "";
    return parent === "items" ? `Line ${last + 1}` : `${parent || "Entry"} ${last + 1}`;
  }
  return String(last);
}

/** Findings of a failed zod parse; field phrases ("must be a number") get the field name in front. */
export function zodFindings(issues: readonly z.core.$ZodIssue[], prefix = ""): Finding[] {
  const out: Finding[] = [];
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter((s) => s !== "").join(".");
    const text = /^(must|is) /.test(issue.message) ? `${labelOf(issue.path)} ${issue.message}` : issue.message;
    out.push(finding(path, text));
  }
  return out;
}

function schemaFindings(schema: z.ZodType, body: unknown): Finding[] {
  const result = schema.safeParse(body);
  return result.success ? [] : zodFindings(result.error.issues);
}

/** Removes repeated findings (same path and message), keeping the first. */
function unique(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.path}\u0000${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Runs a check; an unexpected exception becomes a finding instead of reaching the caller. */
function guarded(run: () => Finding[]): Finding[] {
  try {
    return unique(run());
  } catch (err) {
    return [finding("", `The body could not be checked: ${err instanceof Error ? err.message : String(err)}`)];
  }
}

// ---------------------------------------------------------------------------------------------
// Documents

export function checkDocument(body: unknown, ctx: DocumentCheckContext): Finding[] {
  return guarded(() => documentFindings(body, ctx));
}

function documentSchema(ctx: DocumentCheckContext): z.ZodType {
  if (ctx.operation === "upgrade") return ctx.withPayment ? UpgradeWithPaymentDocumentSchema : UpgradeDocumentSchema;
  if (ctx.withPayment) return WithPaymentDocumentSchema;
  if (ctx.operation === "update") return UpdateDocumentSchema;
  return ctx.structure === "inline" ? InlineDocumentSchema : SimpleDocumentSchema;
}

function documentFindings(body: unknown, ctx: DocumentCheckContext): Finding[] {
  if (!isObject(body)) return [finding("", MESSAGES.bodyNotObject)];
  // Receipts: plain creation is obsolete; batch (partial) receipts have rules of their own.
  if (ctx.family === "receipts" && ctx.operation !== "upgrade" && truthy(body.isBatchDocument)) {
    return partialReceiptFindings(body, ctx.operation === "update" ? "update" : "create");
  }
  const out: Finding[] = [];
  if (ctx.family === "receipts" && ctx.operation === "create") out.push(finding("", MESSAGES.receiptObsoleted));
  out.push(...schemaFindings(documentSchema(ctx), body));
  out.push(...contactFindings(body));
  out.push(...structureFindings(body, ctx));
  // Simple-document VAT validation: creates, PUTs, and upgrades only on with-payment paths.
  if (ctx.structure === "simple" && (ctx.operation !== "upgrade" || ctx.withPayment)) out.push(...vatFindings(body));
  out.push(...withholdingFindings(body, ctx));
  // Totals once: the line checks need the line totals, the arithmetic checks all of them.
  const totals = computeTotals(body, { structure: ctx.structure });
  out.push(...lineFindings(body, ctx, totals));
  if (ctx.operation === "upgrade") out.push(...upgradeFindings(body, ctx.family));
  if (ctx.withPayment) out.push(...paymentRuleFindings(body, FAMILY_INFO[ctx.family].side));
  if (ctx.arithmetic) out.push(...arithmeticFindings(body, ctx.structure, totals));
  out.push(...precisionWarnings(body));
  return out;
}

function contactFindings(body: Obj): Finding[] {
  const out: Finding[] = [];
  const id = parseDecimal(body.contactId);
  if (id !== null && id.isNegative() && !id.isZero()) out.push(finding("contactId", MESSAGES.contactIdNegative));
  if (absent(body.contactId) && absent(body.contactName)) out.push(finding("contactName", MESSAGES.contactRequired));
  return out;
}

function structureFindings(body: Obj, ctx: DocumentCheckContext): Finding[] {
  const given = body.documentStructureType;
  if (ctx.operation === "update" && ctx.structure === "simple") {
    return given === DOCUMENT_STRUCTURE.UpdateSimple ? [] : [finding("documentStructureType", MESSAGES.updateSimpleRequired)];
  }
  if (typeof given !== "string") return [];
  const saysInline = given.includes("Inline");
  const saysSimple = given.includes("Simple");
  if ((ctx.structure === "simple" && saysInline) || (ctx.structure === "inline" && saysSimple)) {
    return [finding("documentStructureType", formatMessage(MESSAGES.structureMismatch, { given, structure: ctx.structure }), "warning")];
  }
  return [];
}

/** Spec, Errors, rule table 1, and "totalAfterDiscount cannot be less than vatAmount". */
function vatFindings(body: Obj): Finding[] {
  const vat = absent(body.vatAmount) ? ZERO : parseDecimal(body.vatAmount);
  const tad = absent(body.totalAfterDiscount) ? ZERO : parseDecimal(body.totalAfterDiscount);
  const inclusive = flag(body.isVatInclusive);
  const isVat = flag(body.isVat);
  // Unreadable values: the schema already says so, and guessing would add a wrong finding.
  if (vat === null || tad === null || inclusive === null || isVat === null) return [];
  if (vat.isZero() && tad.isZero()) return [];
  const out: Finding[] = [];
  const allowed =
    (!inclusive && !isVat && vat.isZero()) || (!inclusive && isVat && vat.greaterThan(0)) || (inclusive && isVat && vat.greaterThan(0));
  if (!allowed) out.push(finding("isVat", MESSAGES.vatCombination));
  if (vat.greaterThanOrEqualTo(tad)) out.push(finding("totalAfterDiscount", MESSAGES.totalAfterDiscountLessThanVat));
  return out;
}

function withholdingFindings(body: Obj, ctx: DocumentCheckContext): Finding[] {
  const out: Finding[] = [];
  const rate = parseDecimal(body.documentWithholdingTaxPercentage);
  const amount = parseDecimal(body.documentWithholdingTaxAmount);
  const show = truthy(body.documentShowWithholdingTax);
  if (rate !== null && !isWithholdingRate(rate)) out.push(finding("documentWithholdingTaxPercentage", MESSAGES.withholdingRate));
  if (!show && ((rate !== null && rate.greaterThan(0)) || (amount !== null && amount.greaterThan(0)))) {
    out.push(finding("documentShowWithholdingTax", MESSAGES.withholdingNeedsShow));
  }
  if (show && ctx.structure === "simple" && (rate === null || rate.lessThanOrEqualTo(0))) {
    out.push(finding("documentWithholdingTaxPercentage", MESSAGES.withholdingRateMissing));
  }
  return out;
}

const EXPENSE_LINE_FIELDS: Record<1 | 3, readonly (readonly [string, string, boolean])[]> = {
  // [field, message, is an id (0 counts as missing)]
  1: [["description", MESSAGES.itemDescription, false], ["creditId", MESSAGES.itemCreditId, true], ["debitId", MESSAGES.itemDebitId, true]],
  3: [
    ["description", MESSAGES.itemDescription, false], ["systemCode", MESSAGES.itemSystemCode, false],
    ["categoryId", MESSAGES.itemCategoryId, true], ["creditId", MESSAGES.itemCreditId, true], ["debitId", MESSAGES.itemDebitId, true],
  ],
};

/** The expense view; business view (3) when absent, the only view before the accounting view came. */
function expenseView(body: Obj): 1 | 3 | null {
  if (absent(body.expenseCategoryView)) return 3;
  const v = parseDecimal(body.expenseCategoryView);
  if (v === null) return null;
  return v.equals(1) ? 1 : v.equals(3) ? 3 : null;
}

function lineFindings(body: Obj, ctx: DocumentCheckContext, computed: ComputedTotals): Finding[] {
  const out: Finding[] = [];
  const items = itemsOf(body);
  const view = ctx.family === "expenses" ? expenseView(body) : null;
  let inlineWithholding = false;
  items.forEach((raw, i) => {
    if (!isObject(raw)) return; // the schema reports it
    const at = `items.${i}`;
    if (absent(raw.quantity)) out.push(finding(`${at}.quantity`, MESSAGES.itemQuantityRequired));
    if (absent(raw.pricePerUnit)) out.push(finding(`${at}.pricePerUnit`, MESSAGES.itemPricePerUnitRequired));
    if (typeof raw.unitName === "string" && [...raw.unitName].length > 7) {
      out.push(finding(`${at}.unitName`, MESSAGES.unitNameTooLong, "warning"));
    }
    if (!absent(raw.withHeldPerItem)) {
      const rate = parseDecimal(raw.withHeldPerItem);
      if (rate !== null && !isWithholdingRate(rate)) out.push(finding(`${at}.withHeldPerItem`, MESSAGES.itemWithholdingRate));
      if (rate !== null && rate.greaterThan(0)) inlineWithholding = true;
    }
    if (!absent(raw.withHeldPerItemValue)) {
      const value = parseDecimal(raw.withHeldPerItemValue);
      const given = parseDecimal(raw.total);
      const lineTotal = given ?? computed.lines[i].total;
      if (value !== null && (value.isNegative() && !value.isZero() || value.greaterThan(lineTotal))) {
        out.push(finding(`${at}.withHeldPerItemValue`, formatMessage(MESSAGES.itemWithholdingValueRange, { total: money(lineTotal) })));
      }
      if (value !== null && value.greaterThan(0)) inlineWithholding = true;
    }
    if (view !== null) {
      for (const [field, message, isId] of EXPENSE_LINE_FIELDS[view]) {
        if (isId ? absentId(raw[field]) : absent(raw[field])) out.push(finding(`${at}.${field}`, message));
      }
    }
  });
  if (ctx.family === "expenses" && ctx.structure === "inline" && inlineWithholding && !truthy(body.useInlineVat)) {
    out.push(finding("useInlineVat", MESSAGES.useInlineVatRequired));
  }
  return out;
}

function upgradeFindings(body: Obj, family: Family): Finding[] {
  const allowed = FAMILY_INFO[family].upgradeFrom as readonly number[];
  if (!Array.isArray(body.documentReference) || allowed.length === 0) return [];
  const out: Finding[] = [];
  body.documentReference.forEach((ref, i) => {
    if (!isObject(ref)) return;
    const type = parseDecimal(ref.referenceDocumentType);
    if (type !== null && !allowed.includes(type.toNumber())) {
      out.push(finding(`documentReference.${i}.referenceDocumentType`, formatMessage(MESSAGES.upgradeReferenceType, {
        given: type.toString(), family, allowed: allowed.join(", "),
      })));
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Arithmetic: the totals given against the totals computed, to the cent.

/** The given value at 2 dp, or null when absent or unreadable (nothing to compare). */
function given2(v: unknown): Decimal | null {
  if (absent(v)) return null;
  const d = parseDecimal(v);
  return d === null ? null : roundHalfUp(d, 2);
}

function arithmeticFindings(body: Obj, structure: Structure, t: ComputedTotals): Finding[] {
  const out: Finding[] = [];
  const inline = structure === "inline";
  const mismatch = (field: string, expected: Decimal, template: string = MESSAGES.arithmeticDocument, extra: Record<string, string> = {}) => {
    const given = given2(body[field]);
    if (given !== null && !given.equals(expected)) {
      out.push(finding(field, formatMessage(template, { field, given: money(given), expected: money(expected), ...extra })));
    }
  };
  itemsOf(body).forEach((raw, i) => {
    if (!isObject(raw)) return;
    const given = given2(raw.total);
    const expected = t.lines[i].total;
    if (given !== null && !given.equals(expected)) {
      out.push(finding(`items.${i}.total`, formatMessage(MESSAGES.arithmeticLineTotal, {
        given: money(given), expected: money(expected),
        formula: inline ? "quantity × pricePerUnit − discountAmount" : "quantity × pricePerUnit",
      })));
    }
  });
  mismatch("subTotal", t.subTotal);
  const percentage = parseDecimal(body.discountPercentage);
  if (inline) mismatch("discountAmount", t.discountAmount);
  else if (percentage !== null && percentage.greaterThan(0)) {
    mismatch("discountAmount", t.discountAmount, MESSAGES.arithmeticDiscount, {
      rate: percentage.toString(), base: money(t.subTotal),
    });
  }
  mismatch("totalAfterDiscount", t.totalAfterDiscount);
  if (inline) {
    mismatch("exemptAmount", t.exemptAmount);
    mismatch("vatableAmount", t.vatableAmount);
  }
  // Manual VAT is the caller's figure; a simple document without VAT is the VAT rules' business.
  if (t.vatComputed && (inline || truthy(body.isVat))) {
    mismatch("vatAmount", t.vatAmount, MESSAGES.arithmeticVat, {
      rate: truthy(body.isVatInclusive) ? "7/107" : "7%", base: money(t.vatableAmount),
    });
  }
  mismatch("grandTotal", t.grandTotal);
  const rate = parseDecimal(body.documentWithholdingTaxPercentage);
  if (truthy(body.documentShowWithholdingTax) && rate !== null && rate.greaterThan(0)) {
    mismatch("documentWithholdingTaxAmount", t.documentWithholdingTaxAmount, MESSAGES.arithmeticWithholding, {
      rate: rate.toString(), base: money(t.withholdingBase),
    });
  }
  return out;
}

const DOCUMENT_PRECISION_FIELDS = [
  "subTotal", "discountPercentage", "discountAmount", "totalAfterDiscount", "vatAmount", "exemptAmount",
  "vatableAmount", "grandTotal", "documentWithholdingTaxAmount", "collected", "withheldAmount", "withheldPercentage",
  "paymentDeductionAmount", "remainingCollected", "paymentCharge",
];
const LINE_PRECISION_FIELDS = ["quantity", "pricePerUnit", "total", "discountAmount", "partialAmount", "withHeldPerItemValue"];

/** Warns where a value has more decimals than the service keeps (it rounds them half-up). */
function precisionWarnings(body: Obj): Finding[] {
  const out: Finding[] = [];
  const check = (path: string, v: unknown) => {
    if (typeof v !== "number" && typeof v !== "string") return;
    // Fast path for JSON numbers: their shortest form shows the places (no exponent below 1e21).
    if (typeof v === "number") {
      const text = String(v);
      if (!text.includes("e")) {
        const dot = text.indexOf(".");
        if (dot < 0 || text.length - dot - 1 <= placesOf(path)) return;
      }
    }
    const d = parseDecimal(v);
    if (d === null) return;
    const places = placesOf(path);
    if (d.decimalPlaces() > places) {
      out.push(finding(path, formatMessage(MESSAGES.precisionRounded, {
        field: path.slice(path.lastIndexOf(".") + 1), places, rounded: roundHalfUp(d, places).toFixed(places),
      }), "warning"));
    }
  };
  for (const field of DOCUMENT_PRECISION_FIELDS) check(field, body[field]);
  itemsOf(body).forEach((raw, i) => {
    if (isObject(raw)) for (const field of LINE_PRECISION_FIELDS) check(`items.${i}.${field}`, raw[field]);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Payments (spec, Errors, rule table 3)

type Requirement = readonly [field: string, message: string, isId: boolean];
const SELL_REQUIREMENTS: Partial<Record<number, readonly Requirement[]>> = {
  [PAYMENT_METHOD.Cheque]: [["chequeBankAccountId", MESSAGES.paymentChequeBankAccountId, true], ["chequeDate", MESSAGES.paymentChequeDate, false]],
  [PAYMENT_METHOD.Transfer]: [["bankAccountId", MESSAGES.paymentTransferBankAccountId, true]],
  [PAYMENT_METHOD.OtherChannel]: [["otherChannelId", MESSAGES.paymentOtherChannelId, true]],
};
const BUY_REQUIREMENTS: Partial<Record<number, readonly Requirement[]>> = {
  [PAYMENT_METHOD.Cheque]: [
    ["chequeBankAccountId", MESSAGES.paymentChequeBankAccountId, true], ["chequeDate", MESSAGES.paymentChequeDate, false],
    ["bankAccountId", MESSAGES.paymentChequeBankAccountIdBuy, true], ["bankChequeId", MESSAGES.paymentChequeBankChequeId, true],
  ],
  [PAYMENT_METHOD.Transfer]: [["bankAccountId", MESSAGES.paymentTransferBankAccountId, true]],
  [PAYMENT_METHOD.CreditCard]: [
    ["creditCardBankAccountId", MESSAGES.paymentCreditCardBankAccountId, true], ["creditCardId", MESSAGES.paymentCreditCardId, true],
  ],
  [PAYMENT_METHOD.PettyCash]: [["pettyCashId", MESSAGES.paymentPettyCashId, true]],
  [PAYMENT_METHOD.OtherChannel]: [["otherChannelId", MESSAGES.paymentOtherChannelId, true]],
};

/** The payment-field rules alone (the schema is the caller's): shared by payments and with-payment bodies. */
export function paymentRuleFindings(body: Obj, side: Side): Finding[] {
  const out: Finding[] = [];
  const method = parseDecimal(body.paymentMethod);
  if (method !== null) {
    const code = method.toNumber();
    if (!(PAYMENT_METHOD_CODES as number[]).includes(code)) out.push(finding("paymentMethod", MESSAGES.paymentMethodUnknown));
    else {
      // Expenses pay out like purchases.
      const table = side === "sell" ? SELL_REQUIREMENTS : BUY_REQUIREMENTS;
      for (const [field, message, isId] of table[code] ?? []) {
        if (isId ? absentId(body[field]) : absent(body[field])) out.push(finding(field, message));
      }
    }
  }
  if (!absent(body.withheldPercentage)) {
    const rate = parseDecimal(body.withheldPercentage);
    if (rate !== null && !isWithholdingRate(rate) && !rate.equals(-1)) out.push(finding("withheldPercentage", MESSAGES.withheldPercentage));
  }
  return out;
}

export function checkPayment(body: unknown, side: Side): Finding[] {
  return guarded(() => {
    if (!isObject(body)) return [finding("", MESSAGES.bodyNotObject)];
    return [...schemaFindings(PaymentSchema, body), ...paymentRuleFindings(body, side), ...precisionWarnings(body)];
  });
}

// ---------------------------------------------------------------------------------------------
// Partial receipts (spec, Partial receipt). The remaining balance is the service's to check.

export function checkPartialReceipt(body: unknown, operation: "create" | "update"): Finding[] {
  return guarded(() => (isObject(body) ? partialReceiptFindings(body, operation) : [finding("", MESSAGES.bodyNotObject)]));
}

function partialReceiptFindings(body: Obj, operation: "create" | "update"): Finding[] {
  const out: Finding[] = [];
  out.push(...schemaFindings(operation === "create" ? PartialReceiptCreateSchema : PartialReceiptUpdateSchema, body));
  if (!truthy(body.isBatchDocument)) out.push(finding("isBatchDocument", MESSAGES.partialBatch));
  const method = parseDecimal(body.partialPaymentMethod);
  if (method === null || !method.equals(PARTIAL_PAYMENT_METHOD_RECEIPT)) out.push(finding("partialPaymentMethod", MESSAGES.partialMethod));
  const creditType = parseDecimal(body.creditType);
  if (creditType === null || !creditType.equals(3)) out.push(finding("creditType", MESSAGES.partialCreditType));
  const id = parseDecimal(body.contactId);
  if (id !== null && id.isNegative() && !id.isZero()) out.push(finding("contactId", MESSAGES.contactIdNegative));

  let sum = ZERO;
  let readable = true;
  itemsOf(body).forEach((raw, i) => {
    if (!isObject(raw)) {
      readable = false;
      return;
    }
    const at = `items.${i}`;
    const documentId = parseDecimal(raw.documentId);
    if (documentId === null ? absent(raw.documentId) : !(documentId.isInteger() && documentId.greaterThan(0))) {
      out.push(finding(`${at}.documentId`, MESSAGES.partialDocumentId));
    }
    const documentType = parseDecimal(raw.documentType);
    if (documentType === null ? absent(raw.documentType) : !documentType.equals(DOCUMENT_TYPE.TaxInvoice)) {
      out.push(finding(`${at}.documentType`, MESSAGES.partialDocumentType));
    }
    const amount = parseDecimal(raw.partialAmount);
    if (amount === null) {
      readable = false;
      if (absent(raw.partialAmount)) out.push(finding(`${at}.partialAmount`, MESSAGES.partialAmountPositive));
    } else {
      if (!amount.greaterThan(0)) out.push(finding(`${at}.partialAmount`, MESSAGES.partialAmountPositive));
      sum = sum.plus(roundHalfUp(amount, 2));
    }
  });
  const grandTotal = given2(body.grandTotal);
  if (readable && grandTotal !== null && itemsOf(body).length > 0 && !grandTotal.equals(sum)) {
    const template = operation === "create" ? MESSAGES.partialGrandTotal : MESSAGES.partialUpdateGrandTotal;
    out.push(finding("grandTotal", formatMessage(template, { given: money(grandTotal), expected: money(sum) })));
  }
  if (operation === "update") {
    if (absent(body.contactId)) out.push(finding("contactId", MESSAGES.partialUpdateContactId));
    if (body.documentStructureType !== DOCUMENT_STRUCTURE.UpdateSimple) {
      out.push(finding("documentStructureType", MESSAGES.updateSimpleRequired));
    }
    const refs = body.documentReference;
    if (!(refs === null || refs === undefined || (Array.isArray(refs) && refs.length === 0))) {
      out.push(finding("documentReference", MESSAGES.partialUpdateReference));
    }
  }
  out.push(...precisionWarnings(body));
  return out;
}

// ---------------------------------------------------------------------------------------------
// List query

export function checkListQuery(query: Record<string, string | undefined>): Finding[] {
  return guarded(() => {
    if (!isObject(query)) return [finding("", "The query must be a set of parameters")];
    const defined: Obj = {};
    for (const [k, v] of Object.entries(query)) if (v !== undefined) defined[k] = v;
    const out = schemaFindings(ListQuerySchema, defined);
    const range = typeof defined.range === "string" ? defined.range.trim() : "";
    if (range === String(RANGE.DateRange)) {
      const start = defined.startDate;
      const end = defined.endDate;
      if (absent(start) || absent(end)) out.push(finding(absent(start) ? "startDate" : "endDate", MESSAGES.dateRangeNeedsDates));
      else if (typeof start === "string" && typeof end === "string" && start > end) out.push(finding("startDate", MESSAGES.dateRangeOrder));
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Base64 attachments (spec, Base64 attachment and Limits)

export interface AttachmentFacts {
  fileName: string;
  /** The fileType the caller sent: an extension ("pdf", ".pdf") or a MIME type. */
  fileType?: string;
  /** Size of the decoded data. */
  sizeBytes: number;
  /** Extension detected from the content (file-type's ext, "cfb" for OLE, "zip" for OOXML), null if unknown. */
  detectedExtension: string | null;
}

const MIME_EXTENSION: Record<string, string> = {
  "image/jpeg": "jpg", "image/jpg": "jpg", "image/pjpeg": "jpg", "image/png": "png", "image/bmp": "bmp",
  "image/x-ms-bmp": "bmp", "application/pdf": "pdf", "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-powerpoint": "ppt",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
};
const ALLOWED = new Set<string>(ATTACHMENT_EXTENSIONS);
const OOXML = new Set(["docx", "xlsx", "pptx"]);
const OLE = new Set(["doc", "xls", "ppt"]);

const canonicalExtension = (ext: string): string => {
  const e = ext.trim().toLowerCase().replace(/^\./, "");
  return e === "jpeg" ? "jpg" : e;
};

/** The extension of a file name ("Scan.PDF" → "pdf"), "" when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/**
 * True when the content's detected type agrees with the name's extension. Content detection
 * cannot always tell Office formats apart: OOXML files may detect as "zip", OLE files as "cfb".
 */
export function extensionMatchesContent(nameExtension: string, detected: string | null): boolean {
  if (detected === null) return false;
  const name = canonicalExtension(nameExtension);
  const found = canonicalExtension(detected);
  if (name === found) return true;
  if (OOXML.has(name)) return found === "zip";
  if (OLE.has(name)) return found === "cfb";
  return false;
}

export function checkAttachments(files: AttachmentFacts[]): Finding[] {
  return guarded(() => {
    if (!Array.isArray(files)) return [finding("", "The attachments must be a list of files")];
    const out: Finding[] = [];
    if (files.length > ATTACHMENT_MAX_FILES) out.push(finding("", MESSAGES.attachmentTooMany));
    let total = 0;
    files.forEach((file, i) => {
      const f: Partial<AttachmentFacts> = isObject(file) ? (file as Partial<AttachmentFacts>) : {};
      const name = typeof f.fileName === "string" ? f.fileName : "";
      const size = typeof f.sizeBytes === "number" && Number.isFinite(f.sizeBytes) ? f.sizeBytes : 0;
      total += Math.max(0, size);
      const ext = extensionOf(name);
      if (ext === "") {
        out.push(finding(`${i}.fileName`, MESSAGES.attachmentFileNameRequired));
        return;
      }
      if (!ALLOWED.has(ext)) {
        out.push(finding(`${i}.fileName`, formatMessage(MESSAGES.attachmentType, { fileName: name })));
        return;
      }
      if (typeof f.fileType === "string" && f.fileType.trim() !== "") {
        const typeText = f.fileType.trim().toLowerCase();
        const typeExt = canonicalExtension(MIME_EXTENSION[typeText] ?? typeText);
        if (typeExt !== canonicalExtension(ext)) {
          out.push(finding(`${i}.fileType`, formatMessage(MESSAGES.attachmentFileTypeMismatch, { fileType: f.fileType })));
        }
      }
      if (size <= 0) {
        out.push(finding(`${i}.base64Data`, MESSAGES.attachmentEmpty));
        return;
      }
      const detected = typeof f.detectedExtension === "string" ? f.detectedExtension : null;
      if (!extensionMatchesContent(ext, detected)) out.push(finding(`${i}.base64Data`, MESSAGES.attachmentExtensionMismatch));
    });
    if (total > ATTACHMENT_MAX_BYTES) out.push(finding("", MESSAGES.attachmentTooLarge));
    return out;
  });
}
