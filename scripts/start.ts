// `npm start`: the local accounting service (http://127.0.0.1:8787) and the add-in on port 3000
// (task pane, manifest.xml, preview.html, and the relay to the service roots), then how to sideload.
// Options: --http (no certificate), --no-service, --port N (add-in), --service-port N.
// HTTPS uses a self-signed certificate webpack-dev-server makes itself (no sudo); if that fails the
// add-in is served over plain http on localhost (the preview page works; Office needs https).
// manifest.xml names https://localhost:3000/; the served /manifest.xml names the origin actually
// served, so a manifest taken from `npm start -- --port N` loads the add-in from port N.
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { serviceBanner } from "../src/cli/banner";
import { allowedHostsOf, socketRefusalOf } from "../src/relay/guard";
import { createRelay, relayRoots } from "../src/relay/relay";
import { attachRelaySocket } from "../src/relay/socket";
import { DEV_URL, rewriteManifest } from "./public-url";

interface StartOptions {
  https: boolean;
  service: boolean;
  port: number;
  servicePort: number;
}

function parseArgs(argv: string[]): StartOptions {
  const opts: StartOptions = { https: true, service: true, port: 3000, servicePort: 8787 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--http") opts.https = false;
    else if (a === "--no-service") opts.service = false;
    else if (a === "--port") opts.port = Number(argv[++i]);
    else if (a === "--service-port") opts.servicePort = Number(argv[++i]);
    else throw new Error(`unknown option ${a} (use --http, --no-service, --port N, --service-port N)`);
  }
  for (const p of [opts.port, opts.servicePort]) if (!Number.isInteger(p) || p <= 0 || p > 65535) throw new Error(`not a port: ${p}`);
  return opts;
}

async function startLocalService(port: number): Promise<{ url: string; close(): Promise<void> } | null> {
  try {
    const { startService } = (await import("../src/service/main")) as typeof import("../src/service/main");
    // The add-in's relay here reaches the service from loopback: its word for each pane's address is
    // believed, so one pane's failed grants do not lock out the others (/token's limits).
    return await startService({ port, quiet: true, trustedRelays: ["127.0.0.1", "::1", "::ffff:127.0.0.1"] });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "EADDRINUSE") {
      console.log(`port ${port} is taken: using the service already running there`);
      return null;
    }
    throw err;
  }
}

type DevServer = { start(): Promise<void>; stop(): Promise<void>; server?: import("node:http").Server };

/** The add-in's origin as served: what the manifest must name. */
function addinUrl(port: number, https: boolean): string {
  return `${https ? "https" : "http"}://localhost:${port}/`;
}

/** Serves manifest.xml with every https://localhost:3000/ replaced by the origin actually served. */
function manifestFor(url: string): (req: IncomingMessage, res: ServerResponse) => void {
  const source = readFileSync(join(__dirname, "..", "manifest.xml"), "utf8");
  const xml = url === DEV_URL ? source : rewriteManifest(source, url);
  return (_req, res) => {
    res.writeHead(200, { "content-type": "application/xml; charset=utf-8", "cache-control": "no-cache" }).end(xml);
  };
}

async function startAddin(opts: StartOptions, https: boolean): Promise<DevServer> {
  const webpack = require("webpack") as typeof import("webpack");
  const WebpackDevServer = require("webpack-dev-server") as new (options: object, compiler: unknown) => DevServer;
  const makeConfig = require("../webpack.config.js") as (env: object, argv: object) => import("webpack").Configuration & { devServer: object };
  const config = makeConfig({}, { mode: "development" });
  const compiler = webpack({ ...config, infrastructureLogging: { level: "warn" }, stats: "errors-warnings" });
  const roots = relayRoots(process.env, opts.servicePort);
  const relay = createRelay(roots);
  const server = new WebpackDevServer({
    ...config.devServer,
    port: opts.port,
    server: https ? "https" : "http",
    open: false,
    setupMiddlewares: (middlewares: Array<{ name?: string; path?: string; middleware?: unknown }>) => {
      // After webpack-dev-server's Host and cross-origin checks: a page on another name rebound to
      // this machine (DNS rebinding) must not reach the relay, which sends the service's own Host.
      // The manifest comes before webpack's own copy of manifest.xml, which names port 3000.
      const afterChecks = middlewares.findIndex((m) => m.name === "cross-origin-header-check") + 1;
      middlewares.splice(afterChecks, 0,
        { name: "docsheet-relay", middleware: relay },
        { name: "docsheet-manifest", path: "/manifest.xml", middleware: manifestFor(addinUrl(opts.port, https)) });
      return middlewares;
    },
  }, compiler);
  await server.start();
  // The relay's socket, beside webpack-dev-server's own (live reload): its upgrade skips the
  // middlewares, so it checks Host and Origin itself.
  const allowed = allowedHostsOf();
  if (server.server) attachRelaySocket(server.server, roots, { refuse: (req) => socketRefusalOf(req, allowed) });
  return server;
}

function printHelp(addin: string, service: string | null, https: boolean, port: number): void {
  const manifest = port === 3000 && https
    ? `${addin}/manifest.xml   (file: ./manifest.xml)`
    : `${addin}/manifest.xml   (names ${addin}/; ./manifest.xml names port 3000, so sideload this one)`;
  const lines = [
    "",
    "DocSheet is running.",
    `  Task pane          ${addin}/taskpane.html`,
    `  Preview (no Excel) ${addin}/preview.html`,
    `  Manifest           ${manifest}`,
    `  Relay              ${addin}/relay/local/... -> ${service ?? "http://127.0.0.1:8787"}/test`,
    ...(service ? [`  Local service      ${service}`, ...serviceBanner(service)] : ["  Local service      not started here"]),
    "",
    "In the task pane, environment Local service: client id demo, secret demo-secret.",
    "",
    "Sideload manifest.xml in Excel:",
    "  Windows: put manifest.xml in a shared folder, add that folder under File > Options > Trust Center >",
    "           Trust Center Settings > Trusted Add-in Catalogs (tick Show in Menu), restart Excel, then",
    "           Home > Add-ins > Advanced > SHARED FOLDER > DocSheet.",
    "  Mac:     copy manifest.xml to ~/Library/Containers/com.microsoft.Excel/Data/Documents/wef/",
    "           (create the folder), restart Excel, then Home > Add-ins > DocSheet.",
    "  Web:     Excel on the web > Home > Add-ins > More Add-ins > My Add-ins > Upload My Add-in > manifest.xml.",
    https
      ? "  The certificate is self-signed: open the task pane URL once in your browser and accept it (or trust it in the OS)."
      : "  Served over http: Office only loads https add-ins, so use the preview page, or restart without --http.",
    "",
    "Press Ctrl+C to stop.",
  ];
  console.log(lines.join("\n"));
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const service = opts.service ? await startLocalService(opts.servicePort) : null;
  let https = opts.https;
  let addin: DevServer;
  try {
    addin = await startAddin(opts, https);
  } catch (err) {
    if (!https) throw err;
    console.log(`could not serve https (${err instanceof Error ? err.message : String(err)}): falling back to http`);
    https = false;
    addin = await startAddin(opts, false);
  }
  printHelp(addinUrl(opts.port, https).slice(0, -1), service?.url ?? (opts.service ? `http://127.0.0.1:${opts.servicePort}` : null), https, opts.port);
  const stop = async () => {
    await addin.stop().catch(() => undefined);
    await service?.close().catch(() => undefined);
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
