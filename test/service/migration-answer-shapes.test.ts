// A store kept from before the expense-system-codes migration (expense categories with text system codes, an expense
// whose lines named their accounts by code and lacked the answer fields) opens in the service of
// today: the categories answer numbers, the old expense answers every field of the description.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Pool } from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { makeOldPgliteStore } from "../helpers/old-pglite-store";
import { migrationsBefore } from "../helpers/migrations-before";
import { startTestService, storesUnderTest, type TestService } from "../helpers/service";
import { createDatabase, databaseUrl } from "../helpers/test-databases";
import { clientFor, type Client } from "./support";
import { checkAnswer } from "../api/helpers/openapi-answers";

jest.setTimeout(120_000);

/** The migration under test, by name (its number follows whatever came before it on main). */
const BEFORE = "_expense_system_codes";

const OLD_ITEM = { name: "Taxi", description: "Taxi to client", quantity: 1, pricePerUnit: 100, total: 100, systemCode: "EXP-TRAVEL", categoryId: 1, creditId: "21399", debitId: "53029" };

/** What the seed and an expense create wrote then. */
const OLD_ROWS = `
      insert into companies (id, client_id, client_secret, info) values (1, 'demo', 'demo-secret', '{"compnayName": "Demo Co., Ltd.", "companyName": "Demo Co., Ltd."}');
      insert into chart_of_accounts (company_id, code, body) values
        (1, '21399', '{"code": "21399", "nameLocal": "ค่าใช้จ่ายค้างจ่ายอื่น", "nameForeign": "Other accrued expenses", "category": 2}'),
        (1, '53029', '{"code": "53029", "nameLocal": "ค่าเดินทาง", "nameForeign": "Travel expenses", "category": 5}');
      insert into expense_categories (id, company_id, view, body) values
        (1, 1, 3, '{"systemCode": "EXP-TRAVEL", "categoryNameLocal": "ค่าเดินทาง", "categoryNameForeign": "Travel", "debitCode": "53029", "creditCode": "21399"}'),
        (2, 1, 3, '{"systemCode": "EXP-OFFICE", "categoryNameLocal": "ค่าเครื่องเขียน", "categoryNameForeign": "Office supplies", "debitCode": "53030", "creditCode": "21399"}'),
        (3, 1, 1, '{"systemCode": "53029", "categoryNameLocal": "ค่าเดินทาง", "categoryNameForeign": "Travel", "debitCode": "53029", "creditCode": "21399"}'),
        (4, 1, 1, '{"systemCode": "TAXI", "categoryNameLocal": "แท็กซี่", "categoryNameForeign": "Taxi", "debitCode": "53029", "creditCode": "21399"}');
      insert into documents (company_id, family, document_type, structure, serial, status, published_on, due_date, contact_name, grand_total, body)
      values (1, 'expenses', 13, 'simple', 'EXP2026110001', 'awaiting', '2026-11-10', '2026-11-10', 'Taxi Co.', 100,
        '{"contactName": "Taxi Co.", "documentStructureType": "SimpleDocument", "creditType": 1, "creditDays": 0, "isVat": false, "isVatInclusive": false, "subTotal": 100, "discountAmount": 0,
          "totalAfterDiscount": 100, "vatAmount": 0, "grandTotal": 100, "totalWithoutVat": 100, "payments": null, "company": {},
          "items": [${JSON.stringify(OLD_ITEM)}]}');
`;

describe.each(storesUnderTest)("a store from before expense system codes were numbers (%s)", (store) => {
  let service: TestService;
  let demo: Client;
  let dataDir: string | undefined;

  beforeAll(async () => {
    const migrations = migrationsBefore(BEFORE);
    try {
      if (store === "pglite") {
        dataDir = mkdtempSync(join(tmpdir(), "docsheet-old-store-"));
        await makeOldPgliteStore(dataDir, migrations, OLD_ROWS);
        service = await startTestService({ store, dataDir });
      } else {
        const databaseName = `docsheet_old_${randomBytes(4).toString("hex")}`;
        await createDatabase(databaseName);
        const pool = new Pool({ connectionString: databaseUrl(databaseName), max: 1 });
        await migrate(drizzle(pool), { migrationsFolder: migrations });
        await pool.query(OLD_ROWS);
        await pool.end();
        service = await startTestService({ store, databaseName });
      }
    } finally {
      rmSync(migrations, { recursive: true, force: true });
    }
    demo = await clientFor(service.root);
  });

  afterAll(async () => {
    await service?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers the categories' system codes as numbers", async () => {
    const business = (await demo.get("/expenses/categories/business")).body.data;
    expect(business.map((c: { systemCode: unknown }) => c.systemCode)).toEqual([1001, 1002]);
    const accounting = (await demo.get("/expenses/categories/accounting")).body.data;
    // A code of digits keeps its number; other text gets 9000 + the category's id.
    expect(accounting.map((c: { systemCode: unknown }) => c.systemCode)).toEqual([1001, 9004]);
    expect(business[0]).toMatchObject({ debitId: 2, creditId: 1, debitCode: "53029", creditCode: "21399" });
  });

  it("answers the old expense with its category and accounts, and every field of the description", async () => {
    const path = "/expenses";
    const list = await demo.get(`${path}?currentPage=1&pageSize=5`);
    const [doc] = list.body.data.list;
    expect(doc.items[0]).toMatchObject({
      systemCode: 1001, categoryId: 1, categoryNameForeign: "Travel", nameLocal: "Taxi", nameForeign: "Taxi",
      creditId: 1, creditCode: "21399", creditNameForeign: "Other accrued expenses", creditCategory: 2,
      debitId: 2, debitCode: "53029", debitNameLocal: "ค่าเดินทาง", debitCategory: 5, vatRate: 0, discountAmount: 0,
    });
    expect(doc).toMatchObject({ salesName: "", remarks: "", showSignatureOrStamp: true, discountPercentage: 0 });
    const read = await demo.get(`${path}/${doc.recordId}`);
    expect(checkAnswer({ method: "GET", path: `${path}/${doc.recordId}`, http: read.http, body: read.body })).toEqual([]);
    expect(checkAnswer({ method: "GET", path: `${path}?currentPage=1&pageSize=5`, http: list.http, body: list.body })).toEqual([]);
  });
});
