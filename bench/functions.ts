// bench/functions: the worksheet functions over a store of 10,000 documents (tax invoices, purchases
// and expenses through 2026), the service a process of its own:
//   recalculation: a sheet of 1,000 TOTAL cells over 12 months and 3 families, evaluated at once by
//                  the functions' entries as Excel's runtime calls them (the issue's target: at
//                  most 2 s and 20 requests, which the spec does not allow here: its lists answer at
//                  most 200 documents a page and sum nothing, and its filters narrow by dates or
//                  text only, so summing 10,002 documents reads them all, 51 pages at the least;
//                  the bench prints that floor beside the count), and again from the session's
//                  answers; a sheet of one month's totals;
//   calc:          `docsheet calc` on an .xlsx of those 1,000 cells (the bin, a process of its own,
//                  its requests counted by a proxy in front of the service).
// Run: npx tsx bench/functions.ts   (or npm run bench -- functions)
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ExcelJS from "exceljs";
import { createClient } from "../src/api";
import { PAGE_SIZE_MAX } from "../src/rules/codes";
import { figureReads } from "../src/jobs/figures";
import { callFunction } from "../src/functions/run";
import { openPglite } from "../src/service/store/pglite";
import { stop } from "./cli";
import { startServiceProcess } from "./engine";
import { runAsScript, treeCpuMs, type Figures } from "./support";

const DOCUMENTS = 10_000;
const CELLS = 1_000;
const FAMILIES = ["tax-invoices", "purchases", "expenses"] as const;
const FIELDS = ["grand total", "VAT", "subtotal"];
const REPO = resolve(__dirname, "..");

/** One document of each family made through the API, then copies of them through 2026 in the store. */
async function seed(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const first = await startServiceProcess(dataDir);
  try {
    const client = createClient({ root: `${first.url}/test`, clientId: "demo", clientSecret: "demo-secret" });
    const items = [{ name: "Goods", quantity: 1, pricePerUnit: 1000, total: 1000, description: "Taxi", systemCode: "EXP-TRAVEL", categoryId: 1, creditId: "21399", debitId: "53029" }];
    for (const family of FAMILIES) {
      await client.documents(family).create({
        contactName: "Bench Co", publishedOn: "2026-01-01", isVat: true, isVatInclusive: false, documentStructureType: "SimpleDocument",
        items, subTotal: 1000, discountAmount: 0, totalAfterDiscount: 1000, vatAmount: 70, grandTotal: 1070,
        ...(family === "expenses" ? { expenseCategoryView: 3 } : {}),
      });
    }
  } finally {
    await stop(first.child);
  }
  const db = await openPglite(join(dataDir, "pglite"));
  try {
    await db.exec(`
      insert into documents (company_id, family, document_type, structure, serial, status, published_on, due_date,
                             contact_id, contact_name, project_name, grand_total, body)
      select t.company_id, t.family, t.document_type, t.structure, 'FN' || t.family || lpad(g::text, 6, '0'), 'awaiting',
             date '2026-01-01' + (g % 365), date '2026-01-31' + (g % 365), t.contact_id, t.contact_name, t.project_name, t.grand_total, t.body
      from generate_series(1, ${Math.floor(DOCUMENTS / 3)}) g,
           (select * from documents where family in ('tax-invoices', 'purchases', 'expenses')) t;
      analyze documents;`);
  } finally {
    await db.close();
  }
  return startServiceProcess(dataDir);
}

const cellArgs = (i: number): string[] => {
  const m = `2026-${String((Math.floor(i / 3) % 12) + 1).padStart(2, "0")}`;
  return [FAMILIES[i % 3], FIELDS[Math.floor(i / 36) % 3], m, m];
};

/** A proxy in front of the service that counts the requests it passes on (calc is a process of its own). */
async function countingProxy(target: string): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const body = async (req: IncomingMessage): Promise<string | undefined> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return chunks.length > 0 ? Buffer.concat(chunks).toString("utf8") : undefined;
  };
  const server = createServer((req, res) => {
    count++;
    void (async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !["host", "content-length", "connection"].includes(k)).map(([k, v]) => [k, String(v)]));
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: await body(req) });
      const out = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json", "content-length": out.length });
      res.end(out);
    })().catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => count,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

function runCalc(book: string, root: string): Promise<number> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [join(REPO, "bin", "docsheet.js"), "calc", book, "--in-place", "--base-url", root, "--client-id", "demo", "--client-secret", "demo-secret"], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    child.on("error", fail);
    child.on("close", (code) => (code === 0 ? done(performance.now() - t0) : fail(new Error(`calc exited ${code}: ${err}`))));
  });
}

export async function run(): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-bench-functions-"));
  const service = await seed(join(dir, "data"));
  try {
    const root = `${service.url}/test`;
    let requests = 0;
    const client = createClient({ root, clientId: "demo", clientSecret: "demo-secret", fetch: (input, init) => { requests++; return fetch(input, init); } });
    await client.company.get(); // the token and the company: a connection made before the sheet recalculates
    const reads = figureReads(client);
    const session = { reads, lang: "en" as const };
    await reads.company();
    requests = 0;
    // CPU time too: on the shared machine the wall time mostly measures the others' load.
    const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 + treeCpuMs(service.child.pid!); };
    const cpu0 = cpu();
    let t0 = performance.now();
    const values = await Promise.all(Array.from({ length: CELLS }, (_, i) => callFunction("TOTAL", cellArgs(i), session)));
    const first = performance.now() - t0;
    const firstCpu = cpu() - cpu0;
    const firstRequests = requests;
    t0 = performance.now();
    await Promise.all(Array.from({ length: CELLS }, (_, i) => callFunction("TOTAL", cellArgs(i), session)));
    const again = performance.now() - t0;
    const again2Requests = requests - firstRequests;
    const sum = values.reduce<number>((s, v) => s + (v as number), 0);

    // A working paper of one month: 100 TOTAL cells of November, a fresh session.
    const month = { reads: figureReads(client), lang: "en" as const };
    await month.reads.company();
    requests = 0;
    t0 = performance.now();
    await Promise.all(Array.from({ length: 100 }, (_, i) => callFunction("TOTAL", [FAMILIES[i % 3], FIELDS[i % 3], "2026-11", "2026-11"], month)));
    const monthMs = performance.now() - t0;
    const monthRequests = requests;

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Totals");
    for (let i = 0; i < CELLS; i++) {
      const [family, field, from, to] = cellArgs(i);
      ws.getCell(1 + (i % 100), 1 + Math.floor(i / 100)).value = { formula: `DOCSHEET.TOTAL("${family}","${field}","${from}","${to}")` } as ExcelJS.CellFormulaValue;
    }
    const book = join(dir, "totals.xlsx");
    await wb.xlsx.writeFile(book);
    const proxy = await countingProxy(service.url);
    let calcMs: number;
    try {
      calcMs = await runCalc(book, `${proxy.url}/test`);
    } finally {
      await proxy.close();
    }
    const floor = FAMILIES.length * Math.ceil(DOCUMENTS / FAMILIES.length / PAGE_SIZE_MAX);
    return {
      documents: DOCUMENTS - (DOCUMENTS % 3) + 3,
      "recalculation (1,000 TOTAL cells, 12 months x 3 families)": `${first.toFixed(0)} ms, ${firstRequests} requests (target: 2,000 ms, 20 requests; the least the spec allows is ${floor} requests: every document is read, ${PAGE_SIZE_MAX} a page, as no list sums or filters by more than dates and text)`,
      "recalculation's CPU time (the functions and the service together)": `${firstCpu.toFixed(0)} ms`,
      "recalculation again (the session's answers)": `${again.toFixed(0)} ms, ${again2Requests} requests`,
      "sum of the 1,000 cells": sum.toFixed(2),
      "a sheet of one month (100 TOTAL cells of November, 3 families)": `${monthMs.toFixed(0)} ms, ${monthRequests} requests`,
      "docsheet calc (1,000 cells, the bin, a process of its own)": `${calcMs.toFixed(0)} ms, ${proxy.count()} requests (the token and the company included)`,
      "load average (1 min)": loadavg()[0].toFixed(1),
    };
  } finally {
    await stop(service.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) runAsScript(run);
