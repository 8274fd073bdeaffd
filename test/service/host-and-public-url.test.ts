// The Host header over real HTTP: links the service hands out (share pages, attachments) start with
// the configured public URL whatever Host a caller sends, and a request naming a host that is not
// the service's own is refused (DNS-rebinding guard), while loopback names, IP addresses, the public
// URL's host and allowed hosts are served, also through the add-in's relay.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRelay } from "../../src/relay/relay";
import { makePng } from "../fixtures/files/make";
import { LOCAL_STORE, startTestService, type TestService } from "../helpers/service";
import { DEMO, clientFor, simpleBody, type Client } from "./support";

jest.setTimeout(180_000);

const PUBLIC_URL = "https://docs.example.test/books";
const ENV_PUBLIC_URL = "http://ledger.example.test:8080";

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** One request with the Host header set by hand (fetch does not let a caller choose it). */
function withHost(url: string, host: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: { ...init.headers, host } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // a page or a file: the text itself
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

const tokenForm = new URLSearchParams({ grant_type: "client_credentials", client_id: DEMO.id, client_secret: DEMO.secret, scope: "flowaccount-api" }).toString();
const askToken = (root: string, host: string) =>
  withHost(`${root}/token`, host, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: tokenForm });

let svc: TestService; // --public-url and --allowed-hosts on the command line
let envSvc: TestService; // DOCSHEET_PUBLIC_URL and DOCSHEET_ALLOWED_HOSTS in the environment
let demo: Client;

beforeAll(async () => {
  // The environment is given to the child itself: startTestService prepares a store before it
  // spawns, so changing process.env around the call would be undone before the child sees it.
  envSvc = await startTestService({ store: LOCAL_STORE, env: { DOCSHEET_PUBLIC_URL: ENV_PUBLIC_URL, DOCSHEET_ALLOWED_HOSTS: ".corp.example.test, nas.example.test" } });
  svc = await startTestService({ store: LOCAL_STORE, args: ["--public-url", `${PUBLIC_URL}/`, "--allowed-hosts", "lan-box.example.test"] });
  demo = await clientFor(svc.root);
});
afterAll(async () => {
  await Promise.all([svc?.stop(), envSvc?.stop()]);
});

describe("Host guard", () => {
  it.each([
    ["attacker.example", "/test/token"],
    ["attacker.example:8787", "/test/openapi.json"],
    ["localhost.attacker.example", "/share/abc"],
    ["docs.example.test.attacker.example", "/test/company/info"],
  ])("refuses Host %s with a 403 envelope (%s)", async (host, path) => {
    const a = path === "/test/token" ? await askToken(svc.root, host) : await withHost(`${svc.origin}${path}`, host);
    expect(a.status).toBe(403);
    expect(a.body).toEqual({ status: false, message: expect.stringMatching(new RegExp(`^Host "${host.replace(/\./g, "\\.")}" is not allowed`)), code: 403, data: null });
  });

  it("never gives a token to a rebound page, even with the right credentials", async () => {
    const a = await askToken(svc.root, "attacker.example");
    expect(JSON.stringify(a.body)).not.toContain("access_token");
  });

  it.each([
    "localhost", "localhost:8787", "127.0.0.1", "[::1]:8787", "LOCALHOST:3000", "addin.localhost",
    "192.168.1.20:8787", "docs.example.test", "lan-box.example.test:9000",
  ])("serves Host %s", async (host) => {
    const a = await askToken(svc.root, host);
    expect(a.status).toBe(200);
    expect(typeof a.body.access_token).toBe("string");
  });

  it("serves the hosts of DOCSHEET_PUBLIC_URL and DOCSHEET_ALLOWED_HOSTS (a leading dot allows subdomains)", async () => {
    for (const host of ["ledger.example.test:8080", "corp.example.test", "books.corp.example.test", "nas.example.test"]) {
      expect((await askToken(envSvc.root, host)).status).toBe(200);
    }
    expect((await askToken(envSvc.root, "nas2.example.test")).status).toBe(403);
    expect((await askToken(envSvc.root, "lan-box.example.test")).status).toBe(403);
  });

  it("answers every request with an X-Request-Id", async () => {
    const a = await demo.get("/company/info");
    expect(a.headers.get("x-request-id")).toMatch(/^[\w-]{8,64}$/);
  });
});

describe("links use the public URL", () => {
  it("share links, whatever Host the caller sent", async () => {
    const doc = (await demo.post("/quotations", simpleBody())).body.data;
    const token = (await askToken(svc.root, "localhost:1234")).body.access_token;
    const a = await withHost(`${svc.root}/quotations/sharedocument`, "localhost:1234", {
      method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ documentId: doc.recordId }),
    });
    expect(a.status).toBe(200);
    const link: string = a.body.data.link;
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/share/[A-Za-z0-9_-]{43}$`));
    // The page behind it is the service's: the proxy at the public URL strips /books.
    const page = await fetch(`${svc.origin}${new URL(link).pathname.replace(/^\/books/, "")}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(doc.documentSerial);
  });

  it("attachment URLs", async () => {
    const doc = (await demo.post("/quotations", simpleBody())).body.data;
    const a = await demo.post(`/quotations/${doc.recordId}/attachment/base64`, { fileName: "scan.png", base64Data: makePng().toString("base64") });
    expect(a.http).toBe(200);
    const path: string = a.body.data[0].attachmentPath;
    expect(path).toMatch(new RegExp(`^${PUBLIC_URL}/attachments/[A-Za-z0-9_-]{32}/scan\\.png$`));
    expect((await demo.get(`/quotations/${doc.recordId}`)).body.data.list[0].attachments[0].attachmentPath).toBe(path);
  });

  it("DOCSHEET_PUBLIC_URL when no --public-url is given", async () => {
    const envDemo = await clientFor(envSvc.root);
    const doc = (await envDemo.post("/quotations", simpleBody())).body.data;
    const link: string = (await envDemo.post("/quotations/sharedocument", { documentId: doc.recordId })).body.data.link;
    expect(link).toMatch(new RegExp(`^${ENV_PUBLIC_URL}/share/[A-Za-z0-9_-]{43}$`));
  });
});

describe("the add-in's relay in front of the guarded service", () => {
  let relayServer: Server;
  let relayOrigin: string;
  beforeAll(async () => {
    const relay = createRelay({ local: svc.root });
    relayServer = createServer((req, res) => relay(req, res, () => res.writeHead(404).end()));
    await new Promise<void>((r) => relayServer.listen(0, "127.0.0.1", r));
    relayOrigin = `http://127.0.0.1:${(relayServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => relayServer.close(() => r())));

  it("reaches the service whatever Host the page used: the relay sends the service's own", async () => {
    for (const host of ["localhost:3000", "addin.example.test:3000"]) {
      const t = await askToken(`${relayOrigin}/relay/local`, host);
      expect(t.status).toBe(200);
      const info = await withHost(`${relayOrigin}/relay/local/company/info`, host, { headers: { authorization: `Bearer ${t.body.access_token}` } });
      expect(info.status).toBe(200);
      expect(info.body.data).toMatchObject({ compnayName: "Demo Co., Ltd." });
    }
  });
});
