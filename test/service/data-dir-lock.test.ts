// The embedded store's data dir lock on real files: held by a live process it refuses, left by a
// process that is gone (or unreadable) it is taken over, and releasing removes only our own lock.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lockDataDir } from "../../src/service/store/data-dir-lock";

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
