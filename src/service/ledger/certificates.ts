// Withholding-tax certificates as kept (service-facts §2.2): issued when created, so they start
// "processed"; like documents, edited or deleted only while awaiting (set back to awaiting first).
import { and, asc, desc, eq, gte, ilike, lt, ne, or, sql } from "drizzle-orm";
import { formatMessage } from "../../rules/messages";
import type { Json } from "../../rules/json";
import { ServiceError, validationError } from "../envelope";
import type { Db, Tx } from "../store/database";
import { withholdingTaxes } from "../store/schema";
import { containsPattern } from "../store/contains-pattern";
import { resolveContact, type ResolveOptions } from "../documents/contact-resolution";
import { ONLY_AWAITING_DELETE, ONLY_AWAITING_UPDATE, STATUS_NOT_ALLOWED } from "../documents/messages";
import { completeCompanyHeader as companyHeader } from "../documents/answer-shape";
import { companyInfo } from "../masters/company";
import { nextRegisterSerial } from "./serial";
import { computeWithholding, WHT_CREATED_STATUS, WHT_STATUSES, type WithholdingRow } from "./withholding";

export const WHT_NOT_FOUND = "Withholding tax certificate not found";
const REGISTER = "withholding-taxes";

export async function findCertificate(tx: Tx, companyId: number, id: number, lock = false): Promise<WithholdingRow> {
  const q = tx.select().from(withholdingTaxes)
    .where(and(eq(withholdingTaxes.id, id), eq(withholdingTaxes.companyId, companyId), eq(withholdingTaxes.deleted, false)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new ServiceError(404, WHT_NOT_FOUND, 404);
  return row;
}

/** The stored body: the request's fields, the contact's, the computed lines and totals. */
async function certificateBody(tx: Tx, companyId: number, parsed: Json, contacts: ResolveOptions): Promise<{ body: Json; contactId: number; contactName: string }> {
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

/** A page of the company's certificates, newest first; `search` in the contact's name or serial. */
export async function listCertificates(db: Db, companyId: number, page: { currentPage: number; pageSize: number; searchString?: string }): Promise<{ total: number; rows: WithholdingRow[] }> {
  const search = page.searchString ? containsPattern(page.searchString) : undefined;
  const where = and(
    eq(withholdingTaxes.companyId, companyId), eq(withholdingTaxes.deleted, false),
    search ? or(ilike(withholdingTaxes.contactName, search), ilike(withholdingTaxes.serial, search)) : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(withholdingTaxes).where(where);
  const rows = await db.select().from(withholdingTaxes).where(where)
    .orderBy(desc(withholdingTaxes.publishedOn), desc(withholdingTaxes.id)).limit(page.pageSize).offset((page.currentPage - 1) * page.pageSize);
  return { total, rows };
}

/** Issues a certificate from a body; `parse` checks it (inside the transaction, as before). */
export async function createCertificate(db: Db, companyId: number, parse: () => Json, contacts: ResolveOptions): Promise<WithholdingRow> {
  return db.transaction(async (tx) => {
    const { body, contactId, contactName } = await certificateBody(tx, companyId, parse(), contacts);
    const publishedOn = String(body.publishedOn);
    const serial = await nextRegisterSerial(tx, companyId, REGISTER, "WT", publishedOn);
    const [r] = await tx.insert(withholdingTaxes).values({
      companyId, serial, status: WHT_CREATED_STATUS, publishedOn, contactId, contactName, body,
    }).returning();
    return r;
  });
}

/** Rewrites an awaiting certificate; `parse` checks the body once the certificate is found. */
export async function updateCertificate(db: Db, companyId: number, id: number, parse: () => Json, contacts: ResolveOptions): Promise<WithholdingRow> {
  return db.transaction(async (tx) => {
    const current = await findCertificate(tx, companyId, id, true);
    if (current.status !== "awaiting") throw validationError(ONLY_AWAITING_UPDATE);
    const { body, contactId, contactName } = await certificateBody(tx, companyId, parse(), contacts);
    const [r] = await tx.update(withholdingTaxes).set({
      publishedOn: String(body.publishedOn), contactId, contactName, body, updatedAt: new Date(),
    }).where(eq(withholdingTaxes.id, id)).returning();
    return r;
  });
}

/** Deletes (softly) an awaiting certificate. */
export async function deleteCertificate(db: Db, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findCertificate(tx, companyId, id, true);
    if (current.status !== "awaiting") throw validationError(ONLY_AWAITING_DELETE);
    await tx.update(withholdingTaxes).set({ deleted: true, updatedAt: new Date() }).where(eq(withholdingTaxes.id, id));
  });
}

/** Moves a certificate to awaiting, processed or void. */
export async function changeCertificateStatus(db: Db, companyId: number, id: number, statusId: string): Promise<WithholdingRow> {
  return db.transaction(async (tx) => {
    await findCertificate(tx, companyId, id, true);
    if (!(WHT_STATUSES as readonly string[]).includes(statusId)) {
      throw validationError(formatMessage(STATUS_NOT_ALLOWED, { given: statusId, family: "withholding-taxes", allowed: WHT_STATUSES.join(", ") }));
    }
    const [r] = await tx.update(withholdingTaxes).set({ status: statusId, updatedAt: new Date() }).where(eq(withholdingTaxes.id, id)).returning();
    return r;
  });
}

/** A certificate's place (1, 2, 3 ...) in its form's attachment for its month, numbered as the
 * withholding return numbers them (sheet/wht-report.ts): the month's certificates on the same form
 * that are not void, by date paid and then as issued. A void certificate has none. */
export async function attachmentSequence(db: Db, companyId: number, row: WithholdingRow): Promise<number | undefined> {
  if (row.status === "void") return undefined;
  const [year, month] = row.publishedOn.slice(0, 7).split("-").map(Number);
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
  const entity = Number((row.body as Json).entity);
  const rows = await db.select({ id: withholdingTaxes.id, publishedOn: withholdingTaxes.publishedOn, body: withholdingTaxes.body }).from(withholdingTaxes)
    .where(and(
      eq(withholdingTaxes.companyId, companyId), eq(withholdingTaxes.deleted, false), ne(withholdingTaxes.status, "void"),
      gte(withholdingTaxes.publishedOn, `${row.publishedOn.slice(0, 7)}-01`), lt(withholdingTaxes.publishedOn, next),
    ))
    .orderBy(asc(withholdingTaxes.publishedOn), asc(withholdingTaxes.id));
  const at = rows.filter((r) => Number(r.body.entity) === entity).findIndex((r) => r.id === row.id);
  return at >= 0 ? at + 1 : undefined;
}
