// Kept totals and marks of list queries (issue 15). Counting a search that matches 80,000 of
// 100,000 documents reads them all; a total is kept per company, family and query instead, with
// the query's condition, and the document triggers keep it current: each write adds its rows to
// every kept total and mark whose condition they match, in the write's own transaction (migration
// 0010), so a kept total is exact after a crash too and with several service processes on one
// PostgreSQL. A count is kept only if no write committed after it (list_counts_keep checks the
// revision of document_counts that the count read in the same statement).
// Marks serve deep pages of lists in date order and in Value order: a mark is a position in the
// list (a date: its first row; or a row's grand_total and id) and how many rows come before it; a
// page seeks to the last mark at or before it (reading the list's index from there) and skips
// fewer than MARK_EVERY rows (plus one day's in date order, and more as writes add rows between
// marks), instead of every row before it.
import { createHash } from "node:crypto";
import type { RawQuery, RawTransaction } from "../store/database";
import type { Seek } from "./list-sql";

/** Rows between two marks. DOCSHEET_LIST_MARK_EVERY (a whole number ≥ 2) spaces them closer, so a
 * test reaches past several marks with dozens of documents instead of thousands. */
export const MARK_EVERY = wholeAtLeastTwo(process.env.DOCSHEET_LIST_MARK_EVERY, 500);

/** Kept entries per company and family: each write evaluates their conditions over its rows.
 * DOCSHEET_LIST_KEPT (a whole number ≥ 2) sets it, so a test reaches the cap with a few searches. */
export const KEPT_MAX = wholeAtLeastTwo(process.env.DOCSHEET_LIST_KEPT, 16);

function wholeAtLeastTwo(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 2 ? n : fallback;
}

/** A position in list order, then the number of rows before it: [date (YYYY-MM-DD), before] in
 * date order, [grand_total, id, before] in Value order. */
export type Mark = Array<string | number>;

/** The rows before a mark. */
export const markRowsBefore = (mark: Mark): number => Number(mark[mark.length - 1]);

export interface Kept {
  /** Live documents of the company and family (the total when nothing narrows the list). */
  live: number;
  /** The kept total and marks of this query, when kept. */
  total?: number;
  marks?: Mark[];
}

/** The key of a list query: its WHERE, its order and its values (company and family are columns). */
export const listKey = (parts: unknown): string => createHash("sha1").update(JSON.stringify(parts)).digest("base64");

const REVISION = "select coalesce(max(revision), 0) from document_counts where company_id = $1 and family = $2";

/** The live count, and this query's kept total and marks if kept: one round trip. A kept entry
 * used is marked as used (at most once a second, skipping it while a write holds it). */
export async function readKept(query: RawQuery, companyId: number, family: string, key: string): Promise<Kept> {
  const [row] = await query<{ live: number; total: number | null; marks: Mark[] | string | null; touch: boolean | null }>(`
    select cur.live, k.total, k.marks, k.used_at < now() - interval '1 second' as touch
    from (select coalesce(max(live), 0) as live from document_counts where company_id = $1 and family = $2) cur
    left join list_counts k on k.company_id = $1 and k.family = $2 and k.key = $3`,
  [companyId, family, key]);
  if (row.total === null || row.total === undefined) return { live: Number(row.live) };
  if (row.touch) {
    void query(`update list_counts set used_at = now() where (company_id, family, key) in (
      select company_id, family, key from list_counts where company_id = $1 and family = $2 and key = $3 for update skip locked)`,
    [companyId, family, key]).catch(() => undefined);
  }
  const marks = typeof row.marks === "string" ? (JSON.parse(row.marks) as Mark[]) : row.marks ?? [];
  return { live: Number(row.live), total: Number(row.total), marks };
}

/** Marks from the rows per date in list order: one each time MARK_EVERY rows have passed. */
export function marksOf(days: Array<[string, number]>): Mark[] {
  const marks: Mark[] = [];
  let before = 0;
  let marked = 0;
  for (const [day, n] of days) {
    if (before - marked >= MARK_EVERY) {
      marks.push([day, before]);
      marked = before;
    }
    before += Number(n);
  }
  return marks;
}

/** The last mark at or before the row at `offset`, if any. */
export function markBefore(marks: Mark[] | undefined, offset: number): Mark | undefined {
  let found: Mark | undefined;
  for (const mark of marks ?? []) {
    if (markRowsBefore(mark) > offset) break;
    found = mark;
  }
  return found;
}

/** What a kept entry stores besides its total and marks: the list's condition (list-sql.ts
 * matchSql) and, for a list in an order marks seek in, that order. */
export interface Keeping {
  key: string;
  match: { cond: string; args: string[] };
  seek: Seek | undefined;
}

/**
 * Counts the rows of `where` (over documents, with `params`; $1 and $2 are company and family)
 * and, for a list in an order marks seek in, makes its marks (one pass over the list's index, as
 * the count is), then keeps both if no write has come since (list_counts_keep).
 * Keeping is best effort: the answer is right without it (a failure is ignored).
 */
export async function countAndKeep(
  query: RawQuery, where: string, params: unknown[], keeping: Keeping,
): Promise<{ total: number; marks: Mark[] }> {
  const { seek } = keeping;
  const [row] = await query<{ revision: string | number; total: number; days: string; marks: string }>(countSql(where, seek), params);
  const marks = seek?.by === "publishedOn" ? marksOf(JSON.parse(row.days) as Array<[string, number]>) : (JSON.parse(row.marks) as Mark[]);
  await query("select list_counts_keep($1, $2, $3, $4, $5, $6::json, $7, $8::text[], $9, $10, $11)", [
    params[0], params[1], keeping.key, String(row.revision), row.total, JSON.stringify(marks),
    keeping.match.cond, keeping.match.args, seek ? seek.by : null, seek ? seek.desc : null, KEPT_MAX,
  ]).catch(() => undefined);
  return { total: Number(row.total), marks };
}

/** The count, with the revision it was made at (one statement, one snapshot) and the material of
 * the marks: rows per date in date order (marksOf), or every MARK_EVERY-th row in Value order. */
function countSql(where: string, seek: Seek | undefined): string {
  if (seek?.by === "publishedOn") {
    return `select (${REVISION}) as revision, coalesce(sum(n), 0)::int as total,
         coalesce(json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), n) order by day ${seek.desc ? "desc" : "asc"}), '[]')::text as days
       from (select published_on as day, count(*)::int as n from documents where ${where} group by published_on) g`;
  }
  if (seek?.by === "Value") {
    const dir = seek.desc ? "desc" : "asc";
    return `select (${REVISION}) as revision, count(*)::int as total,
         coalesce(json_agg(json_build_array(grand_total::text, id, n - 1) order by n)
           filter (where n > 1 and (n - 1) % ${MARK_EVERY} = 0), '[]')::text as marks
       from (select grand_total, id, row_number() over (order by grand_total ${dir}, id ${dir}) as n from documents where ${where}) r`;
  }
  return `select (${REVISION}) as revision, count(*)::int as total, '[]' as marks from documents where ${where}`;
}

/**
 * countAndKeep with the company and family's writes held off while it counts: for marks made beside
 * an answer. Unheld, a count of a big list (100 ms at 100,000 rows) is refused whenever a write
 * commits meanwhile, so under steady writes the marks were never kept and every deep page skipped
 * rows again. Held, writers wait for the count instead. The lock is the document_counts row the
 * writers' triggers take first (the same order as theirs: no deadlock), taken for update so two
 * counts do not both hold it shared and then both wait to keep.
 */
export function countAndKeepHeld(
  transaction: RawTransaction, where: string, params: unknown[], keeping: Keeping,
): Promise<{ total: number; marks: Mark[] }> {
  return transaction(async (query) => {
    await query("select 1 from document_counts where company_id = $1 and family = $2 for update", [params[0], params[1]]);
    return countAndKeep(query, where, params, keeping);
  });
}
