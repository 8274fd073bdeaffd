// Figures of the service's self-contained modules (issue 4 targets): PDF render time of a 5-line
// document after the first, and peak memory of a 10 MB base64 upload from request body to stored
// file. `npx tsx bench/service-modules.ts`; bench/service.ts may call run() too.
// The upload is measured in a child process so its peak resident memory is its own.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { execFileSync, spawn } from "node:child_process";
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

/**
 * Child side over HTTP: a hono app on @hono/node-server (as the service uses) whose handler reads
 * the JSON body, checks, decodes and stores; the request comes from the parent process, so the
 * client's copy of the body is not counted.
 */
async function httpChild(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-bench-"));
  const store = new FsAttachmentStore(dir);
  const app = new Hono();
  let idle = 0;
  app.post("/upload", async (c) => {
    const t = performance.now();
    const prepared = await prepareBase64Attachments(await c.req.json());
    if (!prepared.ok) return c.json({ findings: prepared.findings }, 400);
    const saved = await saveAttachments(store, 1, 3, prepared.files);
    const ms = performance.now() - t;
    return c.json({ ms, idle, peak: status().hwm, size: saved[0].size });
  });
  app.post("/warm", async (c) => {
    const prepared = await prepareBase64Attachments(await c.req.json());
    if (prepared.ok) await saveAttachments(store, 1, 1, prepared.files);
    (globalThis as { gc?: () => void }).gc?.();
    idle = status().rss;
    writeFileSync("/proc/self/clear_refs", "5");
    return c.json({ ok: prepared.ok });
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => process.stdout.write(`${info.port}\n`));
  process.stdin.on("end", () => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  process.stdin.resume();
}

export async function httpUploadFigures(): Promise<Record<string, string>> {
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", __filename, "--http-child"], { stdio: ["pipe", "pipe", "inherit"] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
      child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
    });
    const post = (path: string, body: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body }).then((r) => r.json());
    const small = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(1000)]).toString("base64");
    await post("/warm", JSON.stringify({ fileName: "w.pdf", fileType: "pdf", base64Data: small }));
    const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(10 * 1024 * 1024 - 1024)]);
    const t = performance.now();
    const r = (await post("/upload", JSON.stringify({ fileName: "big.pdf", fileType: "pdf", base64Data: file.toString("base64") }))) as {
      ms: number; idle: number; peak: number; size: number;
    };
    return {
      "upload 10 MB base64 over HTTP, request to answer (ms)": (performance.now() - t).toFixed(0),
      "upload 10 MB base64 over HTTP, server peak RSS above idle (MB)": (r.peak - r.idle).toFixed(1),
      "upload 10 MB base64 over HTTP, stored intact": String(r.size === file.length),
    };
  } finally {
    child.stdin.end();
  }
}

export async function run(): Promise<Record<string, string>> {
  return { ...(await pdfFigures()), ...uploadFigures(), ...(await httpUploadFigures()) };
}

if (require.main === module) {
  if (process.argv.includes("--upload-child")) void uploadChild();
  else if (process.argv.includes("--http-child")) void httpChild();
  else void run().then((f) => Object.entries(f).forEach(([k, v]) => console.log(`${k}: ${v}`)));
}
