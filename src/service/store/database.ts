// Opens the store: PGlite (PostgreSQL in WASM, on disk in a data dir) by default, PostgreSQL when a
// database URL is given. Both go through drizzle with the same schema and migrations folder.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { lockDataDir } from "./data-dir-lock";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repository functions take either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

/** A parameterised statement straight through the driver ($1, $2, ...): no query building, no
 * per-query parser setup. For the hot paths (document create and list pages). */
export type RawQuery = <R = Record<string, unknown>>(text: string, params: unknown[]) => Promise<R[]>;

/** Runs `f` in one transaction of its own, its statements straight through the driver as RawQuery's. */
export type RawTransaction = <T>(f: (query: RawQuery) => Promise<T>) => Promise<T>;

export interface Store {
  kind: "pglite" | "postgres";
  db: Db;
  query: RawQuery;
  transaction: RawTransaction;
  close(): Promise<void>;
  /** Counts document writes; the embedded store vacuums after many (it has no autovacuum). */
  noteWrites(count?: number): void;
}

/** Document writes between two VACUUMs of the embedded store. */
const VACUUM_EVERY = 10_000;

const MIGRATIONS = join(__dirname, "migrations");

export async function openStore(opts: { dataDir: string; databaseUrl?: string }): Promise<Store> {
  if (opts.databaseUrl) {
    // Each store's driver loads only for a service that uses it.
    const { Pool } = require("pg") as typeof import("pg");
    const { drizzle: drizzlePg } = require("drizzle-orm/node-postgres") as typeof import("drizzle-orm/node-postgres");
    const { migrate: migratePg } = require("drizzle-orm/node-postgres/migrator") as typeof import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A broken idle connection must not take the process down.
    pool.on("error", () => undefined);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS });
    // PostgreSQL's autovacuum keeps the visibility map and statistics.
    const query: RawQuery = async <R>(text: string, params: unknown[]) => (await pool.query(text, params)).rows as R[];
    const transaction: RawTransaction = async (f) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await f(async <R>(text: string, params: unknown[]) => (await client.query(text, params)).rows as R[]);
        await client.query("commit");
        return result;
      } catch (e) {
        await client.query("rollback").catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    };
    return { kind: "postgres", db: db as unknown as Db, query, transaction, close: () => pool.end(), noteWrites: () => undefined };
  }
  // One service per data dir: a second one fails here, before it touches the files.
  const unlock = lockDataDir(opts.dataDir);
  try {
    return await openEmbedded(join(opts.dataDir, "pglite"), unlock);
  } catch (e) {
    unlock();
    throw e;
  }
}

/** PGlite in `dir`; `unlock` releases the data dir when the store is closed. */
async function openEmbedded(dir: string, unlock: () => void): Promise<Store> {
  mkdirSync(dir, { recursive: true });
  const { openPglite } = require("./pglite") as typeof import("./pglite");
  const { drizzle: drizzlePglite } = require("drizzle-orm/pglite") as typeof import("drizzle-orm/pglite");
  const { migrate: migratePglite } = require("drizzle-orm/pglite/migrator") as typeof import("drizzle-orm/pglite/migrator");
  // PGlite runs one query at a time and serializes transactions itself (its transaction mutex).
  const client = await openPglite(dir);
  const db = drizzlePglite(client, { schema });
  try {
    // Every commit waits for its WAL flush (said here, so no default or postgresql.conf turns it
    // off): PGlite is one process with no WAL writer, so a commit that did not flush would leave
    // its WAL in this process's memory until the buffer fills, and a kill would lose it
    // (acknowledged documents gone, their ids and serials handed out again). The flush writes the
    // WAL to the files, which the OS keeps when the process dies. PGlite runs with fsync off (its
    // file system's fsync does nothing), so a crash of the machine itself may still lose the last
    // moments. Creates arriving together share one commit (documents/insert-queue.ts).
    await client.exec("set synchronous_commit = on");
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
  } catch (e) {
    await client.close().catch(() => undefined);
    throw e;
  }
  // PGlite runs no autovacuum: without it the visibility map stays empty (list pages cannot use
  // index-only scans) and the planner's statistics go stale. Vacuum at start and every so often.
  const vacuum = () => client.exec("vacuum (analyze) documents, contacts").then(() => undefined, () => undefined);
  await vacuum();
  let writes = 0;
  let closing = false;
  return {
    kind: "pglite",
    db: db as unknown as Db,
    // PGlite's own query() takes its transaction mutex: it never runs inside another transaction.
    query: async <R>(text: string, params: unknown[]) => (await client.query<R>(text, params)).rows,
    transaction: (f) => client.transaction((tx) => f(async <R>(text: string, params: unknown[]) => (await tx.query<R>(text, params)).rows)),
    close: async () => {
      closing = true;
      await client.close();
      unlock();
    },
    noteWrites(count = 1) {
      writes += count;
      if (writes >= VACUUM_EVERY && !closing) {
        writes = 0;
        void vacuum();
      }
    },
  };
}
