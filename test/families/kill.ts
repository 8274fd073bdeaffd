// Every family keeps its promises across a kill (issue 34), through the real bin on .xlsx files: a
// post killed with SIGKILL part-way, then run again on the same input (with the default output, or
// in place), ends with every row's record exactly once; a record of the last row's identity made
// elsewhere meanwhile (other fields) is never claimed as the runs' own, and undo of the last
// output reverses every record both runs created (where the entry's undo deletes) and leaves that
// record alone.
import { cliRunner } from "../cli/run";
import { cliSession, sheetRows } from "../cli/session";
import { SAMPLES } from "./samples";
import { EVERY_FAMILY, killedAt, liveRecords, writeSample } from "./support";

const N = 6;

/** The promise's test for every other family of the registry, the run again writing `mode`'s
 * output: the default output for the 1st, 3rd, ... family, in place for the 2nd, 4th, ..., so each
 * kind of family meets both, in two files that jest runs side by side. */
export function killedPosts(mode: "default output" | "--in-place"): void {
  jest.setTimeout(180_000);
  const s = cliSession(`promises-kill-${mode === "--in-place" ? "in-place" : "default"}`);
  const docsheet = cliRunner();
  const conn = (): string[] => ["--base-url", s.service.root, ...s.auth];
  const families = EVERY_FAMILY.map(([family, entry], index) => [family, entry, index] as const).filter(([, , index]) => index % 2 === (mode === "--in-place" ? 1 : 0));
  test.each(families)(
    `%s killed with SIGKILL, run again with the ${mode}: every row once, nothing made elsewhere claimed, undo reverses both runs`, async (family, entry, index) => {
      const prefix = `K${index}${mode === "--in-place" ? "i" : "d"}`;
      const sample = SAMPLES[family];
      await sample.before?.(s.client, prefix, N);
      const path = await writeSample(s.dir, prefix, family, prefix, N);
      const place = mode === "--in-place" ? ["--in-place"] : [];
      const out = mode === "--in-place" ? path : path.replace(/\.xlsx$/, ".posted.xlsx");
      // Killed with its third (default output) or fourth (in place) send made on the service, unanswered.
      const at = mode === "--in-place" ? 4 : 3;
      await killedAt(s.service.root, (root) => ["post", path, "--family", family, "--base-url", root, ...s.auth, "--concurrency", "1", ...place], at);
      const mid = await liveRecords(s.client, entry, prefix);
      expect(mid.size).toBeGreaterThanOrEqual(1);
      expect(mid.size).toBeLessThan(N);

      // The last row's identity, made elsewhere (another workbook's post) with other fields, between the runs.
      const last = `${prefix}-${N}`;
      expect(mid.has(last)).toBe(false);
      const elsewhere = await writeSample(s.dir, `${prefix}-elsewhere`, family, prefix, N, N, 1);
      const madeElsewhere = await docsheet(["post", elsewhere, "--family", family, ...conn()]);
      expect(madeElsewhere.code).toBe(0);
      const [made] = (await liveRecords(s.client, entry, prefix)).get(last)!;

      const again = await docsheet(["post", path, "--family", family, ...conn(), ...place]);
      expect(again.stderr).not.toMatch(/failed|unknown/);
      const key = sample.header[0];
      const rows = (await sheetRows(out)).filter((r) => r[key]);
      const after = await liveRecords(s.client, entry, prefix);
      for (let i = 1; i <= N; i++) {
        const tag = `${prefix}-${i}`;
        const row = rows.find((r) => r[key] === tag)!;
        const live = after.get(tag)!.filter((id) => id !== made || i !== N);
        // Exactly one live record per row, the row's; the last row's is its own or, where one identity
        // is one record (a code), the one made elsewhere, found and never claimed as created.
        if (row.recordId === made) {
          expect(String(row.result)).not.toMatch(/^created/);
          expect(live).toEqual([]);
        } else {
          expect({ tag, live }).toEqual({ tag, live: [row.recordId] });
        }
      }

      const undo = await docsheet(["undo", out, "--family", family, "--in-place", ...conn()]);
      const left = await liveRecords(s.client, entry, prefix);
      // The record made elsewhere is left as it was, whatever the family.
      expect(left.get(last)).toContain(made);
      if (entry.undo !== "keep") {
        expect(undo.code).toBe(0);
        expect([...left.entries()]).toEqual([[last, [made]]]);
      } else {
        // Kept (the service cannot remove it) and said so: every record is still there.
        expect([...left.keys()].sort()).toEqual([...after.keys()].sort());
      }
    },
  );
}
