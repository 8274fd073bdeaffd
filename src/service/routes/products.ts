// Products: list, create, read, update, delete (soft). ProductResponse: data {total, currentPage, list}.
import { and, eq, ilike, or, sql } from "drizzle-orm";
import { MASTER_ROUTES } from "../../api/routes";
import { ProductSchema } from "../../rules/schemas";
import { products } from "../store/schema";
import type { Db, Tx } from "../store/database";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok, ServiceError, validationError } from "../envelope";
import { idParam, parseWith, readJson } from "../http/validate";
import { containsPattern } from "../store/contains-pattern";
import { listPaging, pageOf } from "./paging";
import { bodyInt, bodyText, listOrderSql } from "./list-order-sql";
import { completeProduct } from "../documents/answer-shape";

export const PRODUCT_CODE_DUPLICATE = "ERROR.PRODUCT_CODE_DUPLICATE";
export const PRODUCT_NOT_FOUND = "Product not found";

type ProductRow = typeof products.$inferSelect;
// The description types a product's id as text (Product.id: string), unlike every other id.
const answer = (row: ProductRow) => completeProduct({ ...row.body, id: String(row.id), code: row.code, name: row.name });
const one = (row: ProductRow) => ok({ total: 1, currentPage: 1, list: [answer(row)], isDB: false });

async function findProduct(tx: Tx, companyId: number, id: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(and(eq(products.id, id), eq(products.companyId, companyId), eq(products.deleted, false)));
  if (!row) throw new ServiceError(404, PRODUCT_NOT_FOUND, 404);
  return row;
}

async function assertCodeFree(tx: Tx, companyId: number, code: string, exceptId?: number): Promise<void> {
  if (code === "") return;
  const rows = await tx.select({ id: products.id }).from(products)
    .where(and(eq(products.companyId, companyId), eq(products.code, code), eq(products.deleted, false)));
  if (rows.some((r) => r.id !== exceptId)) throw validationError(PRODUCT_CODE_DUPLICATE);
}

/** sortBy and filter columns (service-facts §5.2) → where each is kept. */
const PRODUCT_COLUMNS = {
  productCode: products.code,
  name: products.name,
  barcode: bodyText(products.body, "barcode"),
  categoryId: bodyInt(products.body, "categoryId"),
};

const codeOf = (body: Record<string, unknown>): string => (typeof body.code === "string" ? body.code.trim() : "");

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
    return c.json(ok({ ...pageOf(total, q.currentPage, rows.map(answer)), isDB: false }));
  }, { summary: "List products", tags });

  mount(api, MASTER_ROUTES.productsCreate, async (c) => {
    const body = parseWith(ProductSchema, await readJson(c)) as Record<string, unknown>;
    const companyId = companyOf(c);
    const row = await db.transaction(async (tx) => {
      await assertCodeFree(tx, companyId, codeOf(body));
      const [r] = await tx.insert(products).values({ companyId, code: codeOf(body), name: String(body.name).trim(), body }).returning();
      return r;
    });
    return c.json(one(row));
  }, { summary: "Create a product", tags, body: ProductSchema });

  mount(api, MASTER_ROUTES.productsGet, async (c) => c.json(one(await findProduct(db, companyOf(c), idParam(c)))),
    { summary: "Read a product", tags });

  mount(api, MASTER_ROUTES.productsUpdate, async (c) => {
    const id = idParam(c);
    const companyId = companyOf(c);
    const body = parseWith(ProductSchema, await readJson(c)) as Record<string, unknown>;
    const row = await db.transaction(async (tx) => {
      const current = await findProduct(tx, companyId, id);
      const code = body.code === undefined || body.code === null ? current.code : codeOf(body);
      await assertCodeFree(tx, companyId, code, id);
      const [r] = await tx.update(products).set({
        code, name: String(body.name).trim(), body: { ...current.body, ...body, code }, updatedAt: new Date(),
      }).where(eq(products.id, id)).returning();
      return r;
    });
    return c.json(one(row));
  }, { summary: "Update a product", tags, body: ProductSchema });

  mount(api, MASTER_ROUTES.productsDelete, async (c) => {
    const id = idParam(c);
    await findProduct(db, companyOf(c), id);
    await db.update(products).set({ deleted: true, updatedAt: new Date() }).where(eq(products.id, id));
    return c.json(ok({ deleteStatus: "Deleted" }));
  }, { summary: "Delete a product", tags });
}
