// Paging and search of lists: currentPage (default 1) and pageSize (default 20, at most 200), with
// the same messages as document lists; searchString matched as written (store/contains-pattern.ts).
import { ListQuerySchema } from "../../rules/schemas";
import { readListOrder, type ListKind, type ListOrder } from "../../rules/list-order";
import type { Ctx } from "../http/context";
import { validationError } from "../envelope";
import { zodFindings } from "../../rules/checks";
import type { Paging } from "../masters/list-sql";

export function listPaging(c: Ctx): Paging {
  const r = ListQuerySchema.safeParse(c.req.query());
  if (!r.success) throw validationError(zodFindings(r.error.issues));
  const searchString = r.data.searchString?.trim();
  return { currentPage: r.data.currentPage, pageSize: r.data.pageSize, searchString: searchString || undefined };
}

/** The query's sortBy and filter for a list of this kind; a bad one is a validation error. */
export function listOrder(c: Ctx, kind: ListKind): ListOrder {
  const { order, findings } = readListOrder(kind, c.req.query());
  if (findings.length > 0) throw validationError(findings);
  return order;
}

export const pageOf = <T>(total: number, currentPage: number, list: T[]) => ({ total, currentPage, list });
