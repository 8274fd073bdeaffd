// Expense categories (business view 3, accounting view 1) and the chart of accounts.
import { and, asc, eq } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { EXPENSE_VIEW } from "../../rules/codes";
import { chartOfAccounts, expenseCategories } from "../store/schema";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../http/envelope";

export function registerAccountingRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  const views: Array<[keyof typeof MASTER_ROUTES, number, string]> = [
    ["expenseCategoriesBusiness", EXPENSE_VIEW.Business, "Expense categories, business view"],
    ["expenseCategoriesAccounting", EXPENSE_VIEW.Accounting, "Expense categories, accounting view"],
  ];
  for (const [name, view, summary] of views) {
    mount(api, MASTER_ROUTES[name], async (c) => {
      const rows = await db.select().from(expenseCategories)
        .where(and(eq(expenseCategories.companyId, companyOf(c)), eq(expenseCategories.view, view))).orderBy(asc(expenseCategories.id));
      // categoryId is the category's own id; debitId / creditId name the chart accounts by code.
      return c.json(ok(rows.map((r) => ({
        ...r.body, id: r.id, categoryId: r.id, debitId: r.body.debitCode, creditId: r.body.creditCode, expenseCategoryView: view,
      }))));
    }, { summary, tags: ["Expenses categories"] });
  }
  mount(api, MASTER_ROUTES.chartOfAccounts, async (c) => {
    const rows = await db.select().from(chartOfAccounts).where(eq(chartOfAccounts.companyId, companyOf(c))).orderBy(asc(chartOfAccounts.code));
    return c.json(ok(rows.map((r) => ({ ...r.body, id: r.id, chartOfAccountId: r.id, code: r.code }))));
  }, { summary: "Chart of accounts", tags: ["Journal entry"] });
}
