// bench/service-files: the part-2 endpoints of the real service (embedded store), over HTTP:
// PDF exports of a 5-line tax invoice (target: at most 50 ms after the first) and a 10 MB base64
// upload through POST /tax-invoices/{id}/attachment/base64 (time, and the service's peak memory
// above idle; target: at most 150 MB). `npx tsx bench/service-files.ts`
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { startTestService } from "../test/helpers/service";
import { cpuMs, demoToken } from "./support";

const EXPORTS = Number(process.env.BENCH_PDF_EXPORTS ?? 40);

/** Resident and peak resident memory of a process in MB (Linux /proc). */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** Resets the peak (VmHWM) to the current RSS, so the next peak is the upload's. */
const resetPeak = (pid: number): void => writeFileSync(`/proc/${pid}/clear_refs`, "5");

const invoice = {
  contactName: "บริษัท ลูกค้าดี จำกัด", publishedOn: "2026-05-15", creditDays: 30, isVat: true, vatAmount: 175, totalAfterDiscount: 2500, grandTotal: 2675,
  items: Array.from({ length: 5 }, (_, i) => ({ name: `ค่าบริการรายการที่ ${i + 1}`, description: "Consulting", quantity: 1, pricePerUnit: 500 })),
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(): Promise<Record<string, string>> {
  const svc = await startTestService({ store: "pglite" });
  try {
    const headers = { authorization: `Bearer ${await demoToken(svc.root)}`, "content-type": "application/json" };
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`${svc.root}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
      return ((await r.json()) as { data: any }).data;
    };
    const id = (await post("/tax-invoices", invoice)).recordId as number;
    const times: number[] = [];
    let t = performance.now();
    await post(`/tax-invoices/${id}/export-pdf/base64`, {});
    const first = performance.now() - t;
    const cpu0 = cpuMs(svc.pid);
    for (let i = 0; i < EXPORTS; i++) {
      t = performance.now();
      await post(`/tax-invoices/${id}/export-pdf/base64`, {});
      times.push(performance.now() - t);
    }
    const cpuPerExport = (cpuMs(svc.pid) - cpu0) / EXPORTS;

    const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(10 * 1024 * 1024 - 16)]);
    const body = { fileName: "big.pdf", fileType: "application/pdf", base64Data: file.toString("base64") };
    await post(`/tax-invoices/${id}/attachment/base64`, { fileName: "warm.pdf", base64Data: Buffer.from("%PDF-1.4\nwarm").toString("base64") });
    await new Promise((r) => setTimeout(r, 500));
    const idle = memoryMb(svc.pid);
    resetPeak(svc.pid);
    t = performance.now();
    const records = (await post(`/tax-invoices/${id}/attachment/base64`, body)) as Array<{ attachmentPath: string }>;
    const uploadMs = performance.now() - t;
    const after = memoryMb(svc.pid);
    const stored = Buffer.from(await (await fetch(records[records.length - 1].attachmentPath)).arrayBuffer());
    return {
      "PDF export over HTTP, first (ms)": first.toFixed(0),
      "PDF export over HTTP, 5 lines, median after the first (ms)": `${median(times).toFixed(1)} (target <= 50)`,
      "PDF exports per second over HTTP (sequential)": (1000 / median(times)).toFixed(1),
      "service CPU per PDF export (ms)": cpuPerExport.toFixed(1),
      "10 MB base64 upload over HTTP, request to answer (ms)": uploadMs.toFixed(0),
      "10 MB base64 upload, service peak RSS above idle (MB)": `${(after.peak - idle.rss).toFixed(1)} (target <= 150)`,
      "10 MB base64 upload, stored and downloaded intact": String(stored.equals(file)),
    };
  } finally {
    await svc.stop();
  }
}

if (require.main === module) {
  run().then((f) => Object.entries(f).forEach(([k, v]) => console.log(`${k}: ${v}`)), (e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
