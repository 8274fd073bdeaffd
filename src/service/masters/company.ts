// Company information (service-facts §5.9): read by every document create (its header) and by the
// PDF export, changed by PUT /company/info. The wire typo `compnayName` is kept; `companyName` is
// kept beside it for readers that expect the plain spelling.
import { eq } from "drizzle-orm";
import { companies } from "../store/schema";
import type { Db, Tx } from "../store/database";
import type { Json } from "../../rules/json";

export async function companyInfo(tx: Tx, companyId: number): Promise<Json> {
  const [row] = await tx.select({ info: companies.info }).from(companies).where(eq(companies.id, companyId));
  return { ...row.info, companyId };
}

// Company information changes only through updateCompanyInfo of this process: cached per database.
// A second service process on the same PostgreSQL database would show the old header until it
// restarts.
const cache = new WeakMap<object, Map<number, Json>>();

export async function cachedCompanyInfo(db: Tx, companyId: number): Promise<Json> {
  let byId = cache.get(db);
  if (!byId) cache.set(db, (byId = new Map()));
  let info = byId.get(companyId);
  if (!info) byId.set(companyId, (info = await companyInfo(db, companyId)));
  return info;
}

/** Writes a checked body over the company's information; answers the information as stored. */
export async function updateCompanyInfo(db: Db, companyId: number, body: Json): Promise<Json> {
  return db.transaction(async (tx) => {
    const current = await companyInfo(tx, companyId);
    const rest: Json = { ...current, ...body, companyName: body.compnayName };
    delete rest.companyId;
    await tx.update(companies).set({ info: rest }).where(eq(companies.id, companyId));
    cache.get(db)?.delete(companyId);
    return { ...rest, companyId };
  });
}
