// Products: list, create, read, update, delete (soft). ProductResponse: data {total, currentPage, list}.
import { and, eq, ilike, or, sql } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { ProductSchema } from "../../rules/schemas";
import { products } from "../store/schema";
import type { Db } from "../store/database";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import { containsPattern } from "../store/contains-pattern";
import { listPaging, pageOf } from "./paging";
import { bodyInt, bodyText, listOrderSql } from "./list-order-sql";
import { createProduct, deleteProduct, findProduct, productAnswer, updateProduct, type ProductRow } from "../masters/products";

const one = (row: ProductRow) => ok({ total: 1, currentPage: 1, list: [productAnswer(row)], isDB: false });

/** sortBy and filter columns (service-facts §5.2) → where each is kept. */
const PRODUCT_COLUMNS = {
  productCode: products.code,
  name: products.name,
  barcode: bodyText(products.body, "barcode"),
  categoryId: bodyInt(products.body, "categoryId"),
};

export function registerProductRoutes(api: Api, ctx: ServiceContext): void {
  const db: Db = ctx.store.db;
  const tags = ["Products"];
  mount(api, MASTER_ROUTES.productsList, async (c) => {
    const q = listPaging(c);
    const order = listOrderSql(c, "products", PRODUCT_COLUMNS, products.id);
    const where = and(
      eq(products.companyId, companyOf(c)), eq(products.deleted, false),
      q.searchString ? or(ilike(products.name, containsPattern(q.searchString)), ilike(products.code, containsPattern(q.searchString))) : undefined,
      order.where,
    );
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
    const rows = await db.select().from(products).where(where).orderBy(...order.orderBy).limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize);
    return c.json(ok({ ...pageOf(total, q.currentPage, rows.map(productAnswer)), isDB: false }));
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
