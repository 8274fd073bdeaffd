// A page of a master-data list (contacts, products): the search, sortBy and filter as drizzle SQL,
// each list naming the expression of every column the facts give it (rules/list-order.ts
// LIST_COLUMNS), counted and read in one go.
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ListOrder } from "../../rules/list-order";
import type { Db } from "../store/database";
import { containsPattern } from "../store/contains-pattern";

/** The page asked for, and its search as typed (trimmed; undefined when blank). */
export interface Paging {
  currentPage: number;
  pageSize: number;
  searchString?: string;
}

/** A whole number kept in a JSON body, or null (text that is no number never fails the query). */
export const bodyInt = (body: AnyPgColumn, key: string): SQL =>
  sql`(case when ${body}->>${sql.raw(`'${key}'`)} ~ '^[+-]?[0-9]{1,15}$' then (${body}->>${sql.raw(`'${key}'`)})::bigint end)`;

export const bodyText = (body: AnyPgColumn, key: string): SQL => sql`(${body}->>${sql.raw(`'${key}'`)})`;

/** The condition of the query's filter and its ORDER BY (sortBy's columns, then `id` in the last
 * one's direction; `id` ascending when unsorted). Text terms on one column joined by Or, where the
 * fold allows it (the run starts the filter or is itself joined by Or), are one `like any`: PostgreSQL
 * lowers the column once per row instead of once per term (a look-up of ten names among 12,000
 * contacts: 65 ms → 17 ms on the embedded store). */
function listOrderSql(order: ListOrder, columns: Record<string, SQL | AnyPgColumn>, id: AnyPgColumn): { where?: SQL; orderBy: SQL[] } {
  const groups: Array<{ or: boolean; column: string; number?: number; patterns: string[] }> = [];
  for (const [i, term] of order.filter.entries()) {
    const last = groups[groups.length - 1];
    const joinsOr = i === 0 || term.or;
    if (term.kind === "text" && last && last.number === undefined && last.column === term.column && term.or && (groups.length === 1 || last.or)) {
      last.patterns.push(containsPattern(term.value));
      continue;
    }
    groups.push(term.kind === "number"
      ? { or: joinsOr, column: term.column, number: Number(term.value), patterns: [] }
      : { or: joinsOr, column: term.column, patterns: [containsPattern(term.value)] });
  }
  let where: SQL | undefined;
  for (const [i, g] of groups.entries()) {
    const column = columns[g.column];
    const cond = g.number !== undefined ? sql`${column} = ${g.number}`
      : g.patterns.length === 1 ? sql`lower(${column}) like lower(${g.patterns[0]})`
      : sql`lower(${column}) like any(array[${sql.join(g.patterns.map((p) => sql`lower(${p})`), sql`, `)}])`;
    where = i === 0 ? cond : g.or ? or(where, cond) : and(where, cond);
  }
  const orderBy = order.sort.map((s) => (s.desc ? desc : asc)(columns[s.column]));
  const last = order.sort[order.sort.length - 1];
  orderBy.push(last?.desc ? desc(id) : asc(id));
  return { where, orderBy };
}

/** The columns of a master table a list reads: its own, and what a search matches. */
export interface MasterList {
  table: PgTable & { id: AnyPgColumn; companyId: AnyPgColumn; deleted: AnyPgColumn };
  /** sortBy and filter columns → where each is kept. */
  columns: Record<string, SQL | AnyPgColumn>;
  /** The condition a search string puts on the rows. */
  search(pattern: string): SQL | undefined;
}

/** The company's live rows of a list, the page asked for, and how many there are in all. */
export async function listPage<Row>(
  db: Db, list: MasterList, companyId: number, paging: Paging, order: ListOrder,
): Promise<{ total: number; currentPage: number; list: Row[] }> {
  const { table } = list;
  const { where: filtered, orderBy } = listOrderSql(order, list.columns, table.id);
  const where = and(
    eq(table.companyId, companyId), eq(table.deleted, false),
    paging.searchString ? list.search(containsPattern(paging.searchString)) : undefined, filtered,
  );
  const offset = (paging.currentPage - 1) * paging.pageSize;
  const rows = await db.select().from(table).where(where).orderBy(...orderBy).limit(paging.pageSize).offset(offset);
  // A page that is not full, and not past the end, tells the total: no count (a search or filter
  // counts by reading every row of the company).
  const told = rows.length < paging.pageSize && (rows.length > 0 || offset === 0);
  const total = told ? offset + rows.length
    : (await db.select({ total: sql<number>`count(*)::int` }).from(table).where(where))[0].total;
  return { total, currentPage: paging.currentPage, list: rows as Row[] };
}
