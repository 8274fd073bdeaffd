// Expense categories (business view 3, accounting view 1) and the chart of accounts.
import { and, asc, eq } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { EXPENSE_VIEW } from "../../rules/codes";
import { chartOfAccounts, expenseCategories } from "../store/schema";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { accountBook, findAccount } from "../documents/expense-lines";

export function registerAccountingRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  const views: Array<[keyof typeof MASTER_ROUTES, number, string]> = [
    ["expenseCategoriesBusiness", EXPENSE_VIEW.Business, "Expense categories, business view"],
    ["expenseCategoriesAccounting", EXPENSE_VIEW.Accounting, "Expense categories, accounting view"],
  ];
  for (const [name, view, summary] of views) {
    mount(api, MASTER_ROUTES[name], async (c) => {
      const companyId = companyOf(c);
      const [rows, book] = await Promise.all([
        db.select().from(expenseCategories)
          .where(and(eq(expenseCategories.companyId, companyId), eq(expenseCategories.view, view))).orderBy(asc(expenseCategories.id)),
        accountBook(db, companyId),
      ]);
      // categoryId is the category's own id; debitId / creditId are the ids of the chart accounts
      // the category's codes name (integers, as BusinessCategory types them; 0 when not in the chart).
      const idOf = (code: unknown) => findAccount(book, code)?.id ?? 0;
      return c.json(ok(rows.map((r) => ({
        ...r.body, id: r.id, categoryId: r.id, debitId: idOf(r.body.debitCode), creditId: idOf(r.body.creditCode), expenseCategoryView: view,
      }))));
    }, { summary, tags: ["Expenses categories"] });
  }
  mount(api, MASTER_ROUTES.chartOfAccounts, async (c) => {
    const rows = await db.select().from(chartOfAccounts).where(eq(chartOfAccounts.companyId, companyOf(c))).orderBy(asc(chartOfAccounts.code));
    return c.json(ok(rows.map((r) => ({ ...r.body, id: r.id, chartOfAccountId: r.id, code: r.code }))));
  }, { summary: "Chart of accounts", tags: ["Journal entry"] });
}
