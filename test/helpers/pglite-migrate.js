// `node test/helpers/pglite-migrate.js DATA_DIR MIGRATIONS_DIR SQL`: migrates the embedded store in
// DATA_DIR with the given migrations folder ("-": none), then runs SQL. In a process of its own:
// PGlite loads its WebAssembly with dynamic imports, which jest's module sandbox refuses. See
// old-pglite-store.ts. It opens the store with build/ while that matches the sources, as the bin
// does, and the sources through tsx otherwise (tsx and its compiler cost a third of a second of
// CPU a start).
"use strict";
const { join } = require("node:path");
const { drizzle } = require("drizzle-orm/pglite");
const { migrate } = require("drizzle-orm/pglite/migrator");
const { staleBuild } = require("../../bin/stale-build");

const ROOT = join(__dirname, "..", "..");

function loadPglite() {
  if (staleBuild(ROOT) === undefined) {
    try {
      return require(join(ROOT, "build", "service", "store", "pglite.js"));
    } catch (err) {
      if (err.code !== "MODULE_NOT_FOUND") throw err;
    }
  }
  require("tsx/cjs/api").register();
  return require(join(ROOT, "src", "service", "store", "pglite.ts"));
}

async function main() {
  const [dataDir, folder, sql] = process.argv.slice(2);
  const db = await loadPglite().openPglite(join(dataDir, "pglite"));
  try {
    if (folder !== "-") await migrate(drizzle(db), { migrationsFolder: folder });
    await db.exec(sql);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
