// The company's expense categories, both views, each tagged with its view (the list it came from),
// for reading an expense sheet's categories by name (sheet/expense-categories.ts). A family whose
// sheet names none (its FamilySheet says so) reads nothing.
import type { DocSheetClient } from "../api/client";
import { EXPENSE_VIEW, type SheetFamily } from "../rules/codes";
import { familySheet } from "../families/sheets";
import type { Json } from "../rules/json";

export async function expenseCategoriesFor(client: DocSheetClient | null | undefined, family: SheetFamily, signal?: AbortSignal): Promise<Json[] | undefined> {
  if (!client || !familySheet(family).expenseCategories) return undefined;
  const [business, accounting] = await Promise.all([client.expenseCategories.business({ signal }), client.expenseCategories.accounting({ signal })]);
  const tagged = (list: readonly object[], view: number): Json[] => list.map((c) => ({ ...(c as Json), expenseCategoryView: view }));
  return [...tagged(business, EXPENSE_VIEW.Business), ...tagged(accounting, EXPENSE_VIEW.Accounting)];
}
