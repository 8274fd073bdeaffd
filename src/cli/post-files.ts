// The files a post run owns besides its output: a lock beside the workbook, so two `docsheet post`
// of one workbook take turns (the second then finds what the first created), and the temporary
// files a killed save left beside the output, removed before the run saves anything.
import { promises as fs } from "node:fs";
import { basename, dirname, join } from "node:path";
import { alive } from "../workbook/xlsx-write";

export interface WorkbookLock {
  release(): Promise<void>;
}

/**
 * Takes `.<WORKBOOK>.docsheet-post.lock` beside the workbook: created exclusively with our process id;
 * one left by a process that is gone (killed) is taken over. While another live post holds it,
 * waits, calling `onWait` once with its process id.
 */
export async function lockWorkbook(input: string, onWait: (pid: number) => void, signal?: AbortSignal): Promise<WorkbookLock> {
  const path = join(dirname(input), `.${basename(input)}.docsheet-post.lock`);
  let told = false;
  for (;;) {
    try {
      await fs.writeFile(path, String(process.pid), { flag: "wx" });
      return { release: () => fs.rm(path, { force: true }) };
    } catch (err) {
      // A folder we may not write in (a read-only share posted with --out elsewhere): no lock, as before.
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") return { release: async () => undefined };
    }
    const owner = Number((await fs.readFile(path, "utf8").catch(() => "")).trim());
    if (owner === process.pid) return { release: async () => undefined }; // taken by this process already
    if (!alive(owner)) {
      // A killed post's lock (or one just being written: read again before taking it over).
      await new Promise((r) => setTimeout(r, 50));
      const again = Number((await fs.readFile(path, "utf8").catch(() => "")).trim());
      if (again === owner && !alive(owner)) await fs.rm(path, { force: true });
      continue;
    }
    if (!told) onWait(owner);
    told = true;
    if (signal?.aborted) throw new Error("interrupted while waiting for another post of the workbook");
    await new Promise((r) => setTimeout(r, 200));
  }
}

