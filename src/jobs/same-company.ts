// Whether two companies are one: kept apart from the guard (company.ts) so the pane's first chunk can
// tell companies apart without loading the jobs. Pure, no imports.

/** A company as a workbook or a connection names it. */
export interface CompanyName {
  /** companyId of the service's company information. */
  id?: number;
  name: string;
  taxId?: string;
}

/** One company or two: the id decides when both have one, the tax id must agree when both have one,
 * and without ids the name does. */
export function sameCompany(a: CompanyName, b: CompanyName): boolean {
  if (a.taxId && b.taxId && a.taxId !== b.taxId) return false;
  if (a.id !== undefined && b.id !== undefined) return a.id === b.id;
  return a.name.trim().toLowerCase() === b.name.trim().toLowerCase();
}
