// A PostgreSQL store kept from before product and contact codes were unique in the store (migration
// 0013): codes two live records share stay with the oldest and are emptied on the others; deleted
// records, empty codes and other companies are left alone; after it the store itself refuses a
// second live record of a code, which the service tells apart (isUniqueViolation) through drizzle.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import { isUniqueViolation } from "../../src/service/store/unique-violation";
import { MIGRATIONS, migrationsBefore } from "../helpers/migrations-before";
import { createDatabase, databaseUrl, dropDatabase } from "../helpers/test-databases";

jest.setTimeout(60_000);

const OLD_ROWS = `
  insert into companies (id, client_id, client_secret, info) values (1, 'demo', 's', '{}'), (2, 'other', 's', '{}');
  insert into products (id, company_id, code, name, deleted, body) values
    (1, 1, 'P1', 'First', false, '{"code": "P1"}'), (2, 1, 'P1', 'Twin', false, '{"code": "P1"}'),
    (3, 1, 'P1', 'Deleted twin', true, '{"code": "P1"}'), (4, 2, 'P1', 'Other company', false, '{"code": "P1"}'),
    (5, 1, '', 'No code', false, '{}'), (6, 1, '', 'No code either', false, '{}');
  insert into contacts (id, company_id, contact_code, contact_name, deleted, body) values
    (1, 1, 'C1', 'First', false, '{"contactCode": "C1"}'), (2, 1, 'C1', 'Twin', false, '{"contactCode": "C1"}'),
    (3, 1, '', 'From a document', false, '{"contactCode": ""}'), (4, 1, '', 'From another', false, '{"contactCode": ""}');
  select setval('products_id_seq', 100), setval('contacts_id_seq', 100);
`;

describe("a PostgreSQL store from before codes were unique", () => {
  const name = `docsheet_codes_${randomBytes(4).toString("hex")}`;
  let pool: Pool;

  beforeAll(async () => {
    await createDatabase(name);
    pool = new Pool({ connectionString: databaseUrl(name), max: 1 });
    const before = migrationsBefore("_unique_codes");
    try {
      await migrate(drizzle(pool), { migrationsFolder: before });
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
    await pool.query(OLD_ROWS);
    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS });
  });

  afterAll(async () => {
    await pool?.end();
    await dropDatabase(name).catch(() => undefined);
  });

  it("keeps a shared code on the oldest live record and empties it on the others", async () => {
    const products = (await pool.query("select id, code, body->>'code' as body_code from products order by id")).rows;
    expect(products).toEqual([
      { id: "1", code: "P1", body_code: "P1" }, { id: "2", code: "", body_code: "" }, { id: "3", code: "P1", body_code: "P1" },
      { id: "4", code: "P1", body_code: "P1" }, { id: "5", code: "", body_code: null }, { id: "6", code: "", body_code: null },
    ]);
    const contacts = (await pool.query("select id, contact_code, body->>'contactCode' as body_code from contacts order by id")).rows;
    expect(contacts.map((r) => [r.id, r.contact_code, r.body_code])).toEqual([["1", "C1", "C1"], ["2", "", ""], ["3", "", ""], ["4", "", ""]]);
  });

  it("refuses a second live record of a code, and the service tells that refusal apart", async () => {
    const db = drizzle(pool);
    const refusal = await db.execute(sql`insert into products (company_id, code, name, body) values (1, 'P1', 'Again', '{}')`).catch((e: unknown) => e);
    expect(isUniqueViolation(refusal, "products_company_code")).toBe(true);
    expect(isUniqueViolation(refusal, "contacts_company_code")).toBe(false);
    const contact = await db.execute(sql`insert into contacts (company_id, contact_code, contact_name, body) values (1, 'C1', 'Again', '{}')`).catch((e: unknown) => e);
    expect(isUniqueViolation(contact, "contacts_company_code")).toBe(true);
    // Empty codes, deleted records' codes and another company's are free.
    await db.execute(sql`insert into products (company_id, code, name, body) values (1, '', 'Blank', '{}'), (2, 'P2', 'Theirs', '{}')`);
    await db.execute(sql`update products set deleted = true where id = 1`);
    await db.execute(sql`insert into products (company_id, code, name, body) values (1, 'P1', 'After the delete', '{}')`);
  });
});
