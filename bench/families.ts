// `npm run bench -- families`: every family of the registry posted from the pane, as Excel runs it
// (the strict Office.js fake counting syncs) against the local service in a process of its own: the
// Excel syncs of the write-back of a post of BENCH_ROWS records (default 1,000; target ≤ 20 whatever
// the family), the syncs in all, and records per second. The rows are the family suite's samples
// (test/families/samples.ts), so a family added to the registry is benched with its sample.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "../src/api";
import { createServices } from "../src/taskpane/services";
import { SAMPLES, sampleSheet } from "../test/families/samples";
import { EVERY_FAMILY } from "../test/families/support";
import { excelPostOf, startServiceProcess } from "./engine";

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);

export async function run(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-bench-families-"));
  const service = await startServiceProcess(join(dir, "data"));
  const figures: Record<string, string> = {};
  try {
    const root = `${service.url}/test`;
    const auth = { clientId: "demo", clientSecret: "demo-secret" };
    const client = createClient({ root, ...auth });
    for (const [i, [family]] of EVERY_FAMILY.entries()) {
      const prefix = `B${i}`;
      const sample = SAMPLES[family];
      await sample.before?.(client, prefix, ROWS);
      const posted = await excelPostOf(sampleSheet(family, prefix, ROWS), async (port) => {
        const services = createServices({ port, relayBase: null });
        await services.connect({ environment: "custom", customRoot: root, ...auth } as never);
        const ctx = { lang: "en" as const };
        // The pane's one post, for every family.
        return { counts: { created: (await services.post(family, ctx)).created } };
      }, sample.sheet);
      const { writeSyncs, created } = posted;
      figures[`${family}: post of ${ROWS.toLocaleString("en")}`] = `${writeSyncs} Excel syncs for the write-back (target ≤ 20), ${posted.syncs} in all (connecting included), ${(created / (posted.ms / 1000)).toFixed(0)} records/s, ${created} created`;
    }
  } finally {
    service.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
