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

/** Call at the top of a test file: a runner process (runner.js) started in beforeAll and stopped in
 * afterAll; the function returned runs `docsheet ...args` in it, one run at a time, and answers as
 * runCli does (exit code, stdout, stderr). */
export function cliRunner(): Run {
  let child: ChildProcess | undefined;
  let ready: Promise<void> | undefined;
  let log = "";
  let next = 0;
  const pending = new Map<number, { done: (r: RunResult) => void; fail: (e: Error) => void }>();
  beforeAll(() => {
    const c = fork(RUNNER, [], { cwd: REPO, execArgv: [], stdio: ["ignore", "pipe", "pipe", "ipc"] });
    child = c;
    // Anything written outside a run (a warning of node's, a crash) is kept for the error below.
    c.stdout!.on("data", (b: Buffer) => (log += b.toString()));
    c.stderr!.on("data", (b: Buffer) => (log += b.toString()));
    ready = new Promise<void>((done, fail) => {
      c.on("message", (m: { ready?: true; id?: number } & RunResult) => {
        if (m.ready) return done();
        const p = pending.get(m.id!);
        pending.delete(m.id!);
        p?.done({ code: m.code, stdout: m.stdout, stderr: m.stderr });
      });
      c.on("exit", (code, signal) => {
        const err = new Error(`the CLI runner exited (${signal ?? code}): ${log}`);
        fail(err);
        for (const p of pending.values()) p.fail(err);
        pending.clear();
      });
    });
    return ready;
  });
  afterAll(async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child!.once("exit", done));
    child.disconnect();
    await exited;
  });
  return async (args, env = {}) => {
    await ready;
    const id = next++;
    return new Promise<RunResult>((done, fail) => {
      pending.set(id, { done, fail });
      child!.send({ id, args, env });
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
