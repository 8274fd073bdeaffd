// POST /receipts: partial receipts in batch mode; outside batch mode the real service's refusal
// (service-facts §7.2). PUT /receipts/{id} of a partial receipt; other receipts go on to the
// plain document update (registered after this module).
import { DOCUMENT_ROUTES } from "../../api/routes";
import { FAMILY_INFO } from "../../rules/codes";
import { checkPartialReceipt } from "../../rules/checks";
import { MESSAGES } from "../../rules/messages";
import { PartialReceiptCreateSchema, PartialReceiptUpdateSchema } from "../../rules/schemas";
import { companyOf, type Api, type Ctx, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { validationError } from "../envelope";
import { documentEnvelope } from "../documents/answer-shape";
import { idParam, readJson } from "../http/validate";
import { parsedBody, rejectErrors } from "../documents/checked-body";
import { isPartialReceipt } from "../documents/partial-receipts";
import { findDocument } from "../documents/repository";
import { postPartialReceipt, putPartialReceipt } from "../documents/requests";

/** isBatchDocument true (or "true"), as the shared rules read it. */
function isBatch(raw: unknown): boolean {
  if (raw === null || typeof raw !== "object") return false;
  const v = (raw as Record<string, unknown>).isBatchDocument;
  return v === true || (typeof v === "string" && v.trim().toLowerCase() === "true");
}

export function registerPartialReceiptRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  const routes = DOCUMENT_ROUTES.receipts;
  const tags = [FAMILY_INFO.receipts.label.en];

  mount(api, routes.partialReceipt!, async (c) => {
    const raw = await readJson(c);
    if (!isBatch(raw)) throw validationError(MESSAGES.receiptObsoleted);
    rejectErrors(checkPartialReceipt(raw, "create"));
    const body = parsedBody(PartialReceiptCreateSchema, raw);
    const answer = await postPartialReceipt(db, companyOf(c), body);
    ctx.store.noteWrites();
    return c.json(documentEnvelope("receipts", answer));
  }, { summary: "Create a partial receipt from tax invoices (batch mode)", tags, body: PartialReceiptCreateSchema });

  // The real service refuses plain receipts with payment the same way (service-facts §7.2).
  const obsolete = { ...routes.partialReceipt!, path: `${routes.partialReceipt!.path}/with-payment` };
  mount(api, obsolete, async () => {
    throw validationError(MESSAGES.receiptObsoleted);
  }, { summary: "Obsolete: receipts come from upgrades or batch mode", tags });

  // Not mounted through the route table: the update route is the plain document update's, which
  // answers every receipt that is not a partial one (next()).
  api.on("PUT", routes.update!.path, async (c: Ctx, next: () => Promise<void>) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const stored = await findDocument(db, companyId, "receipts", id);
    if (!stored || !isPartialReceipt(stored)) return next();
    const raw = await readJson(c);
    rejectErrors(checkPartialReceipt(raw, "update"));
    const body = parsedBody(PartialReceiptUpdateSchema, raw);
    return c.json(documentEnvelope("receipts", await putPartialReceipt(db, companyId, id, body)));
  });
}
