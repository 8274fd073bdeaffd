// Product masters (service-facts §5.2, the newer product API): create, read, update. A product
// master is a product (masters/products.ts: one record, one id with /products) seen with its sell
// and buy settings (VAT type, description, account) and unit lists (productLists; one of them the
// main product). Codes are unique among the company's products; an account must be in the
// company's chart (given by id or by code; kept and answered as the account's id).
import * as z from "zod/mini";
import { eq } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { MESSAGES } from "../../rules/messages";
import { finding, type Finding } from "../../rules/findings";
import { serviceText } from "../../rules/message";
import { bool, int, nonBlankText, num, oneOf, opt, str, wireIdOrCode } from "../../rules/schemas/wire";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok, validationError } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import type { Db } from "../store/database";
import { chartOfAccounts } from "../store/schema";
import { createProduct, findProduct, masterAnswer, productOfMaster, updateProduct, type ProductRow } from "../masters/products";
import type { Json } from "../../rules/json";

export const UNKNOWN_ACCOUNT = "{side}.chartOfAccountId {given} is not an account of the company's chart of accounts";
export const ONE_MAIN_PRODUCT = "productLists must have at most one main product (isMainProduct)";

const VAT_TYPES = [1, 3, 5, 7];
const settings = () => opt(z.looseObject({
  vatType: opt(oneOf(VAT_TYPES, "vatType")),
  description: str(),
  chartOfAccountId: opt(wireIdOrCode()),
}, { error: "must be an object" }));
export const ProductMasterSchema = z.looseObject({
  type: oneOf([1, 3, 5], "type"),
  code: str(),
  name: nonBlankText(),
  categoryName: str(),
  sellSettings: settings(),
  buySettings: settings(),
  productLists: opt(z.array(z.looseObject({
    id: int(), unitName: str(), sellPrice: num(), buyPrice: num(), barcode: str(), isMainProduct: bool(),
  }, { error: "must be an object" }), { error: "must be a list" })),
}, { error: MESSAGES.bodyNotObject });

const one = (row: ProductRow) => ok({ total: 1, currentPage: 1, list: [masterAnswer(row)] });

/** The master's body as the product's, its accounts resolved to ids of the company's chart. */
async function productBody(db: Db, companyId: number, body: Json): Promise<Json> {
  const findings: Finding[] = [];
  const lists = (body.productLists ?? []) as Json[];
  if (lists.filter((l) => l.isMainProduct === true).length > 1) findings.push(finding("productLists", serviceText(ONE_MAIN_PRODUCT)));
  const sides = (["sellSettings", "buySettings"] as const).filter((side) => {
    const given = (body[side] as Json | null | undefined)?.chartOfAccountId;
    return given !== undefined && given !== null && given !== "";
  });
  if (sides.length > 0) {
    const chart = await db.select({ id: chartOfAccounts.id, code: chartOfAccounts.code }).from(chartOfAccounts).where(eq(chartOfAccounts.companyId, companyId));
    for (const side of sides) {
      const s = { ...(body[side] as Json) };
      const given = s.chartOfAccountId;
      const account = chart.find((a) => (typeof given === "number" ? a.id === given : a.code === String(given).trim() || String(a.id) === String(given).trim()));
      if (!account) findings.push(finding(`${side}.chartOfAccountId`, serviceText(UNKNOWN_ACCOUNT.replace("{side}", side).replace("{given}", String(given)))));
      else body = { ...body, [side]: { ...s, chartOfAccountId: account.id } };
    }
  }
  if (findings.length > 0) throw validationError(findings);
  return { ...productOfMaster(body), name: String(body.name).trim() };
}

export function registerProductMasterRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const tags = ["Product master"];
  mount(api, MASTER_ROUTES.productMastersCreate, async (c) => {
    const companyId = companyOf(c);
    const body = await productBody(db, companyId, parseWith(ProductMasterSchema, await readJson(c)) as Json);
    return c.json(one(await createProduct(db, companyId, body)));
  }, { summary: "Create a product master (a product with its settings and unit lists)", tags, body: ProductMasterSchema });

  mount(api, MASTER_ROUTES.productMastersGet, async (c) => c.json(one(await findProduct(db, companyOf(c), idParam(c)))), { summary: "Read a product master", tags });

  mount(api, MASTER_ROUTES.productMastersUpdate, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const body = await productBody(db, companyId, parseWith(ProductMasterSchema, await readJson(c)) as Json);
    return c.json(one(await updateProduct(db, companyId, id, body)));
  }, { summary: "Update a product master", tags, body: ProductMasterSchema });
}
