// Kept totals and marks of list queries (issue 15). Counting a search that matches 80,000 of
// 100,000 documents reads them all; a total is kept per company, family and query instead, with
// the revision of document_counts it was counted at. Every write of a company's documents bumps
// that revision in its own transaction (the triggers of migration 0009), so a kept total whose
// revision is still the current one is exact: after a crash, and with several service processes
// on one PostgreSQL. Count and revision are read by one statement (one snapshot), so they match.
// Marks serve deep pages of lists in date order: a mark is a date and how many rows come before
// that date's first row; a page seeks to the last mark at or before it (the list index read from
// that date) and skips fewer than MARK_EVERY rows plus one day's, instead of every row before it.
import { createHash } from "node:crypto";
import type { RawQuery } from "../store/database";

/** Rows between two marks. DOCSHEET_LIST_MARK_EVERY (a whole number ≥ 2) spaces them closer, so a
 * test reaches past several marks with dozens of documents instead of thousands. */
export const MARK_EVERY = markSpacing(process.env.DOCSHEET_LIST_MARK_EVERY);

function markSpacing(text: string | undefined): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 2 ? n : 500;
}

/** A date (YYYY-MM-DD) and the number of rows before its first one, in list order. */
export type Mark = [string, number];

export interface Kept {
  /** Live documents of the company and family (the total when nothing narrows the list). */
  live: number;
  /** The kept total and marks of this query, when kept at the current revision. */
  total?: number;
  marks?: Mark[];
}

/** The key of a list query: its WHERE, its order and its values (company and family are columns). */
export const listKey = (parts: unknown): string => createHash("sha1").update(JSON.stringify(parts)).digest("base64");

const REVISION = "select coalesce(max(revision), 0) from document_counts where company_id = $1 and family = $2";
const CURRENT = `select coalesce(max(revision), 0) as revision, coalesce(max(live), 0) as live
                 from document_counts where company_id = $1 and family = $2`;

/** The live count, and this query's kept total and marks if they are still exact: one round trip. */
export async function readKept(query: RawQuery, companyId: number, family: string, key: string): Promise<Kept> {
  const [row] = await query<{ live: number; total: number | null; marks: Mark[] | string | null }>(`
    select cur.live, k.total, k.marks from (${CURRENT}) cur
    left join list_counts k on k.company_id = $1 and k.family = $2 and k.key = $3 and k.revision = cur.revision`,
  [companyId, family, key]);
  if (row.total === null || row.total === undefined) return { live: Number(row.live) };
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
    if (mark[1] > offset) break;
    found = mark;
  }
  return found;
}

/** Keeps a total and marks, then drops the company and family's entries of older revisions. Each
 * statement locks at most its own row or skips rows others hold (no deadlock between requests).
 * Keeping is best effort: the answer is right without it (the caller ignores a failure). */
async function keep(query: RawQuery, values: [unknown, unknown, string, string, number, string]): Promise<void> {
  await query(`
    insert into list_counts (company_id, family, key, revision, total, marks) values ($1, $2, $3, $4, $5, $6::json)
    on conflict (company_id, family, key) do update set revision = excluded.revision, total = excluded.total, marks = excluded.marks
    where list_counts.revision <= excluded.revision`, values);
  await query(`
    delete from list_counts where (company_id, family, key) in (
      select company_id, family, key from list_counts where company_id = $1 and family = $2 and revision < $3 for update skip locked)`,
  [values[0], values[1], values[3]]);
}

/**
 * Counts the rows of `where` (over documents, with `params`; $1 and $2 are company and family)
 * and, for a list in date order, makes its marks from the rows per date (one pass over the list
 * index, as the count is), then keeps both under `key` at the revision read with them.
 */
export async function countAndKeep(
  query: RawQuery, where: string, params: unknown[], key: string, dateOrder: { desc: boolean } | undefined,
): Promise<{ total: number; marks: Mark[] }> {
  const counted = dateOrder
    ? `select (${REVISION}) as revision, coalesce(sum(n), 0)::int as total,
         coalesce(json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), n) order by day ${dateOrder.desc ? "desc" : "asc"}), '[]')::text as days
       from (select published_on as day, count(*)::int as n from documents where ${where} group by published_on) g`
    : `select (${REVISION}) as revision, count(*)::int as total, '[]' as days from documents where ${where}`;
  const [row] = await query<{ revision: string | number; total: number; days: string }>(counted, params);
  const marks = marksOf(JSON.parse(row.days) as Array<[string, number]>);
  await keep(query, [params[0], params[1], key, String(row.revision), row.total, JSON.stringify(marks)]).catch(() => undefined);
  return { total: Number(row.total), marks };
}
