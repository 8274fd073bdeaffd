// Product masters (service-facts §5.2, the newer product API): create, read, update; kept by
// masters/product-masters.ts.
import * as z from "zod/mini";
import { MASTER_ROUTES } from "../../api/routes";
import { MESSAGES } from "../../rules/messages";
import { bool, int, nonBlankText, num, oneOf, opt, str, wireIdOrCode } from "../../rules/schemas/wire";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import type { Db } from "../store/database";
import { findProduct, masterAnswer, type ProductRow } from "../masters/products";
import { createProductMaster, updateProductMaster } from "../masters/product-masters";
import type { Json } from "../../rules/json";

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

export function registerProductMasterRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const tags = ["Product master"];
  mount(api, MASTER_ROUTES.productMastersCreate, async (c) => {
    const body = parseWith(ProductMasterSchema, await readJson(c)) as Json;
    return c.json(one(await createProductMaster(db, companyOf(c), body)));
  }, { summary: "Create a product master (a product with its settings and unit lists)", tags, body: ProductMasterSchema });

  mount(api, MASTER_ROUTES.productMastersGet, async (c) => c.json(one(await findProduct(db, companyOf(c), idParam(c)))), { summary: "Read a product master", tags });

  mount(api, MASTER_ROUTES.productMastersUpdate, async (c) => {
    const body = parseWith(ProductMasterSchema, await readJson(c)) as Json;
    return c.json(one(await updateProductMaster(db, companyOf(c), idParam(c), body)));
  }, { summary: "Update a product master", tags, body: ProductMasterSchema });
}
