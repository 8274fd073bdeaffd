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
import { ExcelPort } from "../src/workbook/excel";
import { FakeExcel } from "../test/workbook/excel-fake";
import { SAMPLES, sampleSheet } from "../test/families/samples";
import { EVERY_FAMILY } from "../test/families/support";
import { startServiceProcess } from "./engine";

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);

export async function run(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-bench-families-"));
  const service = await startServiceProcess(join(dir, "data"));
  const figures: Record<string, string> = {};
  try {
    const root = `${service.url}/test`;
    const auth = { clientId: "demo", clientSecret: "demo-secret" };
    const client = createClient({ root, ...auth });
    for (const [i, [family, entry]] of EVERY_FAMILY.entries()) {
      const prefix = `B${i}`;
      const sample = SAMPLES[family];
      await sample.before?.(client, prefix, ROWS);
      const values = sampleSheet(family, prefix, ROWS).map((row) => row.map((v) => v ?? "")) as (string | number | boolean)[][];
      const excel = new FakeExcel("1.18", [sample.sheet]);
      excel.sheet(sample.sheet).fill(values);
      excel.select(excel.sheet(sample.sheet), 0, 0, values.length, values[0].length);
      let writeSyncs = 0;
      class Counted extends ExcelPort {
        override async write(...args: Parameters<ExcelPort["write"]>): Promise<void> {
          const from = excel.syncLog.length;
          await super.write(...args);
          writeSyncs += excel.syncLog.length - from;
        }
      }
      const services = createServices({ port: new Counted(excel.host()), relayBase: null });
      await services.connect({ environment: "custom", customRoot: root, ...auth } as never);
      const from = excel.syncLog.length;
      const t0 = performance.now();
      const ctx = { lang: "en" as const };
      // The pane has two post buttons: the books' (with their draft choice) and the documents'.
      const created = entry.kind === "book" ? (await services.books.post(family as never, false, ctx)).counts.created : (await services.post(family as never, ctx)).created;
      const s = (performance.now() - t0) / 1000;
      figures[`${family}: post of ${ROWS.toLocaleString("en")}`] = `${writeSyncs} Excel syncs for the write-back (target ≤ 20), ${excel.syncLog.length - from} in all, ${(created / s).toFixed(0)} records/s, ${created} created`;
    }
  } finally {
    service.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
