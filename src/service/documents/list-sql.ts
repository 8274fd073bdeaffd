// The WHERE and ORDER BY of a document list page: date range, searchString, filter and sortBy
// (rules/list-order.ts) as SQL over the documents table, with $n parameters.
// Text matching goes through search_text (migration 0005: contact name, project name and serial,
// lower-cased, with a trigram index): `search_text LIKE lower('%text%')` is exactly an ILIKE on
// the three columns (ILIKE is lower() on both sides), and each column's own filter keeps that as
// the index's condition beside its exact one.
import { STATUS_NUMBER } from "../../rules/codes";
import type { ListOrder } from "../../rules/list-order";
import { containsPattern } from "../store/contains-pattern";

export interface ListWhere {
  companyId: number;
  family: string;
  from?: string;
  to?: string;
  search?: string;
  order?: ListOrder;
}

/** The status number of a status word, as a SQL expression over `column`. */
export const statusNumberSql = (column: string): string =>
  `case ${column} ${Object.entries(STATUS_NUMBER).map(([word, n]) => `when '${word.replace(/'/g, "''")}' then '${Number(n)}'`).join(" ")} else '0' end`;

/** Sort columns (facts' names) → column expressions of a documents row `t`. */
const SORT_SQL: Record<string, (t: string) => string> = {
  publishedOn: (t) => `${t}.published_on`,
  documentSerial: (t) => `${t}.serial`,
  "Contact.NameLocal": (t) => `${t}.contact_name`,
  Value: (t) => `${t}.grand_total`,
  Status: (t) => `(${statusNumberSql(`${t}.status`)})::int`,
};

/** What search_text joins, and between them. */
const SEARCHED = ["contact_name", "project_name", "serial"];
const SEPARATOR = "\u0001";

/** Text filter columns → the column they match. */
const FILTER_COLUMN: Record<string, string> = { "Contact.NameLocal": "contact_name", documentSerial: "serial" };

/** ORDER BY over rows named `t`: sortBy's columns then id (so pages never overlap), in the last
 * column's direction; newest first by default (the list index read backwards). `reverse` gives
 * the same order backwards (every column is NOT NULL, so it is exactly the reverse). */
export function orderSql(order: ListOrder | undefined, t: string, reverse = false): string {
  const sort = order?.sort?.length ? order.sort : [{ column: "publishedOn", desc: true }];
  const dir = (desc: boolean) => (desc !== reverse ? "desc" : "asc");
  const terms = sort.map((s) => `${SORT_SQL[s.column](t)} ${dir(s.desc)}`);
  return [...terms, `${t}.id ${dir(sort[sort.length - 1].desc)}`].join(", ");
}

/** An order that kept marks can seek in (list-counts.ts): date order (the default order, or sortBy
 * publishedOn alone; the list index) or sortBy Value alone (the value index), and its direction. */
export interface Seek {
  by: "publishedOn" | "Value";
  desc: boolean;
}

export function seekOrderOf(order: ListOrder | undefined): Seek | undefined {
  const sort = order?.sort?.length ? order.sort : [{ column: "publishedOn", desc: true }];
  if (sort.length !== 1) return undefined;
  const { column, desc } = sort[0];
  return column === "publishedOn" || column === "Value" ? { by: column, desc } : undefined;
}

/** The rows from a mark on, in the seek's order: a date mark is the first row of its day, a Value
 * mark is a row's (grand_total, id), whose order the value index holds. */
export function fromMarkSql(seek: Seek, position: Array<string | number>, param: (v: unknown) => string): string {
  const op = seek.desc ? "<=" : ">=";
  return seek.by === "publishedOn"
    ? `published_on ${op} ${param(position[0])}::date`
    : `(grand_total, id) ${op} (${param(position[0])}::numeric, ${param(position[1])}::bigint)`;
}

/** The WHERE over the documents table (unaliased), pushing its values onto `params`. True when it
 * narrows more than company and family (the kept count no longer answers the total). */
export function whereSql(f: ListWhere, params: unknown[]): { where: string; narrowed: boolean } {
  return buildWhere(f, (v) => `$${params.push(v)}`);
}

/** The columns a kept condition (matchSql) and its marks read. The document update trigger passes
 * on to the kept totals only rows changed in one of them (migration 0016's list_counts_seen lists
 * the same): a condition that reads another column needs it added there, or a write of that column
 * alone would leave the kept totals behind. */
export const KEPT_LIST_COLUMNS = [
  "id", "company_id", "family", "deleted", "published_on", "grand_total", "serial", "contact_name", "project_name", "search_text",
] as const;

/**
 * The same WHERE as a format() string of PostgreSQL with its values apart (`%3$L` is the third,
 * quoted by format itself): a kept total stores it, and the document triggers evaluate it over each
 * written row (migration 0010), so the list and its kept total share one definition of the match.
 */
export function matchSql(f: ListWhere): { cond: string; args: string[] } {
  const args: string[] = [];
  const { where } = buildWhere(f, (v) => `%${args.push(String(v))}$L`);
  return { cond: where, args };
}

/** The lowered patterns as one array (each a parameter or a format() argument). */
const anyOf = (patterns: string[]): string => `array[${patterns.map((p) => `lower(${p})`).join(", ")}]`;

function buildWhere(f: ListWhere, param: (v: string | number) => string): { where: string; narrowed: boolean } {
  let where = `company_id = ${param(f.companyId)} and family = ${param(f.family)} and not deleted`;
  if (f.from) where += ` and published_on >= ${param(f.from)}::date`;
  if (f.to) where += ` and published_on <= ${param(f.to)}::date`;
  if (f.search) {
    const p = param(containsPattern(f.search));
    where += ` and search_text like lower(${p})`;
    // Text with the separator in it could match across two fields: look at each one then.
    if (f.search.includes(SEPARATOR)) where += ` and (${SEARCHED.map((c) => `lower(${c}) like lower(${p})`).join(" or ")})`;
  }
  const filter = f.order?.filter ?? [];
  if (filter.length > 0) {
    // Terms on one column joined by Or, where the left-to-right fold allows it (the run starts the
    // filter or is itself joined by Or), are one `like any`: the column is lowered once per row, not
    // once per term (undo asks for ten contacts' documents at once), as masters/list-sql.ts does.
    const groups: Array<{ or: boolean; column: string; patterns: string[] }> = [];
    for (const [i, term] of filter.entries()) {
      const last = groups[groups.length - 1];
      if (last && term.or && last.column === term.column && (groups.length === 1 || last.or)) last.patterns.push(param(containsPattern(term.value)));
      else groups.push({ or: i === 0 || term.or, column: term.column, patterns: [param(containsPattern(term.value))] });
    }
    const joined = groups.reduce((acc, g, i) => {
      const column = FILTER_COLUMN[g.column];
      const cond = g.patterns.length === 1
        ? `(search_text like lower(${g.patterns[0]}) and lower(${column}) like lower(${g.patterns[0]}))`
        : `(search_text like any(${anyOf(g.patterns)}) and lower(${column}) like any(${anyOf(g.patterns)}))`;
      return i === 0 ? cond : `(${acc} ${g.or ? "or" : "and"} ${cond})`;
    }, "");
    where += ` and ${joined}`;
  }
  return { where, narrowed: Boolean(f.from || f.to || f.search || filter.length > 0) };
}
