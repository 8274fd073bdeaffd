// Serves a production build (dist/) with the relay, for a deployment: `npm run build` then
// `npx tsx scripts/serve-dist.ts [--port 3000] [--dir dist]`. HTTPS when ADDIN_TLS_CERT and
// ADDIN_TLS_KEY name PEM files; otherwise plain http, meant to sit behind an https proxy at
// ADDIN_PUBLIC_URL. Relay roots: sandbox and production, plus DOCSHEET_RELAY_ROOTS (name the local
// service there, e.g. local=http://127.0.0.1:8787/test, to relay to it; NODE_ENV=development adds it).
// Only the server's own names are answered: loopback, IP addresses, ADDIN_PUBLIC_URL's host and
// ADDIN_ALLOWED_HOSTS (comma-separated; ".example.com" for its subdomains too).
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttps } from "node:https";
import { extname, join, resolve } from "node:path";
import { answerClientErrors } from "../src/service/http/client-errors";
import { allowedHostsOf, hostOriginGuard, socketRefusalOf } from "../src/relay/guard";
import { createRelay, relayRoots } from "../src/relay/relay";
import { attachRelaySocket } from "../src/relay/socket";
import { decodedPath, MALFORMED_PATH, refuse, surviving } from "../src/relay/survive";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".png": "image/png",
  ".xml": "application/xml; charset=utf-8", ".map": "application/json",
};

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const dir = resolve(option("--dir", "dist"));
const port = Number(option("--port", process.env.PORT ?? "3000"));
if (!existsSync(join(dir, "taskpane.html"))) {
  console.error(`${dir} has no taskpane.html: run npm run build first`);
  process.exit(1);
}
const roots = relayRoots(process.env, 8787, { local: process.env.NODE_ENV === "development" });
const relay = createRelay(roots);
const allowed = allowedHostsOf();
const guard = hostOriginGuard(allowed);

const handle = surviving((req: IncomingMessage, res: ServerResponse): void => {
  guard(req, res, () => relay(req, res, () => {
    const path = decodedPath(req.url);
    if (path === undefined) return refuse(res, 400, MALFORMED_PATH);
    const file = resolve(dir, `.${path === "/" ? "/taskpane.html" : path}`);
    if (!file.startsWith(dir + "/") || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    // Hashed bundles never change; pages and the manifest must be fetched fresh.
    const immutable = /\.[0-9a-f]{8}\.js$/.test(file);
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache" });
    createReadStream(file).on("error", () => res.destroy()).pipe(res);
  }));
});

const cert = process.env.ADDIN_TLS_CERT;
const key = process.env.ADDIN_TLS_KEY;
const server = cert && key ? createHttps({ cert: readFileSync(cert), key: readFileSync(key) }, handle) : createHttp(handle);
answerClientErrors(server);
attachRelaySocket(server, roots, { refuse: (req) => socketRefusalOf(req, allowed) });
server.listen(port, () => console.log(`DocSheet add-in from ${dir} on ${cert && key ? "https" : "http"}://localhost:${port}/ (relay at /relay/<root>/)`));
