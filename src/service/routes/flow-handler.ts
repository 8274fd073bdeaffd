// The handler of the creates that do more than insert a document (upgrades, with-payment creates):
// the shared checks, then documents/flows.ts.
import { FAMILY_INFO, type Family } from "../../rules/codes";
import { checkDocument } from "../../rules/checks";
import { UpgradeDocumentSchema, UpgradeWithPaymentDocumentSchema, WithPaymentDocumentSchema } from "../../rules/schemas";
import { companyOf, type Ctx, type ServiceContext } from "../http/context";
import { readJson } from "../http/validate";
import { documentEnvelope } from "../documents/answer-shape";
import { parsedBody, rejectErrors } from "../documents/checked-body";
import type { Structure } from "../documents/compose";
import { createFlowDocument, type FlowKind } from "../documents/flows";

/** The route handler of an upgrade or with-payment create of a family. */
export function flowHandler(ctx: ServiceContext, family: Family, structure: Structure, kind: FlowKind) {
  const db = ctx.store.db;
  const contacts = { lock: ctx.store.kind === "postgres", cache: ctx.contactCache };
  const schema = kind.upgrade ? (kind.withPayment ? UpgradeWithPaymentDocumentSchema : UpgradeDocumentSchema) : WithPaymentDocumentSchema;
  return async (c: Ctx): Promise<Response> => {
    const raw = await readJson(c);
    rejectErrors(checkDocument(raw, { family, structure, operation: kind.upgrade ? "upgrade" : "create", withPayment: kind.withPayment }));
    const body = parsedBody(schema, raw);
    const answer = await createFlowDocument(db, companyOf(c), family, structure, body, contacts, kind);
    ctx.store.noteWrites();
    return c.json(documentEnvelope(family, answer));
  };
}

export const familyLabel = (family: Family): string => FAMILY_INFO[family].label.en.toLowerCase();
