// Products as stored (ProductResponse, service-facts §5.2): created, rewritten and deleted (softly)
// through /products; a code, when given, is the company's only live product with it.
import { and, eq } from "drizzle-orm";
import type { Json } from "../../rules/json";
import { products } from "../store/schema";
import type { Db, Tx } from "../store/database";
import { ServiceError, validationError } from "../envelope";
import { completeProduct } from "../documents/answer-shape";

export const PRODUCT_CODE_DUPLICATE = "ERROR.PRODUCT_CODE_DUPLICATE";
export const PRODUCT_NOT_FOUND = "Product not found";

export type ProductRow = typeof products.$inferSelect;
// The description types a product's id as text (Product.id: string), unlike every other id.
export const productAnswer = (row: ProductRow): Json => completeProduct({ ...row.body, id: String(row.id), code: row.code, name: row.name });

export async function findProduct(tx: Tx, companyId: number, id: number): Promise<ProductRow> {
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

const codeOf = (body: Json): string => (typeof body.code === "string" ? body.code.trim() : "");

/** POST /products: a checked body, its code free among the company's products. */
export async function createProduct(db: Db, companyId: number, body: Json): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, companyId, codeOf(body));
    const [r] = await tx.insert(products).values({ companyId, code: codeOf(body), name: String(body.name).trim(), body }).returning();
    return r;
  });
}

/** PUT /products/{id}: the body over the stored product (no code given: the code kept). */
export async function updateProduct(db: Db, companyId: number, id: number, body: Json): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const current = await findProduct(tx, companyId, id);
    const code = body.code === undefined || body.code === null ? current.code : codeOf(body);
    await assertCodeFree(tx, companyId, code, id);
    const [r] = await tx.update(products).set({
      code, name: String(body.name).trim(), body: { ...current.body, ...body, code }, updatedAt: new Date(),
    }).where(eq(products.id, id)).returning();
    return r;
  });
}

/** DELETE /products/{id}: soft, so documents keep their lines' product. */
export async function deleteProduct(db: Db, companyId: number, id: number): Promise<void> {
  await findProduct(db, companyId, id);
  await db.update(products).set({ deleted: true, updatedAt: new Date() }).where(eq(products.id, id));
}
