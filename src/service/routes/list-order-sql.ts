// sortBy and filter of the master-data lists (contacts, products) as drizzle SQL: each list names
// the expression of every column the facts give it (rules/list-order.ts LIST_COLUMNS).
import { and, asc, desc, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { readListOrder, type ListKind } from "../../rules/list-order";
import type { Ctx } from "../http/context";
import { validationError } from "../envelope";
import { containsPattern } from "../store/contains-pattern";

/** A whole number kept in a JSON body, or null (text that is no number never fails the query). */
export const bodyInt = (body: AnyPgColumn, key: string): SQL =>
  sql`(case when ${body}->>${sql.raw(`'${key}'`)} ~ '^[+-]?[0-9]{1,15}$' then (${body}->>${sql.raw(`'${key}'`)})::bigint end)`;

export const bodyText = (body: AnyPgColumn, key: string): SQL => sql`(${body}->>${sql.raw(`'${key}'`)})`;

/** The condition of the query's filter and its ORDER BY (sortBy's columns, then `id` in the last
 * one's direction; `id` ascending when unsorted). A bad sortBy or filter is a validation error. */
export function listOrderSql(c: Ctx, kind: ListKind, columns: Record<string, SQL | AnyPgColumn>, id: AnyPgColumn): { where?: SQL; orderBy: SQL[] } {
  const { order, findings } = readListOrder(kind, c.req.query());
  if (findings.length > 0) throw validationError(findings);
  let where: SQL | undefined;
  for (const [i, term] of order.filter.entries()) {
    const column = columns[term.column];
    const cond = term.kind === "number"
      ? sql`${column} = ${Number(term.value)}`
      : sql`lower(${column}) like lower(${containsPattern(term.value)})`;
    where = i === 0 ? cond : term.or ? or(where, cond) : and(where, cond);
  }
  const orderBy = order.sort.map((s) => (s.desc ? desc : asc)(columns[s.column]));
  const last = order.sort[order.sort.length - 1];
  orderBy.push(last?.desc ? desc(id) : asc(id));
  return { where, orderBy };
}
