// The relay served with the add-in: /relay/<name>/<path> is forwarded to the configured service
// root <name>, so the task pane reaches the service from its own origin (the real service is not
// known to send CORS headers for an add-in's origin). It forwards only to the roots it was given,
// keeps nothing (no secret, no token, no body is stored or logged) and passes answers back as they are.
// Request bodies are streamed through, never held whole: six concurrent 120 MB uploads cost buffers,
// not 720 MB; past MAX_BODY_BYTES the upload is cut off with a 413.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import { Transform, type Readable } from "node:stream";
import { ENVIRONMENTS } from "../api/routes";
import { CLIENT_ADDRESS_HEADER } from "../service/http/client-address";

export type RelayRoots = Readonly<Record<string, string>>;

/** Request headers worth passing on; cookies, origin and hop-by-hop headers are not. */
export const FORWARD_REQUEST = ["accept", "accept-language", "authorization", "content-type", "idempotency-key", "x-request-id"];
/** Answer headers the client needs (Retry-After for 429s, the type and name of a PDF). */
export const FORWARD_ANSWER = ["content-type", "retry-after", "content-disposition", "x-request-id"];
/** Attachments are at most 10 files of 10 MB, base64: 150 MB covers them. */
export const MAX_BODY_BYTES = 150 * 1024 * 1024;
/** A body declared this small (a document, a list's answer) is read whole and sent on with its
 * headers in one write: a stream through a Transform made each create several writes. */
const WHOLE_BODY_BYTES = 64 * 1024;

/**
 * The roots a relay serves: the three environments (local pointing at this machine's service), plus
 * DOCSHEET_RELAY_ROOTS="name=https://root,other=https://root2" for custom roots an admin allows.
 * Without `local` (a deployment), this machine's service is reached only when an admin names it
 * in DOCSHEET_RELAY_ROOTS: a public relay must not hand out what listens on its loopback.
 */
export function relayRoots(env: Record<string, string | undefined> = process.env, servicePort = 8787, opts: { local?: boolean } = {}): RelayRoots {
  const roots: Record<string, string> = {
    ...(opts.local === false ? {} : { local: `http://127.0.0.1:${servicePort}/test` }),
    sandbox: ENVIRONMENTS.sandbox,
    production: ENVIRONMENTS.production,
  };
  for (const pair of (env.DOCSHEET_RELAY_ROOTS ?? "").split(",")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const root = pair.slice(at + 1).trim();
    if (/^[a-z0-9-]+$/i.test(name) && /^https?:\/\//.test(root)) roots[name] = root;
  }
  return roots;
}

/** "/relay/local/tax-invoices?x=1" → "http://127.0.0.1:8787/test/tax-invoices?x=1"; null if not a configured root. */
export function relayTarget(roots: RelayRoots, url: string, prefix = "/relay"): string | null {
  // Checked on the raw path: URL parsing would quietly resolve "..", "%2e%2e" and backslashes first.
  const rawPath = url.split("?")[0];
  if (/(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\\/i.test(rawPath)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, "http://relay.invalid");
  } catch {
    return null; // an absolute-form target that does not parse ("http://[")
  }
  if (!parsed.pathname.startsWith(`${prefix}/`)) return null;
  const rest = parsed.pathname.slice(prefix.length + 1);
  const slash = rest.indexOf("/");
  const name = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? "" : rest.slice(slash);
  if (!Object.prototype.hasOwnProperty.call(roots, name)) return null;
  return `${roots[name].replace(/\/+$/, "")}${path}${parsed.search}`;
}

/** The request body as a stream that fails once it passes `max` bytes (and marks `over`). */
function boundedBody(req: IncomingMessage, max: number, over: { hit: boolean }): Readable {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > max) {
        over.hit = true;
        done(new RangeError("request body too large"));
      } else done(null, chunk);
    },
  });
  req.on("error", (err) => counter.destroy(err));
  return req.pipe(counter);
}

export interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends the request on with node:http(s), the body piped through: fetch (undici, Node 20) keeps
 * every chunk of a streamed body until the answer, 120 MB per upload. Redirects are not followed.
 * `signal` drops the request (the relay socket's cancel). */
export function forward(target: string, method: string, headers: Record<string, string>, body: Readable | Buffer | undefined, signal?: AbortSignal): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const url = new URL(target);
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    let answered = false;
    const out = send(url, { method, headers, signal }, (res) => {
      // An answer while the body still streams (a 413, a 401) is the answer: the rest of the body is
      // not sent, and the broken pipe of a service that closes the connection is no failure.
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        if (!out.writableFinished) out.destroy(); // answered before the body was sent: the rest is not
        resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    out.on("error", (err) => (answered ? undefined : reject(err)));
    if (!body) return void out.end();
    if (Buffer.isBuffer(body)) return void out.end(body);
    body.on("error", (err) => (answered ? undefined : out.destroy(err)));
    // Each chunk is written after the loop's I/O of this turn (setImmediate): a service that
    // answers and closes (a 413 past its limit) has its answer read before the next write meets
    // its reset, which would otherwise end the request as a broken pipe, the answer unread.
    body.on("data", (chunk: Buffer) => {
      body.pause();
      setImmediate(() => {
        if (answered || out.destroyed) return;
        if (out.write(chunk)) body.resume();
        else out.once("drain", () => body.resume());
      });
    });
    body.on("end", () => setImmediate(() => (answered || out.destroyed ? undefined : out.end())));
  });
}

/** How long an early answer's connection waits for more of the upload before it is closed. */
const LINGER_IDLE_MS = 1000;

/** Reads and drops the rest of a request body, up to `max` bytes or until the client pauses for
 * LINGER_IDLE_MS (it stopped sending once answered), then calls `done` once. */
function dropRest(req: IncomingMessage, max: number, done: () => void): void {
  let size = 0;
  let called = false;
  let idle = setTimeout(() => finish(), LINGER_IDLE_MS);
  const finish = (): void => {
    if (called) return;
    called = true;
    clearTimeout(idle);
    req.removeListener("data", count);
    done();
  };
  const count = (chunk: Buffer): void => {
    size += chunk.length;
    clearTimeout(idle);
    idle = setTimeout(() => finish(), LINGER_IDLE_MS);
    if (size > max) finish();
  };
  req.unpipe();
  req.on("data", count);
  req.once("end", finish);
  req.once("close", finish);
  req.once("error", finish);
  req.resume();
}

/** A small body of a declared length, read whole. */
function wholeBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The service's answer headers the relay passes back. */
export function answerHeaders(upstream: Upstream): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORWARD_ANSWER) {
    const v = upstream.headers[name];
    if (typeof v === "string") out[name] = v;
  }
  return out;
}

/** A refusal of the relay's own, in the service's envelope. */
export function envelope(status: number, message: string): string {
  return JSON.stringify({ status: false, message, code: status, data: null });
}

/** The relay's refusals, in the service's envelope. */
function answer(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...(status === 413 ? { connection: "close" } : {}) });
  res.end(envelope(status, message));
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A connect-style middleware (webpack-dev-server, node:http) for the relay. */
export function createRelay(roots: RelayRoots, opts: { prefix?: string; maxBodyBytes?: number } = {}): Middleware {
  const prefix = opts.prefix ?? "/relay";
  const maxBody = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  return (req, res, next) => {
    if (!(req.url ?? "").startsWith(`${prefix}/`)) return next();
    const target = relayTarget(roots, req.url ?? "", prefix);
    if (!target) return answer(res, 404, "unknown relay root");
    const tooLarge = `request body too large: at most ${maxBody} bytes`;
    if (Number(req.headers["content-length"]) > maxBody) return answer(res, 413, tooLarge);
    void (async () => {
      const headers: Record<string, string> = {};
      for (const name of FORWARD_REQUEST) {
        const v = req.headers[name];
        if (typeof v === "string") headers[name] = v;
      }
      if (req.socket.remoteAddress) headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress;
      // A declared length goes on, so the service sees the upload as the client sent it (not chunked).
      const length = req.headers["content-length"];
      const chunked = req.headers["transfer-encoding"] !== undefined;
      const hasBody = req.method !== "GET" && req.method !== "HEAD" && (chunked || Number(length) > 0);
      if (hasBody && !chunked && length !== undefined) headers["content-length"] = length;
      const over = { hit: false };
      let upstream: Upstream;
      try {
        const small = hasBody && !chunked && Number(length) <= Math.min(WHOLE_BODY_BYTES, maxBody);
        const body = !hasBody ? undefined : small ? await wholeBody(req) : boundedBody(req, maxBody, over);
        upstream = await forward(target, req.method ?? "GET", headers, body);
      } catch {
        return over.hit ? answer(res, 413, tooLarge) : answer(res, 502, "the service could not be reached");
      }
      if (req.complete) {
        res.writeHead(upstream.status, { "cache-control": "no-store", ...answerHeaders(upstream) });
        return void res.end(upstream.body);
      }
      // Answered early: the answer goes out at once, and the rest of the upload is read and
      // dropped before the connection closes, or the client's writes would meet a reset that can
      // cost it the answer too.
      res.writeHead(upstream.status, { "cache-control": "no-store", connection: "close", ...answerHeaders(upstream) });
      res.write(upstream.body);
      dropRest(req, maxBody, () => res.end());
    })().catch(() => {
      if (!res.headersSent) answer(res, 502, "relay failure");
      else res.destroy();
    });
  };
}
