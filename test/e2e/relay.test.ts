// The relay over real HTTP: forwards only to configured roots, passes the answer (and Retry-After)
// back, never forwards cookies, refuses paths that try to leave the root.
import { createServer, request, type Server } from "node:http";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { createRelay, relayRoots, relayTarget } from "../../src/relay/relay";
import { startRelayChild } from "../helpers/relay-child";
import { recordingUpstream, type SeenRequest } from "../helpers/recording-upstream";

let upstream: Server;
let relayServer: Server;
let relayOrigin: string;
const seen: SeenRequest[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  upstream = recordingUpstream(seen, (req, res) => {
    if (req.url?.includes("busy")) {
      res.writeHead(429, { "retry-after": "7", "content-type": "application/json", "set-cookie": "x=1" });
      res.end('{"status":false}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ status: true, data: { url: req.url } }));
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

test("roots: the three environments plus admin-allowed custom ones; local only when asked", () => {
  const roots = relayRoots({ DOCSHEET_RELAY_ROOTS: "acme=https://acc.example/v1, bad name=https://x, evil=ftp://x" }, 9999);
  expect(roots).toMatchObject({ local: "http://127.0.0.1:9999/test", acme: "https://acc.example/v1" });
  expect(Object.keys(roots)).toEqual(["local", "sandbox", "production", "acme"]);
  expect(relayTarget(roots, "/relay/acme/quotations/1")).toBe("https://acc.example/v1/quotations/1");
  expect(relayTarget(roots, "/relay/__proto__/x")).toBeNull();
  expect(Object.keys(relayRoots({}, 8787, { local: false }))).toEqual(["sandbox", "production"]);
});

describe("request bodies", () => {
  let sink: Server;
  let sinkOrigin: string;
  const received: number[] = [];
  beforeAll(async () => {
    // Counts what arrives and keeps nothing.
    sink = createServer((req, res) => {
      let n = 0;
      req.on("data", (c: Buffer) => (n += c.length));
      req.on("end", () => {
        received.push(n);
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: true, data: n }));
      });
    });
    sinkOrigin = await listen(sink);
  });
  afterAll(async () => {
    await new Promise((r) => sink.close(r));
  });

  async function relayOn(maxBodyBytes?: number): Promise<{ origin: string; close(): Promise<void> }> {
    const relay = createRelay({ sink: `${sinkOrigin}/test` }, { maxBodyBytes });
    const server = createServer((req, res) => relay(req, res, () => res.writeHead(418).end()));
    const origin = await listen(server);
    return { origin, close: () => new Promise((r) => server.close(() => r())) };
  }

  /** POSTs `chunks` × `chunk` bytes, written as the socket takes them; chunked unless `length`. */
  function upload(origin: string, chunk: Buffer, chunks: number, length?: number): Promise<{ status: number; body: string }> {
    const url = new URL(origin);
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { "content-type": "application/json", authorization: "Bearer t" };
      if (length !== undefined) headers["content-length"] = String(length);
      const req = request({ host: url.hostname, port: url.port, path: "/relay/sink/attachments", method: "POST", headers }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", (err) => ((err as { code?: string }).code === "EPIPE" || (err as { code?: string }).code === "ECONNRESET" ? undefined : reject(err)));
      let sent = 0;
      const write = (): void => {
        while (sent < chunks) {
          sent++;
          if (!req.write(chunk)) return void req.once("drain", write);
        }
        req.end();
      };
      write();
    });
  }

  test("a body over the bound is a 413 in the envelope, declared or found while streaming", async () => {
    const relay = await relayOn(10_000);
    const before = received.length;
    const declared = await upload(relay.origin, Buffer.alloc(1000), 20, 20_000);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ status: false, message: "request body too large: at most 10000 bytes", code: 413, data: null });
    const streamed = await upload(relay.origin, Buffer.alloc(1000), 20);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ code: 413 });
    const fits = await upload(relay.origin, Buffer.alloc(1000), 10, 10_000);
    expect(fits.status).toBe(200);
    expect(received.slice(before)).toEqual([10_000]);
    await relay.close();
  });

  // The relay alone in a child process (tsx, as serve-dist runs), so its peak memory is its own.
  test("six concurrent 64 MB uploads pass streamed, the relay's peak memory under 300 MB (buffered, the bodies alone are 384 MB)", async () => {
    const script = [
      `const { createServer } = require("node:http");`,
      `const { createRelay } = require(${JSON.stringify(join(__dirname, "..", "..", "src", "relay", "relay.ts"))});`,
      `const relay = createRelay({ sink: ${JSON.stringify(`${sinkOrigin}/test`)} });`,
      `const server = createServer((req, res) => relay(req, res, () => res.end(String(process.resourceUsage().maxRSS))));`,
      `server.listen(0, "127.0.0.1", () => console.log("port " + server.address().port));`,
    ].join("\n");
    const { child, origin } = await startRelayChild(script);
    try {
      const mb = Buffer.alloc(1024 * 1024, 97);
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(origin, mb, 64, i % 2 === 0 ? 64 * mb.length : undefined)));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(received.slice(-6)).toEqual(Array(6).fill(64 * mb.length));
      const peakKb = Number(await (await fetch(`${origin}/peak`)).text());
      expect(peakKb / 1024).toBeLessThan(300);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
