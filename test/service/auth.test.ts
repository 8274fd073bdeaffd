// Token endpoint, bearer auth (missing, wrong, expired), rate limit, CORS, and the envelope on
// malformed JSON and unknown paths, over real HTTP on PostgreSQL.
import { LOCAL_STORE, startTestService, oneStore, type TestService } from "../helpers/service";
import { Client as PgClient } from "pg";
import { GRANT_FAILURES_PER_ADDRESS, GRANT_FAILURES_PER_CLIENT } from "../../src/service/routes/token";
import { client, clientFor, DEMO, OTHER, tokenFor } from "./support";

jest.setTimeout(120_000);

describe.each(oneStore("postgres"))("auth and envelope (%s)", (store) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ store, tokenTtlSeconds: 2 });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

  it("issues a bearer token for client credentials in a form body, at both roots", async () => {
    for (const root of [svc.root, `${svc.origin}/v1`]) {
      const r = await fetch(`${root}/token`, form({ grant_type: "client_credentials", client_id: "demo", client_secret: "demo-secret", scope: "flowaccount-api" }));
      expect(r.status).toBe(200);
      const body = await r.json();
      expect(body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 2 });
      const a = await client(root, body.access_token).get("/company/info");
      expect(a.body.data.compnayName).toBe("Demo Co., Ltd.");
    }
  });

  it("answers wrong credentials with HTTP 200 and error invalid_client, as the real service", async () => {
    const attempts: Record<string, string>[] = [
      { grant_type: "client_credentials", client_id: "demo", client_secret: "wrong" },
      { grant_type: "client_credentials", client_id: "nobody", client_secret: "demo-secret" },
      { grant_type: "client_credentials" },
    ];
    for (const fields of attempts) {
      const r = await fetch(`${svc.root}/token`, form(fields));
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ error: "invalid_client" });
    }
    const r = await fetch(`${svc.root}/token`, form({ grant_type: "password", client_id: "demo", client_secret: "demo-secret" }));
    expect(await r.json()).toEqual({ error: "unsupported_grant_type" });
  });

  it("refuses a missing, malformed, unknown or expired token with HTTP 401 in the envelope", async () => {
    const unauthorized = { status: false, message: "Unauthorized", code: 401, data: null };
    const headerSets: Record<string, string>[] = [{}, { authorization: "Basic abc" }, { authorization: "Bearer not-a-token" }, { authorization: "Bearer" }];
    for (const headers of headerSets) {
      const r = await fetch(`${svc.root}/quotations`, { headers });
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual(unauthorized);
    }
    const token = await tokenFor(svc.root, DEMO);
    expect((await client(svc.root, token).get("/contacts")).http).toBe(200);
    await new Promise((r) => setTimeout(r, 2_300));
    const expired = await client(svc.root, token).get("/contacts");
    expect(expired.http).toBe(401);
    expect(expired.body).toEqual(unauthorized);
  });

  it("answers malformed JSON, unknown paths and non-numeric ids with the envelope", async () => {
    const api = await clientFor(svc.root);
    const bad = await api.raw("/tax-invoices", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(bad.http).toBe(400);
    expect(bad.body).toMatchObject({ status: false, code: 207400, message: "The request body is not valid JSON" });
    for (const path of ["/no-such-thing", "/tax-invoices/abc", "/tax-invoices/999999"]) {
      const a = await api.get(path);
      expect(a.http).toBe(404);
      expect(a.body.status).toBe(false);
      expect(typeof a.body.message).toBe("string");
      expect(JSON.stringify(a.body)).not.toMatch(/at .*\.ts:\d+/);
    }
    const outside = await fetch(`${svc.origin}/elsewhere`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({ status: false, message: "Not Found", code: 404, data: null });
    const notObject = await api.post("/quotations", [1, 2]);
    expect(notObject.http).toBe(400);
    expect(notObject.body.message).toBe("The request body must be a JSON object");
  });

  it("sends CORS headers for the add-in's origin and answers preflight requests", async () => {
    const pre = await fetch(`${svc.root}/tax-invoices`, {
      method: "OPTIONS",
      headers: { origin: "https://localhost:3000", "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
    expect((pre.headers.get("access-control-allow-headers") ?? "").toLowerCase()).toContain("authorization");
    const r = await fetch(`${svc.root}/token`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("serves an OpenAPI document generated from the shared schemas at both roots", async () => {
    for (const root of [svc.root, `${svc.origin}/v1`]) {
      const r = await fetch(`${root}/openapi.json`);
      expect(r.status).toBe(200);
      const doc = await r.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
        "/token", "/tax-invoices", "/tax-invoices/inline", "/tax-invoices/{id}", "/tax-invoices/{id}/status/{statusId}",
        "/purchase-orders", "/purchases-orders", "/contacts", "/company/info", "/bank-channel/petty-cash",
      ]));
      const create = doc.paths["/tax-invoices"].post.requestBody.content["application/json"].schema;
      expect(JSON.stringify(create)).toContain("publishedOn");
      // The list query, one parameter per field; the path parameters of a document route.
      const query = doc.paths["/tax-invoices"].get.parameters as Array<{ name: string; in: string; required: boolean }>;
      expect(query).toEqual(expect.arrayContaining([
        expect.objectContaining({ name: "pageSize", in: "query", required: false }),
        expect.objectContaining({ name: "startDate", in: "query" }),
      ]));
      expect(doc.paths["/tax-invoices/{id}/status/{statusId}"].post.parameters).toEqual(expect.arrayContaining([
        expect.objectContaining({ name: "id", in: "path", required: true }),
        expect.objectContaining({ name: "statusId", in: "path", required: true }),
      ]));
    }
  });

  // The expired-token test above waited past the 2 s lifetime: the next grant purges them.
  if (store === "postgres") {
    it("purges expired tokens, so the store holds the live ones only", async () => {
      const pg = new PgClient({ connectionString: svc.databaseUrl });
      await pg.connect();
      try {
        const count = async (where: string) => Number((await pg.query(`select count(*) as n from access_tokens where ${where}`)).rows[0].n);
        await tokenFor(svc.root, DEMO);
        await new Promise((r) => setTimeout(r, 2_100));
        expect(await count("expires_at < now()")).toBeGreaterThan(0);
        await tokenFor(svc.root, DEMO);
        expect(await count("expires_at < now()")).toBe(0);
        expect(await count("true")).toBe(1);
      } finally {
        await pg.end();
      }
    });
  }

  // A real fault: the products table vanishes under the running service, on PostgreSQL, which the
  // test can reach from outside (and put back). The answer is the envelope with HTTP 500, never a
  // stack trace.
  if (store === "postgres") {
    it("answers a fault with the envelope and HTTP 500", async () => {
      const pg = new PgClient({ connectionString: svc.databaseUrl });
      await pg.connect();
      const api = await clientFor(svc.root);
      try {
        await pg.query("alter table products rename to products_gone");
        const a = await api.get("/products");
        expect(a.http).toBe(500);
        expect(a.body).toEqual({ status: false, message: expect.stringMatching(/^Internal server error \(request id [\w-]+\)$/), code: 500, data: null });
      } finally {
        await pg.query("alter table products_gone rename to products");
        await pg.end();
      }
      expect((await api.get("/products")).http).toBe(200);
    });
  }
});

// The budget is kept in memory, whatever the store: one store is enough.
describe("rate limit", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ store: LOCAL_STORE, rateLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it("answers 429 with Retry-After past the requests allowed per minute for a token", async () => {
    const api = await clientFor(svc.root);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await api.get("/company/info")).http);
    expect(codes).toEqual([200, 200, 200, 429]);
    const last = await api.get("/company/info");
    expect(last.http).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.body).toMatchObject({ status: false, code: 429 });
    // Another token has its own budget.
    expect((await (await clientFor(svc.root)).get("/company/info")).http).toBe(200);
  });

  // Last in the file: it leaves this service's address without grants for a minute.
  it("limits failed grants per client id and per address (429, Retry-After), never good grants", async () => {
    const grant = (id: string, secret: string) => fetch(`${svc.root}/token`, {
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: id, client_secret: secret }),
    });
    const statuses = async (n: number, id: (i: number) => string) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await grant(id(i), "wrong")).status);
      return out;
    };
    expect(await statuses(GRANT_FAILURES_PER_CLIENT, () => "other")).toEqual(Array(GRANT_FAILURES_PER_CLIENT).fill(200));
    // The client id is locked, even for its right secret (which would tell the guesser it is right).
    const locked = await grant(OTHER.id, OTHER.secret);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await locked.json()).toEqual({ status: false, message: "Too Many Requests", code: 429, data: null });
    // Another client id from the same address is granted at once: failures are what count.
    for (let i = 0; i < 5; i++) expect((await (await grant(DEMO.id, DEMO.secret)).json()).access_token).toEqual(expect.any(String));
    // Guessing across client ids meets the address's limit.
    const spread = await statuses(GRANT_FAILURES_PER_ADDRESS - GRANT_FAILURES_PER_CLIENT + 1, (i) => `guess-${i}`);
    expect(spread.at(-1)).toBe(429);
    expect(spread.slice(0, -1).every((s) => s === 200)).toBe(true);
    const blocked = await grant(DEMO.id, DEMO.secret);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
