// The client secret and the access token never reach the user, whatever a server answers: a token
// endpoint that echoes the whole request form (in a 200 {error}, a 400 text, a 401 envelope) and a
// service that echoes the bearer header, over real HTTP against a throw-away server, through the
// client (the pane shows its errors) and through the `docsheet` command (its main in the worker's
// CLI runner, test/cli/runner.js: what it prints, with the secret from the option or the variable).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "../../src/api/client";
import { cliRunner } from "../cli/run";
import { sendJson, startTinyServer, type TinyServer } from "./helpers/http";

jest.setTimeout(120_000);

const docsheet = cliRunner();

/** The core is plain letters and digits: no spelling of the secret (raw, %-encoded, +-encoded, JSON) can hide it. */
const CORE = "Zq9vX7kPw3";
const SECRET = `${CORE}-é+/=&x y"z\\`;
const TOKEN = "tok-Hh4sT9aQ2m-echoed";

type Mode = "200 error echoes the form" | "400 text echoes the form" | "401 envelope echoes the form" | "service echoes the bearer header";
let mode: Mode;
let server: TinyServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-secrets-"));
  server = await startTinyServer((req, res) => {
    const isToken = req.url?.endsWith("/token");
    if (mode === "200 error echoes the form" && isToken) return sendJson(res, 200, { error: `invalid_request: ${req.body}` });
    if (mode === "400 text echoes the form" && isToken) {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end(`could not read ${req.body} (client_secret=${new URLSearchParams(req.body).get("client_secret") ?? ""})`);
      return;
    }
    if (mode === "401 envelope echoes the form" && isToken) {
      return sendJson(res, 401, { status: false, message: `refused form ${req.body}`, code: 401, data: { validationErrors: [req.body] } });
    }
    if (isToken) return sendJson(res, 200, { access_token: TOKEN, token_type: "Bearer", expires_in: 3600 });
    // The service answers a request by quoting its headers and the token in several spellings.
    return sendJson(res, 400, {
      status: false,
      message: `bad request with authorization: ${req.headers.authorization}; {"access_token":"${TOKEN}"} access_token=${encodeURIComponent(TOKEN)}`,
      code: 400,
      data: { findings: [{ path: `token ${TOKEN}`, message: `secret ${SECRET}` }] },
    });
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const MODES: Mode[] = ["200 error echoes the form", "400 text echoes the form", "401 envelope echoes the form", "service echoes the bearer header"];

function expectClean(text: string): void {
  expect(text).not.toContain(CORE);
  expect(text).not.toContain("Hh4sT9aQ2m");
}

describe.each(MODES)("%s", (m) => {
  beforeEach(() => {
    mode = m;
  });

  it("the client's error carries neither the secret nor the token", async () => {
    const lines: string[] = [];
    const client = createClient({ root: `${server.url}/test`, clientId: "me", clientSecret: SECRET, maxRetries: 0, logger: (l) => lines.push(l) });
    const err = (await client.documents("quotations").list().catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    // The message still says what happened.
    expect(err.message).toMatch(m.startsWith("service") ? /bad request/ : /form|could not read|invalid_request/);
    expectClean(`${err.message}\n${JSON.stringify(err)}\n${lines.join("\n")}`);
  });

  it.each([
    ["--client-secret", (root: string) => ["--client-secret", SECRET, "--base-url", root], {}],
    ["DOCSHEET_CLIENT_SECRET", (root: string) => ["--base-url", root], { DOCSHEET_CLIENT_SECRET: SECRET }],
  ] as const)("the docsheet command prints neither (secret from %s)", async (_how, args, env) => {
    const r = await docsheet(["pull", "quotations", "--client-id", "me", ...args(`${server.url}/test`), "--out", join(dir, "out.xlsx")], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot pull/);
    expectClean(`${r.stdout}\n${r.stderr}`);
  });
});
