// Work done once per jest run and shared by every worker: the first worker that asks takes a lock
// (an atomic mkdir) in the run's directory, which jest's global setup names (TEMPLATES_ENV), and
// does it; the others wait for its answer (a text: where the result is) or its failure. Outside
// jest (the benchmarks) there is no such directory, and the caller does the work itself.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const TEMPLATES_ENV = "DOCSHEET_TEST_TEMPLATES";
const WAIT_LIMIT_MS = 180_000;

/** Files of one piece of work in the run's directory: ready holds its answer, failed the reason. */
export const runFiles = (dir: string, name: string) => ({
  lock: join(dir, `${name}.lock`),
  ready: join(dir, `${name}.ready`),
  failed: join(dir, `${name}.failed`),
  work: join(dir, `${name}-data`),
});

export const readIfThere = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

async function waitFor(f: ReturnType<typeof runFiles>): Promise<string> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const ready = readIfThere(f.ready);
    if (ready !== undefined) return ready;
    const failed = readIfThere(f.failed);
    if (failed !== undefined) throw new Error(`${f.work} could not be made: ${failed}`);
    if (Date.now() > deadline) throw new Error(`nothing in ${f.ready} after ${WAIT_LIMIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function makeOrWait(dir: string, name: string, make: (work: string) => Promise<string>): Promise<string> {
  const f = runFiles(dir, name);
  try {
    mkdirSync(f.lock);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return waitFor(f);
  }
  try {
    const answer = await make(f.work);
    writeFileSync(`${f.ready}.part`, answer);
    renameSync(`${f.ready}.part`, f.ready); // whole or absent for the waiting workers
    return answer;
  } catch (e) {
    writeFileSync(f.failed, String(e));
    throw e;
  }
}

const started = new Map<string, Promise<string>>();

/** The answer of `make` (given a work directory of its own) for this run, made by whichever worker
 * asked first; undefined outside jest. */
export function runOnce(name: string, make: (work: string) => Promise<string>): Promise<string | undefined> {
  const dir = process.env[TEMPLATES_ENV];
  if (!dir) return Promise.resolve(undefined);
  let p = started.get(name);
  if (!p) started.set(name, (p = makeOrWait(dir, name, make)));
  return p;
}
