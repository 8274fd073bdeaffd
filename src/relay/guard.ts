// The Host/Origin guard of the deployment server, as `npm start` has webpack-dev-server's: a page on
// attacker.example whose name is rebound to this server (DNS rebinding), or a cross-site page, must
// not reach the relay, which would answer it with the service's tokens and data. Only the server's
// own names are served (loopback, IP addresses, ADDIN_PUBLIC_URL's host, ADDIN_ALLOWED_HOSTS), and a
// browser's Origin must be one of them too.
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostnameOf, isAllowedHost, parseHostList } from "../service/http/host-guard";
import type { Middleware } from "./relay";

/** The host names a deployment answers to: ADDIN_PUBLIC_URL's and ADDIN_ALLOWED_HOSTS (comma-separated). */
export function allowedHostsOf(env: Record<string, string | undefined> = process.env): string[] {
  const hosts = parseHostList(env.ADDIN_ALLOWED_HOSTS);
  try {
    if (env.ADDIN_PUBLIC_URL) hosts.push(new URL(env.ADDIN_PUBLIC_URL).hostname.toLowerCase());
  } catch {
    // not a URL: no host from it
  }
  return hosts;
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function refuse(res: ServerResponse, message: string): void {
  res.writeHead(403, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ status: false, message, code: 403, data: null }));
}

/** Why a request (or a relay socket's upgrade) is refused: it names another host, or was sent by a
 * page of another origin; undefined when it may go on. */
export function refusalOf(req: IncomingMessage, allowed: readonly string[]): string | undefined {
  const host = hostnameOf(req.headers.host);
  if (host === undefined || !isAllowedHost(host, allowed)) {
    return `Host "${(req.headers.host ?? "").slice(0, 100)}" is not allowed: open the add-in at its own address, or allow the host with ADDIN_ALLOWED_HOSTS`;
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== "null") {
    const from = originHost(origin);
    if (from === undefined || !isAllowedHost(from, allowed)) return "Requests from other sites are not allowed";
  } else if (origin === "null" || (req.headers["sec-fetch-site"] === "cross-site" && req.headers["sec-fetch-mode"] === "no-cors")) {
    return "Requests from other sites are not allowed";
  }
  return undefined;
}

/** Refuses (403 envelope) requests naming another host, or sent by a page of another origin. */
export function hostOriginGuard(allowed: readonly string[]): Middleware {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const why = refusalOf(req, allowed);
    if (why !== undefined) return refuse(res, why);
    next();
  };
}

/** Why a relay socket's upgrade is refused: as any request, and a browser's page must be of this
 * very origin (a WebSocket has no CORS to keep other pages' scripts from reading its answers). */
export function socketRefusalOf(req: IncomingMessage, allowed: readonly string[]): string | undefined {
  const why = refusalOf(req, allowed);
  if (why !== undefined) return why;
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  try {
    if (new URL(origin).host.toLowerCase() === (req.headers.host ?? "").toLowerCase()) return undefined;
  } catch {
    // not a URL: refused below
  }
  return "Requests from other sites are not allowed";
}
