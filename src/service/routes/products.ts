// Products: list, create, read, update, delete (soft). ProductResponse: data {total, currentPage, list}.
import { MASTER_ROUTES } from "../../api/routes";
import { ProductSchema } from "../../rules/schemas";
import type { Db } from "../store/database";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import { listOrder, listPaging } from "./paging";
import { createProduct, deleteProduct, findProduct, listProducts, productAnswer, updateProduct, type ProductRow } from "../masters/products";

const one = (row: ProductRow) => ok({ total: 1, currentPage: 1, list: [productAnswer(row)], isDB: false });


export function registerProductRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const tags = ["Products"];
  mount(api, MASTER_ROUTES.productsList, async (c) => {
    const page = await listProducts(db, companyOf(c), listPaging(c), listOrder(c, "products"));
    return c.json(ok({ ...page, isDB: false }));
  }, { summary: "List products", tags });

  mount(api, MASTER_ROUTES.productsCreate, async (c) => {
    const body = parseWith(ProductSchema, await readJson(c)) as Record<string, unknown>;
    const row = await createProduct(db, companyOf(c), body);
    return c.json(one(row));
  }, { summary: "Create a product", tags, body: ProductSchema });

  mount(api, MASTER_ROUTES.productsGet, async (c) => c.json(one(await findProduct(db, companyOf(c), idParam(c)))),
    { summary: "Read a product", tags });

  mount(api, MASTER_ROUTES.productsUpdate, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const body = parseWith(ProductSchema, await readJson(c)) as Record<string, unknown>;
    const row = await updateProduct(db, companyId, id, body);
    return c.json(one(row));
  }, { summary: "Update a product", tags, body: ProductSchema });

  mount(api, MASTER_ROUTES.productsDelete, async (c) => {
    const id = idParam(c);
    await deleteProduct(db, companyOf(c), id);
    return c.json(ok({ deleteStatus: "Deleted" }));
  }, { summary: "Delete a product", tags });
}
