// Creates that do more than insert a document: upgrades (sources checked, linked, processed) and
// with-payment creates (channels checked, document paid), all in one transaction.
import { FAMILY_INFO, type Family } from "../../rules/codes";
import { checkDocument } from "../../rules/checks";
import { UpgradeDocumentSchema, UpgradeWithPaymentDocumentSchema, WithPaymentDocumentSchema } from "../../rules/schemas";
import { companyOf, type Ctx, type ServiceContext } from "../http/context";
import { documentEnvelope } from "./answer-shape";
import { readJson } from "../http/validate";
import type { Tx } from "../store/database";
import { cachedCompanyInfo } from "../routes/company";
import { createDocument, type CreateOptions } from "../routes/documents";
import { rejectErrors, parsedBody, type Json } from "./checked-body";
import type { Structure } from "./compose";
import { checkPaymentChannels, composePayment, markPaid } from "./payments";
import { linkUpgrade, lockUpgradeSources } from "./references";
import { documentAnswersById } from "./repository";

export interface FlowKind {
  upgrade: boolean;
  withPayment: boolean;
}

/** Creates the document of a checked body with its upgrade links and payment; answers it as read. */
export async function createThroughFlow(tx: Tx, companyId: number, family: Family, structure: Structure, body: Json, opts: CreateOptions, kind: FlowKind): Promise<Json> {
  const sources = kind.upgrade ? await lockUpgradeSources(tx, companyId, family, body) : [];
  const channels = kind.withPayment ? await checkPaymentChannels(tx, companyId, body) : undefined;
  let row = await createDocument(tx, companyId, family, structure, body, opts);
  await linkUpgrade(tx, companyId, sources, row);
  if (channels) row = await markPaid(tx, row, "payment", composePayment(body, row.body, channels));
  return (await documentAnswersById(tx, [row.id]))[0];
}

/** The route handler of an upgrade or with-payment create of a family. */
export function flowHandler(ctx: ServiceContext, family: Family, structure: Structure, kind: FlowKind) {
  const db = ctx.store.db;
  const contacts = { lock: ctx.store.kind === "postgres", cache: ctx.contactCache };
  const schema = kind.upgrade ? (kind.withPayment ? UpgradeWithPaymentDocumentSchema : UpgradeDocumentSchema) : WithPaymentDocumentSchema;
  return async (c: Ctx): Promise<Response> => {
    const raw = await readJson(c);
    rejectErrors(checkDocument(raw, { family, structure, operation: kind.upgrade ? "upgrade" : "create", withPayment: kind.withPayment }));
    const body = parsedBody(schema, raw);
    const companyId = companyOf(c);
    const company = await cachedCompanyInfo(db, companyId);
    const answer = await db.transaction((tx) => createThroughFlow(tx, companyId, family, structure, body, { company, contacts }, kind));
    ctx.store.noteWrites();
    return c.json(documentEnvelope(family, answer));
  };
}

export const familyLabel = (family: Family): string => FAMILY_INFO[family].label.en.toLowerCase();
