// End to end in Chromium from npm (test/helpers/chromium.ts): the preview page (task pane +
// in-browser grid) built by webpack, served with the relay, against the real local service started
// as a child process. Opens a workbook, checks it (marks the right cells), posts (ids and serials
// come back), pulls into a new sheet, changes a status; keeps screenshots of the pane in English
// and Thai in test-artifacts/, Thai drawn with the project's own font.
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { createClient } from "../../src/api/client";
import { createRelay } from "../../src/relay/relay";
import { launchChromium } from "../helpers/chromium";
import { startTestService, type TestService } from "../helpers/service";

const ROOT = join(__dirname, "..", "..");
const ARTIFACTS = join(ROOT, "test-artifacts");
const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".png": "image/png", ".xml": "application/xml" };

jest.setTimeout(240_000);

let service: TestService;
let dist: string;
let web: Server;
let origin: string;
let browser: Browser;

async function build(out: string): Promise<void> {
  const webpack = require("webpack") as typeof import("webpack");
  const makeConfig = require(join(ROOT, "webpack.config.js")) as (env: object, argv: object) => import("webpack").Configuration;
  const config = { ...makeConfig({}, { mode: "development" }), context: ROOT, devtool: false as const };
  config.output = { ...config.output, path: out };
  const stats = await new Promise<import("webpack").Stats>((resolve, reject) => webpack(config, (err, s) => (err || !s ? reject(err) : resolve(s))));
  if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));
}

function serve(dir: string, relayRoot: string): Promise<Server> {
  const relay = createRelay({ local: relayRoot });
  const server = createServer((req, res) => relay(req, res, () => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  }));
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function workbookFile(dir: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet("Invoices");
  ws.addRow(["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"]);
  ws.addRow(["A", "Acme Trading", new Date(Date.UTC(2026, 0, 5)), "TRUE", "Pens", 2, 100]);
  ws.addRow(["A", "", null, null, "Ink", 1, 50]);
  ws.addRow(["B", "Beta Ltd", new Date(Date.UTC(2026, 0, 6)), "TRUE", "Paper", "abc", 80]);
  ws.getCell("C2").numFmt = "yyyy-mm-dd";
  ws.getCell("C4").numFmt = "yyyy-mm-dd";
  const file = join(dir, "invoices.xlsx");
  await book.xlsx.writeFile(file);
  return file;
}

async function openPreview(lang: "en" | "th"): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (err) => { throw err; });
  await page.goto(`${origin}/preview.html?lang=${lang}`);
  await page.waitForSelector("#connect summary");
  return page;
}

async function connect(page: Page): Promise<void> {
  await page.fill("#ds-client-id", "demo");
  await page.fill("#ds-secret", "demo-secret");
  await page.click("button:has-text('Test connection')");
  await page.waitForSelector("text=Connected to Demo Co., Ltd.", { timeout: 30_000 });
}

/** The grid's cell text by A1 address on the sheet shown. */
async function cell(page: Page, address: string): Promise<string> {
  return (await page.textContent(`.grid td[data-cell='${address}']`)) ?? "";
}

/** The fonts Chromium drew an element's text with, and how many glyphs each drew. */
async function fontsDrawn(page: Page, selector: string): Promise<Array<{ familyName: string; glyphCount: number }>> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  await cdp.send("CSS.enable");
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

async function headerColumn(page: Page, name: string): Promise<string> {
  const letters = await page.$$eval(".grid tbody tr:first-child td", (tds, wanted) => {
    const i = tds.findIndex((td) => td.textContent === wanted);
    return i < 0 ? "" : (tds[i] as HTMLElement).dataset.cell!.replace(/\d+$/, "");
  }, name);
  if (!letters) throw new Error(`no ${name} column`);
  return letters;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  dist = mkdtempSync(join(tmpdir(), "docsheet-e2e-"));
  // One after the other: webpack's build holds this process's event loop for long stretches, and a
  // service started meanwhile could be taken for hung (its start timer fires before its output is read).
  await build(dist);
  service = await startTestService();
  web = await serve(dist, service.root);
  origin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (web) await new Promise((r) => web.close(r)); // never resolves for a server that was not made
  await service?.stop();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

test("open, check, post, pull and change a status from the preview page", async () => {
  const page = await openPreview("en");
  await page.setInputFiles(".grid-tools input[type=file]", await workbookFile(dist));
  await page.waitForSelector(".tab.on:has-text('Invoices')");
  expect(await cell(page, "E2")).toBe("Pens");
  expect(await cell(page, "C2")).toBe("2026-01-05");

  // Check: the bad quantity is found and its cell marked; the good document is not.
  await page.click("button:has-text('Check rows')");
  await page.waitForSelector("ul.findings");
  const findings = await page.$$eval("ul.findings button", (bs) => bs.map((b) => b.textContent ?? ""));
  expect(findings.some((f) => f.startsWith("F4"))).toBe(true);
  expect(findings.some((f) => /^[A-G][23]/.test(f))).toBe(false);
  expect(await page.getAttribute(".grid td[data-cell='F4']", "class")).toContain("marked");
  expect(await page.getAttribute(".grid td[data-cell='F2']", "class") ?? "").not.toContain("marked");
  await page.click("ul.findings button:has-text('F4')");
  expect(await page.getAttribute(".grid", "data-selection")).toBe("F4:F4");

  // Post: document A is created and its id and serial come back; B is refused at its row.
  await connect(page);
  await page.click("#post summary");
  await page.click("button:has-text('Post documents')");
  await page.waitForSelector("#post .msg:has-text('created')", { timeout: 60_000 });
  expect(await page.textContent("#post .msg.error, #post .msg.ok")).toMatch(/^1 created, 1 not sent$/);
  const idCol = await headerColumn(page, "recordId");
  const serialCol = await headerColumn(page, "documentSerial");
  const recordId = await cell(page, `${idCol}2`);
  expect(recordId).toMatch(/^\d+$/);
  expect(await cell(page, `${serialCol}2`)).toMatch(/^INV/);
  expect(await cell(page, `${idCol}4`)).toBe("");

  // The document exists on the service with both lines.
  const client = createClient({ root: service.root, clientId: "demo", clientSecret: "demo-secret" });
  const created = await client.documents("tax-invoices").get(recordId);
  expect(created.items?.length).toBe(2);

  // Action: change the status of the selected row's document.
  await page.click(".grid td[data-cell='A2']");
  await page.click("#actions summary");
  await page.selectOption("#ds-action", "status");
  await page.selectOption("#ds-status", "invoicedelivered");
  await page.click("button:has-text('Run on selected rows')");
  await page.waitForSelector("#actions .msg:has-text('done')", { timeout: 60_000 });
  expect(await page.textContent("#actions .msg.ok")).toMatch(/1 done, 0 skipped, 0 failed/);
  const after = await client.documents("tax-invoices").get(recordId);
  expect(after.statusString).toMatch(/invoicedelivered/i);

  // Pull: the family's list into a new sheet, as a table with the posted document in it.
  await page.click("#pull summary");
  await page.click("button:has-text('Pull into a new sheet')");
  await page.waitForSelector("#pull .msg.ok", { timeout: 60_000 });
  const tabs = await page.$$eval(".tab", (ts) => ts.map((t) => t.textContent));
  expect(tabs.length).toBe(2);
  expect(await page.textContent(".tab.on")).not.toBe("Invoices");
  const pulled = await page.$$eval(".grid td", (tds) => tds.map((td) => td.textContent));
  expect(pulled.some((v) => v?.startsWith("INV"))).toBe(true);

  await page.screenshot({ path: join(ARTIFACTS, "pane-en.png"), fullPage: false });
  await page.close();
});

test("the pane in Thai, with a clear message for a wrong secret", async () => {
  const page = await openPreview("th");
  expect(await page.textContent("#connect summary")).toBe("เชื่อมต่อ");
  // Every glyph from assets/fonts, none from fonts the machine may or may not have.
  expect(await fontsDrawn(page, "#connect summary")).toEqual([expect.objectContaining({ familyName: "Waree" })]);
  await page.fill("#ds-client-id", "demo");
  await page.fill("#ds-secret", "not-the-secret");
  await page.click("#connect button.primary");
  await page.waitForSelector("#connect .msg.error", { timeout: 30_000 });
  expect(await page.textContent("#connect .msg.error")).toBe("Client id หรือรหัสลับไม่ถูกต้อง");
  expect(await page.content()).not.toContain("not-the-secret\"");
  await page.screenshot({ path: join(ARTIFACTS, "pane-th.png"), fullPage: false });
  await page.close();
});
