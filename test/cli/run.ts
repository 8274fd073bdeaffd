// Runs the real `docsheet` bin as a child process.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const REPO = resolve(__dirname, "..", "..");
export const BIN = resolve(REPO, "bin", "docsheet.js");
const PROBE = resolve(__dirname, "probe.js");

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
