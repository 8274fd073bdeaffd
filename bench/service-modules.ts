// Figures of the service's self-contained modules (issue 4 targets): PDF render time of a 5-line
// document after the first, and peak memory of a 10 MB base64 upload from request body to stored
// file. `npx tsx bench/service-modules.ts`; bench/service.ts may call run() too.
// The upload is measured in a child process so its peak resident memory is its own.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareBase64Attachments, saveAttachments, attachmentRecord } from "../src/service/files/attachments";
import { FsAttachmentStore } from "../src/service/files/store";
import { renderDocumentPdf } from "../src/service/pdf";
import { sampleDocument, SAMPLE_COMPANY } from "../test/fixtures/files/sample-document";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function pdfFigures(runs = 30): Promise<Record<string, string>> {
  const input = { family: "tax-invoices" as const, doc: sampleDocument(5), company: SAMPLE_COMPANY, culture: "th" as const };
  let t = performance.now();
  await renderDocumentPdf(input);
  const first = performance.now() - t;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    const c = process.cpuUsage();
    await renderDocumentPdf(input);
    const d = process.cpuUsage(c);
    wall.push(performance.now() - t);
    cpu.push((d.user + d.system) / 1000);
  }
  return {
    "pdf 5 lines, first (ms)": first.toFixed(0),
    "pdf 5 lines, median after the first (ms wall)": median(wall).toFixed(1),
    "pdf 5 lines, median after the first (ms cpu)": median(cpu).toFixed(1),
    "pdf exports per second (one core, sequential)": (1000 / median(wall)).toFixed(1),
  };
}

const kib = (line: string | undefined) => Number(/(\d+)\s*kB/.exec(line ?? "")?.[1] ?? NaN) / 1024;
function status(): { rss: number; hwm: number } {
  const text = readFileSync("/proc/self/status", "utf8").split("\n");
  return { rss: kib(text.find((l) => l.startsWith("VmRSS"))), hwm: kib(text.find((l) => l.startsWith("VmHWM"))) };
}

/** Child side: body bytes as the HTTP layer holds them → JSON → checks → decode → store → records. */
async function uploadChild(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-bench-"));
  try {
    const store = new FsAttachmentStore(dir);
    const small = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(1000)]);
    const warm = await prepareBase64Attachments({ fileName: "w.pdf", fileType: "pdf", base64Data: small.toString("base64") });
    if (!warm.ok) throw new Error(JSON.stringify(warm.findings));
    await saveAttachments(store, 1, 1, warm.files);
    // The request body as received: 10 MB of incompressible PDF-headed data in base64 JSON.
    const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(10 * 1024 * 1024 - 1024)]);
    const body = Buffer.from(JSON.stringify({ fileName: "big.pdf", fileType: "pdf", base64Data: file.toString("base64") }));
    (globalThis as { gc?: () => void }).gc?.();
    const idle = status().rss;
    writeFileSync("/proc/self/clear_refs", "5"); // reset the peak to now
    const t = performance.now();
    const prepared = await prepareBase64Attachments(JSON.parse(body.toString("utf8")));
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.findings));
    const saved = await saveAttachments(store, 1, 2, prepared.files);
    const records = saved.map((s) => attachmentRecord(s, (a) => `/attachments/${a.attachmentId}`));
    const ms = performance.now() - t;
    const peak = status().hwm;
    process.stdout.write(JSON.stringify({ ms, idle, peak, stored: records[0].attachmentId > 0 && saved[0].size === file.length }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function uploadFigures(): Record<string, string> {
  const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", __filename, "--upload-child"], { encoding: "utf8" });
  const r = JSON.parse(out) as { ms: number; idle: number; peak: number; stored: boolean };
  return {
    "upload 10 MB base64, body to stored file (ms)": r.ms.toFixed(0),
    "upload 10 MB base64, peak RSS above idle (MB)": (r.peak - r.idle).toFixed(1),
    "upload 10 MB base64, stored intact": String(r.stored),
  };
}

export async function run(): Promise<Record<string, string>> {
  return { ...(await pdfFigures()), ...uploadFigures() };
}

if (require.main === module) {
  if (process.argv.includes("--upload-child")) void uploadChild();
  else void run().then((f) => Object.entries(f).forEach(([k, v]) => console.log(`${k}: ${v}`)));
}
