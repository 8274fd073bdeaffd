// The service as a child process: started with a command line until it prints "listening <url>",
// stopped gracefully or killed. It runs the compiled build/service/main.js (what `npm install`
// compiles) while build/ matches the sources, as the docsheet bin does, and the TypeScript sources
// through tsx otherwise: tsx compiles on every start, a second of CPU each time.
import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";

const REPO_ROOT = resolve(__dirname, "..", "..");
const SOURCES = join(REPO_ROOT, "src", "service", "main.ts");
const BUILT = join(REPO_ROOT, "build", "service", "main.js");
const START_TIMEOUT_MS = 60_000;
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
      if (err.length > LOG_LIMIT) err = err.slice(-LOG_LIMIT);
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
