// The company's chart of accounts and its expense categories (business view 3, accounting view 1)
// as answered: a category names its debit and credit accounts by code, answered by their ids.
import { and, asc, eq } from "drizzle-orm";
import type { Json } from "../../rules/json";
import type { Db } from "../store/database";
import { chartOfAccounts, expenseCategories } from "../store/schema";
import { accountBook, findAccount } from "../documents/expense-lines";

/** GET /expenses/categories/{business|accounting}: the view's categories, in the order made. */
export async function expenseCategoriesOf(db: Db, companyId: number, view: number): Promise<Json[]> {
  const [rows, book] = await Promise.all([
    db.select().from(expenseCategories)
      .where(and(eq(expenseCategories.companyId, companyId), eq(expenseCategories.view, view))).orderBy(asc(expenseCategories.id)),
    accountBook(db, companyId),
  ]);
  // categoryId is the category's own id; debitId / creditId are the ids of the chart accounts
  // the category's codes name (integers, as BusinessCategory types them; 0 when not in the chart).
  const idOf = (code: unknown) => findAccount(book, code)?.id ?? 0;
  return rows.map((r) => ({
    ...r.body, id: r.id, categoryId: r.id, debitId: idOf(r.body.debitCode), creditId: idOf(r.body.creditCode), expenseCategoryView: view,
  }));
}

/** GET /chart-of-accounts/accounts: every account of the company, by code. */
export async function chartOfAccountsOf(db: Db, companyId: number): Promise<Json[]> {
  const rows = await db.select().from(chartOfAccounts).where(eq(chartOfAccounts.companyId, companyId)).orderBy(asc(chartOfAccounts.code));
  return rows.map((r) => ({ ...r.body, id: r.id, chartOfAccountId: r.id, code: r.code }));
}
