// The relay over real HTTP: forwards only to configured roots, passes the answer (and Retry-After)
// back, never forwards cookies, refuses paths that try to leave the root.
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRelay, relayRoots, relayTarget } from "../../src/relay/relay";

let upstream: Server;
let relayServer: Server;
let relayOrigin: string;
const seen: Array<{ url: string; method: string; headers: IncomingMessage["headers"]; body: string }> = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ url: req.url ?? "", method: req.method ?? "", headers: req.headers, body });
      if (req.url?.includes("busy")) {
        res.writeHead(429, { "retry-after": "7", "content-type": "application/json", "set-cookie": "x=1" });
        res.end('{"status":false}');
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: true, data: { url: req.url } }));
    });
  });
  const upstreamOrigin = await listen(upstream);
  const relay = createRelay({ local: `${upstreamOrigin}/test` });
  relayServer = createServer((req, res) => relay(req, res, () => res.writeHead(418).end()));
  relayOrigin = await listen(relayServer);
});

afterAll(async () => {
  await new Promise((r) => relayServer.close(r));
  await new Promise((r) => upstream.close(r));
});

test("forwards method, path, query, body and the bearer token; drops cookies", async () => {
  const res = await fetch(`${relayOrigin}/relay/local/tax-invoices?currentPage=2`, {
    method: "POST",
    headers: { authorization: "Bearer abc", "content-type": "application/json", cookie: "session=1" },
    body: '{"a":1}',
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: true, data: { url: "/test/tax-invoices?currentPage=2" } });
  const last = seen[seen.length - 1];
  expect(last).toMatchObject({ method: "POST", url: "/test/tax-invoices?currentPage=2", body: '{"a":1}' });
  expect(last.headers.authorization).toBe("Bearer abc");
  expect(last.headers.cookie).toBeUndefined();
});

test("passes a 429 with its Retry-After back, without the upstream's cookies", async () => {
  const res = await fetch(`${relayOrigin}/relay/local/busy`);
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe("7");
  expect(res.headers.get("set-cookie")).toBeNull();
});

function rawStatus(path: string): Promise<number> {
  const url = new URL(relayOrigin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: "GET" }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

test("unknown roots and escaping paths are refused; other paths pass to the next handler", async () => {
  const before = seen.length;
  expect((await fetch(`${relayOrigin}/relay/elsewhere/x`)).status).toBe(404);
  // fetch() would tidy "..": send the raw path as an attacker would
  for (const path of ["/relay/local/../../admin", "/relay/local/%2e%2e/x", "/relay/local/a\\..\\b"]) expect(await rawStatus(path)).toBe(404);
  expect((await fetch(`${relayOrigin}/relay/local/a%2Fb`)).status).toBe(404);
  expect((await fetch(`${relayOrigin}/taskpane.html`)).status).toBe(418);
  expect(seen.length).toBe(before);
});

test("an unreachable root is a 502 with a plain message", async () => {
  const relay = createRelay({ down: "http://127.0.0.1:9/test" });
  const server = createServer((req, res) => relay(req, res, () => res.end()));
  const origin = await listen(server);
  const res = await fetch(`${origin}/relay/down/token`, { method: "POST", body: "client_secret=hush" });
  expect(res.status).toBe(502);
  expect(await res.text()).not.toContain("hush");
  await new Promise((r) => server.close(r));
});

test("roots: the three environments plus admin-allowed custom ones", () => {
  const roots = relayRoots({ DOCSHEET_RELAY_ROOTS: "acme=https://acc.example/v1, bad name=https://x, evil=ftp://x" }, 9999);
  expect(roots).toMatchObject({ local: "http://127.0.0.1:9999/test", acme: "https://acc.example/v1" });
  expect(Object.keys(roots)).toEqual(["local", "sandbox", "production", "acme"]);
  expect(relayTarget(roots, "/relay/acme/quotations/1")).toBe("https://acc.example/v1/quotations/1");
  expect(relayTarget(roots, "/relay/__proto__/x")).toBeNull();
});
