// Expense categories (business view 3, accounting view 1) and the chart of accounts: read by
// ledger/chart.ts.
import { MASTER_ROUTES } from "../../api/routes";
import { EXPENSE_VIEW } from "../../rules/codes";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { chartOfAccountsOf, expenseCategoriesOf } from "../ledger/chart";

export function registerAccountingRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  const views: Array<[keyof typeof MASTER_ROUTES, number, string]> = [
    ["expenseCategoriesBusiness", EXPENSE_VIEW.Business, "Expense categories, business view"],
    ["expenseCategoriesAccounting", EXPENSE_VIEW.Accounting, "Expense categories, accounting view"],
  ];
  for (const [name, view, summary] of views) {
    mount(api, MASTER_ROUTES[name], async (c) => c.json(ok(await expenseCategoriesOf(db, companyOf(c), view))), { summary, tags: ["Expenses categories"] });
  }
  mount(api, MASTER_ROUTES.chartOfAccounts, async (c) => c.json(ok(await chartOfAccountsOf(db, companyOf(c)))),
    { summary: "Chart of accounts", tags: ["Journal entry"] });
}
