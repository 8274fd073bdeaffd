// Document bodies (simple, inline, update, upgrade, with-payment): runs every rule that applies
// to the operation, each finding at the dotted path of its field.
import type * as z from "zod/mini";
import { DOCUMENT_STRUCTURE, FAMILY_INFO, type Family } from "../codes";
import { finding, type Finding } from "../findings";
import { ruleMsg } from "../messages";
import { ZERO, parseDecimal } from "../money";
import {
  InlineDocumentSchema, SimpleDocumentSchema, UpdateDocumentSchema, UpgradeDocumentSchema, UpgradeWithPaymentDocumentSchema,
  WithPaymentDocumentSchema,
} from "../schemas";
import { dueOf, settlementFindings } from "../settlement";
import { computeTotals } from "../totals";
import { arithmeticFindings } from "./arithmetic";
import { contactFindings } from "./contact";
import { lineFindings } from "./lines";
import { partialReceiptFindings } from "./partial-receipt";
import { paymentRuleFindings } from "./payment";
import { precisionWarnings } from "./precision";
import { computedRangeFindings } from "./range";
import { absent, flag, given2, isObject, truthy, type Obj } from "./read";
import { guarded, schemaFindings } from "./report";
import { withholdingFindings } from "./document-withholding";
import type { DocumentCheckContext } from "./context";

export function checkDocument(body: unknown, ctx: DocumentCheckContext): Finding[] {
  return guarded(() => documentFindings(body, ctx));
}

function documentSchema(ctx: DocumentCheckContext): z.ZodMiniType {
  if (ctx.operation === "upgrade") return ctx.withPayment ? UpgradeWithPaymentDocumentSchema : UpgradeDocumentSchema;
  if (ctx.withPayment) return WithPaymentDocumentSchema;
  if (ctx.operation === "update") return UpdateDocumentSchema;
  return ctx.structure === "inline" ? InlineDocumentSchema : SimpleDocumentSchema;
}

function documentFindings(body: unknown, ctx: DocumentCheckContext): Finding[] {
  if (!isObject(body)) return [finding("", ruleMsg("bodyNotObject"))];
  // Receipts: plain creation is obsolete (not simple); batch (partial) receipts have rules of their own.
  const info = FAMILY_INFO[ctx.family];
  if (info.partialReceipt && ctx.operation !== "upgrade" && truthy(body.isBatchDocument)) {
    return partialReceiptFindings(body, ctx.operation === "update" ? "update" : "create");
  }
  const out: Finding[] = [];
  if (!info.simple && ctx.operation === "create") out.push(finding("", ruleMsg("receiptObsoleted")));
  out.push(...schemaFindings(documentSchema(ctx), body));
  out.push(...contactFindings(body));
  out.push(...structureFindings(body, ctx));
  // Simple-document VAT validation: creates, PUTs, and upgrades only on with-payment paths.
  if (ctx.structure === "simple" && (ctx.operation !== "upgrade" || ctx.withPayment)) out.push(...vatFindings(body));
  out.push(...withholdingFindings(body, ctx));
  // Totals once: the line checks need the line totals, the arithmetic checks all of them.
  const totals = computeTotals(body, { structure: ctx.structure });
  out.push(...computedRangeFindings(totals));
  out.push(...lineFindings(body, ctx, totals));
  if (ctx.operation === "upgrade") out.push(...upgradeFindings(body, ctx.family));
  if (ctx.withPayment) {
    out.push(...paymentRuleFindings(body, FAMILY_INFO[ctx.family].side));
    // Settled against the totals the document will have: as given, else as the lines make them.
    const due = dueOf({ ...body, grandTotal: body.grandTotal ?? totals.grandTotal.toString(), vatAmount: body.vatAmount ?? totals.vatAmount.toString(),
      documentStructureType: ctx.structure === "inline" ? "InlineDocument" : "SimpleDocument" });
    if (due) out.push(...settlementFindings(body, due));
  }
  if (ctx.arithmetic) out.push(...arithmeticFindings(body, ctx.structure, totals));
  out.push(...precisionWarnings(body));
  return out;
}


function structureFindings(body: Obj, ctx: DocumentCheckContext): Finding[] {
  const given = body.documentStructureType;
  if (ctx.operation === "update" && ctx.structure === "simple") {
    return given === DOCUMENT_STRUCTURE.UpdateSimple ? [] : [finding("documentStructureType", ruleMsg("updateSimpleRequired"))];
  }
  if (typeof given !== "string") return [];
  const saysInline = given.includes("Inline");
  const saysSimple = given.includes("Simple");
  if ((ctx.structure === "simple" && saysInline) || (ctx.structure === "inline" && saysSimple)) {
    return [finding("documentStructureType", ruleMsg("structureMismatch", { given, structure: ctx.structure }), "warning")];
  }
  return [];
}

/** Spec, Errors, rule table 1, and "totalAfterDiscount cannot be less than vatAmount". */
function vatFindings(body: Obj): Finding[] {
  // As the service keeps them (2 dp): a vatAmount of 0.004 is 0, not "above 0".
  const vat = absent(body.vatAmount) ? ZERO : given2(body.vatAmount);
  const tad = absent(body.totalAfterDiscount) ? ZERO : given2(body.totalAfterDiscount);
  const inclusive = flag(body.isVatInclusive);
  const isVat = flag(body.isVat);
  // Unreadable values: the schema already says so, and guessing would add a wrong finding.
  if (vat === null || tad === null || inclusive === null || isVat === null) return [];
  if (vat.isZero() && tad.isZero()) return [];
  const out: Finding[] = [];
  const allowed =
    (!inclusive && !isVat && vat.isZero()) || (!inclusive && isVat && vat.greaterThan(0)) || (inclusive && isVat && vat.greaterThan(0));
  if (!allowed) out.push(finding("isVat", ruleMsg("vatCombination")));
  if (vat.greaterThanOrEqualTo(tad)) out.push(finding("totalAfterDiscount", ruleMsg("totalAfterDiscountLessThanVat")));
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
      out.push(finding(`documentReference.${i}.referenceDocumentType`, ruleMsg("upgradeReferenceType", {
        given: type.toString(), family, allowed: allowed.join(", "),
      })));
    }
  });
  return out;
}

