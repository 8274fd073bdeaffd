// Migrations 0005 and 0006 on a store made before them (issue 15): documents written by the older
// schema get their search text when the service migrates the store at start, and search, filter
// and sort find them, Thai included, on each store.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { makeOldPgliteStore } from "../helpers/old-pglite-store";
import { startTestService, storesUnderTest, type TestService } from "../helpers/service";
import { createDatabase, databaseUrl, dropDatabase } from "../helpers/test-databases";
import { clientFor, type Client as Api } from "./support";

jest.setTimeout(180_000);

const MIGRATIONS = join(__dirname, "../../src/service/store/migrations");

/** The migrations folder as it was before search_text: entries up to 0004. */
function migrationsBefore0005(): string {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => Number(e.tag.slice(0, 4)) <= 4);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** A company with the demo credentials and three documents, written as the older schema had them. */
const OLD_ROWS = `
  insert into companies (client_id, client_secret, info) values ('demo', 'demo-secret', '{}');
  insert into documents (company_id, family, document_type, structure, serial, status, published_on, contact_name, project_name, grand_total, body)
  select c.id, 'quotations', 3, 'simple', v.serial, 'awaiting', v.published_on::date, v.contact_name, v.project_name, v.total, '{}'
  from companies c, (values ('QT2026010001', '2026-01-05', 'บริษัท ไทยเจริญ จำกัด', 'โครงการสะพาน', 300),
                            ('QT2026010002', '2026-01-06', 'Old Acme Co', 'Tower', 100),
                            ('QT2026010003', '2026-01-07', 'Old Acme Co', 'Bridge', 200)) v(serial, published_on, contact_name, project_name, total)`;

describe.each(storesUnderTest)("search on a store made before migration 0005 (%s)", (store) => {
  let svc: TestService;
  let api: Api;
  const cleanup: Array<() => Promise<void> | void> = [];
  beforeAll(async () => {
    const folder = migrationsBefore0005();
    cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
    if (store === "pglite") {
      const dataDir = mkdtempSync(join(tmpdir(), "docsheet-old-store-"));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await makeOldPgliteStore(dataDir, folder, OLD_ROWS);
      svc = await startTestService({ store: "pglite", dataDir });
    } else {
      const name = `docsheet_old_${randomBytes(6).toString("hex")}`;
      await createDatabase(name);
      cleanup.push(() => dropDatabase(name)); // should the service not start
      const client = new Client({ connectionString: databaseUrl(name) });
      await client.connect();
      try {
        await migratePg(drizzlePg(client), { migrationsFolder: folder });
        await client.query(OLD_ROWS);
      } finally {
        await client.end();
      }
      // This database instead of a copy of the run's template (no embedded store is made either).
      svc = await startTestService({ store: "postgres", databaseName: name });
    }
    cleanup.push(() => svc.stop());
    api = await clientFor(svc.root);
  });
  afterAll(async () => {
    for (const f of cleanup.reverse()) await f();
  });

  it("finds the older documents by search, filter and sort", async () => {
    const get = async (query: string) => (await api.get(`/quotations?${query}`)).body.data;
    expect((await get("")).total).toBe(3);
    expect((await get(`searchString=${encodeURIComponent("สะพาน")}`)).list.map((d: { documentSerial: string }) => d.documentSerial)).toEqual(["QT2026010001"]);
    expect((await get("searchString=old%20acme")).total).toBe(2);
    expect((await get("searchString=0003")).list.map((d: { documentSerial: string }) => d.documentSerial)).toEqual(["QT2026010003"]);
    const filter = encodeURIComponent("[{'columnName':'Contact.NameLocal','columnValue':'ไทยเจริญ'}]");
    expect((await get(`filter=${filter}`)).total).toBe(1);
    const sortBy = encodeURIComponent("[{'name':'Value','sortOrder':'desc'}]");
    expect((await get(`sortBy=${sortBy}`)).list.map((d: { documentSerial: string }) => d.documentSerial)).toEqual(["QT2026010001", "QT2026010003", "QT2026010002"]);
  });
});
