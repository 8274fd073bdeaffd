// Storage of documents: serial numbers, insert, read, update, soft delete, list pages, and the
// references between documents. Every function takes a company id: another company's documents
// simply do not exist for a caller.
import { and, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { FAMILY_INFO, STATUS_NUMBER, type Family, type StatusWord } from "../../rules/codes";
import type { Tx } from "../store/database";
import { documentCounts, documentReferences, documents, serialCounters } from "../store/schema";

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;
export type Json = Record<string, unknown>;

/** The serial period of a date: YYYYMM. */
const periodOf = (publishedOn: string): string => publishedOn.slice(0, 4) + publishedOn.slice(5, 7);
const serialText = (family: Family, period: string, n: number): string =>
  `${FAMILY_INFO[family].serialPrefix}${period}${String(n).padStart(4, "0")}`;

/** The next serial for a company, family and month, e.g. INV2026110001. Atomic under concurrency:
 * the counter row is bumped by INSERT ... ON CONFLICT DO UPDATE, which holds its row lock until
 * the creating transaction ends. */
export async function nextSerial(tx: Tx, companyId: number, family: Family, publishedOn: string): Promise<string> {
  const period = periodOf(publishedOn);
  const [row] = await tx.insert(serialCounters).values({ companyId, family, period, last: 1 })
    .onConflictDoUpdate({
      target: [serialCounters.companyId, serialCounters.family, serialCounters.period],
      set: { last: sql`${serialCounters.last} + 1` },
    })
    .returning({ last: serialCounters.last });
  return serialText(family, period, row.last);
}

/** Inserts a document under the next serial of its company, family and month: the counter bump
 * and the insert are one statement (one round trip on the single-connection embedded store). */
export async function insertDocument(tx: Tx, values: Omit<NewDocument, "serial">): Promise<DocumentRow> {
  const period = periodOf(values.publishedOn);
  const prefix = FAMILY_INFO[values.family as Family].serialPrefix;
  const result = await tx.execute(sql`
    with counter as (
      insert into ${serialCounters} (company_id, family, period, last) values (${values.companyId}, ${values.family}, ${period}, 1)
      on conflict (company_id, family, period) do update set last = ${serialCounters}.last + 1
      returning last
    )
    insert into ${documents} (company_id, family, document_type, structure, serial, status, published_on, due_date,
                              contact_id, contact_name, project_name, grand_total, remaining, body)
    select ${values.companyId}, ${values.family}, ${values.documentType}, ${values.structure},
           ${prefix + period} || lpad(counter.last::text, greatest(4, length(counter.last::text)), '0'),
           ${values.status}, ${values.publishedOn}::date, ${values.dueDate ?? null}::date, ${values.contactId ?? null}::bigint,
           ${values.contactName ?? ""}, ${values.projectName ?? ""}, ${values.grandTotal ?? "0"}::numeric,
           ${values.remaining ?? null}::numeric, ${JSON.stringify(values.body)}::json
    from counter
    returning id, serial, created_at`);
  const [r] = (result as unknown as { rows: Array<{ id: number | string; serial: string; created_at: unknown }> }).rows;
  const now = new Date();
  return {
    id: Number(r.id), serial: r.serial, companyId: values.companyId, family: values.family, documentType: values.documentType,
    structure: values.structure, status: values.status, publishedOn: values.publishedOn, dueDate: values.dueDate ?? null,
    contactId: values.contactId ?? null, contactName: values.contactName ?? "", projectName: values.projectName ?? "",
    grandTotal: values.grandTotal ?? "0", remaining: values.remaining ?? null, deleted: false, body: values.body,
    hasReferences: false, createdAt: now, updatedAt: now,
  };
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
  await tx.update(documents).set({ hasReferences: true }).where(or(eq(documents.id, fromId), eq(documents.id, toId)));
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

export interface ReferenceAnswer {
  referenceId: number;
  referenceDocumentType: number;
  referenceDocumentSerial: string;
  documentId: number;
  documentType: number;
  documentSerial: string;
  type: number;
}

const STATUS_MAP = JSON.stringify(STATUS_NUMBER);

/** Answer fields that come from columns: never kept in the stored body. */
export const COLUMN_FIELDS = [
  "recordId", "documentId", "documentSerial", "documentType", "publishedOn", "dueDate", "status", "statusString",
  "allowDelete", "referencedToMe", "referencedByMe",
] as const;

/** referencedToMe (links from this document to documents made from or paying it) or
 * referencedByMe (links from the sources of this document), as JSON text. */
function referencesSql(d: SQL, side: "from" | "to"): SQL {
  const column = side === "from" ? sql.raw("r.from_document_id") : sql.raw("r.to_document_id");
  return sql`case when not ${d}.has_references then '[]' else coalesce((
    select json_agg(json_build_object(
      'referenceId', s.id, 'referenceDocumentType', s.document_type, 'referenceDocumentSerial', s.serial,
      'documentId', t.id, 'documentType', t.document_type, 'documentSerial', t.serial, 'type', r.kind) order by r.id)::text
    from ${documentReferences} r
    join ${documents} s on s.id = r.from_document_id
    join ${documents} t on t.id = r.to_document_id
    where ${column} = ${d}.id), '[]') end`;
}

/** The document as the service answers it, as JSON text built by the database: the column values
 * and references, then the stored body's fields. Text concatenation, not jsonb building: a list
 * page of 200 documents is one cheap statement. */
function answerSql(d: SQL): SQL {
  return sql`'{"recordId": ' || ${d}.id || ', "documentId": ' || ${d}.id
    || ', "documentSerial": ' || to_json(${d}.serial)::text || ', "documentType": ' || ${d}.document_type
    || ', "publishedOn": "' || to_char(${d}.published_on, 'YYYY-MM-DD')
    || '", "dueDate": ' || coalesce('"' || to_char(${d}.due_date, 'YYYY-MM-DD') || '"', 'null')
    || ', "status": ' || coalesce(${STATUS_MAP}::jsonb ->> ${d}.status, '0') || ', "statusString": ' || to_json(${d}.status)::text
    || ', "allowDelete": ' || (${d}.status = 'awaiting')::text
    || ', "referencedToMe": ' || ${referencesSql(d, "from")} || ', "referencedByMe": ' || ${referencesSql(d, "to")}
    || case when ${d}.body::text = '{}' then '}' else ', ' || substr(${d}.body::text, 2) end`;
}

/** One page of a list: the total and the list as JSON text, ready to be sent. */
export async function listDocuments(tx: Tx, f: ListFilter): Promise<{ total: number; listJson: string }> {
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
  const filtered = Boolean(f.from || f.to || f.search);
  const total = filtered
    ? (await tx.select({ n: sql<number>`count(*)::int` }).from(documents).where(where))[0].n
    : ((await tx.select({ n: documentCounts.live }).from(documentCounts)
      .where(and(eq(documentCounts.companyId, f.companyId), eq(documentCounts.family, f.family))))[0]?.n ?? 0);
  if (total === 0 || (f.currentPage - 1) * f.pageSize >= total) return { total, listJson: "[]" };
  const d = sql.raw("d");
  // The page's ids come from the list index alone (index-only scan), then the 200 rows are read.
  const result = await tx.execute(sql`
    select '[' || coalesce(string_agg(${answerSql(d)}, ',' order by d.published_on desc, d.id desc), '') || ']' as list
    from (select ${documents.id} from ${documents} where ${where}
          order by ${documents.publishedOn} desc, ${documents.id} desc
          limit ${f.pageSize} offset ${(f.currentPage - 1) * f.pageSize}) page
    join ${documents} d on d.id = page.id`);
  return { total, listJson: (result as unknown as { rows: Array<{ list: string }> }).rows[0].list };
}

/** Answers of documents by id (in that order), as the service sends them. */
export async function documentAnswersById(tx: Tx, ids: number[]): Promise<Json[]> {
  if (ids.length === 0) return [];
  const d = sql.raw("d");
  const result = await tx.execute(sql`
    select ${answerSql(d)} as doc, d.id from ${documents} d
    where d.id = any(${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::bigint[])`);
  const byId = new Map((result as unknown as { rows: Array<{ doc: string; id: unknown }> }).rows.map((r) => [Number(r.id), JSON.parse(r.doc) as Json]));
  return ids.map((id) => byId.get(id)).filter((x): x is Json => x !== undefined);
}

/** The answer of a document just created without references: built from the row, no round trip.
 * It equals what documentAnswersById gives for it (tested). */
export function newDocumentAnswer(row: DocumentRow): Json {
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
    referencedToMe: [],
    referencedByMe: [],
  };
}
