// Migration 0015 on a store from before it, on each store: the contacts' name index (0014) takes
// new names into the index itself, with no pending list for every search to read again, and a
// contacts list filtered by names joined by Or (a post's race guard, ten at a time) is served by
// the index, not by reading every contact.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import { MIGRATIONS, migrationsBefore } from "../helpers/migrations-before";
import { makeOldPgliteStore, migratePgliteStore } from "../helpers/old-pglite-store";
import { createDatabase, databaseUrl, dropDatabase } from "../helpers/test-databases";
import { storesUnderTest } from "../helpers/service";

jest.setTimeout(60_000);

/** A company and contacts of before 0015: their names in the index's pending list. */
const OLD_ROWS = `
  insert into companies (id, client_id, client_secret, info) values (1, 'demo', 's', '{}');
  insert into contacts (company_id, contact_code, contact_name, body) select 1, '', 'Old ' || g, '{}' from generate_series(1, 100) g;`;

/** 20,000 contacts made since: customers and payees, as the engine bench's documents and certificates make. */
const MORE_ROWS = `
  insert into contacts (company_id, contact_code, contact_name, body)
    select 1, '', case when g % 2 = 0 then 'Customer ' || g else 'Payee Co ' || g end, '{}' from generate_series(1, 20000) g;`;

/** The list of a post's race guard as the service asks it (masters/list-sql.ts): three new names joined by Or. */
const NAMES_LIST = `select * from contacts where company_id = 1 and deleted = false and lower(contact_name) like any(array[
  lower('%Bench Contact 1 Co., Ltd.%'), lower('%Bench Contact 2 Co., Ltd.%'), lower('%Bench Contact 3 Co., Ltd.%')]) order by id limit 200`;

/** Raises unless the index keeps no pending list. */
const NO_PENDING_LIST = `
  DO $$
  BEGIN
    IF NOT coalesce((SELECT reloptions @> array['fastupdate=off'] FROM pg_class WHERE relname = 'contacts_name_search'), false) THEN
      RAISE EXCEPTION 'contacts_name_search keeps a pending list';
    END IF;
  END $$;`;

/** Raises unless the names list reads the index (EXPLAIN, with the table's statistics fresh). */
const READS_INDEX = `
  ANALYZE contacts;
  DO $$
  DECLARE plan text;
  BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON) ${NAMES_LIST.replaceAll("'", "''")}' INTO plan;
    IF position('contacts_name_search' in plan) = 0 THEN RAISE EXCEPTION 'names list not served by the index: %', plan; END IF;
  END $$;`;

describe.each(storesUnderTest)("contacts' name index after migration 0015 (%s)", (store) => {
  const cleanup: Array<() => Promise<unknown> | void> = [];
  let before: string;
  beforeAll(() => {
    before = migrationsBefore("_contact_name_search_direct");
    cleanup.push(() => rmSync(before, { recursive: true, force: true }));
  });
  afterAll(async () => {
    for (const f of cleanup.reverse()) await f();
  });

  it("takes names straight into the index (and a names list reads it)", async () => {
    if (store === "pglite") {
      // The plan is checked on PostgreSQL only: 20,000 contacts cost the embedded store 5 s of CPU
      // more (its plan for them, Bitmap Index Scan on contacts_name_search, was read by hand).
      const dataDir = mkdtempSync(join(tmpdir(), "docsheet-old-store-"));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await makeOldPgliteStore(dataDir, before, OLD_ROWS);
      migratePgliteStore(dataDir, MIGRATIONS, NO_PENDING_LIST);
      return;
    }
    const name = `docsheet_names_${randomBytes(4).toString("hex")}`;
    await createDatabase(name);
    cleanup.push(() => dropDatabase(name).catch(() => undefined));
    const pool = new Pool({ connectionString: databaseUrl(name), max: 1 });
    cleanup.push(() => pool.end());
    await migrate(drizzle(pool), { migrationsFolder: before });
    const trgm = (await pool.query("select 1 from pg_extension where extname = 'pg_trgm'")).rowCount === 1;
    await pool.query(OLD_ROWS);
    if (trgm) await expect(pool.query(NO_PENDING_LIST)).rejects.toThrow(/keeps a pending list/);
    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS });
    await pool.query(MORE_ROWS);
    // A server without pg_trgm has no such index (0014): the list reads the table, as before.
    if (!trgm) return expect((await pool.query("select 1 from pg_class where relname = 'contacts_name_search'")).rowCount).toBe(0);
    await pool.query(NO_PENDING_LIST);
    await pool.query(READS_INDEX);
  });
});
