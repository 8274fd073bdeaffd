// Withholding-tax certificates: list, create, read, update, delete, status (awaiting, processed,
// void). A certificate is issued when created, so it starts "processed" (service-facts §2.2);
// like documents, it can be edited or deleted only while awaiting (set it back to awaiting first).
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { WithholdingTaxSchema } from "../../rules/schemas";
import { formatMessage } from "../../rules/messages";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok, ServiceError, validationError } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import type { Db, Tx } from "../store/database";
import { withholdingTaxes } from "../store/schema";
import { resolveContact, type ResolveOptions } from "../documents/contact-resolution";
import { nextRegisterSerial } from "../ledger/serial";
import { computeWithholding, WHT_CREATED_STATUS, WHT_STATUSES, withholdingAnswer, type WithholdingRow } from "../ledger/withholding";
import { ONLY_AWAITING_DELETE, ONLY_AWAITING_UPDATE, STATUS_NOT_ALLOWED } from "../documents/messages";
import { containsPattern } from "../store/contains-pattern";
import { listPaging, pageOf } from "./paging";
import { companyInfo } from "../masters/company";
import { completeCompanyHeader as companyHeader } from "../documents/answer-shape";
import type { Json } from "../../rules/json";

export const WHT_NOT_FOUND = "Withholding tax certificate not found";
const REGISTER = "withholding-taxes";

async function findCertificate(tx: Tx, companyId: number, id: number, lock = false): Promise<WithholdingRow> {
  const q = tx.select().from(withholdingTaxes)
    .where(and(eq(withholdingTaxes.id, id), eq(withholdingTaxes.companyId, companyId), eq(withholdingTaxes.deleted, false)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new ServiceError(404, WHT_NOT_FOUND, 404);
  return row;
}

/** The stored body: the request's fields, the contact's, the computed lines and totals. */
async function certificateBody(tx: Tx, companyId: number, raw: unknown, contacts: ResolveOptions): Promise<{ body: Json; contactId: number; contactName: string }> {
  const parsed = parseWith(WithholdingTaxSchema, raw) as Json;
  const computed = computeWithholding(parsed);
  if (computed.findings.length > 0) throw validationError(computed.findings);
  const contact = await resolveContact(tx, companyId, "buy", parsed, contacts);
  const { recordId: _r, ...fields } = parsed;
  // The company header, as documents carry it (WithholidingTaxDocumentResponse.company).
  const info = await companyInfo(tx, companyId);
  const company = companyHeader({ ...info, companyName: info.companyName ?? info.compnayName });
  const body: Json = {
    ...fields, ...contact.fields, contactId: contact.contactId, company,
    withholdingTaxItems: computed.items, total: computed.total.toNumber(), totalTaxWithheld: computed.withheld.toNumber(),
  };
  return { body, contactId: contact.contactId, contactName: String(contact.fields.contactName ?? "") };
}

export function registerWithholdingTaxRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const contacts: ResolveOptions = { lock: ctx.store.kind === "postgres", cache: ctx.contactCache };
  const tags = ["Withholding tax"];

  mount(api, MASTER_ROUTES.withholdingTaxesList, async (c) => {
    const q = listPaging(c);
    const search = q.searchString ? containsPattern(q.searchString) : undefined;
    const where = and(
      eq(withholdingTaxes.companyId, companyOf(c)), eq(withholdingTaxes.deleted, false),
      search ? or(ilike(withholdingTaxes.contactName, search), ilike(withholdingTaxes.serial, search)) : undefined,
    );
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(withholdingTaxes).where(where);
    const rows = await db.select().from(withholdingTaxes).where(where)
      .orderBy(desc(withholdingTaxes.publishedOn), desc(withholdingTaxes.id)).limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize);
    return c.json(ok(pageOf(total, q.currentPage, rows.map(withholdingAnswer))));
  }, { summary: "List withholding tax certificates", tags });

  mount(api, MASTER_ROUTES.withholdingTaxesCreate, async (c) => {
    const raw = await readJson(c);
    const companyId = companyOf(c);
    const row = await db.transaction(async (tx) => {
      const { body, contactId, contactName } = await certificateBody(tx, companyId, raw, contacts);
      const publishedOn = String(body.publishedOn);
      const serial = await nextRegisterSerial(tx, companyId, REGISTER, "WT", publishedOn);
      const [r] = await tx.insert(withholdingTaxes).values({
        companyId, serial, status: WHT_CREATED_STATUS, publishedOn, contactId, contactName, body,
      }).returning();
      return r;
    });
    return c.json(ok(withholdingAnswer(row)));
  }, { summary: "Create a withholding tax certificate (issued: processed)", tags, body: WithholdingTaxSchema });

  mount(api, MASTER_ROUTES.withholdingTaxesGet, async (c) => {
    const row = await findCertificate(db, companyOf(c), idParam(c));
    return c.json(ok({ list: [withholdingAnswer(row)] }));
  }, { summary: "Read a withholding tax certificate", tags });

  mount(api, MASTER_ROUTES.withholdingTaxesUpdate, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const raw = await readJson(c);
    const row = await db.transaction(async (tx) => {
      const current = await findCertificate(tx, companyId, id, true);
      if (current.status !== "awaiting") throw validationError(ONLY_AWAITING_UPDATE);
      const { body, contactId, contactName } = await certificateBody(tx, companyId, raw, contacts);
      const [r] = await tx.update(withholdingTaxes).set({
        publishedOn: String(body.publishedOn), contactId, contactName, body, updatedAt: new Date(),
      }).where(eq(withholdingTaxes.id, id)).returning();
      return r;
    });
    return c.json(ok(withholdingAnswer(row)));
  }, { summary: "Update an awaiting withholding tax certificate", tags, body: WithholdingTaxSchema });

  mount(api, MASTER_ROUTES.withholdingTaxesDelete, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    await db.transaction(async (tx) => {
      const current = await findCertificate(tx, companyId, id, true);
      if (current.status !== "awaiting") throw validationError(ONLY_AWAITING_DELETE);
      await tx.update(withholdingTaxes).set({ deleted: true, updatedAt: new Date() }).where(eq(withholdingTaxes.id, id));
    });
    return c.json(ok({ deleteStatus: "Deleted" }));
  }, { summary: "Delete an awaiting withholding tax certificate", tags });

  mount(api, MASTER_ROUTES.withholdingTaxesStatus, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const statusId = (c.req.param("statusId") ?? "").toLowerCase();
    const row = await db.transaction(async (tx) => {
      await findCertificate(tx, companyId, id, true);
      if (!(WHT_STATUSES as readonly string[]).includes(statusId)) {
        throw validationError(formatMessage(STATUS_NOT_ALLOWED, { given: statusId, family: "withholding-taxes", allowed: WHT_STATUSES.join(", ") }));
      }
      const [r] = await tx.update(withholdingTaxes).set({ status: statusId, updatedAt: new Date() }).where(eq(withholdingTaxes.id, id)).returning();
      return r;
    });
    return c.json(ok(withholdingAnswer(row)));
  }, { summary: "Change the status of a withholding tax certificate", tags });
}
