// Storage of documents: serial numbers, insert, read, update, soft delete, list pages, and the
// references between documents. Every function takes a company id: another company's documents
// simply do not exist for a caller.
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { FAMILY_INFO, type Family } from "../../rules/codes";
import type { RawQuery, RawTransaction, Tx } from "../store/database";
import { fromMarkSql, matchSql, orderSql, seekOrderOf, statusNumberSql, whereSql, type ListWhere } from "./list-sql";
import { countAndKeep, countAndKeepHeld, listKey, markBefore, markRowsBefore, MARK_EVERY, readKept } from "./list-counts";
import { answerHeader } from "./answer-header";
import { documentReferences, documents, serialCounters } from "../store/schema";
import type { Json } from "../../rules/json";

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

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
const INSERT_DOCUMENT = `
  with counter as (
    insert into serial_counters (company_id, family, period, last) values ($1, $2, $3, 1)
    on conflict (company_id, family, period) do update set last = serial_counters.last + 1
    returning last
  )
  insert into documents (company_id, family, document_type, structure, serial, status, published_on, due_date,
                         contact_id, contact_name, project_name, grand_total, remaining, body)
  select $1, $2, $5, $6, $4 || lpad(counter.last::text, greatest(4, length(counter.last::text)), '0'),
         $7, $8::date, $9::date, $10::bigint, $11, $12, $13::numeric, $14::numeric, $15::json
  from counter
  returning id, serial`;

type InsertValues = Omit<NewDocument, "serial">;

/** The columns of a new document (the serial is made from the counter, the prefix and the period). */
function insertColumns(values: InsertValues) {
  const period = periodOf(values.publishedOn);
  return {
    company_id: values.companyId, family: values.family, period, prefix: FAMILY_INFO[values.family as Family].serialPrefix + period,
    document_type: values.documentType, structure: values.structure, status: values.status, published_on: values.publishedOn,
    due_date: values.dueDate ?? null, contact_id: values.contactId ?? null, contact_name: values.contactName ?? "",
    project_name: values.projectName ?? "", grand_total: values.grandTotal ?? "0", remaining: values.remaining ?? null, body: values.body,
  };
}

function insertParams(values: InsertValues): unknown[] {
  const c = insertColumns(values);
  return [
    c.company_id, c.family, c.period, c.prefix, c.document_type, c.structure, c.status, c.published_on, c.due_date, c.contact_id,
    c.contact_name, c.project_name, c.grand_total, c.remaining, JSON.stringify(c.body),
  ];
}

/** A statement written with $1, $2, ... as a drizzle query (to run in a drizzle transaction). */
function boundSql(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) chunks.push(i % 2 === 0 ? sql.raw(parts[i]) : sql`${params[Number(parts[i]) - 1]}`);
  return sql.join(chunks);
}

function insertedRow(values: InsertValues, r: { id: number | string; serial: string }): DocumentRow {
  const now = new Date();
  return {
    id: Number(r.id), serial: r.serial, companyId: values.companyId, family: values.family, documentType: values.documentType,
    structure: values.structure, status: values.status, publishedOn: values.publishedOn, dueDate: values.dueDate ?? null,
    contactId: values.contactId ?? null, contactName: values.contactName ?? "", projectName: values.projectName ?? "",
    grandTotal: values.grandTotal ?? "0", remaining: values.remaining ?? null, deleted: false, body: values.body,
    hasReferences: false, searchText: null, createdAt: now, updatedAt: now,
  };
}

/** Inserts a document in the caller's transaction. */
export async function insertDocument(tx: Tx, values: InsertValues): Promise<DocumentRow> {
  const result = await tx.execute(boundSql(INSERT_DOCUMENT, insertParams(values)));
  return insertedRow(values, (result as unknown as { rows: Array<{ id: number | string; serial: string }> }).rows[0]);
}

/** The same insert as one statement straight through the driver, outside any transaction (it is
 * atomic on its own): the create path when nothing else is written. */
export async function insertDocumentDirect(query: RawQuery, values: InsertValues): Promise<DocumentRow> {
  const [r] = await query<{ id: number | string; serial: string }>(INSERT_DOCUMENT, insertParams(values));
  return insertedRow(values, r);
}

/** Many inserts as one statement (one commit): rows come in as one JSON array, each family's
 * counter of the month is bumped once by its count, and the rows take its serials in array order. */
const INSERT_DOCUMENTS = `
  with input as (
    select * from json_to_recordset($1::json) as i(ord int, company_id bigint, family text, period text, prefix text,
      document_type int, structure text, status text, published_on date, due_date date, contact_id bigint, contact_name text,
      project_name text, grand_total numeric, remaining numeric, body json)
  ), counter as (
    insert into serial_counters (company_id, family, period, last)
    select company_id, family, period, count(*) from input group by company_id, family, period
    on conflict (company_id, family, period) do update set last = serial_counters.last + excluded.last
    returning company_id, family, period, last
  ), numbered as (
    select i.*, i.prefix || lpad(n::text, greatest(4, length(n::text)), '0') as serial
    from (select i.*, c.last - count(*) over (partition by i.company_id, i.family, i.period)
                      + row_number() over (partition by i.company_id, i.family, i.period order by i.ord) as n
          from input i join counter c using (company_id, family, period)) i
  ), inserted as (
    insert into documents (company_id, family, document_type, structure, serial, status, published_on, due_date,
                           contact_id, contact_name, project_name, grand_total, remaining, body)
    select company_id, family, document_type, structure, serial, status, published_on, due_date,
           contact_id, contact_name, project_name, grand_total, remaining, body
    from numbered order by ord
    returning id, company_id, family, serial
  )
  select n.ord, d.id, d.serial from inserted d join numbered n using (company_id, family, serial)`;

/** Inserts documents as one statement straight through the driver (atomic: all or none), answering
 * the rows in the order given. */
export async function insertDocumentsDirect(query: RawQuery, many: InsertValues[]): Promise<DocumentRow[]> {
  if (many.length === 1) return [await insertDocumentDirect(query, many[0])];
  const input = many.map((values, ord) => ({ ord, ...insertColumns(values) }));
  const rows = await query<{ ord: number; id: number | string; serial: string }>(INSERT_DOCUMENTS, [JSON.stringify(input)]);
  const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
  return many.map((values, ord) => insertedRow(values, byOrd.get(ord)!));
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

/** A live document of this company and family moved to `status` in one statement, unless it is
 * being voided and holds partial receipts (remaining kept); undefined when not moved. */
export async function moveStatus(tx: Tx, companyId: number, family: Family, id: number, status: string): Promise<DocumentRow | undefined> {
  const [row] = await tx.update(documents).set({ status, updatedAt: new Date() }).where(and(
    eq(documents.id, id), eq(documents.companyId, companyId), eq(documents.family, family), eq(documents.deleted, false),
    status === "void" ? isNull(documents.remaining) : undefined,
  )).returning();
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

export interface ListFilter extends ListWhere {
  family: Family;
  currentPage: number;
  pageSize: number;
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

/** Answer fields that come from columns: never kept in the stored body. */
export const COLUMN_FIELDS = [
  "recordId", "documentId", "documentSerial", "documentType", "publishedOn", "dueDate", "status", "statusString",
  "allowDelete", "referencedToMe", "referencedByMe",
] as const;

/** referencedToMe (links from this document to documents made from or paying it) or
 * referencedByMe (links from the sources of this document), as JSON text. */
function referencesSql(d: string, side: "from" | "to"): string {
  return `case when not ${d}.has_references then '[]' else coalesce((
    select json_agg(json_build_object(
      'referenceId', s.id, 'referenceDocumentType', s.document_type, 'referenceDocumentSerial', s.serial,
      'documentId', t.id, 'documentType', t.document_type, 'documentSerial', t.serial, 'type', r.kind) order by r.id)::text
    from document_references r
    join documents s on s.id = r.from_document_id
    join documents t on t.id = r.to_document_id
    where r.${side}_document_id = ${d}.id), '[]') end`;
}

/** The document as the service answers it, as JSON text built by the database: the column values
 * and references, then the stored body's fields. Text concatenation, not jsonb building: a list
 * page of 200 documents is one cheap statement. `d` must carry body_text (the body as text, made
 * once per row: it is read twice here). */
function answerSql(d: string): string {
  return `'{"recordId": ' || ${d}.id || ', "documentId": ' || ${d}.id
    || ', "documentSerial": ' || to_json(${d}.serial)::text || ', "documentType": ' || ${d}.document_type
    || ', "publishedOn": "' || to_char(${d}.published_on, 'YYYY-MM-DD')
    || '", "dueDate": ' || coalesce('"' || to_char(${d}.due_date, 'YYYY-MM-DD') || '"', 'null')
    || ', "status": ' || ${statusNumberSql(`${d}.status`)} || ', "statusString": ' || to_json(${d}.status)::text
    || ', "allowDelete": ' || (${d}.status = 'awaiting')::text
    || ', "referencedToMe": ' || ${referencesSql(d, "from")} || ', "referencedByMe": ' || ${referencesSql(d, "to")}
    || case when ${d}.body_text = '{}' then '}' else ', ' || substr(${d}.body_text, 2) end`;
}
const ANSWER_SQL = answerSql("d");
/** The rows of documents named by ids in `source` (a subquery with an id column), with body_text. */
const withBodyText = (source: string): string =>
  `${source} cross join lateral (select d0.*, d0.body::text as body_text from documents d0 where d0.id = page.id offset 0) d`;

/** Rows to skip from the nearer end past which a page of the whole list in date or Value order has
 * its marks made (nearer pages skip rows about as cheaply as they would read the marks). */
const FAR = 5 * MARK_EVERY;

/** Keys whose marks are being made after their answer: one making per key at a time. */
const marking = new Set<string>();
/** The total each key's marks were last made again at, for wide gaps (a bounded memo). */
const remadeAt = new Map<string, number>();
const REMADE_KEYS = 1000;

/** One page of a list: the total and the list as JSON text, ready to be sent. The page's ids come
 * from an index where one serves the order (index-only scan of the list index by default), then
 * only those rows are read (deferred join). The total is the kept count when nothing narrows the
 * list, else the kept total of the query (list-counts.ts); without one, a first page that is not
 * full tells it, and only otherwise is it counted (and kept). A deep page in date or Value order
 * starts at the kept mark before it; any other page past the middle is read from the other end
 * (the last page costs what the first does). */
export async function listDocuments(
  store: { query: RawQuery; transaction: RawTransaction }, f: ListFilter,
): Promise<{ total: number; listJson: string }> {
  const { query } = store;
  const params: unknown[] = [];
  const { where, narrowed } = whereSql(f, params);
  const offset = (f.currentPage - 1) * f.pageSize;
  const seek = seekOrderOf(f.order);
  const key = listKey([where, orderSql(f.order, "documents"), params.slice(2)]);
  const keeping = { key, match: matchSql(f), seek };
  const kept = await readKept(query, f.companyId, f.family, key);
  let total = narrowed ? kept.total : kept.live;
  let marks = kept.marks;
  const count = async (): Promise<number> => {
    ({ total, marks } = await countAndKeep(query, where, params, keeping));
    return total;
  };
  // Past page 1 the total comes first: it says which end of the list is nearer.
  if (total === undefined && f.currentPage > 1) await count();
  // Marks made beside the answer, for the pages after it, so a write costs no page a count.
  const markBeside = (): void => {
    if (marking.has(key)) return;
    marking.add(key);
    void countAndKeepHeld(store.transaction, where, params, keeping).catch(() => undefined).finally(() => marking.delete(key));
  };
  // The whole list's total is known: this page is read as before the marks (from the nearer end).
  if (seek && !marks && total !== undefined && Math.min(offset, total - offset - f.pageSize) >= FAR) markBeside();
  if (total !== undefined && offset >= total) return { total, listJson: "[]" };

  const mark = seek && markBefore(marks, offset);
  // Writes move marks but add none: rows written between two marks widen the gap a page skips.
  // Past twice the spacing the marks are made again, beside this page; once per total, as a gap
  // that is one day's rows (date marks fall only where a day starts) stays after a making.
  if (seek && marks && total !== undefined && offset - (mark ? markRowsBefore(mark) : 0) >= 2 * MARK_EVERY && remadeAt.get(key) !== total) {
    if (remadeAt.size >= REMADE_KEYS) remadeAt.clear();
    remadeAt.set(key, total);
    markBeside();
  }
  let pageWhere = where;
  let skip = offset;
  let take = f.pageSize;
  let fromEnd = false;
  const pageParams = [...params];
  if (seek && mark) {
    pageWhere += ` and ${fromMarkSql(seek, mark, (v) => `$${pageParams.push(v)}`)}`;
    skip = offset - markRowsBefore(mark);
  } else if (total !== undefined && offset + f.pageSize / 2 > total / 2) {
    fromEnd = true;
    skip = Math.max(0, total - offset - f.pageSize);
    take = Math.min(f.pageSize, total - offset);
  }
  const [row] = await query<{ list: string; n: number }>(`
    with page as (select id from documents where ${pageWhere} order by ${orderSql(f.order, "documents", fromEnd)}
                  limit ${Number(take)} offset ${Number(skip)})
    select (select '[' || coalesce(string_agg(${ANSWER_SQL}, ',' order by ${orderSql(f.order, "d")}), '') || ']'
            from ${withBodyText("page")}) as list,
           (select count(*)::int from page) as n`, pageParams);
  const n = Number(row.n);
  return { total: total ?? (n < f.pageSize ? n : await count()), listJson: row.list };
}

/** Answers of documents by id (in that order), as the service sends them. */
export async function documentAnswersById(tx: Tx, ids: number[]): Promise<Json[]> {
  if (ids.length === 0) return [];
  const idList = `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
  const result = await tx.execute(boundSql(`select ${ANSWER_SQL} as doc, d.id from ${withBodyText("unnest($1::bigint[]) as page(id)")}`, [idList]));
  const byId = new Map((result as unknown as { rows: Array<{ doc: string; id: unknown }> }).rows.map((r) => [Number(r.id), JSON.parse(r.doc) as Json]));
  return ids.map((id) => byId.get(id)).filter((x): x is Json => x !== undefined);
}

/** The answer of a document just created without references: built from the row, no round trip.
 * It equals what documentAnswersById gives for it (tested). */
export function newDocumentAnswer(row: DocumentRow): Json {
  return { ...row.body, ...answerHeader(row, row.documentType), dueDate: row.dueDate, referencedToMe: [], referencedByMe: [] };
}
