// Starts the local accounting service as a child process for a test file, on a free port, with a
// fresh store (a temp data dir for the embedded store, a fresh database for PostgreSQL).
// Tests talk to it over real HTTP; nothing of the service is imported into the jest process.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";

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

/** Set by jest's global setup (test/global-setup.ts), which starts PostgreSQL unless it names one. */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Both stores, always. */
export const storesUnderTest: StoreKind[] = ["pglite", "postgres"];

const REPO_ROOT = resolve(__dirname, "..", "..");
const MAIN = join(REPO_ROOT, "src", "service", "main.ts");
const START_TIMEOUT_MS = 60_000;

function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function spawnService(args: string[]): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", MAIN, ...args], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "test" },
    });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`service did not start within ${START_TIMEOUT_MS} ms\n${out}\n${err}`));
    }, START_TIMEOUT_MS);
    const onExit = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before listening\n${out}\n${err}`));
    };
    child.once("exit", onExit);
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      if (err.length > 20_000) err = err.slice(-20_000);
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.off("exit", onExit);
        // Keep draining the pipes so the child never blocks on a full buffer.
        child.stdout!.removeAllListeners("data");
        child.stdout!.resume();
        resolvePromise({ child, url: m[1], stderr: () => err });
      }
    });
  });
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(kill);
      done();
    });
    child.kill("SIGTERM");
  });
}

function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    child.kill("SIGKILL");
  });
}

export async function startTestService(opts: TestServiceOptions = {}): Promise<TestService> {
  const store = opts.store ?? "pglite";
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "docsheet-service-"));
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  if (store === "postgres") {
    if (!TEST_DATABASE_URL) throw new Error("store postgres needs TEST_DATABASE_URL (jest's global setup sets it)");
    databaseName = `docsheet_${randomBytes(6).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    databaseUrl = databaseUrlFor(TEST_DATABASE_URL, databaseName);
  }

  const args = (port: number): string[] => {
    const a = ["--port", String(port), "--data-dir", dataDir, ...(opts.logs ? [] : ["--quiet"]), ...(opts.args ?? [])];
    if (databaseUrl) a.push("--database-url", databaseUrl);
    if (opts.rateLimitPerMinute !== undefined) a.push("--rate-limit", String(opts.rateLimitPerMinute));
    if (opts.answerDelayMs !== undefined) a.push("--answer-delay-ms", String(opts.answerDelayMs));
    if (opts.tokenTtlSeconds !== undefined) a.push("--token-ttl", String(opts.tokenTtlSeconds));
    return a;
  };

  let { child, url, stderr } = await spawnService(args(0));
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
      if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
    },
    async restart() {
      await stopChild(child);
      ({ child, stderr } = await spawnService(args(port)));
    },
    async crash() {
      await killChild(child);
      ({ child, stderr } = await spawnService(args(port)));
    },
    log: () => stderr(),
  };
}
