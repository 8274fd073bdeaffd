// What the bench scripts share: running one directly (npx tsx bench/<name>.ts) prints its figures
// like `npm run bench` does, and a failure sets the exit code; a demo token; a process's CPU time.
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";

export type Figures = Record<string, unknown>;

export function runAsScript(run: () => Promise<Figures>): void {
  run().then(
    (figures) => {
      for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}

/** An access token of the demo company. */
export async function demoToken(root: string): Promise<string> {
  const r = await fetch(`${root}/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: "demo", client_secret: "demo-secret" }),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}

/** CPU milliseconds (user + system) a process has used so far, from /proc (Linux, 100 ticks/s);
 * NaN where there is no /proc or no such process. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** CPU milliseconds a process and all its live descendants have used (a browser and its renderer,
 * GPU and network processes); NaN where there is no /proc. */
export function treeCpuMs(root: number): number {
  let children: Map<number, number[]>;
  try {
    children = new Map();
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const parent = Number(readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ")[1]);
        children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
      } catch {
        // ended meanwhile
      }
    }
  } catch {
    return NaN;
  }
  let total = 0;
  for (const stack = [root]; stack.length > 0;) {
    const pid = stack.pop()!;
    const ms = cpuMs(pid);
    if (!Number.isNaN(ms)) total += ms;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** A bench's service stopped (its exit no longer an error) and its data folder removed. */
export function stopService(child: ChildProcess, dir: string): void {
  child.removeAllListeners("exit");
  child.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
