// An embedded store as an older release left it, for the migration tests: the given migrations and
// SQL run on it in a process of its own (pglite-migrate.js: PGlite's WebAssembly loads through
// dynamic imports, which jest's module sandbox refuses). PGlite's initdb, most of that process's
// CPU (about 8 of 11 s), is done once per jest run and its data dir copied, as the store templates
// are (store-templates.ts); outside jest each store is made from nothing.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { runOnce } from "./run-once";

const SCRIPT = join(__dirname, "pglite-migrate.js");

/** pglite-migrate.js on `dataDir`; `folder` "-" runs no migration. Throws with the SQL's error. */
export function migratePgliteStore(dataDir: string, folder: string, sql: string): void {
  const r = spawnSync(process.execPath, [SCRIPT, dataDir, folder, sql], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`old store not made: ${r.stderr}`);
}

/** This run's embedded store just past PGlite's initdb (no migration, no table): its PGlite dir, to
 * copy; undefined outside jest. The service's store template (store-templates.ts) starts from it too. */
export function blankPgliteStore(): Promise<string | undefined> {
  return runOnce("pglite-blank", async (work) => {
    mkdirSync(work, { recursive: true });
    migratePgliteStore(work, "-", "select 1");
    return join(work, "pglite");
  });
}

/** Makes in `dataDir` an embedded store migrated with the migrations in `folder` only, then runs `sql` on it. */
export async function makeOldPgliteStore(dataDir: string, folder: string, sql: string): Promise<void> {
  const blank = await blankPgliteStore();
  if (blank) cpSync(blank, join(dataDir, "pglite"), { recursive: true });
  migratePgliteStore(dataDir, folder, sql);
}
