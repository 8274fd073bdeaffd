// Product masters (service-facts §5.2, the newer product API): a product master is a product
// (masters/products.ts: one record, one id with /products) seen with its sell and buy settings (VAT
// type, description, account) and unit lists (productLists; one of them the main product). Codes
// are unique among the company's products; an account must be in the company's chart (given by id
// or by code; kept and answered as the account's id).
import { eq } from "drizzle-orm";
import { finding, type Finding } from "../../rules/findings";
import { serviceText } from "../../rules/message";
import type { Json } from "../../rules/json";
import { validationError } from "../envelope";
import type { Db } from "../store/database";
import { chartOfAccounts } from "../store/schema";
import { createProduct, productOfMaster, updateProduct, type ProductRow } from "./products";

export const UNKNOWN_ACCOUNT = "{side}.chartOfAccountId {given} is not an account of the company's chart of accounts";
export const ONE_MAIN_PRODUCT = "productLists must have at most one main product (isMainProduct)";

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

/** POST /product-masters: a checked master, made the product it describes. */
export async function createProductMaster(db: Db, companyId: number, master: Json): Promise<ProductRow> {
  return createProduct(db, companyId, await productBody(db, companyId, master));
}

/** PUT /product-masters/{id}: the product rewritten from a checked master. */
export async function updateProductMaster(db: Db, companyId: number, id: number, master: Json): Promise<ProductRow> {
  return updateProduct(db, companyId, id, await productBody(db, companyId, master));
}
