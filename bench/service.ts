// bench/service: tax-invoice creates per second (5 lines, 16 concurrent clients) and the time of a
// list page of 200 with 100,000 documents in the store, on the embedded store (PGlite).
// Targets on the 2-core machine: >= 300 creates/s, list page median <= 50 ms. Creates are
// durable: each answer waits for its commit's WAL flush (creates arriving together share one
// commit, src/service/documents/insert-queue.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite } from "../src/service/store/pglite";
import { startTestService } from "../test/helpers/service";
import { run as partTwoFigures } from "./service-files";
import { run as moduleFigures } from "./service-modules";
import { cpuMs, demoToken } from "./support";

const CLIENTS = 16;
const CREATES = Number(process.env.BENCH_CREATES ?? 1600);
const WARM_UP = 50;
const BULK = 100_000;
const LIST_SAMPLES = 60;

const invoice = (i: number) => ({
  contactName: "Acme Trading Co., Ltd.",
  publishedOn: "2026-05-15",
  creditDays: 30,
  isVat: true,
  vatAmount: 175,
  totalAfterDiscount: 2500,
  grandTotal: 2675,
  items: Array.from({ length: 5 }, (_, k) => ({ name: `Item ${i}-${k}`, description: "bench line", quantity: 1, pricePerUnit: 500, unitName: "pc" })),
});

async function post(root: string, auth: string, body: unknown): Promise<void> {
  const r = await fetch(`${root}/tax-invoices`, { method: "POST", headers: { authorization: auth, "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = (await r.json()) as { status: boolean; message: string };
  if (!answer.status) throw new Error(`create failed: ${answer.message}`);
}

async function measureCreates(root: string, pid: number): Promise<{ perSecond: number; cpuPerCreate: number }> {
  const auth = `Bearer ${await demoToken(root)}`;
  for (let i = 0; i < WARM_UP; i++) await post(root, auth, invoice(i));
  let next = 0;
  const cpu0 = cpuMs(pid);
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < CREATES) await post(root, auth, invoice(next++));
  }));
  return { perSecond: CREATES / ((performance.now() - started) / 1000), cpuPerCreate: (cpuMs(pid) - cpu0) / CREATES };
}

/** Kept list totals at the cap (16 searches of tax invoices that every create matches, each counted
 * and kept): every create after it adds itself to each of them in its trigger (migration 0010). */
async function keepSearches(root: string): Promise<void> {
  const auth = `Bearer ${await demoToken(root)}`;
  for (let i = 0; i < 16; i++) {
    const search = encodeURIComponent("acme trading co., ltd.".slice(i, i + 6));
    const r = await fetch(`${root}/tax-invoices?pageSize=5&searchString=${search}`, { headers: { authorization: auth } });
    if (!((await r.json()) as { status: boolean }).status) throw new Error("search failed");
  }
}

async function countTaxInvoices(root: string): Promise<number> {
  const r = await fetch(`${root}/tax-invoices?pageSize=1`, { headers: { authorization: `Bearer ${await demoToken(root)}` } });
  return ((await r.json()) as { data: { total: number } }).data.total;
}

/** `count` (100,000) tax invoices written straight into the store, copies of the first one created
 * through the API (bench/cli pulls such copies too). */
export async function bulkLoad(dataDir: string, count = BULK): Promise<void> {
  const db = await openPglite(join(dataDir, "pglite"));
  try {
    await db.exec(`
      insert into documents (company_id, family, document_type, structure, serial, status, published_on, due_date,
                             contact_id, contact_name, project_name, grand_total, body)
      select t.company_id, t.family, t.document_type, t.structure, 'BLK' || lpad(g::text, 7, '0'), 'awaiting',
             date '2020-01-01' + (g % 2400), date '2020-01-31' + (g % 2400),
             t.contact_id, t.contact_name || ' ' || (g % 500), 'Project ' || (g % 97), t.grand_total, t.body
      from generate_series(1, ${count}) g,
           (select * from documents where family = 'tax-invoices' order by id limit 1) t;
      analyze documents;`);
  } finally {
    await db.close();
  }
}

async function measureList(root: string, pid: number): Promise<{ median: number; p95: number; total: number; cpuPerPage: number }> {
  const auth = `Bearer ${await demoToken(root)}`;
  const times: number[] = [];
  let total = 0;
  let cpu0 = 0;
  for (let i = 0; i < LIST_SAMPLES + 5; i++) {
    if (i === 5) cpu0 = cpuMs(pid);
    const page = 1 + (i % 25);
    const t0 = performance.now();
    const r = await fetch(`${root}/tax-invoices?pageSize=200&currentPage=${page}`, { headers: { authorization: auth } });
    const body = (await r.json()) as { data: { total: number; list: unknown[] } };
    const ms = performance.now() - t0;
    if (body.data.list.length !== 200) throw new Error("short page");
    total = body.data.total;
    if (i >= 5) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const cpuPerPage = (cpuMs(pid) - cpu0) / LIST_SAMPLES;
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.ceil(times.length * 0.95) - 1], total, cpuPerPage };
}

export async function run(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), "docsheet-bench-"));
  try {
    let svc = await startTestService({ store: "pglite", dataDir });
    const creates = await measureCreates(svc.root, svc.pid);
    await keepSearches(svc.root);
    const keptCreates = await measureCreates(svc.root, svc.pid);
    // Durable means there after a kill: SIGKILL right after the last answer, count what is there.
    await svc.crash();
    const kept = await countTaxInvoices(svc.root);
    await svc.stop();
    const t0 = performance.now();
    await bulkLoad(dataDir);
    const loadSeconds = (performance.now() - t0) / 1000;
    svc = await startTestService({ store: "pglite", dataDir });
    const list = await measureList(svc.root, svc.pid);
    await svc.stop();
    return {
      "tax-invoice creates/s (5 lines, 16 clients, embedded, durable)": `${creates.perSecond.toFixed(0)} (target >= 300)`,
      "tax-invoice creates/s with 16 kept search totals to bring up to date": `${keptCreates.perSecond.toFixed(0)} (service CPU per create ${keptCreates.cpuPerCreate.toFixed(2)} ms)`,
      "creates found after a SIGKILL right after the last answer": `${kept} of ${2 * (CREATES + WARM_UP)}`,
      "service CPU per create": `${creates.cpuPerCreate.toFixed(2)} ms (${(1000 / creates.cpuPerCreate).toFixed(0)} creates per CPU-second)`,
      "bulk load of 100,000 documents": `${loadSeconds.toFixed(1)} s`,
      [`list page of 200 of ${list.total} documents, median`]: `${list.median.toFixed(1)} ms (target <= 50)`,
      "list page of 200, p95": `${list.p95.toFixed(1)} ms`,
      "service CPU per list page": `${list.cpuPerPage.toFixed(1)} ms`,
      "load average while measuring": loadavg().map((l) => l.toFixed(1)).join(" "),
      ...(await partTwoFigures()),
      ...(await moduleFigures()),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  run().then((figures) => {
    for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
  }, (e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
