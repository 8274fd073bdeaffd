// /token limits failed grants per client id and per real client address: behind the relay, the
// address is the one the relay saw (it says so in a header the service believes only from the
// relays it is told to trust). 30 failed grants of one pane through the relay locked out every
// pane behind it, the relay being one address. Loopback only: the panes are 127.0.0.2 and .3.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRelay } from "../../src/relay/relay";
import { GRANT_FAILURES_PER_ADDRESS } from "../../src/service/routes/token";
import { CLIENT_ADDRESS_HEADER } from "../../src/service/http/client-address";
import { LOCAL_STORE, startTestService, type TestService } from "../helpers/service";

jest.setTimeout(120_000);

let svc: TestService;
let relayServer: Server;
let relayPort: number;

beforeAll(async () => {
  svc = await startTestService({ store: LOCAL_STORE, env: { DOCSHEET_TRUSTED_RELAYS: "127.0.0.1" } });
  const relay = createRelay({ svc: svc.root });
  relayServer = createServer((req, res) => relay(req, res, () => res.writeHead(418).end()));
  await new Promise<void>((r) => relayServer.listen(0, "127.0.0.1", r));
  relayPort = (relayServer.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((r) => relayServer?.close(r));
  await svc?.stop();
});

/** A grant sent from `from` (a loopback address) to `port` at `path`. */
function grant(from: string, port: number, path: string, id: string, secret: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = `grant_type=client_credentials&client_id=${id}&client_secret=${secret}`;
    const req = request({ host: "127.0.0.1", port, path, method: "POST", localAddress: from, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("a pane guessing through the relay is limited at its own address; another pane behind the relay still gets its token", async () => {
  for (let i = 0; i < GRANT_FAILURES_PER_ADDRESS; i++) {
    // A new client id each time: the per-address limit, not the per-client one, is what stops it.
    const wrong = await grant("127.0.0.2", relayPort, "/relay/svc/token", `guess-${i}`, "nope");
    expect(JSON.parse(wrong.body)).toEqual({ error: "invalid_client" });
  }
  expect((await grant("127.0.0.2", relayPort, "/relay/svc/token", "demo", "demo-secret")).status).toBe(429);
  const other = await grant("127.0.0.3", relayPort, "/relay/svc/token", "demo", "demo-secret");
  expect(other.status).toBe(200);
  expect(JSON.parse(other.body)).toHaveProperty("access_token");
});

test("the header is believed only from a trusted relay: a caller forging it is limited at its own address", async () => {
  const port = Number(new URL(svc.origin).port);
  for (let i = 0; i < GRANT_FAILURES_PER_ADDRESS; i++) {
    await grant("127.0.0.4", port, "/test/token", `forged-${i}`, "nope", { [CLIENT_ADDRESS_HEADER]: `10.0.0.${i}` });
  }
  expect((await grant("127.0.0.4", port, "/test/token", "demo", "demo-secret", { [CLIENT_ADDRESS_HEADER]: "10.9.9.9" })).status).toBe(429);
});
