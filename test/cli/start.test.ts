// `npm start -- --port N` (scripts/start.ts): the add-in served on port N, and the manifest it serves
// points at port N (manifest.xml in the repository names port 3000), and it says so.
import { spawn } from "node:child_process";
import { request } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import WebSocket from "ws";
import { relayFetch } from "../../src/taskpane/relay-fetch";
import { freePort } from "../helpers/free-port";
import { REPO } from "./run";

jest.setTimeout(300_000);

it("serves a manifest that points at the port it serves", async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO, "scripts", "start.ts"), "--no-service", "--http", "--port", String(port)], {
    cwd: REPO, stdio: ["ignore", "pipe", "pipe"], detached: true,
  });
  let out = "";
  try {
    await new Promise<void>((done, fail) => {
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        if (out.includes("Press Ctrl+C to stop.")) done();
      });
      child.stderr.on("data", (c: Buffer) => (out += c.toString()));
      child.once("exit", (code) => fail(new Error(`npm start exited ${code}: ${out}`)));
    });
    const origin = `http://localhost:${port}`;
    expect(out).toContain(`Manifest           ${origin}/manifest.xml   (names ${origin}/; ./manifest.xml names port 3000, so sideload this one)`);
    const res = await fetch(`${origin}/manifest.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`<SourceLocation DefaultValue="${origin}/taskpane.html"`);
    expect(xml).not.toContain("localhost:3000");
    expect((await fetch(`${origin}/taskpane.html`)).status).toBe(200);
    // The relay is behind webpack-dev-server's Host check: a page rebound to this machine under
    // another name (DNS rebinding) does not reach it (fetch cannot choose the Host: node:http can).
    const rebound = await new Promise<number>((done, fail) =>
      request(`${origin}/relay/local/token`, { method: "POST", headers: { host: `attacker.example:${port}` } }, (r) => {
        r.resume();
        done(r.statusCode ?? 0);
      }).on("error", fail).end("grant_type=client_credentials&client_id=demo&client_secret=demo-secret"));
    expect(rebound).toBe(403);

    // The relay's socket beside webpack-dev-server's own (live reload, /ws): each answers its own
    // path; the relay's refuses another site's page and a rebound name.
    const upgrade = (path: string, origin: string, host = `localhost:${port}`) =>
      new Promise<number>((done) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { origin, headers: { host } });
        ws.on("unexpected-response", (_req, r) => done(r.statusCode ?? 0));
        ws.on("open", () => {
          ws.close();
          done(101);
        });
        ws.on("error", () => done(-1));
      });
    expect(await upgrade("/relay-socket", "https://attacker.example")).toBe(403);
    expect(await upgrade("/relay-socket", origin, `attacker.example:${port}`)).toBe(403);
    expect(await upgrade("/relay-socket", origin)).toBe(101);
    expect(await upgrade("/ws", origin)).toBe(101);
    // A page's request over it reaches the relay's roots: no service here (--no-service), so 502.
    const send = relayFetch(`${origin}/relay`, { WebSocket: class extends WebSocket {
      constructor(url: string) {
        super(url, { origin });
      }
    }, fetch: async () => Promise.reject(new Error("went by fetch")) });
    const gone = await send(`${origin}/relay/local/token`, { method: "POST", body: "grant_type=client_credentials" });
    expect(gone.status).toBe(502);
    expect(await gone.json()).toMatchObject({ message: "the service could not be reached" });

    // Malformed paths and upgrades are each their own refusal: the server goes on.
    const raw = (text: string) => new Promise<string>((done) => {
      const socket = connect(port, "127.0.0.1", () => socket.write(text));
      let out = "";
      socket.on("data", (c: Buffer) => {
        out += c.toString("latin1");
        if (out.includes("\r\n")) socket.destroy(); // the status line is the answer (an upgrade stays open)
      });
      socket.on("close", () => done(out.split("\r\n")[0]));
      socket.on("error", () => done(out.split("\r\n")[0]));
    });
    const host = `Host: localhost:${port}\r\nConnection: close\r\n`;
    const ws = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
    for (const text of [`GET /%E0%A4%A HTTP/1.1\r\n${host}\r\n`, `GET /relay/nowhere/%E0%A4%A HTTP/1.1\r\n${host}\r\n`,
      `GET http://[ HTTP/1.1\r\n${host}\r\n`, `GET http://[ HTTP/1.1\r\nHost: localhost:${port}\r\n${ws}\r\n`,
      `GET /relay-socket?%E0%A4%A HTTP/1.1\r\nHost: localhost:${port}\r\n${ws}\r\n`]) {
      expect([text, await raw(text)]).toEqual([text, expect.stringMatching(/^HTTP\/1\.1 [1-4]\d\d /)]);
      expect((await fetch(`${origin}/manifest.xml`)).status).toBe(200);
    }
  } finally {
    child.removeAllListeners("exit");
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  }
});
