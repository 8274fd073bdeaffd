// The company's expense categories, both views, each tagged with its view (the list it came from),
// for reading an expense sheet's categories by name (sheet/expense-categories.ts). Other families
// name none: nothing is read for them.
import type { DocSheetClient } from "../api/client";
import { EXPENSE_VIEW, FAMILY_INFO, type Family } from "../rules/codes";
import type { Json } from "../rules/json";

export async function expenseCategoriesFor(client: DocSheetClient | null | undefined, family: string, signal?: AbortSignal): Promise<Json[] | undefined> {
  // A family not in the documents' table (a book, certificates) names no categories.
  if (!client || !FAMILY_INFO[family as Family]?.expenseCategories) return undefined;
  const [business, accounting] = await Promise.all([client.expenseCategories.business({ signal }), client.expenseCategories.accounting({ signal })]);
  const tagged = (list: readonly object[], view: number): Json[] => list.map((c) => ({ ...(c as Json), expenseCategoryView: view }));
  return [...tagged(business, EXPENSE_VIEW.Business), ...tagged(accounting, EXPENSE_VIEW.Accounting)];
}
