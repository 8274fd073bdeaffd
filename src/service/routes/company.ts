// Company information (GET/PUT /company/info, service-facts §5.9); kept by masters/company.ts.
import { MASTER_ROUTES } from "../../api/routes";
import { CompanyInfoSchema } from "../../rules/schemas";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { parseWith, readJson } from "../http/validate";
import { companyInfo, updateCompanyInfo } from "../masters/company";

export function registerCompanyRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  const tags = ["My company"];
  mount(api, MASTER_ROUTES.companyGet, async (c) => c.json(ok(await companyInfo(db, companyOf(c)))),
    { summary: "Read company information", tags });
  mount(api, MASTER_ROUTES.companyUpdate, async (c) => {
    const body = parseWith(CompanyInfoSchema, await readJson(c)) as Record<string, unknown>;
    return c.json(ok(await updateCompanyInfo(db, companyOf(c), body)));
  }, { summary: "Update company information", tags, body: CompanyInfoSchema });
}
