// `npm install && npm test` needs nothing on the machine but Node.js and npm: the PostgreSQL server
// and the Chromium the tests use run from node_modules (a developer may name others; CI never
// does), no test or script runs poppler or a system Chromium or PostgreSQL, and CI installs
// nothing but npm packages.
import { readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Client } from "pg";
import { chromiumChoice } from "../helpers/chromium";

const ROOT = resolve(__dirname, "..", "..");
const NODE_MODULES = join(realpathSync(ROOT), "node_modules") + "/";
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
    expect(running.startsWith(NODE_MODULES)).toBe(true);
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
  expect(choice.path.startsWith(NODE_MODULES)).toBe(true);
});

test("no test, benchmark, script or CI step runs a program of the system", () => {
  const files = [...["test", "bench", "scripts"].flatMap(sources).filter((f) => f !== __filename), join(ROOT, ".ci", "run")];
  expect(files.length).toBeGreaterThan(50);
  const found = files.flatMap((file) =>
    readFileSync(file, "utf8").split("\n").flatMap((line, i) => (SYSTEM_PROGRAM.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
  expect(readFileSync(join(ROOT, ".ci", "run"), "utf8")).toMatch(/^npm ci\b/m);
});
