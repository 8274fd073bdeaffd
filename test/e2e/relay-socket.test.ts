// The relay's socket over a real WebSocket, with the pane's fetch for it (relay-fetch.ts): requests
// reach the service as through /relay/<root>/, answers come back whole (bytes too), a cancel or a
// closed socket ends a request as a fetch's would, pages of other sites are refused, and without a
// socket the pane falls back to fetch.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import { SOCKET_BODY_CHARS } from "../../src/relay/frames";
import { socketRefusalOf } from "../../src/relay/guard";
import { createRelay } from "../../src/relay/relay";
import { attachRelaySocket } from "../../src/relay/socket";
import { relayFetch } from "../../src/taskpane/relay-fetch";
import { recordingUpstream, type SeenRequest } from "../helpers/recording-upstream";

let upstream: Server;
let relayServer: Server;
let relayOrigin: string;
let roots: { local: string };
let detach: () => void;
const seen: SeenRequest[] = [];
/** Requests to /hang: answered never; `closed` when the relay dropped them. */
const hanging: Array<{ closed: boolean }> = [];
const PDF = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** The pane's WebSocket: a page of the relay's own origin. */
function pageSocket(origin: () => string) {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { origin: origin() });
    }
  };
}

/** A fetch that fails the test when used: these requests must go over the socket. */
const noFetch = async (input: string): Promise<Response> => {
  throw new Error(`went by fetch: ${input}`);
};

function attach(): void {
  detach = attachRelaySocket(relayServer, roots, { refuse: (req) => socketRefusalOf(req, []) });
}

beforeAll(async () => {
  upstream = recordingUpstream(seen, (req, res) => {
    if (req.url?.includes("hang")) {
      const h = { closed: false };
      hanging.push(h);
      res.on("close", () => (h.closed = true));
      return;
    }
    if (req.url?.includes("pdf")) {
      res.writeHead(200, { "content-type": "application/pdf", "content-disposition": 'attachment; filename="INV-1.pdf"', "set-cookie": "x=1" });
      return void res.end(PDF);
    }
    if (req.url?.includes("busy")) {
      res.writeHead(429, { "retry-after": "7", "content-type": "application/json" });
      return void res.end('{"status":false}');
    }
    res.writeHead(201, { "content-type": "application/json", "x-request-id": "req-1" });
    res.end(JSON.stringify({ status: true, data: { url: req.url } }));
  });
  roots = { local: `${await listen(upstream)}/test` };
  const relay = createRelay(roots);
  relayServer = createServer((req, res) => relay(req, res, () => res.writeHead(418).end()));
  relayOrigin = await listen(relayServer);
  attach();
});

afterAll(async () => {
  detach();
  relayServer.closeAllConnections();
  upstream.closeAllConnections();
  await new Promise((r) => relayServer.close(r));
  await new Promise((r) => upstream.close(r));
});

test("requests go over the socket: method, path, query, body and the forwarded headers; status, headers and bytes come back", async () => {
  const send = relayFetch(`${relayOrigin}/relay`, { fetch: noFetch, WebSocket: pageSocket(() => relayOrigin) });
  const res = await send(`${relayOrigin}/relay/local/tax-invoices?currentPage=2`, {
    method: "POST",
    headers: { Authorization: "Bearer abc", "Content-Type": "application/json", Cookie: "session=1" },
    body: '{"name":"บริษัท ทดสอบ"}',
  });
  expect(res.status).toBe(201);
  expect(res.headers.get("x-request-id")).toBe("req-1");
  expect(await res.json()).toEqual({ status: true, data: { url: "/test/tax-invoices?currentPage=2" } });
  const last = seen[seen.length - 1];
  expect(last).toMatchObject({ method: "POST", url: "/test/tax-invoices?currentPage=2", body: '{"name":"บริษัท ทดสอบ"}' });
  expect(last.headers.authorization).toBe("Bearer abc");
  expect(last.headers["content-length"]).toBe(String(Buffer.byteLength('{"name":"บริษัท ทดสอบ"}')));
  expect(last.headers.cookie).toBeUndefined();

  // Several at once on the one socket, each with its own answer; bytes arrive as sent.
  const [pdf, busy, ...lists] = await Promise.all([
    send(`${relayOrigin}/relay/local/tax-invoices/1/pdf`),
    send(`${relayOrigin}/relay/local/busy`),
    ...[1, 2, 3].map((n) => send(`${relayOrigin}/relay/local/quotations?currentPage=${n}`)),
  ]);
  expect(Buffer.from(await pdf.arrayBuffer())).toEqual(PDF);
  expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="INV-1.pdf"');
  expect(pdf.headers.get("set-cookie")).toBeNull();
  expect(busy.status).toBe(429);
  expect(busy.headers.get("retry-after")).toBe("7");
  expect(await Promise.all(lists.map(async (r) => ((await r.json()) as { data: { url: string } }).data.url)))
    .toEqual([1, 2, 3].map((n) => `/test/quotations?currentPage=${n}`));

  // An unknown root or an escaping path is refused as by /relay/, in the envelope.
  const unknown = await send(`${relayOrigin}/relay/elsewhere/tax-invoices`);
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({ status: false, message: "unknown relay root", code: 404, data: null });
  expect((await send(`${relayOrigin}/relay/local/%2e%2e/admin`)).status).toBe(404);
});

test("a cancelled request rejects as fetch does and is dropped at the service too", async () => {
  const send = relayFetch(`${relayOrigin}/relay`, { fetch: noFetch, WebSocket: pageSocket(() => relayOrigin) });
  const ctl = new AbortController();
  const before = hanging.length;
  const pending = send(`${relayOrigin}/relay/local/hang`, { signal: ctl.signal });
  await waitFor(() => hanging.length > before);
  ctl.abort();
  await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  await waitFor(() => hanging[before].closed);
  // The socket goes on serving.
  expect((await send(`${relayOrigin}/relay/local/tax-invoices`)).status).toBe(201);
});

test("a socket closed before the answer fails its requests as a cut-off fetch (TypeError); the next request opens a new one", async () => {
  const send = relayFetch(`${relayOrigin}/relay`, { fetch: noFetch, WebSocket: pageSocket(() => relayOrigin) });
  const before = hanging.length;
  const pending = send(`${relayOrigin}/relay/local/hang`, { method: "POST", body: "{}" });
  await waitFor(() => hanging.length > before);
  detach(); // the relay stops: its sockets are cut
  await expect(pending).rejects.toBeInstanceOf(TypeError);
  await waitFor(() => hanging[before].closed);
  attach();
  expect((await send(`${relayOrigin}/relay/local/tax-invoices`, { method: "POST", body: "{}" })).status).toBe(201);
});

test("pages of other sites, other host names and malformed frames are refused", async () => {
  const refused = (origin: string, host?: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${relayOrigin.replace("http", "ws")}/relay-socket`, { origin, headers: host ? { host } : {} });
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("open", () => resolve(101));
      ws.on("error", () => undefined);
    });
  expect(await refused("https://attacker.example")).toBe(403);
  // An IP address is one of the server's own names, but a page there is not of this origin.
  expect(await refused("http://203.0.113.9")).toBe(403);
  expect(await refused(relayOrigin, "attacker.example")).toBe(403);
  expect(await refused(relayOrigin)).toBe(101);

  const closed = await new Promise<number>((resolve) => {
    const ws = new WebSocket(`${relayOrigin.replace("http", "ws")}/relay-socket`, { origin: relayOrigin });
    ws.on("open", () => ws.send("not a request"));
    ws.on("close", (code) => resolve(code));
  });
  expect(closed).toBe(1008);
});

test("without a socket at the relay, requests go by fetch, and the socket is tried again after its wait; uploads always go by fetch", async () => {
  let clock = 0;
  const fetched: string[] = [];
  const viaFetch = (input: string, init?: RequestInit) => {
    fetched.push(input);
    return fetch(input, init);
  };
  detach();
  try {
    const send = relayFetch(`${relayOrigin}/relay`, { fetch: viaFetch, WebSocket: pageSocket(() => relayOrigin), retryAfterMs: 1_000, now: () => clock });
    expect((await send(`${relayOrigin}/relay/local/tax-invoices`)).status).toBe(201);
    expect(fetched).toHaveLength(1);
    attach();
    clock = 500; // still within the wait: fetch
    expect((await send(`${relayOrigin}/relay/local/tax-invoices`)).status).toBe(201);
    expect(fetched).toHaveLength(2);
    clock = 1_500;
    expect((await send(`${relayOrigin}/relay/local/tax-invoices`)).status).toBe(201);
    expect(fetched).toHaveLength(2);
    // A body past the socket's size, and a form, go by fetch (streamed).
    expect((await send(`${relayOrigin}/relay/local/tax-invoices`, { method: "POST", body: "x".repeat(SOCKET_BODY_CHARS + 1) })).status).toBe(201);
    const form = new FormData();
    form.append("file", new Blob(["%PDF-1.4"]), "a.pdf");
    expect((await send(`${relayOrigin}/relay/local/tax-invoices/1/attachments`, { method: "POST", body: form })).status).toBe(201);
    expect(fetched).toHaveLength(4);
    expect(seen[seen.length - 2].body).toHaveLength(SOCKET_BODY_CHARS + 1);
  } finally {
    detach();
    attach();
  }
});

async function waitFor(ok: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error("not within 5 s");
    await new Promise((r) => setImmediate(r));
  }
}
