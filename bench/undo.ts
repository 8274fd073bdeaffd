// `npm run bench -- undo`: the undo of a post of 1,000 records (BENCH_ROWS) against the local
// service in a process of its own, as bench/engine's undo phase runs it (tax invoices of 5 lines,
// each to a new customer the post made), with BENCH_SEED more documents of the same date posted
// after it (default 2,000; engine's phase has 9,000) and BENCH_CERTS certificates posted before it
// (default 1,000; engine's phase has 11,000: undo reads them for the contacts the post made): the
// time (target ≤ 20 s), the requests by route, and the CPU of this process and of the service's.
// Then the undo of those certificates, and of a contacts post of BENCH_ROWS.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type DocSheetClient } from "../src/api";
import { postJob } from "../src/jobs/post";
import { undoJob } from "../src/jobs/undo";
import { MemoryWorkbook } from "../src/workbook/memory";
import type { CellValue } from "../src/workbook/port";
import { certificateRows, rows, startServiceProcess } from "./engine";
import { cpuMs, runAsScript, stopService } from "./support";

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const SEED = Number(process.env.BENCH_SEED ?? 2000);
const CERTS = Number(process.env.BENCH_CERTS ?? 1000);

/** A client whose requests are counted by method and route (ids as {id}). */
function countedClient(root: string): { client: DocSheetClient; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const fetchCounted = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const route = `${init?.method ?? "GET"} ${url.pathname.replace(/^\/test/, "").replace(/\/\d+/g, "/{id}")}`;
    counts.set(route, (counts.get(route) ?? 0) + 1);
    return fetch(input, init);
  };
  return { client: createClient({ root, clientId: "demo", clientSecret: "demo-secret", fetch: fetchCounted }), counts };
}

async function timed<T>(serviceId: number, fn: () => Promise<T>): Promise<{ ms: number; cpu: number; serviceCpu: number; value: T }> {
  const cpu0 = process.cpuUsage();
  const s0 = cpuMs(serviceId);
  const t0 = performance.now();
  const value = await fn();
  const c = process.cpuUsage(cpu0);
  return { ms: performance.now() - t0, cpu: (c.user + c.system) / 1000, serviceCpu: cpuMs(serviceId) - s0, value };
}

const routes = (counts: Map<string, number>): string => [...counts].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${n} ${r}`).join(", ");

export async function run(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-bench-undo-"));
  const service = await startServiceProcess(join(dir, "data"), process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`, "--import", "tsx", join(__dirname, "..", "src", "service", "main.ts")] : undefined);
  const figures: Record<string, string> = {};
  try {
    const root = `${service.url}/test`;
    const { client, counts } = countedClient(root);
    const certificates = new MemoryWorkbook({ Certificates: certificateRows(CERTS, "w") });
    if (CERTS > 0) {
      const made = await postJob(certificates, client, { family: "withholding-taxes", concurrency: 8 });
      if (made.counts.created !== CERTS) throw new Error(`certificates post created ${made.counts.created} of ${CERTS}`);
    }
    const grid = new MemoryWorkbook({ Post: rows(ROWS, 5, "p") });
    const post = await postJob(grid, client, { family: "tax-invoices", concurrency: 8 });
    if (post.counts.created !== ROWS) throw new Error(`post created ${post.counts.created} of ${ROWS}`);
    if (SEED > 0) {
      const more = await postJob(new MemoryWorkbook({ More: rows(SEED, 1, "q") }), client, { family: "tax-invoices", concurrency: 16 });
      if (more.counts.created !== SEED) throw new Error(`seeding created ${more.counts.created} of ${SEED}`);
    }
    counts.clear();
    const undo = await timed(service.child.pid!, () => undoJob(grid, client, { family: "tax-invoices", concurrency: 8 }));
    if (undo.value.counts.voided !== ROWS) throw new Error(`undo voided ${undo.value.counts.voided} of ${ROWS}: ${JSON.stringify(undo.value.results.find((r) => r.kind !== "voided"))}`);
    figures[`undo a post of ${ROWS} documents (${SEED} more of the date, ${CERTS} certificates)`] = `${undo.ms.toFixed(0)} ms (target ≤ 20000 ms), CPU ${undo.cpu.toFixed(0)} ms here + ${undo.serviceCpu.toFixed(0)} ms the service's; requests: ${routes(counts)}`;

    if (CERTS > 0) {
      counts.clear();
      const whtUndo = await timed(service.child.pid!, () => undoJob(certificates, client, { family: "withholding-taxes", concurrency: 8 }));
      const gone = whtUndo.value.counts.deleted + whtUndo.value.counts.voided;
      if (gone !== CERTS) throw new Error(`certificates undo undid ${gone} of ${CERTS}: ${JSON.stringify(whtUndo.value.results.find((r) => r.kind !== "deleted"))}`);
      figures[`undo a post of ${CERTS} certificates`] = `${whtUndo.ms.toFixed(0)} ms, CPU ${whtUndo.cpu.toFixed(0)} ms here + ${whtUndo.serviceCpu.toFixed(0)} ms the service's; requests: ${routes(counts)}`;
    }

    const contacts: CellValue[][] = [["Name", "Type", "Tax id", "Branch", "Zip code", "Email"]];
    for (let i = 0; i < ROWS; i++) {
      const base = `0105559${String(i).padStart(5, "0")}`;
      const sum = [...base].reduce((t, d, k) => t + Number(d) * (13 - k), 0);
      contacts.push([`Undo Contact ${i} Co., Ltd.`, "Customer", `${base}${(11 - (sum % 11)) % 10}`, "00000", "10110", `u${i}@example.com`]);
    }
    const book = new MemoryWorkbook({ Contacts: contacts });
    const made = await postJob(book, client, { family: "contacts", concurrency: 8 });
    if (made.counts.created !== ROWS) throw new Error(`contacts post created ${made.counts.created} of ${ROWS}`);
    counts.clear();
    const contactsUndo = await timed(service.child.pid!, () => undoJob(book, client, { family: "contacts", concurrency: 8 }));
    if (contactsUndo.value.counts.deleted !== ROWS) throw new Error(`contacts undo deleted ${contactsUndo.value.counts.deleted} of ${ROWS}: ${JSON.stringify(contactsUndo.value.results.find((r) => r.kind !== "deleted"))}`);
    figures[`undo a post of ${ROWS} contacts`] = `${contactsUndo.ms.toFixed(0)} ms, CPU ${contactsUndo.cpu.toFixed(0)} ms here + ${contactsUndo.serviceCpu.toFixed(0)} ms the service's; requests: ${routes(counts)}`;
    return figures;
  } finally {
    stopService(service.child, dir);
  }
}

if (require.main === module) runAsScript(run);
