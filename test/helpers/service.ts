// Starts the local accounting service as a child process for a test file, on a free port, with a
// store of its own (a temp data dir for the embedded store, a new database for PostgreSQL).
// Tests talk to it over real HTTP; nothing of the service is imported into the jest process.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { killChild, spawnService, stopChild } from "./service-process";
import { storeTemplate } from "./store-templates";
import { createDatabase, databaseUrl as testDatabaseUrl, dropDatabase } from "./test-databases";

export type StoreKind = "pglite" | "postgres";

export interface TestServiceOptions {
  store?: StoreKind;
  rateLimitPerMinute?: number;
  answerDelayMs?: number;
  tokenTtlSeconds?: number;
  /** Reuse this data dir (embedded store); it is then not removed on stop(). */
  dataDir?: string;
  /** More command-line options of the service, e.g. ["--public-url", "https://docs.example"]. */
  args?: string[];
  /** Keep the service's log (no --quiet); read it with log(). */
  logs?: boolean;
  /** An empty store, which the service migrates and seeds itself (tests of a first start);
   * otherwise a copy of the run's migrated and seeded template store, the same but made once. */
  fresh?: boolean;
  /** More environment variables of the service (DOCSHEET_PUBLIC_URL, ...). */
  env?: Record<string, string>;
  /** PostgreSQL: this database of the test server (made by the caller) instead of a new copy of the
   * template; it is dropped on stop(). */
  databaseName?: string;
}

export interface TestService {
  origin: string;
  /** origin + "/test" */
  root: string;
  dataDir: string;
  databaseUrl?: string;
  /** Process id of the service (benchmarks read its CPU time). */
  readonly pid: number;
  stop(): Promise<void>;
  /** Stops and starts the service again on the same port, keeping the same data. */
  restart(): Promise<void>;
  /** Kills the service with SIGKILL (no shutdown of any kind) and starts it again on the same
   * port and data, as after a crash. */
  crash(): Promise<void>;
  /** What the service wrote to stderr so far (its last 20,000 characters). */
  log(): string;
}

/** Both stores, for the files whose subject is the store or that go through the embedded store's
 * own paths: durability and crash-durability (commits and the data dir lock), the migration-* files
 * and list-counts (migrations and kept totals in each store's transactions), start-modules (the
 * other store's driver not loaded), fault-log (each store's own faults), documents (the group-commit
 * insert queue and the contact cache of the embedded store, PostgreSQL's row locks) and
 * attachments-http (bytes in files beside PGlite, in the table on PostgreSQL). Every other service
 * test is about a route, not the store, and runs on one of them (`oneStore`): a start of each is
 * the most of such a file's time. Sorting too (list-order): both stores here sort by code point
 * (PGlite's C collation, the test server's builtin C.UTF-8). */
export const storesUnderTest: StoreKind[] = ["pglite", "postgres"];

/** One store for a file that is not about the store, named in the file: the embedded one for some
 * (payments, upgrades, share, e-mail, withholding taxes, hostile input and fuzz, the VAT report), so
 * its insert queue and contact cache meet every route; PostgreSQL for the others, a cheaper start. */
export function oneStore(store: StoreKind): StoreKind[] {
  return [store];
}

/** The store of a service for tests that are not about the store (the client's, the jobs', the
 * pane's, the Host guard's; the service's own tests run on both stores): PostgreSQL, whose service
 * start costs half the CPU of an embedded store's (about 2.4 s against 4.7 s: no PGlite
 * WebAssembly to start, no 39 MB data dir to copy). */
export const LOCAL_STORE: StoreKind = "postgres";

/** A store for a new service: a copy of the run's migrated and seeded template (see
 * store-templates.ts), or empty when `fresh` or outside jest. */
async function newStore(store: StoreKind, dataDir: string, fresh: boolean): Promise<string | undefined> {
  const template = fresh ? undefined : await storeTemplate(store);
  if (store === "pglite") {
    if (template) cpSync(template, join(dataDir, "pglite"), { recursive: true });
    return undefined;
  }
  const name = `docsheet_${randomBytes(6).toString("hex")}`;
  await createDatabase(name, template);
  return name;
}

export async function startTestService(opts: TestServiceOptions = {}): Promise<TestService> {
  const store = opts.store ?? "pglite";
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "docsheet-service-"));
  // A data dir of the caller's holds its own store already.
  const databaseName = opts.databaseName
    ?? (ownDataDir || store === "postgres" ? await newStore(store, dataDir, opts.fresh ?? false) : undefined);
  const databaseUrl = databaseName === undefined ? undefined : testDatabaseUrl(databaseName);

  const args = (port: number): string[] => {
    const a = ["--port", String(port), "--data-dir", dataDir, ...(opts.logs ? [] : ["--quiet"]), ...(opts.args ?? [])];
    if (databaseUrl) a.push("--database-url", databaseUrl);
    if (opts.rateLimitPerMinute !== undefined) a.push("--rate-limit", String(opts.rateLimitPerMinute));
    if (opts.answerDelayMs !== undefined) a.push("--answer-delay-ms", String(opts.answerDelayMs));
    if (opts.tokenTtlSeconds !== undefined) a.push("--token-ttl", String(opts.tokenTtlSeconds));
    return a;
  };

  let { child, url, stderr } = await spawnService(args(0), opts.env);
  const origin = new URL(url).origin;
  const port = Number(new URL(url).port);

  return {
    origin,
    root: `${origin}/test`,
    dataDir,
    databaseUrl,
    get pid() {
      return child.pid ?? 0;
    },
    async stop() {
      await stopChild(child);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      if (databaseName) await dropDatabase(databaseName).catch(() => undefined);
    },
    async restart() {
      await stopChild(child);
      ({ child, stderr } = await spawnService(args(port), opts.env));
    },
    async crash() {
      await killChild(child);
      ({ child, stderr } = await spawnService(args(port), opts.env));
    },
    log: () => stderr(),
  };
}
