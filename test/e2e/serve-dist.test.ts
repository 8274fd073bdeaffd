// The deployment server (scripts/serve-dist.ts) over real HTTP: the Host/Origin guard `npm start`
// has, no `local` relay root unless configured, and nothing of the client's Authorization logged.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { decodeAnswer } from "../../src/relay/frames";
import { relayFetch } from "../../src/taskpane/relay-fetch";
import { freePort } from "../helpers/free-port";

jest.setTimeout(60_000);

const REPO = join(__dirname, "..", "..");
const SECRET = "Bearer very-secret-token-0042";
let upstream: Server;
let child: ChildProcess;
let port: number;
let dir: string;
let output = "";
const seen: string[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(req.url ?? "");
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end('{"status":true}'));
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  dir = mkdtempSync(join(tmpdir(), "docsheet-dist-"));
  writeFileSync(join(dir, "taskpane.html"), "<!doctype html><title>pane</title>");
  port = await freePort();
  child = spawn(process.execPath, ["--import", "tsx", join(REPO, "scripts", "serve-dist.ts"), "--dir", dir, "--port", String(port)], {
    cwd: REPO,
    env: {
      ...process.env, NODE_ENV: "production", ADDIN_PUBLIC_URL: "https://addin.example/", ADDIN_ALLOWED_HOSTS: ".corp.example",
      DOCSHEET_RELAY_ROOTS: `up=http://127.0.0.1:${(upstream.address() as AddressInfo).port}/test`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("DocSheet add-in from")) resolve();
    };
    child.stdout!.on("data", take);
    child.stderr!.on("data", take);
    child.once("exit", (code) => reject(new Error(`serve-dist exited ${code}: ${output}`)));
  });
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await gone;
  }
  await new Promise((r) => upstream?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** A request with the Host and Origin a browser on another name would send (fetch cannot set Host). */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET", headers: { authorization: SECRET, ...headers } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("refuses another Host or a page of another origin, before the relay and the files", async () => {
  const before = seen.length;
  for (const path of ["/relay/up/company/info", "/taskpane.html"]) {
    const rebound = await get(path, { host: "attacker.example" });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ status: false, code: 403 });
    expect((await get(path, { host: `127.0.0.1:${port}`, origin: "https://attacker.example" })).status).toBe(403);
  }
  expect(seen.length).toBe(before);
});

test("serves its own names: loopback, the public URL's host, allowed hosts, same-origin pages", async () => {
  expect((await get("/taskpane.html", { host: `localhost:${port}` })).status).toBe(200);
  expect((await get("/relay/up/company/info", { host: "addin.example", origin: "https://addin.example" })).status).toBe(200);
  expect((await get("/relay/up/company/info", { host: "pane.corp.example" })).status).toBe(200);
  expect(seen.at(-1)).toBe("/test/company/info");
});

test("has no local root unless configured, and logs nothing of the Authorization", async () => {
  const local = await get("/relay/local/company/info", { host: `127.0.0.1:${port}` });
  expect(local.status).toBe(404);
  expect(output).not.toContain("very-secret-token");
});

test("the relay's socket: a page of the public URL reaches its roots; another site's page or a rebound name is refused", async () => {
  const upgrade = (origin: string, host: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/relay-socket`, { origin, headers: { host } });
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("open", () => {
        ws.close();
        resolve(101);
      });
      ws.on("error", () => undefined);
    });
  expect(await upgrade("https://attacker.example", "addin.example")).toBe(403);
  expect(await upgrade("https://addin.example", "attacker.example")).toBe(403);
  expect(await upgrade("https://addin.example", "addin.example")).toBe(101);

  // The pane's own fetch for the relay, over the socket only (fetch would fail the test).
  const PageSocket = class extends WebSocket {
    constructor(url: string) {
      super(url, { origin: `http://127.0.0.1:${port}` });
    }
  };
  const send = relayFetch(`http://127.0.0.1:${port}/relay`, { WebSocket: PageSocket, fetch: async () => Promise.reject(new Error("went by fetch")) });
  const res = await send(`http://127.0.0.1:${port}/relay/up/company/info`, { headers: { authorization: SECRET } });
  expect(res.status).toBe(200);
  expect(seen.at(-1)).toBe("/test/company/info");
  expect(output).not.toContain("very-secret-token");
});

/** One raw request (Node's client would refuse to send most of these); the answer's status and body. */
function rawRequest(text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let out = "";
    socket.on("data", (c: Buffer) => (out += c.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const at = out.indexOf("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(out)?.[1] ?? 0), body: at < 0 ? "" : out.slice(at + 4) });
    });
  });
}

/** One frame on a fresh relay socket: the answer's status, or the close code. */
function frame(text: string): Promise<{ status?: number; closed?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/relay-socket`, { origin: `http://127.0.0.1:${port}` });
    ws.on("open", () => ws.send(text));
    ws.on("message", (data: Buffer) => {
      resolve({ status: decodeAnswer(new Uint8Array(data).buffer)?.head.status });
      ws.close();
    });
    ws.on("close", (code) => resolve({ closed: code }));
    ws.on("error", () => undefined);
  });
}

test("a malformed path, header or frame is a 4xx envelope, and the next request is served", async () => {
  const host = `Host: 127.0.0.1:${port}\r\nConnection: close\r\n`;
  const good = async () => {
    expect((await get("/taskpane.html", { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await get("/relay/up/company/info", { host: `127.0.0.1:${port}` })).status).toBe(200);
  };
  const requests = [
    `GET /%E0%A4%A HTTP/1.1\r\n${host}\r\n`, // killed the server: decodeURIComponent threw
    `GET /relay-x/%E0%A4%A HTTP/1.1\r\n${host}\r\n`,
    `GET http://[ HTTP/1.1\r\n${host}\r\n`,
    `GET http://[/relay/up/x HTTP/1.1\r\n${host}\r\n`,
    `GET /relay/up/x HTTP/1.1\r\n${host}Content-Length: abc\r\n\r\n`,
    `POST /relay/up/x HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\n\r\nzz\r\n`,
    `GET /relay-socket HTTP/1.1\r\n${host}Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  ];
  for (const text of requests) {
    const res = await rawRequest(text);
    expect([text, res.status]).toEqual([text, expect.any(Number)]);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    if (!text.includes("Upgrade")) expect(JSON.parse(res.body)).toMatchObject({ status: false, code: res.status });
    await good();
  }
  const frames = [
    "not json",
    JSON.stringify({ id: 1, method: "GET", path: "/up/x", headers: { authorization: "a\r\nb" } }),
    JSON.stringify({ id: 2, method: "GET", path: "/up/x", headers: { "x-request-id": "\u0100" } }),
    JSON.stringify({ id: 3, method: "GET", path: "//[", headers: {} }),
  ];
  for (const text of frames) {
    const answer = await frame(text);
    expect(answer.closed === 1008 || (answer.status! >= 400 && answer.status! < 500)).toBe(true);
    await good();
  }
  expect(child.exitCode).toBeNull();
});
