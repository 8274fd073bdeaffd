// Products as stored (ProductResponse, service-facts §5.2): created, rewritten and deleted (softly)
// through /products; a code, when given, is the company's only live product with it. Product
// masters (the newer API, §5.2) are the same products seen with their sell and buy settings (VAT,
// description, the account: sellSettings.chartOfAccountId) and unit lists: one id, one record, so a
// product made through /products is read and given its accounts through /product-masters/{id}.
import { and, eq, ilike, or } from "drizzle-orm";
import type { ListOrder } from "../../rules/list-order";
import { bodyInt, bodyText, listPage, type MasterList, type Paging } from "./list-sql";
import type { Json } from "../../rules/json";
import { products } from "../store/schema";
import type { Db, Tx } from "../store/database";
import { refusingClash } from "../store/unique-violation";
import { ServiceError, validationError } from "../envelope";
import { completeProduct } from "../documents/answer-shape";

export const PRODUCT_CODE_DUPLICATE = "ERROR.PRODUCT_CODE_DUPLICATE";
export const PRODUCT_NOT_FOUND = "Product not found";

export type ProductRow = typeof products.$inferSelect;
/** What a product keeps that only its master shows (the 2020 Product has no accounts nor unit lists). */
const MASTER_ONLY = ["sellChartOfAccountId", "buyChartOfAccountId", "productLists"] as const;

// The description types a product's id as text (Product.id: string), unlike every other id.
export const productAnswer = (row: ProductRow): Json => {
  const body: Json = { ...row.body };
  for (const k of MASTER_ONLY) delete body[k];
  return completeProduct({ ...body, id: String(row.id), code: row.code, name: row.name });
};

/** The product as a product master: settings per side, the unit lists with the main one as the
 * product's own unit and prices. */
export function masterAnswer(row: ProductRow): Json {
  const b = row.body;
  const lists = (Array.isArray(b.productLists) ? b.productLists : []) as Json[];
  const main = { unitName: b.unitName ?? "", sellPrice: b.sellPrice ?? 0, buyPrice: b.buyPrice ?? 0, barcode: b.barcode ?? "", isMainProduct: true };
  const productLists = lists.length > 0 ? lists.map((l) => (l.isMainProduct === true ? { ...l, ...main } : l)) : [{ id: 1, ...main }];
  const side = (vatType: unknown, description: unknown, account: unknown): Json => ({
    vatType: vatType ?? 3, description: description ?? "", chartOfAccountId: account ?? null,
  });
  return {
    id: row.id, type: b.type ?? 1, code: row.code, name: row.name, categoryName: b.categoryName ?? "",
    sellSettings: side(b.sellVatType, b.sellDescription, b.sellChartOfAccountId),
    buySettings: side(b.buyVatType, b.buyDescription, b.buyChartOfAccountId),
    productLists,
  };
}

/**
 * A master's body as the product's fields: its settings per side, its main unit's name and prices
 * (lists numbered 1..n, the main one the first marked, else the first). Accounts are ids of the
 * company's chart, resolved by the caller. Fields the master does not give are left out (kept).
 */
export function productOfMaster(master: Json): Json {
  const out: Json = {};
  const copy = (from: unknown, to: string): void => {
    if (from !== undefined) out[to] = from;
  };
  copy(master.type, "type");
  copy(master.code, "code");
  copy(master.name, "name");
  copy(master.categoryName, "categoryName");
  for (const [settings, prefix] of [[master.sellSettings, "sell"], [master.buySettings, "buy"]] as const) {
    if (!settings || typeof settings !== "object") continue;
    const s = settings as Json;
    copy(s.vatType ?? undefined, `${prefix}VatType`);
    copy(s.description ?? undefined, `${prefix}Description`);
    copy(s.chartOfAccountId, `${prefix}ChartOfAccountId`);
  }
  if (Array.isArray(master.productLists)) {
    const lists = (master.productLists as Json[]).map((l) => ({ ...l }));
    const main = Math.max(0, lists.findIndex((l) => l.isMainProduct === true));
    out.productLists = lists.map((l, i) => ({ ...l, id: i + 1, isMainProduct: i === main }));
    const m = lists[main];
    // The lists replace the product's: its unit and prices are the main one's (none given: none).
    if (m) for (const [k, none] of [["unitName", ""], ["sellPrice", 0], ["buyPrice", 0], ["barcode", ""]] as const) out[k] = m[k] ?? none;
  }
  out.productStructureType = out.type === 5 ? "ProductInventory" : out.type === 3 ? "ProductNonInventory" : out.type === 1 ? "ProductService" : undefined;
  if (out.productStructureType === undefined) delete out.productStructureType;
  return out;
}

/** The product list: sortBy and filter columns (service-facts §5.2) → where each is kept; a search
 * matches the name or the code. */
const PRODUCT_LIST: MasterList = {
  table: products,
  columns: {
    productCode: products.code,
    name: products.name,
    barcode: bodyText(products.body, "barcode"),
    categoryId: bodyInt(products.body, "categoryId"),
  },
  search: (pattern) => or(ilike(products.name, pattern), ilike(products.code, pattern)),
};

/** GET /products: a page of the company's live products, as answered. */
export async function listProducts(db: Db, companyId: number, paging: Paging, order: ListOrder) {
  const page = await listPage<ProductRow>(db, PRODUCT_LIST, companyId, paging, order);
  return { ...page, list: page.list.map(productAnswer) };
}

export async function findProduct(tx: Tx, companyId: number, id: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(and(eq(products.id, id), eq(products.companyId, companyId), eq(products.deleted, false)));
  if (!row) throw new ServiceError(404, PRODUCT_NOT_FOUND, 404);
  return row;
}

/** A write, a code another live product of the company has refused with the duplicate error: the
 * store's unique index (products_company_code) decides, so two creates of one code at once cannot both pass. */
const codeChecked = <T>(write: Promise<T>): Promise<T> => refusingClash(write, "products_company_code", () => validationError(PRODUCT_CODE_DUPLICATE));

const codeOf = (body: Json): string => (typeof body.code === "string" ? body.code.trim() : "");

/** POST /products: a checked body, its code free among the company's products. */
export async function createProduct(db: Db, companyId: number, body: Json): Promise<ProductRow> {
  const [r] = await codeChecked(db.insert(products).values({ companyId, code: codeOf(body), name: String(body.name).trim(), body }).returning());
  return r;
}

/** PUT /products/{id}: the body over the stored product (no code given: the code kept). */
export async function updateProduct(db: Db, companyId: number, id: number, body: Json): Promise<ProductRow> {
  return codeChecked(db.transaction(async (tx) => {
    const current = await findProduct(tx, companyId, id);
    const code = body.code === undefined || body.code === null ? current.code : codeOf(body);
    const [r] = await tx.update(products).set({
      code, name: String(body.name).trim(), body: { ...current.body, ...body, code }, updatedAt: new Date(),
    }).where(eq(products.id, id)).returning();
    return r;
  }));
}

/** DELETE /products/{id}: soft, so documents keep their lines' product. One statement, as for
 * contacts: none marked is one not found. */
export async function deleteProduct(db: Db, companyId: number, id: number): Promise<void> {
  const marked = await db.update(products).set({ deleted: true, updatedAt: new Date() })
    .where(and(eq(products.id, id), eq(products.companyId, companyId), eq(products.deleted, false))).returning({ id: products.id });
  if (marked.length === 0) throw new ServiceError(404, PRODUCT_NOT_FOUND, 404);
}
