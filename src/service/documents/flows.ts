// Creates that do more than insert a document: upgrades (sources checked, linked, processed) and
// with-payment creates (channels checked, document paid), all in one transaction.
import type { Family } from "../../rules/codes";
import type { Db, Tx } from "../store/database";
import { cachedCompanyInfo } from "../masters/company";
import type { ResolveOptions } from "./contact-resolution";
import type { Json } from "../../rules/json";
import { createDocument, type CreateOptions } from "./lifecycle";
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

/** The flow in its own transaction, the company's header as cached. */
export async function createFlowDocument(
  db: Db, companyId: number, family: Family, structure: Structure, body: Json, contacts: ResolveOptions, kind: FlowKind,
): Promise<Json> {
  const company = await cachedCompanyInfo(db, companyId);
  return db.transaction((tx) => createThroughFlow(tx, companyId, family, structure, body, { company, contacts }, kind));
}
