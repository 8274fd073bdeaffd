// The service as a child process: started with a command line until it prints "listening <url>",
// stopped gracefully or killed. It runs the compiled build/service/main.js (what `npm install`
// compiles) while build/ matches the sources, as the docsheet bin does, and the TypeScript sources
// through tsx otherwise: tsx compiles on every start, a second of CPU each time.
//
// A start is work for the CPU (an embedded store's is about 5 s of it: PGlite's WebAssembly
// compiled and its files opened, the migrations checked, a vacuum; the modules loaded), so on a
// machine shared by several test runs its wall time grows with the load: a minute was seen. A
// start is given up by the CPU time the service spent without listening, not by the clock; the
// clock only ends one that has stopped working (a service hung on something outside itself).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const REPO_ROOT = resolve(__dirname, "..", "..");
const SOURCES = join(REPO_ROOT, "src", "service", "main.ts");
const BUILT = join(REPO_ROOT, "build", "service", "main.js");
/** CPU seconds a start may use (a dozen times what one takes), and the wall time it may take at most. */
const START_CPU_S = 60;
const START_WALL_MAX_MS = 10 * 60_000;
/** How often the start's CPU time is looked at. */
const START_LOOK_MS = 1_000;
/** The last characters of the service's stderr that are kept. */
const LOG_LIMIT = 20_000;

const { staleBuild } = require("../../bin/stale-build") as { staleBuild(root: string): string | undefined };

/** What the service runs from: build/ while it is up to date, the sources otherwise (and why). */
export function serviceEntry(): { args: string[]; compiled: boolean; why?: string } {
  const why = staleBuild(REPO_ROOT);
  return why === undefined ? { args: [BUILT], compiled: true } : { args: ["--import", "tsx", SOURCES], compiled: false, why };
}

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  stderr: () => string;
}

function spawnFrom(entry: string[], args: string[], env: Record<string, string>): Promise<ServiceProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...entry, ...args], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "test", ...env },
    });
    let out = "";
    let err = "";
    const started = Date.now();
    const timer = setInterval(() => {
      const wall = Date.now() - started;
      // Without /proc (not Linux) the clock stands in for the CPU time.
      const cpu = cpuSeconds(child.pid) ?? wall / 1000;
      if (cpu < START_CPU_S && wall < START_WALL_MAX_MS) return;
      clearInterval(timer);
      child.kill("SIGKILL");
      reject(new Error(`service did not start: ${cpu.toFixed(1)} s of CPU in ${(wall / 1000).toFixed(1)} s without listening\n${out}\n${err}`));
    }, START_LOOK_MS);
    const onExit = (code: number | null): void => {
      clearInterval(timer);
      reject(new Error(`service exited with ${code} before listening\n${out}\n${err}`));
    };
    child.once("exit", onExit);
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      if (err.length > LOG_LIMIT) err = err.slice(-LOG_LIMIT);
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        child.off("exit", onExit);
        // Keep draining the pipes so the child never blocks on a full buffer.
        child.stdout!.removeAllListeners("data");
        child.stdout!.resume();
        resolvePromise({ child, url: m[1], stderr: () => err });
      }
    });
  });
}

/** The CPU time (user and system, seconds) a process has used, from /proc/PID/stat; undefined
 * where there is no /proc. Its fields 14 and 15 count clock ticks (100 a second on Linux); the
 * command (field 2) may hold spaces, so fields are counted after its last ')'. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== "linux") return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields[0] is field 3
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Starts the service with these options (and `env` added to its environment); resolves once it listens. */
export async function spawnService(args: string[], env: Record<string, string> = {}): Promise<ServiceProcess> {
  const entry = serviceEntry();
  try {
    return await spawnFrom(entry.args, args, env);
  } catch (e) {
    // build/ swapped whole under us (npm run build:cli elsewhere): the sources always work.
    if (!entry.compiled || !/Cannot find module/.test(String(e))) throw e;
    return spawnFrom(["--import", "tsx", SOURCES], args, env);
  }
}

/** SIGTERM (the service closes its store), SIGKILL after 10 s. */
export function stopChild(child: ChildProcess | undefined): Promise<void> {
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

/** SIGKILL: no shutdown of any kind, as in a crash. */
export function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    child.kill("SIGKILL");
  });
}
