// Paging and search of lists: currentPage (default 1) and pageSize (default 20, at most 200), with
// the same messages as document lists; searchString matched as written (store/contains-pattern.ts).
import { ListQuerySchema } from "../../rules/schemas";
import type { Ctx } from "../http/context";
import { validationError } from "../envelope";
import { zodFindings } from "../../rules/checks";

export interface Paging {
  currentPage: number;
  pageSize: number;
  searchString?: string;
}

export function listPaging(c: Ctx): Paging {
  const r = ListQuerySchema.safeParse(c.req.query());
  if (!r.success) throw validationError(zodFindings(r.error.issues));
  const searchString = r.data.searchString?.trim();
  return { currentPage: r.data.currentPage, pageSize: r.data.pageSize, searchString: searchString || undefined };
}

export const pageOf = <T>(total: number, currentPage: number, list: T[]) => ({ total, currentPage, list });
