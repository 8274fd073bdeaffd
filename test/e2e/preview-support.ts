// What the browser tests of the preview page share (test/e2e): the pane and grid built by webpack
// in production mode once per run (test/helpers/pane-build.ts; each file serves a copy), served
// with the relay, the real local service as a child process, Chromium from npm
// (test/helpers/chromium.ts); and the steps every test takes: open the page, connect, read a cell. Screenshots go to test-artifacts/.
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { socketRefusalOf } from "../../src/relay/guard";
import { createRelay } from "../../src/relay/relay";
import { attachRelaySocket } from "../../src/relay/socket";
import { FIELD_BY_KEY } from "../../src/sheet/fields";
import { launchChromium } from "../helpers/chromium";
import { paneBuild } from "../helpers/pane-build";
import { fileCompaniesIn, type FileCompany, type SharedService } from "../helpers/shared-service";

const ROOT = join(__dirname, "..", "..");
export const ARTIFACTS = join(ROOT, "test-artifacts");
const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".png": "image/png", ".xml": "application/xml" };

export interface PreviewSession {
  /** The jest worker's shared PostgreSQL service (helpers/shared-service.ts). */
  service: SharedService;
  /** The file's copies of the demo companies in it. */
  demo: FileCompany;
  other: FileCompany;
  /** A copy of the pane's build (also a scratch directory for workbooks). */
  dist: string;
  origin: string;
  browser: Browser;
}

/** The pane's build (test/helpers/pane-build.ts) copied into `out`, as each file also writes its
 * workbooks there. */
async function build(out: string): Promise<void> {
  const built = await paneBuild(() => out);
  if (built !== out) cpSync(built, out, { recursive: true });
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
  attachRelaySocket(server, { local: relayRoot }, { refuse: (req) => socketRefusalOf(req, []) });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Call at the top of a test file: filled once beforeAll has run, torn down in afterAll. */
export function previewSession(): PreviewSession {
  const s = {} as PreviewSession;
  let web: Server | undefined;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    s.dist = mkdtempSync(join(tmpdir(), "docsheet-e2e-"));
    // One after the other: webpack's build holds this process's event loop for long stretches, and a
    // service started meanwhile could be taken for hung (its start timer fires before its output is read).
    await build(s.dist);
    // The service's companies and Chromium side by side; afterAll stops Chromium if it started.
    const [service, browser] = await Promise.allSettled([fileCompaniesIn(), launchChromium()]);
    if (service.status === "fulfilled") Object.assign(s, service.value);
    if (browser.status === "fulfilled") s.browser = browser.value;
    for (const started of [service, browser]) if (started.status === "rejected") throw started.reason;
    web = await serve(s.dist, s.service.root);
    s.origin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await s.browser?.close();
    if (web) await new Promise((r) => web!.close(r)); // never resolves for a server that was not made
    if (s.dist) rmSync(s.dist, { recursive: true, force: true });
  });
  return s;
}

export async function openPreview(s: PreviewSession, lang: "en" | "th"): Promise<Page> {
  const page = await s.browser.newPage({ viewport: { width: 1280, height: 900 } });
  sessionOf.set(page, s);
  page.on("pageerror", (err) => { throw err; });
  await page.goto(`${s.origin}/preview.html?lang=${lang}`);
  await page.waitForSelector("#connect summary");
  return page;
}

/** The session each page was opened in (openPreview). */
const sessionOf = new WeakMap<Page, PreviewSession>();

/** Connects as one of the file's demo companies of the local service, in either language. */
export async function connect(page: Page, as: "demo" | "other" = "demo", company = "Demo Co., Ltd."): Promise<void> {
  const session = sessionOf.get(page);
  if (!session) throw new Error("connect needs a page of openPreview");
  await page.fill("#ds-client-id", session[as].clientId);
  await page.fill("#ds-secret", session[as].clientSecret);
  await page.click("#connect button.primary");
  await page.waitForSelector(`#connect .msg.ok:has-text('${company}')`, { timeout: 30_000 });
}

/** The preview with a one-sheet workbook of these rows (the first is the header) loaded, connected
 * as Demo, and its rows posted: `created` documents. */
export async function postedPreview(s: PreviewSession, sheet: string, rows: unknown[][], created: number): Promise<Page> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  for (const row of rows) ws.addRow(row);
  const file = join(s.dist, `${sheet}.xlsx`);
  await book.xlsx.writeFile(file);
  const page = await openPreview(s, "en");
  await page.setInputFiles(".grid-tools input[type=file]", file);
  await page.waitForSelector(`.tab.on:has-text('${sheet}')`);
  await connect(page);
  await page.click("#post summary");
  await page.click("button:has-text('Post documents')");
  await page.waitForSelector(`#post .msg.ok:has-text('${created} created')`, { timeout: 60_000 });
  return page;
}

/** The grid's cell text by A1 address on the sheet shown. */
export async function cell(page: Page, address: string): Promise<string> {
  return (await page.textContent(`.grid td[data-cell='${address}']`)) ?? "";
}

/** The fonts Chromium drew an element's text with, and how many glyphs each drew. */
export async function fontsDrawn(page: Page, selector: string): Promise<Array<{ familyName: string; glyphCount: number }>> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  await cdp.send("CSS.enable");
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

export async function headerColumn(page: Page, name: string): Promise<string> {
  // A field's key names its column headed by the key or by its label (a column a job added).
  const def = FIELD_BY_KEY.get(name);
  const names = def ? [name, def.en[0], def.th[0]] : [name];
  const letters = await page.$$eval(".grid tbody tr:first-child td", (tds, wanted) => {
    const i = tds.findIndex((td) => wanted.includes(td.textContent ?? ""));
    return i < 0 ? "" : (tds[i] as HTMLElement).dataset.cell!.replace(/\d+$/, "");
  }, names);
  if (!letters) throw new Error(`no ${name} column`);
  return letters;
}

/** Selects a cell of the grid and pastes text there (tab-separated rows too), as a user pastes from Excel. */
export async function pasteAt(page: Page, address: string, text: string): Promise<void> {
  await page.click(`.grid td[data-cell='${address}']`);
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    document.querySelector(".grid")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
