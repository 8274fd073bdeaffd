// The client's decisions on answers the local service cannot be made to give (5xx, token errors as
// HTTP 200, dropped connections, timeouts), over real HTTP against a throw-away server.
import { freePort } from "../helpers/free-port";
import { createClient, type ClientOptions } from "../../src/api/client";
import {
  ApiError, AuthError, BadRequestError, CancelledError, NetworkError, NotFoundError, OutcomeUnknownError, RateLimitError,
  ServerError, UnsupportedOperationError, ValidationError, WrongCredentialsError, isServiceUnreachable,
} from "../../src/api/errors";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { envelope, sendJson, startTinyServer, type TinyServer } from "./helpers/http";
import type { PartialReceiptUpdateBody, PaymentBody, UpdateDocumentBody, WithPaymentDocumentBody } from "../../src/rules/schemas/bodies";

/** These tests are of the transport: the body is sent and never read, so any body stands in. */
const ANY_BODY = {} as WithPaymentDocumentBody & UpdateDocumentBody & PartialReceiptUpdateBody & PaymentBody;

const SECRET = "s3cr3t-value-xyz";
let server: TinyServer;
/** Per-test answer for non-token paths. */
let answer: (req: { method: string; url: string; body: string; n: number }, res: import("node:http").ServerResponse) => void;
let tokenAnswer: (n: number, res: import("node:http").ServerResponse) => void;
let tokenCount = 0;
let callCount = 0;

beforeAll(async () => {
  server = await startTinyServer((req, res) => {
    if (req.url?.endsWith("/token")) return tokenAnswer(++tokenCount, res);
    answer({ method: req.method ?? "", url: req.url ?? "", body: req.body, n: ++callCount }, res);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  tokenCount = 0;
  callCount = 0;
  server.requests.length = 0;
  tokenAnswer = (n, res) => sendJson(res, 200, { access_token: `tok-${n}-abcdef`, token_type: "Bearer", expires_in: 3600 });
});

const sleeps: number[] = [];
const lines: string[] = [];
function client(extra: Partial<ClientOptions> = {}) {
  sleeps.length = 0;
  lines.length = 0;
  return createClient({
    root: `${server.url}/test`,
    clientId: "me",
    clientSecret: SECRET,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    logger: (l) => lines.push(l),
    ...extra,
  });
}
const doc = { recordId: 7, documentSerial: "QT1", statusString: "awaiting" };

function expectNoSecrets(err: unknown) {
  const text = `${String((err as Error).message)} ${JSON.stringify(err)} ${lines.join("\n")}`;
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/tok-\d+-abcdef/);
}

describe("token", () => {
  it("sends the client-credentials form and caches the token", async () => {
    answer = (_r, res) => sendJson(res, 200, envelope(doc));
    const c = client();
    await c.documents("quotations").get(7);
    await c.documents("quotations").get(7);
    expect(tokenCount).toBe(1);
    const tokenReq = server.requests.find((r) => r.url === "/test/token")!;
    expect(tokenReq.method).toBe("POST");
    expect(tokenReq.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(tokenReq.body))).toEqual({
      grant_type: "client_credentials", client_id: "me", client_secret: SECRET, scope: "flowaccount-api",
    });
    const getReq = server.requests.find((r) => r.url === "/test/quotations/7")!;
    expect(getReq.headers.authorization).toBe("Bearer tok-1-abcdef");
  });

  it("turns HTTP 200 {error: invalid_client} into 'wrong client id or secret'", async () => {
    tokenAnswer = (_n, res) => sendJson(res, 200, { error: "invalid_client" });
    const err = await client().testConnection().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WrongCredentialsError);
    expect((err as Error).message).toBe("wrong client id or secret");
    expectNoSecrets(err);
  });

  it("also when the token endpoint answers 400/401 with invalid_client", async () => {
    tokenAnswer = (_n, res) => sendJson(res, 401, { error: "invalid_client" });
    await expect(client().testConnection()).rejects.toBeInstanceOf(WrongCredentialsError);
  });

  it("renews shortly before expiry", async () => {
    let t = 1_000_000;
    tokenAnswer = (n, res) => sendJson(res, 200, { access_token: `tok-${n}-abcdef`, expires_in: 100 });
    answer = (_r, res) => sendJson(res, 200, envelope(doc));
    const c = client({ now: () => t });
    await c.documents("quotations").get(7);
    t += 85_000; // within the 10 s margin of a 100 s token
    await c.documents("quotations").get(7);
    expect(tokenCount).toBe(1);
    t += 6_000;
    await c.documents("quotations").get(7);
    expect(tokenCount).toBe(2);
  });

  it("shares one token request among parallel calls", async () => {
    answer = (_r, res) => sendJson(res, 200, envelope(doc));
    const c = client();
    await Promise.all(Array.from({ length: 10 }, () => c.documents("quotations").get(7)));
    expect(tokenCount).toBe(1);
  });

  it("fetches a new token once on a 401, then gives up with AuthError", async () => {
    answer = (r, res) => (r.n === 1 ? sendJson(res, 401, { message: "Unauthorized" }) : sendJson(res, 200, envelope(doc)));
    const c = client();
    await expect(c.documents("quotations").get(7)).resolves.toMatchObject({ recordId: 7 });
    expect(tokenCount).toBe(2);
    answer = (_r, res) => sendJson(res, 401, { message: "Unauthorized" });
    tokenCount = 0;
    const err = await c.documents("quotations").get(7).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(tokenCount).toBe(1);
    expectNoSecrets(err);
  });
});

describe("answers", () => {
  it("turns status false into ValidationError with code, validationErrors and findings", async () => {
    answer = (_r, res) =>
      sendJson(res, 200, {
        status: false, message: "One or more validation errors occurred.", code: 207400,
        data: { validationErrors: ["a", "b"], findings: [{ path: "items.0.total", message: "a" }] },
      });
    const err = (await client().documents("quotations").create(ANY_BODY).catch((e: unknown) => e)) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.message).toBe("One or more validation errors occurred.");
    expect(err.code).toBe(207400);
    expect(err.validationErrors).toEqual(["a", "b"]);
    expect(err.findings).toEqual([{ path: "items.0.total", message: "a" }]);
    expect(err.operation).toBe("quotations.create");
  });

  it("tells 400, 404 and other statuses apart", async () => {
    const c = client({ maxRetries: 0 });
    answer = (_r, res) => sendJson(res, 400, { status: false, message: "pageSize must not exceed 200", code: 400, data: null });
    await expect(c.documents("quotations").list({ pageSize: 500 })).rejects.toEqual(expect.any(BadRequestError));
    answer = (_r, res) => sendJson(res, 400, { status: false, message: "Contact is invalid", code: 207400, data: null });
    await expect(c.documents("quotations").create(ANY_BODY)).rejects.toEqual(expect.any(ValidationError));
    answer = (_r, res) => sendJson(res, 404, { status: false, message: "Not Found", code: 404, data: null });
    await expect(c.documents("quotations").get(9)).rejects.toEqual(expect.any(NotFoundError));
    answer = (_r, res) => sendJson(res, 415, { message: "Unsupported Media Type" });
    const err = (await c.documents("quotations").get(9).catch((e: unknown) => e)) as ApiError;
    expect(err.constructor).toBe(ApiError);
    expect(err.httpStatus).toBe(415);
    answer = (_r, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>hi</html>");
    };
    await expect(c.documents("quotations").get(9)).rejects.toThrow(/not the service's JSON envelope/);
  });

  it("reads one record from data or data.list[0]; an empty list is NotFound", async () => {
    const c = client();
    answer = (_r, res) => sendJson(res, 200, envelope({ list: [doc], total: 1 }));
    await expect(c.documents("quotations").get(7)).resolves.toEqual(doc);
    answer = (_r, res) => sendJson(res, 200, envelope(doc));
    await expect(c.documents("quotations").get(7)).resolves.toEqual(doc);
    answer = (_r, res) => sendJson(res, 200, envelope({ list: [], total: 0 }));
    await expect(c.documents("quotations").get(7)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses an operation the family lacks, without a request", async () => {
    const q = client().documents("quotations");
    expect(q.has("payment")).toBe(false);
    const err = await q.pay(1, ANY_BODY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsupportedOperationError);
    expect((err as Error).message).toBe("quotations have no payment operation");
    await expect(q.createWithPayment(ANY_BODY)).rejects.toBeInstanceOf(UnsupportedOperationError);
    await expect(client().documents("tax-invoices").updatePartialReceipt(1, ANY_BODY)).rejects.toBeInstanceOf(UnsupportedOperationError);
    expect(server.requests).toHaveLength(0);
  });

  it("sends a multipart upload with the field `file`", async () => {
    answer = (_r, res) => sendJson(res, 200, envelope([{ attachmentId: 1, attachmentName: "a.pdf" }]));
    const got = await client().documents("quotations").attach(3, { name: "a.pdf", type: "application/pdf", data: new TextEncoder().encode("%PDF-1.4 x") });
    expect(got).toEqual([{ attachmentId: 1, attachmentName: "a.pdf" }]);
    const req = server.requests.find((r) => r.url === "/test/quotations/3/attachment")!;
    expect(req.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.body).toContain('name="file"; filename="a.pdf"');
    expect(req.body).toContain("%PDF-1.4 x");
  });
});

describe("retries", () => {
  it("retries a read after 5xx with growing backoff", async () => {
    answer = (r, res) => (r.n <= 2 ? sendJson(res, 503, { message: "busy" }) : sendJson(res, 200, envelope(doc)));
    await expect(client().documents("quotations").get(7)).resolves.toMatchObject({ recordId: 7 });
    expect(callCount).toBe(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it("does not retry a create after 5xx: ServerError", async () => {
    answer = (_r, res) => sendJson(res, 500, { status: false, message: "db down", code: 500, data: null });
    const err = await client().documents("quotations").create(ANY_BODY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect((err as ServerError).retryable).toBe(false);
    expect(callCount).toBe(1);
  });

  it("gives up after maxRetries", async () => {
    answer = (_r, res) => sendJson(res, 502, { message: "bad gateway" });
    await expect(client({ maxRetries: 2 }).documents("quotations").get(7)).rejects.toBeInstanceOf(ServerError);
    expect(callCount).toBe(3);
  });

  it("honours Retry-After on 429, even for a create (a 429 is refused before any work)", async () => {
    answer = (r, res) =>
      r.n === 1 ? sendJson(res, 429, { message: "Too Many Requests" }, { "retry-after": "7" }) : sendJson(res, 200, envelope(doc));
    await expect(client().documents("quotations").create(ANY_BODY)).resolves.toMatchObject({ recordId: 7 });
    expect(callCount).toBe(2);
    expect(sleeps).toContain(7000);
  });

  it("reads Retry-After as an HTTP date", async () => {
    const at = new Date(Date.now() + 20_000).toUTCString();
    answer = (r, res) => (r.n === 1 ? sendJson(res, 429, {}, { "retry-after": at }) : sendJson(res, 200, envelope(doc)));
    await client().documents("quotations").get(7);
    expect(Math.max(...sleeps)).toBeGreaterThan(15_000);
    expect(Math.max(...sleeps)).toBeLessThanOrEqual(20_000);
  });

  it("throws RateLimitError with retryAfterMs when 429 persists", async () => {
    answer = (_r, res) => sendJson(res, 429, {}, { "retry-after": "2" });
    const err = (await client({ maxRetries: 1 }).documents("quotations").get(7).catch((e: unknown) => e)) as RateLimitError;
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfterMs).toBe(2000);
  });

  it("reports a create whose connection dropped as outcome unknown, sent once", async () => {
    answer = (_r, res) => res.socket?.destroy();
    const err = await client().documents("quotations").create({ ...ANY_BODY, contactName: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutcomeUnknownError);
    expect((err as Error).message).toMatch(/^outcome unknown/);
    expect(callCount).toBe(1);
    expectNoSecrets(err);
  });

  it("retries a read whose connection dropped", async () => {
    answer = (r, res) => (r.n === 1 ? res.socket?.destroy() : sendJson(res, 200, envelope(doc)));
    await expect(client().documents("quotations").get(7)).resolves.toMatchObject({ recordId: 7 });
    expect(callCount).toBe(2);
  });

  it("times out: NetworkError for a read, OutcomeUnknownError for a create", async () => {
    answer = () => {}; // never answers
    const c = client({ timeoutMs: 100, maxRetries: 1 });
    const read = await c.documents("quotations").get(7).catch((e: unknown) => e);
    expect(read).toBeInstanceOf(NetworkError);
    expect((read as Error).message).toMatch(/no answer within 100 ms/);
    expect(callCount).toBe(2);
    callCount = 0;
    await expect(c.documents("quotations").create(ANY_BODY)).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(callCount).toBe(1);
  });

  it("a refused connection is a NetworkError even for a create (nothing was sent), and says why", async () => {
    const port = await freePort(); // nothing listens on it
    const c = createClient({ root: `http://127.0.0.1:${port}/test`, clientId: "a", clientSecret: SECRET, maxRetries: 0 });
    const err = await c.documents("quotations").create(ANY_BODY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toMatch(/network failure \(ECONNREFUSED\)/);
    expectNoSecrets(err);
    // fetch refuses some ports (9 here) before connecting, with no code: its reason is told.
    const blocked = await createClient({ root: "http://127.0.0.1:9/test", clientId: "a", clientSecret: SECRET, maxRetries: 0 })
      .documents("quotations").create(ANY_BODY).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(NetworkError);
    expect((blocked as Error).message).toMatch(/network failure: fetch failed: bad port/);
  });

  it("tells a connection that keeps failing (the service gone) from a slow answer, and what surely was not sent", async () => {
    answer = (_r, res) => res.socket?.destroy();
    const dropped = await client({ maxRetries: 1 }).documents("quotations").get(7).catch((e: unknown) => e);
    expect(dropped).toMatchObject({ unreachable: true, notSent: false });
    expect(isServiceUnreachable(dropped)).toBe(true);
    answer = () => {};
    const slow = await client({ timeoutMs: 100, maxRetries: 1 }).documents("quotations").get(7).catch((e: unknown) => e);
    expect(slow).toMatchObject({ unreachable: false });
    expect(isServiceUnreachable(slow)).toBe(false);
    // A port nothing listens on (fetch blocks some, such as 9, before connecting).
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, "127.0.0.1", ok));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    const refused = await createClient({ root: `http://127.0.0.1:${port}/test`, clientId: "a", clientSecret: SECRET, maxRetries: 1, sleep: async () => {} })
      .documents("quotations").create(ANY_BODY).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/ECONNREFUSED/);
    expect(refused).toMatchObject({ unreachable: true, notSent: true });
  });

  it("a read dropped once and then refused may have reached the service: not marked as not sent", async () => {
    const gone = createServer((req, res) => {
      if (req.url?.endsWith("/token")) return sendJson(res, 200, { access_token: "tok-1-abcdef", expires_in: 3600 });
      res.socket?.destroy();
      gone.close();
      gone.closeAllConnections();
    });
    await new Promise<void>((ok) => gone.listen(0, "127.0.0.1", ok));
    const root = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/test`;
    const err = await createClient({ root, clientId: "a", clientSecret: SECRET, maxRetries: 2, sleep: async () => {} })
      .documents("quotations").update(7, ANY_BODY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toMatch(/ECONNREFUSED/);
    expect(err).toMatchObject({ unreachable: true, notSent: false });
  });

  it("cancels: CancelledError, marked outcome-unknown for a create in flight", async () => {
    // Cancelled once the service holds the request (a fixed wait raced the token's round trip on a
    // loaded machine, and a create cancelled before it was sent is rightly not outcome-unknown).
    let ctl = new AbortController();
    answer = () => ctl.abort();
    const c = client();
    const p = c.documents("quotations").create(ANY_BODY, { signal: ctl.signal });
    const err = (await p.catch((e: unknown) => e)) as CancelledError;
    expect(err).toBeInstanceOf(CancelledError);
    expect(err.outcomeUnknown).toBe(true);
    const ctl2 = (ctl = new AbortController());
    const p2 = c.documents("quotations").get(1, { signal: ctl2.signal });
    const err2 = (await p2.catch((e: unknown) => e)) as CancelledError;
    expect(err2).toBeInstanceOf(CancelledError);
    expect(err2.outcomeUnknown).toBe(false);
  });
});

describe("secrets", () => {
  it("never puts the secret or a token in messages or log lines, even when the service echoes them", async () => {
    answer = (_r, res) => sendJson(res, 400, { status: false, message: `bad secret ${SECRET} token tok-1-abcdef`, code: 1, data: null });
    const err = await client().documents("quotations").get(7).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as Error).message).toBe("bad secret *** token ***");
    expectNoSecrets(err);
    expect(lines.some((l) => l.includes("GET /quotations/7 → 400"))).toBe(true);
  });
});
