// The service's answer reaches the client: when the local service refuses an upload early (413
// for a body past its limit, 401 without a token) while the body is still streaming, the relay
// passes that answer on instead of "the service could not be reached" (502).
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRelay } from "../../src/relay/relay";
import { LOCAL_STORE, startTestService, type TestService } from "../helpers/service";

jest.setTimeout(180_000);

let svc: TestService;
let relayServer: Server;
let origin: string;
let token: string;

beforeAll(async () => {
  svc = await startTestService({ store: LOCAL_STORE });
  const relay = createRelay({ svc: svc.root });
  relayServer = createServer((req, res) => relay(req, res, () => res.writeHead(418).end()));
  await new Promise<void>((r) => relayServer.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(relayServer.address() as AddressInfo).port}`;
  const grant = await fetch(`${svc.root}/token`, {
    method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials&client_id=demo&client_secret=demo-secret",
  });
  token = ((await grant.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await new Promise((r) => relayServer?.close(r));
  await svc?.stop();
});

/** POSTs `megabytes` MB through the relay, written as the socket takes them (chunked unless
 * `declared`); stops writing once an answer arrives, as a browser does. */
function upload(path: string, megabytes: number, declared: boolean, auth = true): Promise<{ status: number; body: string }> {
  const url = new URL(origin);
  const mb = Buffer.alloc(1024 * 1024, 97);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (auth) headers.authorization = `Bearer ${token}`;
    if (declared) headers["content-length"] = String(megabytes * mb.length);
    let answered = false;
    const req = request({ host: url.hostname, port: url.port, path, method: "POST", headers }, (res) => {
      answered = true;
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    let sent = 0;
    const write = (): void => {
      while (sent < megabytes && !answered) {
        sent++;
        if (!req.write(mb)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

test("a 200 MB chunked upload the service refuses is answered with the service's 413", async () => {
  const answer = await upload("/relay/svc/quotations", 200, false);
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toMatchObject({ status: false, code: 413, message: "The request body must not exceed 2 MB" });
});

test("six concurrent 120 MB POSTs each get the service's own answer, and the relay goes on", async () => {
  const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload("/relay/svc/quotations", 120, i % 2 === 0, i % 3 !== 2)));
  for (const a of answers) {
    expect(a.status).not.toBe(502);
    expect([401, 413]).toContain(a.status);
    expect(JSON.parse(a.body)).toMatchObject({ status: false });
  }
  const after = await fetch(`${origin}/relay/svc/contacts?pageSize=1`, { headers: { authorization: `Bearer ${token}` } });
  expect(after.status).toBe(200);
});
