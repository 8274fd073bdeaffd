// Runs the real `docsheet` bin as a child process, or its main(argv) in one runner process per test
// file (runner.js) for the tests about what a command does rather than about the process.
import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const REPO = resolve(__dirname, "..", "..");
export const BIN = resolve(REPO, "bin", "docsheet.js");
const PROBE = resolve(__dirname, "probe.js");
const RUNNER = resolve(__dirname, "runner.js");

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, bin = BIN): Promise<RunResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: REPO, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

/** Compiles the command into build/ as `npm install` does (scripts/build-cli.js). */
export function buildCli(): void {
  const r = spawnSync(process.execPath, [join(REPO, "scripts", "build-cli.js")], { cwd: REPO, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}${r.stdout}`);
}

export interface ProbedRun extends RunResult {
  /** npm packages the run loaded. */
  packages: string[];
  maxRssMb: number;
}

/** A run of the bin that reports the packages it loaded (test/cli/probe.js). */
export async function runProbed(args: string[], bin = BIN): Promise<ProbedRun> {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-probe-"));
  try {
    const out = join(dir, "probe.json");
    const r = await runCli(args, { NODE_OPTIONS: `--require ${PROBE}`, DOCSHEET_PROBE_OUT: out }, bin);
    return { ...r, ...(JSON.parse(readFileSync(out, "utf8")) as { packages: string[]; maxRssMb: number }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A run of the bin on its compiled build: built first, and built again when a source changed
 * in between (the bin then runs the sources through tsx). */
export async function runBuilt(args: string[]): Promise<ProbedRun> {
  let r = await runProbed(args);
  for (let attempt = 0; attempt < 2 && r.packages.includes("tsx"); attempt++) {
    buildCli();
    r = await runProbed(args);
  }
  return r;
}

export type Run = (args: string[], env?: NodeJS.ProcessEnv) => Promise<RunResult>;

/** The runner a jest worker keeps for its CLI test files one after another: starting one, and
 * loading the command's modules in it (exceljs, the jobs, the client), costs about a second of CPU
 * a file. It is kept on a core module's object because core modules, unlike a test file's own
 * modules, are the worker's; it leaves when the worker does (runner.js exits on disconnect). */
interface SharedRunner {
  child: ChildProcess;
  ready: Promise<void>;
}
const runnerKey = (slot: number): symbol => Symbol.for(`docsheet.test.cliRunner${slot === 0 ? "" : `.${slot}`}`);
const workerShared = require("node:child_process") as Record<symbol, SharedRunner | undefined>;

function workerRunner(slot: number): SharedRunner {
  const RUNNER_KEY = runnerKey(slot);
  const kept = workerShared[RUNNER_KEY];
  if (kept && kept.child.exitCode === null && kept.child.signalCode === null && kept.child.connected) return kept;
  const child = fork(RUNNER, [], { cwd: REPO, execArgv: [], stdio: ["ignore", "pipe", "pipe", "ipc"] });
  // Neither the child nor its pipes keep the worker alive between files.
  child.unref();
  child.channel?.unref();
  for (const s of [child.stdout!, child.stderr!]) (s as unknown as { unref?: () => void }).unref?.();
  const ready = new Promise<void>((done, fail) => {
    const onReady = (m: { ready?: true }): void => {
      if (!m.ready) return;
      child.off("message", onReady);
      done();
    };
    child.on("message", onReady);
    child.once("exit", (code, signal) => fail(new Error(`the CLI runner exited (${signal ?? code}) before it was ready`)));
  });
  ready.catch(() => undefined); // a file that asks sees it
  const shared = { child, ready };
  workerShared[RUNNER_KEY] = shared;
  return shared;
}

/** Call at the top of a test file: the worker's runner process (runner.js), started by the first
 * file that needs it; the function returned runs `docsheet ...args` in it, one run at a time, and
 * answers as runCli does (exit code, stdout, stderr). A file that ends with a run unanswered (a
 * timeout) stops the runner, so the next file starts a new one rather than wait behind that run.
 * `slot` 1 is a second runner of the worker, for a file that runs two commands at once, each in a
 * process of its own (the race of two posts), without a node start and module load per run. */
export function cliRunner(slot = 0): Run {
  const RUNNER_KEY = runnerKey(slot);
  let runner: SharedRunner | undefined;
  let log = "";
  let next = 0;
  const pending = new Map<number, { done: (r: RunResult) => void; fail: (e: Error) => void }>();
  const onData = (b: Buffer): void => {
    log += b.toString();
  };
  const onMessage = (m: { ready?: true; id?: number } & RunResult): void => {
    if (m.ready || m.id === undefined) return;
    const p = pending.get(m.id);
    pending.delete(m.id);
    p?.done({ code: m.code, stdout: m.stdout, stderr: m.stderr });
  };
  const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
    const err = new Error(`the CLI runner exited (${signal ?? code}): ${log}`);
    for (const p of pending.values()) p.fail(err);
    pending.clear();
  };
  beforeAll(() => {
    runner = workerRunner(slot);
    const c = runner.child;
    // Anything written outside a run (a warning of node's, a crash) is kept for the error above.
    c.stdout!.on("data", onData);
    c.stderr!.on("data", onData);
    c.on("message", onMessage);
    c.on("exit", onExit);
    return runner.ready;
  });
  afterAll(() => {
    const c = runner?.child;
    if (!c) return;
    c.stdout!.off("data", onData);
    c.stderr!.off("data", onData);
    c.off("message", onMessage);
    c.off("exit", onExit);
    if (pending.size > 0) {
      if (workerShared[RUNNER_KEY]?.child === c) workerShared[RUNNER_KEY] = undefined;
      c.kill("SIGKILL");
    }
  });
  return async (args, env = {}) => {
    await runner?.ready;
    const c = runner!.child;
    const id = next++;
    return new Promise<RunResult>((done, fail) => {
      pending.set(id, { done, fail });
      c.send({ id, args, env });
    });
  };
}

/** Runs the bin and kills it with SIGKILL (no shutdown of any kind) once `when` says so, asked with
 * the rows it has reported created so far on stderr; resolves with that count once it is gone. */
export function killedRun(args: string[], when: (created: number) => boolean): Promise<number> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
  let created = 0;
  return new Promise<number>((done) => {
    child.stderr.on("data", (chunk: Buffer) => {
      created += (chunk.toString().match(/: created/g) ?? []).length;
      if (child.exitCode === null && !child.killed && when(created)) child.kill("SIGKILL");
    });
    child.on("close", () => done(created));
  });
}
