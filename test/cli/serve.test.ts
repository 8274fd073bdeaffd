// `docsheet serve` through the real bin, one process for the file: on --data-dir it listens on
// --port, prints its roots and the demo credentials, answers a token request, hands out share links
// that start with --public-url (not with the address the caller used), and stops on SIGTERM with
// exit code 0. The data dir holds a copy of the run's template store, which the service's own
// first start on an empty dir migrated and seeded (helpers/store-templates.ts): the same demo
// companies, without a second first start (about 9 s of CPU).
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { storeTemplate } from "../helpers/store-templates";
import { clientFor, simpleBody } from "../service/support";
import { BIN, REPO } from "./run";

jest.setTimeout(180_000);

let dataDir: string;
let child: ChildProcess;
let out = "";
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "docsheet-serve-"));
  const template = await storeTemplate("pglite");
  if (template) cpSync(template, join(dataDir, "pglite"), { recursive: true });
  child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--data-dir", dataDir, "--public-url", "https://books.example.test/", "--token-ttl", "600"], {
    cwd: REPO, stdio: ["ignore", "pipe", "pipe"],
  });
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /listening (\S+)[\s\S]*Ctrl\+C/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  child.removeAllListeners("exit");
});

afterAll(() => {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

it("starts the local service with --port, --data-dir and --token-ttl and says how to connect", async () => {
  // What a first run needs to connect: the roots, the token request and the demo credentials.
  expect(out).toContain(`Roots              ${url}/test and ${url}/v1`);
  expect(out).toContain(`Token              POST ${url}/test/token with a form body: grant_type=client_credentials, client_id, client_secret, scope=flowaccount-api`);
  expect(out).toContain("client id demo, secret demo-secret (Demo Co., Ltd.); client id other, secret other-secret (Other Co., Ltd.)");
  const res = await fetch(`${url}/test/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials&client_id=demo&client_secret=demo-secret&scope=flowaccount-api",
  });
  const body = (await res.json()) as { access_token?: string; token_type?: string; expires_in?: number };
  expect(typeof body.access_token).toBe("string");
  expect(body.expires_in).toBe(600);
});

it("hands out links that start with --public-url", async () => {
  const demo = await clientFor(`${url}/test`);
  const doc = (await demo.post("/quotations", simpleBody())).body.data;
  const share = await demo.post("/quotations/sharedocument", { documentId: doc.recordId });
  expect(share.body.data.link).toMatch(/^https:\/\/books\.example\.test\/share\/[A-Za-z0-9_-]{43}$/);
});

it("stops cleanly on SIGTERM", async () => {
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
});
