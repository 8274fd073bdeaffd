// bench/addin: the size of the task pane's JavaScript (production build; office.js excluded, it
// comes from Microsoft's CDN), the time from page load to a usable pane in Chromium, and a post of
// 1,000 documents from the preview page through the relay to the local service (its in-memory
// grid, as a user would: open the file, connect, Post documents), beside the same post from Node
// straight to the service, so the page's and the relay's share can be told from the service's. The
// page times its own post and Playwright lets go of it once Post documents is clicked (a browser
// driven by Playwright reports every request to it: about 3 ms of CPU a document on this machine);
// the same post watched throughout is printed beside it, with the CPU each side spent a document.
// Targets: at most 150 KB minified, at most 300 ms, at least 150 documents/s.
// Run: npx tsx bench/addin.ts (or npm run bench addin).
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { gzipSync } from "node:zlib";
import ExcelJS from "exceljs";
import { createClient } from "../src/api";
import { postJob } from "../src/jobs/post";
import { socketRefusalOf } from "../src/relay/guard";
import { createRelay } from "../src/relay/relay";
import { attachRelaySocket } from "../src/relay/socket";
import { MemoryWorkbook } from "../src/workbook/memory";
import { chromiumChoice, launchChromium, spawnChromium } from "../test/helpers/chromium";
import { startTestService } from "../test/helpers/service";
import { cpuMs, treeCpuMs } from "./support";

const ROOT = join(__dirname, "..");
const LOADS = 15;
/** Stands in for office.js: the pane's own start-up is what is measured. */
const OFFICE_STUB = "window.Office={onReady:function(f){setTimeout(function(){f({host:'Excel'})},0);return Promise.resolve()},context:{displayLanguage:'en-US',requirements:{isSetSupported:function(){return true}}}};";

async function build(out: string): Promise<void> {
  const webpack = require("webpack") as typeof import("webpack");
  const makeConfig = require(join(ROOT, "webpack.config.js")) as (env: object, argv: object) => import("webpack").Configuration;
  const config = { ...makeConfig({}, { mode: "production" }), context: ROOT, devtool: false as const };
  config.output = { ...config.output, path: out };
  const stats = await new Promise<import("webpack").Stats>((resolve, reject) => webpack(config, (err, s) => (err || !s ? reject(err) : resolve(s))));
  if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));
}

/** The build served, and the relay to a local service when one is given (the preview's post);
 * a page's POST to /bench-done hands its body to `onDone` (the preview reports its own post). */
function serve(dir: string, relayRoot?: string, onDone?: (body: string) => void): Promise<Server> {
  const relay = relayRoot ? createRelay({ local: relayRoot }) : null;
  const files = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse): void => {
    if (req.url === "/bench-done" && onDone) {
      let body = "";
      req.setEncoding("utf8").on("data", (c: string) => { body += c; }).on("end", () => {
        res.writeHead(204).end();
        onDone(body);
      });
      return;
    }
    const file = join(dir, new URL(req.url ?? "/", "http://x").pathname);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": extname(file) === ".js" ? "text/javascript" : "text/html; charset=utf-8" });
    createReadStream(file).pipe(res);
  };
  const server = createServer((req, res) => (relay ? relay(req, res, () => files(req, res)) : files(req, res)));
  if (relayRoot) attachRelaySocket(server, { local: relayRoot }, { refuse: (req) => socketRefusalOf(req, []) });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const POSTED = 1_000;

interface PageReport {
  ms: number;
  /** CPU ms per document the post took: the browser (all its processes), this process (the relay
   * and the file server; Playwright too while it watches) and the service. */
  cpu: { browser: number; relay: number; service: number };
}

/**
 * Times a post of POSTED one-line tax invoices from the preview page, as a user makes it (open the
 * file, connect, Post documents), from the click to the summary. The page times itself (a click
 * listener and a MutationObserver on the summary) and reports to the
 * server, so the figure is the same whether Playwright watches: `watched` false lets go of the page
 * once the click is made, as no user's browser has an automation tool reporting every request.
 */
async function previewPostOnce(dir: string, service: { root: string; pid: number }, prefix: string, watched: boolean): Promise<PageReport> {
  let reported: (body: string) => void = () => undefined;
  const report = new Promise<string>((resolve) => { reported = resolve; });
  const server = await serve(dir, service.root, (body) => reported(body));
  const chromium = await spawnChromium();
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet("Post");
    ws.addRow(["Document key", "Customer", "Address", "Date", "Item", "Quantity", "Unit price", "VAT"]);
    for (let i = 1; i <= POSTED; i++) ws.addRow([`${prefix}-${i}`, `${prefix} Customer ${i}`, "1 Silom Rd, Bangkok 10500", "2026-11-05", "Pens", 2, 100 + i, "Yes"]);
    const file = join(dir, `${prefix}.xlsx`);
    await book.xlsx.writeFile(file);
    const page = await chromium.browser.contexts()[0].newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${origin}/preview.html?lang=en`);
    await page.waitForSelector("#connect summary");
    await page.setInputFiles(".grid-tools input[type=file]", file);
    await page.waitForSelector(".tab.on:has-text('Post')");
    await page.fill("#ds-client-id", "demo");
    await page.fill("#ds-secret", "demo-secret");
    await page.click("#connect button.primary");
    await page.waitForSelector("#connect .msg.ok", { timeout: 30_000 });
    await page.click("#post summary");
    await page.waitForSelector("button:has-text('Post documents')");
    await page.evaluate((posted) => {
      const w = window as unknown as { clickAt?: number };
      document.addEventListener("click", (e) => {
        if ((e.target as Element).closest("button")?.textContent?.includes("Post documents")) w.clickAt = performance.now();
      }, true);
      new MutationObserver((_, observer) => {
        if (!document.querySelector("#post .msg.ok")?.textContent?.includes(`${posted} created`)) return; // the pane groups its counts: "1,000 created"
        observer.disconnect();
        const ms = performance.now() - (w.clickAt ?? 0);
        void fetch("/bench-done", { method: "POST", body: JSON.stringify({ ms }) });
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, POSTED.toLocaleString("en-US"));
    const cpu = () => ({ browser: treeCpuMs(chromium.pid), relay: process.cpuUsage(), service: cpuMs(service.pid) });
    const before = cpu();
    await page.click("button:has-text('Post documents')");
    if (!watched) await chromium.detach();
    const answer = await Promise.race([report, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the preview's post did not finish in 10 minutes")), 600_000).unref())]);
    const after = cpu();
    const relay = process.cpuUsage(before.relay);
    return {
      ...(JSON.parse(answer) as Omit<PageReport, "cpu">),
      cpu: { browser: (after.browser - before.browser) / POSTED, relay: (relay.user + relay.system) / 1000 / POSTED, service: (after.service - before.service) / POSTED },
    };
  } finally {
    await chromium.kill();
    server.close();
  }
}

/** Documents a second of the preview's post (Playwright let go, and watching), and how the time went,
 * beside the same post from Node straight to the service. */
export async function previewPost(dir: string): Promise<Record<string, string>> {
  const service = await startTestService();
  try {
    const rate = (r: PageReport) => POSTED / (r.ms / 1000);
    const alone = await previewPostOnce(dir, service, "PV", false);
    const watched = await previewPostOnce(dir, service, "PW", true);
    const cpu = (r: PageReport) => `CPU per document: browser ${r.cpu.browser.toFixed(1)} ms, relay ${r.cpu.relay.toFixed(1)} ms, service ${r.cpu.service.toFixed(1)} ms`;
    // The same post from Node straight to the service (as the command line posts): what the service
    // gives on this machine now, so the page's and the relay's share can be told from the service's.
    const grid = new MemoryWorkbook({ Post: [["Document key", "Customer", "Address", "Date", "Item", "Quantity", "Unit price", "VAT"],
      ...Array.from({ length: POSTED }, (_, i) => [`NV-${i + 1}`, `Node Customer ${i + 1}`, "1 Silom Rd, Bangkok 10500", "2026-11-05", "Pens", 2, 100 + i, "Yes"])] });
    const client = createClient({ root: service.root, clientId: "demo", clientSecret: "demo-secret" });
    const nodeStarted = Date.now();
    const direct = await postJob(grid, client, { family: "tax-invoices" });
    if (direct.counts.created !== POSTED) throw new Error(`the direct post created ${direct.counts.created} of ${POSTED}`);
    const nodeRate = POSTED / ((Date.now() - nodeStarted) / 1000);
    return {
      [`preview post of ${POSTED.toLocaleString("en-US")} one-line tax invoices through the relay (embedded store)`]:
        `${(alone.ms / 1000).toFixed(1)} s = ${rate(alone).toFixed(0)} documents/s (target ≥ 150; ${rate(alone) >= 150 ? "met" : "not met"}); ${cpu(alone)}`,
      "the same with Playwright watching the page throughout (it reports every request)": `${rate(watched).toFixed(0)} documents/s; ${cpu(watched)}`,
      "the same post from Node straight to the service": `${nodeRate.toFixed(0)} documents/s (the preview at ${((rate(alone) / nodeRate) * 100).toFixed(0)}% of it)`,
    };
  } finally {
    await service.stop();
  }
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function timeToUsable(origin: string, page: string, ready: string): Promise<number[]> {
  const browser = await launchChromium();
  try {
    const times: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext();
      await context.route("https://appsforoffice.microsoft.com/**", (route) => route.fulfill({ contentType: "text/javascript", body: OFFICE_STUB }));
      const tab = await context.newPage();
      // The moment the pane's first button can be used, from the start of navigation.
      await tab.addInitScript((selector: string) => {
        const w = window as unknown as { __usable?: number };
        new MutationObserver((_, obs) => {
          const el = document.querySelector(selector) as HTMLButtonElement | null;
          if (el && !el.disabled) {
            w.__usable = performance.now();
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      }, ready);
      await tab.goto(`${origin}/${page}`);
      await tab.waitForFunction(() => (window as unknown as { __usable?: number }).__usable !== undefined);
      times.push(await tab.evaluate(() => (window as unknown as { __usable: number }).__usable));
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

export async function run(): Promise<Record<string, string>> {
  const out = mkdtempSync(join(tmpdir(), "docsheet-bench-"));
  let server: Server | undefined;
  try {
    await build(out);
    const js = readdirSync(out).filter((f) => f.endsWith(".js"));
    const size = (f: string) => statSync(join(out, f)).size;
    const gz = (f: string) => gzipSync(readFileSync(join(out, f))).length;
    const initial = js.filter((f) => f.startsWith("taskpane."));
    // Everything the task pane can load: its entry and the chunks it imports on demand; not the
    // preview page, the ribbon's function file or the .xlsx reader of the preview.
    const pane = js.filter((f) => !/^(preview|commands|exceljs)\./.test(f));
    const sum = (files: string[], f: (x: string) => number) => files.reduce((n, x) => n + f(x), 0);
    server = await serve(out);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = await previewPost(out);
    const pane_ms = await timeToUsable(origin, "taskpane.html", "#connect button.primary");
    const preview_ms = await timeToUsable(origin, "preview.html", "#connect button.primary");
    const onDemand = pane.filter((f) => !initial.includes(f));
    const verdict = (bytes: number) => (bytes <= 150 * 1024 ? "within the 150 KB target" : "over the 150 KB target");
    return {
      "pane JS at start (taskpane entry, minified)": `${kb(sum(initial, size))} (gzip ${kb(sum(initial, gz))}); ${verdict(sum(initial, size))}`,
      "pane JS on demand (sections, engine and their chunks, fetched after first paint)": `${kb(sum(onDemand, size))} (gzip ${kb(sum(onDemand, gz))})`,
      "pane JS in all (entry + chunks on demand, minified)": `${kb(sum(pane, size))} (gzip ${kb(sum(pane, gz))}); ${verdict(sum(pane, size))}`,
      "chunks": pane.map((f) => `${f} ${kb(size(f))}`).join(", "),
      "browser": `${chromiumChoice().from}, ${chromiumChoice().path}`,
      "page load to usable pane, median of 15 (taskpane.html, office.js stubbed)": `${median(pane_ms).toFixed(0)} ms (min ${Math.min(...pane_ms).toFixed(0)}, max ${Math.max(...pane_ms).toFixed(0)}); target 300 ms`,
      "page load to usable pane, median of 15 (preview.html with grid)": `${median(preview_ms).toFixed(0)} ms`,
      ...post,
    };
  } finally {
    server?.close();
    rmSync(out, { recursive: true, force: true });
  }
}

if (require.main === module) {
  run().then((figures) => {
    for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
  }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
