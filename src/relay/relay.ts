// The relay served with the add-in: /relay/<name>/<path> is forwarded to the configured service
// root <name>, so the task pane reaches the service from its own origin (the real service is not
// known to send CORS headers for an add-in's origin). It forwards only to the roots it was given,
// keeps nothing (no secret, no token, no body is stored or logged) and passes answers back as they are.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ENVIRONMENTS } from "../api/routes";

export type RelayRoots = Readonly<Record<string, string>>;

/** Request headers worth passing on; cookies, origin and hop-by-hop headers are not. */
const FORWARD_REQUEST = ["accept", "accept-language", "authorization", "content-type", "idempotency-key", "x-request-id"];
/** Answer headers the client needs (Retry-After for 429s, the type and name of a PDF). */
const FORWARD_ANSWER = ["content-type", "retry-after", "content-disposition", "x-request-id"];
/** Attachments are at most 10 files of 10 MB, base64: 150 MB covers them. */
export const MAX_BODY_BYTES = 150 * 1024 * 1024;

/**
 * The roots a relay serves: the three environments (local pointing at this machine's service), plus
 * DOCSHEET_RELAY_ROOTS="name=https://root,other=https://root2" for custom roots an admin allows.
 */
export function relayRoots(env: Record<string, string | undefined> = process.env, servicePort = 8787): RelayRoots {
  const roots: Record<string, string> = {
    local: `http://127.0.0.1:${servicePort}/test`,
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
  const parsed = new URL(url, "http://relay.invalid");
  if (!parsed.pathname.startsWith(`${prefix}/`)) return null;
  const rest = parsed.pathname.slice(prefix.length + 1);
  const slash = rest.indexOf("/");
  const name = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? "" : rest.slice(slash);
  if (!Object.prototype.hasOwnProperty.call(roots, name)) return null;
  return `${roots[name].replace(/\/+$/, "")}${path}${parsed.search}`;
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new RangeError("request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ status: false, message }));
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A connect-style middleware (webpack-dev-server, node:http) for the relay. */
export function createRelay(roots: RelayRoots, opts: { prefix?: string; fetch?: typeof fetch } = {}): Middleware {
  const prefix = opts.prefix ?? "/relay";
  const send = opts.fetch ?? fetch;
  return (req, res, next) => {
    if (!(req.url ?? "").startsWith(`${prefix}/`)) return next();
    const target = relayTarget(roots, req.url ?? "", prefix);
    if (!target) return answer(res, 404, "unknown relay root");
    void (async () => {
      let body: Buffer | undefined;
      try {
        body = await readBody(req);
      } catch {
        return answer(res, 413, "request body too large");
      }
      const headers: Record<string, string> = {};
      for (const name of FORWARD_REQUEST) {
        const v = req.headers[name];
        if (typeof v === "string") headers[name] = v;
      }
      let upstream: Response;
      try {
        upstream = await send(target, { method: req.method, headers, body: body ? new Uint8Array(body) : undefined, redirect: "manual" });
      } catch {
        return answer(res, 502, "the service could not be reached");
      }
      const out: Record<string, string> = { "cache-control": "no-store" };
      for (const name of FORWARD_ANSWER) {
        const v = upstream.headers.get(name);
        if (v !== null) out[name] = v;
      }
      res.writeHead(upstream.status, out);
      res.end(Buffer.from(await upstream.arrayBuffer()));
    })().catch(() => {
      if (!res.headersSent) answer(res, 502, "relay failure");
      else res.destroy();
    });
  };
}
