// Migrated and seeded stores, made once per jest run by the service itself and copied for each
// test service: a new embedded store costs PGlite's initdb, the migrations and the seed (about
// 12 s of CPU), a copy of its data dir a fraction of a second; a PostgreSQL database is made from a
// template database the same way. Jest's global setup names a directory for them
// (TEMPLATES_ENV); the first worker that needs one makes it under a lock while the others wait.
// Outside jest (the benchmarks) there is no such directory and every service starts empty.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnService, stopChild } from "./service-process";
import { createDatabase, databaseUrl } from "./test-databases";

export const TEMPLATES_ENV = "DOCSHEET_TEST_TEMPLATES";
const WAIT_LIMIT_MS = 180_000;

type Kind = "pglite" | "postgres";

/** Files of one template in the run's directory: ready holds its location, failed the reason. */
const files = (dir: string, kind: Kind) => ({
  lock: join(dir, `${kind}.lock`),
  ready: join(dir, `${kind}.ready`),
  failed: join(dir, `${kind}.failed`),
  work: join(dir, `${kind}-data`),
});

const readIfThere = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

/** Starts the service once on this store and stops it: it migrates and seeds it on the way. */
async function prime(args: string[]): Promise<void> {
  const { child } = await spawnService(["--port", "0", "--quiet", ...args]);
  await stopChild(child);
}

async function make(kind: Kind, work: string): Promise<string> {
  if (kind === "pglite") {
    await prime(["--data-dir", work]);
    return join(work, "pglite");
  }
  const name = `docsheet_template_${randomBytes(6).toString("hex")}`;
  await createDatabase(name);
  await prime(["--data-dir", work, "--database-url", databaseUrl(name)]);
  return name;
}

async function waitFor(f: ReturnType<typeof files>): Promise<string> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const ready = readIfThere(f.ready);
    if (ready !== undefined) return ready;
    const failed = readIfThere(f.failed);
    if (failed !== undefined) throw new Error(`the template store could not be made: ${failed}`);
    if (Date.now() > deadline) throw new Error(`no template store after ${WAIT_LIMIT_MS} ms (${f.ready})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function makeOrWait(dir: string, kind: Kind): Promise<string> {
  const f = files(dir, kind);
  try {
    mkdirSync(f.lock);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return waitFor(f);
  }
  try {
    const location = await make(kind, f.work);
    writeFileSync(`${f.ready}.part`, location);
    renameSync(`${f.ready}.part`, f.ready); // whole or absent for the waiting workers
    return location;
  } catch (e) {
    writeFileSync(f.failed, String(e));
    throw e;
  }
}

const made = new Map<Kind, Promise<string>>();

/** Where this run's template of `kind` is (a PGlite dir, or a database name), or undefined
 * outside jest. */
export function storeTemplate(kind: Kind): Promise<string | undefined> {
  const dir = process.env[TEMPLATES_ENV];
  if (!dir) return Promise.resolve(undefined);
  let p = made.get(kind);
  if (!p) made.set(kind, (p = makeOrWait(dir, kind)));
  return p;
}

/** The run's template database, if one was made (for the global teardown, which drops it). */
export function templateDatabase(dir: string): string | undefined {
  return readIfThere(files(dir, "postgres").ready);
}
