// `node --import tsx test/helpers/pglite-migrate.ts DATA_DIR MIGRATIONS_DIR SQL`: migrates the
// embedded store in DATA_DIR with the given migrations folder ("-": none), then runs SQL. In a
// process of its own: PGlite loads its WebAssembly with dynamic imports, which jest's module
// sandbox refuses. See old-pglite-store.ts.
import { join } from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { openPglite } from "../../src/service/store/pglite";

async function main(): Promise<void> {
  const [dataDir, folder, sql] = process.argv.slice(2);
  const db = await openPglite(join(dataDir, "pglite"));
  try {
    if (folder !== "-") await migrate(drizzle(db), { migrationsFolder: folder });
    await db.exec(sql);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
