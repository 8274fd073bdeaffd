// Company information (GET/PUT /company/info, service-facts §5.9). The wire typo `compnayName` is
// kept; `companyName` is answered beside it for readers that expect the plain spelling.
import { eq } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { CompanyInfoSchema } from "../../rules/schemas";
import { companies } from "../store/schema";
import type { Tx } from "../store/database";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../http/envelope";
import { parseWith, readJson } from "../http/validate";

export async function companyInfo(tx: Tx, companyId: number): Promise<Record<string, unknown>> {
  const [row] = await tx.select({ info: companies.info }).from(companies).where(eq(companies.id, companyId));
  return { ...row.info, companyId };
}

// Company information is read by every document create (the company header) and changes only
// through PUT /company/info of this process: cached per database. A second service process on the
// same PostgreSQL database would show the old header until it restarts.
const cache = new WeakMap<object, Map<number, Record<string, unknown>>>();

export async function cachedCompanyInfo(db: Tx, companyId: number): Promise<Record<string, unknown>> {
  let byId = cache.get(db);
  if (!byId) cache.set(db, (byId = new Map()));
  let info = byId.get(companyId);
  if (!info) byId.set(companyId, (info = await companyInfo(db, companyId)));
  return info;
}

export function registerCompanyRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  const tags = ["My company"];
  mount(api, MASTER_ROUTES.companyGet, async (c) => c.json(ok(await companyInfo(db, companyOf(c)))),
    { summary: "Read company information", tags });
  mount(api, MASTER_ROUTES.companyUpdate, async (c) => {
    const body = parseWith(CompanyInfoSchema, await readJson(c)) as Record<string, unknown>;
    const companyId = companyOf(c);
    const info = await db.transaction(async (tx) => {
      const current = await companyInfo(tx, companyId);
      const rest: Record<string, unknown> = { ...current, ...body, companyName: body.compnayName };
      delete rest.companyId;
      await tx.update(companies).set({ info: rest }).where(eq(companies.id, companyId));
      cache.get(db)?.delete(companyId);
      return { ...rest, companyId };
    });
    return c.json(ok(info));
  }, { summary: "Update company information", tags, body: CompanyInfoSchema });
}
