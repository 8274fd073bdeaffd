// Storage of documents: serial numbers, insert, read, update, soft delete, list pages, and the
// references between documents. Every function takes a company id: another company's documents
// simply do not exist for a caller.
import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { FAMILY_INFO, STATUS_NUMBER, type Family, type StatusWord } from "../../rules/codes";
import type { Tx } from "../store/database";
import { documentReferences, documents, serialCounters } from "../store/schema";

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;
export type Json = Record<string, unknown>;

/** The next serial for a company, family and month, e.g. INV2026110001. Atomic under concurrency:
 * the counter row is bumped by INSERT ... ON CONFLICT DO UPDATE, which holds its row lock until
 * the creating transaction ends. */
export async function nextSerial(tx: Tx, companyId: number, family: Family, publishedOn: string): Promise<string> {
  const period = publishedOn.slice(0, 4) + publishedOn.slice(5, 7);
  const [row] = await tx.insert(serialCounters).values({ companyId, family, period, last: 1 })
    .onConflictDoUpdate({
      target: [serialCounters.companyId, serialCounters.family, serialCounters.period],
      set: { last: sql`${serialCounters.last} + 1` },
    })
    .returning({ last: serialCounters.last });
  return `${FAMILY_INFO[family].serialPrefix}${period}${String(row.last).padStart(4, "0")}`;
}

export async function insertDocument(tx: Tx, values: NewDocument): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values(values).returning();
  return row;
}

/** A live document of this company and family, optionally locked for update (FOR UPDATE). */
export async function findDocument(tx: Tx, companyId: number, family: Family, id: number, lock = false): Promise<DocumentRow | undefined> {
  const q = tx.select().from(documents).where(and(
    eq(documents.id, id), eq(documents.companyId, companyId), eq(documents.family, family), eq(documents.deleted, false),
  ));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** A live document of this company by id, whatever its family (references, partial receipts). */
export async function findAnyDocument(tx: Tx, companyId: number, id: number, lock = false): Promise<DocumentRow | undefined> {
  const q = tx.select().from(documents).where(and(eq(documents.id, id), eq(documents.companyId, companyId), eq(documents.deleted, false)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function updateDocument(tx: Tx, id: number, values: Partial<NewDocument>): Promise<DocumentRow> {
  const [row] = await tx.update(documents).set({ ...values, updatedAt: new Date() }).where(eq(documents.id, id)).returning();
  return row;
}

export async function softDeleteDocument(tx: Tx, id: number): Promise<void> {
  await tx.update(documents).set({ deleted: true, updatedAt: new Date() }).where(eq(documents.id, id));
}

/** Records a link from a source document to the document made from (or paying) it. */
export async function addReference(tx: Tx, companyId: number, fromId: number, toId: number, kind: number, amount?: string): Promise<void> {
  await tx.insert(documentReferences).values({ companyId, fromDocumentId: fromId, toDocumentId: toId, kind, amount });
}

export interface ListFilter {
  companyId: number;
  family: Family;
  from?: string;
  to?: string;
  search?: string;
  currentPage: number;
  pageSize: number;
}

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function listDocuments(tx: Tx, f: ListFilter): Promise<{ total: number; rows: DocumentRow[] }> {
  const conditions: (SQL | undefined)[] = [
    eq(documents.companyId, f.companyId), eq(documents.family, f.family), eq(documents.deleted, false),
    f.from ? gte(documents.publishedOn, f.from) : undefined,
    f.to ? lte(documents.publishedOn, f.to) : undefined,
  ];
  if (f.search) {
    const p = likePattern(f.search);
    conditions.push(or(ilike(documents.contactName, p), ilike(documents.projectName, p), ilike(documents.serial, p)));
  }
  const where = and(...conditions);
  const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(documents).where(where);
  const rows = total === 0 ? [] : await tx.select().from(documents).where(where)
    .orderBy(desc(documents.publishedOn), desc(documents.id))
    .limit(f.pageSize).offset((f.currentPage - 1) * f.pageSize);
  return { total, rows };
}

export interface ReferenceAnswer {
  referenceId: number;
  referenceDocumentType: number;
  referenceDocumentSerial: string;
  documentId: number;
  documentType: number;
  documentSerial: string;
  type: number;
}

/** referencedToMe (documents made from / paying this one) and referencedByMe (sources of this one). */
export async function referencesOf(tx: Tx, ids: number[]): Promise<Map<number, { toMe: ReferenceAnswer[]; byMe: ReferenceAnswer[] }>> {
  const out = new Map<number, { toMe: ReferenceAnswer[]; byMe: ReferenceAnswer[] }>();
  for (const id of ids) out.set(id, { toMe: [], byMe: [] });
  if (ids.length === 0) return out;
  const links = await tx.select().from(documentReferences)
    .where(or(inArray(documentReferences.fromDocumentId, ids), inArray(documentReferences.toDocumentId, ids)))
    .orderBy(documentReferences.id);
  if (links.length === 0) return out;
  const docIds = [...new Set(links.flatMap((l) => [l.fromDocumentId, l.toDocumentId]))];
  const heads = await tx.select({ id: documents.id, serial: documents.serial, documentType: documents.documentType })
    .from(documents).where(inArray(documents.id, docIds));
  const head = new Map(heads.map((h) => [h.id, h]));
  for (const l of links) {
    const from = head.get(l.fromDocumentId)!;
    const to = head.get(l.toDocumentId)!;
    const ref: ReferenceAnswer = {
      referenceId: from.id, referenceDocumentType: from.documentType, referenceDocumentSerial: from.serial,
      documentId: to.id, documentType: to.documentType, documentSerial: to.serial, type: l.kind,
    };
    out.get(l.fromDocumentId)?.toMe.push(ref);
    out.get(l.toDocumentId)?.byMe.push(ref);
  }
  return out;
}

/** The document as the service answers it: the stored body with the column values merged in. */
export function documentAnswer(row: DocumentRow, refs?: { toMe: ReferenceAnswer[]; byMe: ReferenceAnswer[] }): Json {
  const status = row.status as StatusWord;
  return {
    ...row.body,
    recordId: row.id,
    documentId: row.id,
    documentSerial: row.serial,
    documentType: row.documentType,
    publishedOn: row.publishedOn,
    dueDate: row.dueDate,
    status: STATUS_NUMBER[status] ?? 0,
    statusString: status,
    allowDelete: status === "awaiting",
    referencedToMe: refs?.toMe ?? [],
    referencedByMe: refs?.byMe ?? [],
  };
}

export async function documentAnswers(tx: Tx, rows: DocumentRow[]): Promise<Json[]> {
  const refs = await referencesOf(tx, rows.map((r) => r.id));
  return rows.map((r) => documentAnswer(r, refs.get(r.id)));
}
