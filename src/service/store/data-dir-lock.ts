// One service per embedded data dir: PGlite has no lock of its own, and two processes writing the
// same files corrupt them. A lock file holds the owner's pid; it appears whole and only if absent
// (written aside, then hard-linked into place), and one left by a process that is gone (killed,
// crashed, or a zombie its parent has not reaped yet) is taken over.
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Lock files this process holds: a lock naming our own pid is ours only if it is in here (a pid
 * seen again after a restart of a container belonged to another process). */
const held = new Set<string>();

const readPid = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8").trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
};

/** The state letter of a Linux process (/proc/PID/stat's third field), or undefined where there
 * is no /proc or the process is not in it. The second field, the command, may hold spaces and
 * parentheses, so the state is read after its last ')'. */
export function procState(pid: number, read: (path: string) => string = (p) => readFileSync(p, "utf8")): string | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const stat = read(`/proc/${pid}/stat`);
    return stat.slice(stat.lastIndexOf(")") + 1).trim()[0];
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote a lock still runs. kill(pid, 0) also succeeds on a zombie (a
 * SIGKILLed service whose parent has not reaped it yet), which holds no files: Z or X is gone. */
function alive(pidText: string, path: string): boolean {
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return held.has(path);
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const letter = procState(pid);
  return letter !== "Z" && letter !== "X";
}

/** Moves a stale lock (holding `stalePid`) out of the way. Renaming is atomic: of two processes
 * taking over at once, one moves it; should the other move the first one's fresh lock instead, it
 * sees a different pid and puts it back. */
function removeStale(path: string, stalePid: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  if (readPid(aside) !== stalePid) {
    try {
      linkSync(aside, path);
    } catch {
      // A third process made a lock meanwhile: it is the owner now.
    }
  }
  unlinkSync(aside);
}

/** Puts a lock file naming this process at `path` unless one is there: never seen half written. */
function placeLock(path: string): boolean {
  const mine = `${path}.${process.pid}.new`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    linkSync(mine, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return false;
  } finally {
    unlinkSync(mine);
  }
}

/** Takes the data dir for this process, or throws naming the process that holds it. Answers the
 * release (removes the lock file if it is still ours). */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 10; attempt++) {
    if (placeLock(path)) {
      held.add(path);
      return () => {
        held.delete(path);
        if (readPid(path) === String(process.pid)) unlinkSync(path);
      };
    }
    const holder = readPid(path);
    if (holder === undefined) continue;
    if (alive(holder, path)) {
      throw new Error(`data dir ${dataDir} is in use by another service (pid ${holder}); stop that one first, or remove ${path} if no service runs there`);
    }
    removeStale(path, holder);
  }
  throw new Error(`could not take the lock ${path}`);
}
