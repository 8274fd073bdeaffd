// The embedded store's data dir lock on real files: held by a live process it refuses, left by a
// process that is gone (or a zombie not yet reaped, or unreadable) it is taken over, and releasing removes only our own lock.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lockDataDir, procState } from "../../src/service/store/data-dir-lock";

let dir: string;
const lockFile = (): string => join(dir, "pglite.lock");
/** The pid of a process that has exited. */
const goneProcess = (): number => spawnSync(process.execPath, ["-e", ""]).pid!;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-lock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("holds the dir for this process until released, and refuses it meanwhile", () => {
  const release = lockDataDir(dir);
  expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
  expect(() => lockDataDir(dir)).toThrow(`data dir ${dir} is in use by another service (pid ${process.pid})`);
  release();
  expect(existsSync(lockFile())).toBe(false);
  lockDataDir(dir)();
});

it("refuses a dir another live process holds, naming it and the lock file", () => {
  writeFileSync(lockFile(), `${process.ppid}\n`);
  expect(() => lockDataDir(dir)).toThrow(`in use by another service (pid ${process.ppid}); stop that one first, or remove ${lockFile()}`);
  expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.ppid));
});

it.each([
  ["a process that is gone", () => `${goneProcess()}\n`],
  ["nothing readable", () => "garbage"],
  ["our own pid, from an earlier life of this pid", () => `${process.pid}\n`],
])("takes over a lock left by %s", (_, content) => {
  writeFileSync(lockFile(), content());
  const release = lockDataDir(dir);
  expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
  expect(readdirSync(dir)).toEqual(["pglite.lock"]);
  release();
});

it("leaves a lock that is no longer its own when released", () => {
  const release = lockDataDir(dir);
  writeFileSync(lockFile(), `${process.ppid}\n`);
  release();
  expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.ppid));
});

it("takes over a lock whose pid is a zombie not yet reaped (kill(pid, 0) still succeeds on it)", async () => {
  if (process.platform !== "linux") return;
  // The parent spawns a child that exits at once, then blocks its event loop (where Node reaps
  // children), so the child stays a zombie, as a SIGKILLed service does until its parent reaps it.
  const holdsZombie = `const c = require("node:child_process").spawn(process.execPath, ["-e", ""]);
    console.log(c.pid); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10000);`;
  const parent = spawn(process.execPath, ["-e", holdsZombie], { stdio: ["ignore", "pipe", "ignore"] });
  try {
    const zombie = Number((await once(parent.stdout!, "data"))[0].toString().trim());
    const deadline = Date.now() + 5000;
    while (procState(zombie) !== "Z" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(procState(zombie)).toBe("Z");
    expect(() => process.kill(zombie, 0)).not.toThrow();
    writeFileSync(lockFile(), `${zombie}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
    release();
  } finally {
    parent.kill("SIGKILL");
  }
});

it("reads the state after the command's last parenthesis, which may itself hold ') Z'", () => {
  expect(procState(42, () => "42 (odd) Z name) S 1 42 42 0")).toBe("S");
  expect(procState(42, () => "42 (docsheet) Z 1 42 42 0")).toBe(process.platform === "linux" ? "Z" : undefined);
  expect(procState(42, () => { throw new Error("ENOENT"); })).toBeUndefined();
});
