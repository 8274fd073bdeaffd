// DNS-rebinding guard, as local dev servers (webpack-dev-server, Vite) have one: a web page on
// attacker.example whose name is made to resolve to 127.0.0.1 could otherwise call the service with
// the well-known demo credentials and read the answers. Its requests still name attacker.example in
// Host, so only the service's own names are served: loopback names, IP addresses (no DNS name to
// rebind), the public URL's host, the host it listens on, and hosts an admin allows. The port is not
// checked: the attacker controls the name, not the port, and port forwarding changes the port.
import { isIP } from "node:net";
import type { MiddlewareHandler } from "hono";
import { ServiceError } from "../envelope";

/** The host name of a Host header ("Example.COM:8787" → "example.com", "[::1]:80" → "[::1]"). */
export function hostnameOf(hostHeader: string | undefined): string | undefined {
  // Anything beyond host[:port] (a path, credentials) is not a Host header.
  if (!hostHeader || /[/?#@\\\s]/.test(hostHeader)) return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

/** Host names from a comma-separated list (DOCSHEET_ALLOWED_HOSTS, --allowed-hosts); ".example.com" allows subdomains too. */
export function parseHostList(text: string | undefined): string[] {
  return (text ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean);
}

export function isAllowedHost(hostname: string, allowed: readonly string[]): boolean {
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true; // browsers resolve these to loopback themselves
  if (isIP(hostname.replace(/^\[(.*)\]$/, "$1"))) return true;
  return allowed.some((a) => (a.startsWith(".") ? hostname === a.slice(1) || hostname.endsWith(a) : hostname === a));
}

/** Refuses (403 envelope) a request whose Host is not one of the service's own names. */
export function hostGuard(allowed: () => readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header("host");
    const hostname = hostnameOf(header);
    if (hostname === undefined || !isAllowedHost(hostname, allowed())) {
      const shown = (header ?? "").slice(0, 100);
      throw new ServiceError(403, `Host "${shown}" is not allowed: open the service at its own address, or allow the host with --allowed-hosts or DOCSHEET_ALLOWED_HOSTS`, 403, null);
    }
    await next();
  };
}
