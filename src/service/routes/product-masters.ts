// Product masters (service-facts §5.2, the newer product API): create, read, update. One product
// with its sell settings and unit lists (productLists; one of them the main product). Codes are
// unique among the company's product masters; a sell account must be in the company's chart.
import * as z from "zod/mini";
import { and, eq } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { MESSAGES } from "../../rules/messages";
import { finding, type Finding } from "../../rules/findings";
import { bool, int, nonBlankText, num, oneOf, opt, str, wireIdOrCode } from "../../rules/schemas/wire";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok, ServiceError, validationError } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import type { Db, Tx } from "../store/database";
import { chartOfAccounts, productMasters } from "../store/schema";
import { PRODUCT_CODE_DUPLICATE } from "../masters/products";
import type { Json } from "../../rules/json";

export const PRODUCT_MASTER_NOT_FOUND = "Product master not found";
export const UNKNOWN_ACCOUNT = "sellSettings.chartOfAccountId {given} is not an account of the company's chart of accounts";
export const ONE_MAIN_PRODUCT = "productLists must have at most one main product (isMainProduct)";

const VAT_TYPES = [1, 3, 5, 7];
export const ProductMasterSchema = z.looseObject({
  type: oneOf([1, 3, 5], "type"),
  code: str(),
  name: nonBlankText(),
  categoryName: str(),
  sellSettings: opt(z.looseObject({
    vatType: opt(oneOf(VAT_TYPES, "vatType")),
    description: str(),
    chartOfAccountId: opt(wireIdOrCode()),
  }, { error: "must be an object" })),
  buySettings: opt(z.looseObject({ vatType: opt(oneOf(VAT_TYPES, "vatType")), description: str() }, { error: "must be an object" })),
  productLists: opt(z.array(z.looseObject({
    id: int(), unitName: str(), sellPrice: num(), buyPrice: num(), barcode: str(), isMainProduct: bool(),
  }, { error: "must be an object" }), { error: "must be a list" })),
}, { error: MESSAGES.bodyNotObject });

type Row = typeof productMasters.$inferSelect;

const answer = (row: Row): Json => ({ ...row.body, id: row.id, code: row.code, name: row.name });
const one = (row: Row) => ok({ total: 1, currentPage: 1, list: [answer(row)] });

async function find(tx: Tx, companyId: number, id: number, lock = false): Promise<Row> {
  const q = tx.select().from(productMasters).where(and(eq(productMasters.id, id), eq(productMasters.companyId, companyId)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new ServiceError(404, PRODUCT_MASTER_NOT_FOUND, 404);
  return row;
}

/** The stored body: unit lists numbered 1..n with exactly one main product (the first when none is marked). */
async function masterBody(tx: Tx, companyId: number, body: Json, exceptId?: number): Promise<Json> {
  const findings: Finding[] = [];
  const code = typeof body.code === "string" ? body.code.trim() : "";
  if (code !== "") {
    const same = await tx.select({ id: productMasters.id }).from(productMasters).where(and(eq(productMasters.companyId, companyId), eq(productMasters.code, code)));
    if (same.some((r) => r.id !== exceptId)) findings.push(finding("code", PRODUCT_CODE_DUPLICATE));
  }
  const sell = (body.sellSettings ?? null) as Json | null;
  if (sell && sell.chartOfAccountId !== undefined && sell.chartOfAccountId !== null) {
    const given = sell.chartOfAccountId;
    const chart = await tx.select({ id: chartOfAccounts.id, code: chartOfAccounts.code }).from(chartOfAccounts).where(eq(chartOfAccounts.companyId, companyId));
    const account = chart.find((a) => (typeof given === "number" ? a.id === given : a.code === String(given).trim() || String(a.id) === String(given).trim()));
    if (!account) findings.push(finding("sellSettings.chartOfAccountId", UNKNOWN_ACCOUNT.replace("{given}", String(given))));
    else sell.chartOfAccountId = account.id;
  }
  const lists = ((body.productLists ?? []) as Json[]).map((l) => ({ ...l }));
  if (lists.filter((l) => l.isMainProduct === true).length > 1) findings.push(finding("productLists", ONE_MAIN_PRODUCT));
  if (findings.length > 0) throw validationError(findings);
  const main = Math.max(0, lists.findIndex((l) => l.isMainProduct === true));
  const productLists = lists.map((l, i) => ({ ...l, id: i + 1, isMainProduct: i === main }));
  return { ...body, code, name: String(body.name).trim(), ...(sell ? { sellSettings: sell } : {}), productLists };
}

export function registerProductMasterRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const tags = ["Product master"];
  mount(api, MASTER_ROUTES.productMastersCreate, async (c) => {
    const body = parseWith(ProductMasterSchema, await readJson(c)) as Json;
    const companyId = companyOf(c);
    const row = await db.transaction(async (tx) => {
      const stored = await masterBody(tx, companyId, body);
      const [r] = await tx.insert(productMasters).values({ companyId, code: String(stored.code), name: String(stored.name), body: stored }).returning();
      return r;
    });
    return c.json(one(row));
  }, { summary: "Create a product master", tags, body: ProductMasterSchema });

  mount(api, MASTER_ROUTES.productMastersGet, async (c) => c.json(one(await find(db, companyOf(c), idParam(c)))), { summary: "Read a product master", tags });

  mount(api, MASTER_ROUTES.productMastersUpdate, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const body = parseWith(ProductMasterSchema, await readJson(c)) as Json;
    const row = await db.transaction(async (tx) => {
      await find(tx, companyId, id, true);
      const stored = await masterBody(tx, companyId, body, id);
      const [r] = await tx.update(productMasters).set({ code: String(stored.code), name: String(stored.name), body: stored, updatedAt: new Date() })
        .where(eq(productMasters.id, id)).returning();
      return r;
    });
    return c.json(one(row));
  }, { summary: "Update a product master", tags, body: ProductMasterSchema });
}
