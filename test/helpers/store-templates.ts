// Migrated and seeded stores, made once per jest run by the service itself and copied for each
// test service: a new embedded store costs PGlite's initdb, the migrations and the seed (about
// 11 s of CPU), a copy of its data dir a fraction of a second; a PostgreSQL database is made from a
// template database the same way. The embedded template starts from the run's blank store
// (old-pglite-store.ts, which the migration tests copy too), so a run pays PGlite's initdb once:
// the service migrates and seeds a copy of it (about 4 s of CPU instead of 11). Jest's global
// setup names a directory for them (TEMPLATES_ENV); the first worker that needs one makes it under
// a lock while the others wait. Outside jest (the benchmarks) there is no such directory and every
// service starts empty.
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { blankPgliteStore } from "./old-pglite-store";
import { readIfThere, runFiles, runOnce, TEMPLATES_ENV } from "./run-once";
import { spawnService, stopChild } from "./service-process";
import { createDatabase, databaseUrl } from "./test-databases";

export { TEMPLATES_ENV };

type Kind = "pglite" | "postgres";

/** Starts the service once on this store and stops it: it migrates and seeds it on the way. */
async function prime(args: string[]): Promise<void> {
  const { child } = await spawnService(["--port", "0", "--quiet", ...args]);
  await stopChild(child);
}

async function make(kind: Kind, work: string): Promise<string> {
  if (kind === "pglite") {
    const blank = await blankPgliteStore();
    mkdirSync(work, { recursive: true });
    if (blank) cpSync(blank, join(work, "pglite"), { recursive: true });
    await prime(["--data-dir", work]);
    return join(work, "pglite");
  }
  const name = `docsheet_template_${randomBytes(6).toString("hex")}`;
  await createDatabase(name);
  await prime(["--data-dir", work, "--database-url", databaseUrl(name)]);
  return name;
}

/** Where this run's template of `kind` is (a PGlite dir, or a database name), or undefined
 * outside jest. */
export function storeTemplate(kind: Kind): Promise<string | undefined> {
  return runOnce(kind, (work) => make(kind, work));
}

/** The run's template database, if one was made (for the global teardown, which drops it). */
export function templateDatabase(dir: string): string | undefined {
  return readIfThere(runFiles(dir, "postgres").ready);
}
