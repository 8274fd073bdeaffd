// One PostgreSQL service per jest worker, shared by the test files that are about a job, a command
// or the pane rather than about the service's process or store, one file after the other: each
// such file gets companies of its own in it (copies of the two demo companies with their master
// data, under new credentials), so no file sees another's documents, contacts or serials. A file
// thus pays a company (a few inserts) instead of a service start and a database copy (about 1.5 s
// of CPU). The service is kept on a core module's object, which, unlike a test file's own modules,
// is the worker's (as the CLI runner in test/cli/run.ts); it holds no handle of the worker, and
// jest's global teardown stops it by the process id it leaves in the run's directory. It starts
// with the environment of the file that asks first: a file that needs options or environment
// variables of its own (a budget, SMTP_URL, a rate limit), that stops, restarts or kills its
// service, or that is about the store starts a service of its own (helpers/service.ts).
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { spawnService } from "./service-process";
import { storeTemplate, TEMPLATES_ENV } from "./store-templates";
import { createDatabase, databaseUrl as testDatabaseUrl } from "./test-databases";

/** Where a shared service answers. */
export interface SharedService {
  origin: string;
  /** origin + "/test" */
  root: string;
}

/** Credentials of a company of the file. */
export interface FileCompany {
  clientId: string;
  clientSecret: string;
}

/** The file's copies of the demo companies: "demo" (Demo Co., Ltd.) and "other" (Other Co., Ltd.). */
export interface FileCompanies {
  demo: FileCompany;
  other: FileCompany;
}

interface Kept {
  child: ChildProcess;
  service: SharedService;
  databaseUrl: string;
}

const KEY = Symbol.for("docsheet.test.sharedService");
const workerShared = require("node:child_process") as Record<symbol, Promise<Kept> | undefined>;
const PID_FILE = /^shared-service-\d+\.pid$/;

async function start(runDir: string): Promise<Kept> {
  const name = `docsheet_shared_${randomBytes(6).toString("hex")}`;
  await createDatabase(name, await storeTemplate("postgres"));
  const databaseUrl = testDatabaseUrl(name);
  const dataDir = mkdtempSync(join(tmpdir(), "docsheet-shared-"));
  const { child, url } = await spawnService(["--port", "0", "--data-dir", dataDir, "--quiet", "--database-url", databaseUrl]);
  // Nothing of it keeps the worker alive: the worker may end between files.
  child.stderr!.removeAllListeners("data");
  child.stderr!.resume();
  child.unref();
  for (const s of [child.stdout!, child.stderr!]) (s as unknown as { unref?: () => void }).unref?.();
  child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  writeFileSync(join(runDir, `shared-service-${child.pid}.pid`), `${child.pid}\n${dataDir}\n`);
  const origin = new URL(url).origin;
  return { child, service: { origin, root: `${origin}/test` }, databaseUrl };
}

/** This worker's service, started by the first file that asks (again if it has ended). */
async function workerService(): Promise<Kept> {
  const runDir = process.env[TEMPLATES_ENV];
  if (!runDir) throw new Error(`a shared service needs jest's global setup (${TEMPLATES_ENV})`);
  const kept = workerShared[KEY];
  if (kept) {
    const k = await kept.catch(() => undefined);
    if (k && k.child.exitCode === null && k.child.signalCode === null) return k;
  }
  const started = start(runDir);
  workerShared[KEY] = started;
  return started;
}

const COPIED_TABLES = ["contacts", "products", "payment_channels", "expense_categories", "chart_of_accounts"];

/** A copy of the seeded company `from` (its info and master data) under new credentials. */
async function copyCompany(db: Client, from: string): Promise<FileCompany> {
  const clientId = `${from}-${randomBytes(4).toString("hex")}`;
  const clientSecret = `${clientId}-secret`;
  const { rows: [ids] } = await db.query<{ old: number; id: number }>(
    "insert into companies (client_id, client_secret, info) select $2, $3, info from companies where client_id = $1 returning (select id from companies where client_id = $1) as old, id",
    [from, clientId, clientSecret],
  );
  if (!ids) throw new Error(`no company ${from} in the shared service's store`);
  for (const table of COPIED_TABLES) {
    const { rows } = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name not in ('id', 'company_id') and coalesce(column_default, '') not like 'nextval%'",
      [table],
    );
    const columns = rows.map((r) => `"${r.column_name}"`).join(", ");
    await db.query(`insert into ${table} (company_id, ${columns}) select $1, ${columns} from ${table} where company_id = $2 order by id`, [ids.id, ids.old]);
  }
  return { clientId, clientSecret };
}

async function fileCompanies(databaseUrl: string): Promise<FileCompanies> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query("begin");
    const companies = { demo: await copyCompany(db, "demo"), other: await copyCompany(db, "other") };
    await db.query("commit");
    return companies;
  } finally {
    await db.end();
  }
}

/** The worker's service and new companies in it (for a beforeAll). */
export async function fileCompaniesIn(): Promise<{ service: SharedService } & FileCompanies> {
  const kept = await workerService();
  return { service: kept.service, ...(await fileCompanies(kept.databaseUrl)) };
}

/** Call at the top of a test file: the worker's service and the file's companies, filled once
 * beforeAll has run. */
export function sharedServiceForFile(): { service: SharedService } & FileCompanies {
  const s = {} as { service: SharedService } & FileCompanies;
  beforeAll(async () => {
    Object.assign(s, await fileCompaniesIn());
  });
  return s;
}

/** Jest's global teardown: stops every worker's service (SIGTERM, SIGKILL after 10 s). */
export async function stopSharedServices(runDir: string): Promise<void> {
  const pids = readdirSync(runDir).filter((f) => PID_FILE.test(f)).map((f) => {
    const [pid, dataDir] = readFileSync(join(runDir, f), "utf8").split("\n");
    return { pid: Number(pid), dataDir };
  });
  // Its worker has ended, so it is no child of this process: gone once /proc has it no more or
  // has it as a zombie.
  const alive = (pid: number): boolean => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
    } catch {
      return false;
    }
  };
  await Promise.all(pids.map(async ({ pid, dataDir }) => {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      return; // ended already
    }
    const deadline = Date.now() + 10_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (alive(pid)) process.kill(pid, "SIGKILL");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }));
}
