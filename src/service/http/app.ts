// The HTTP application: request id, Host guard, CORS, answer delay, bearer auth, rate limit, the
// route modules under both roots (/v1 and /test), and the envelope for unknown paths, malformed
// bodies and faults.
import { Hono } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { matchedRoutes } from "hono/route";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ServiceError, unauthorized, type Envelope } from "../envelope";
import { requestBodyLimit } from "./body-limit";
import type { AppEnv, Ctx, ServiceContext } from "./context";
import { FaultLog } from "./fault-log";
import { hostGuard } from "./host-guard";
import { serveOpenApiDocument } from "./openapi-doc";
import { RateLimiter } from "../auth/rate-limit";
import { registerTokenRoute } from "../routes/token";
import { registerRoutes } from "../routes";
import { registerPublicRoutes } from "../routes/public";

export const ROOTS = ["/v1", "/test"] as const;
/** Paths below a root that need no token. */
const PUBLIC_PATHS = new Set(["/token", "/openapi.json"]);

/** The add-in is served from localhost (dev server, preview page); other origins may be added by env. */
function allowedOrigin(origin: string): string | undefined {
  const extra = (process.env.DOCSHEET_CORS_ORIGINS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (extra.includes(origin)) return origin;
  return /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin) ? origin : undefined;
}

/** The pattern of the route a request matched ("/test/contacts/:id"): logs name it, never the path's values. */
function routeOf(c: Ctx): string {
  return matchedRoutes(c).filter((r) => r.method !== "ALL").at(-1)?.path ?? "(no route)";
}

function envelopeOf(err: unknown, c: Ctx, log: FaultLog): { status: number; body: Envelope<unknown>; headers: Record<string, string> } {
  if (err instanceof ServiceError) {
    return { status: err.httpStatus, body: { status: false, message: err.message, code: err.code, data: err.data }, headers: err.headers };
  }
  if (err instanceof HTTPException) {
    // hono raises these for malformed JSON or form bodies: the caller's fault, never a stack.
    const message = err.status === 400 ? "Malformed request body" : err.message || "Bad request";
    return { status: err.status, body: { status: false, message, code: err.status, data: null }, headers: {} };
  }
  const id = c.get("requestId");
  log.record({ requestId: id, method: c.req.method, route: routeOf(c), error: err });
  // The id lets a user quote the fault and a maintainer find its log line.
  return { status: 500, body: { status: false, message: `Internal server error (request id ${id})`, code: 500, data: null }, headers: {} };
}

export function createApp(ctx: ServiceContext): Hono<AppEnv> {
  const log = new FaultLog((line) => {
    if (!ctx.options.quiet) console.error(line);
  });
  const limiter = ctx.options.rateLimitPerMinute ? new RateLimiter(ctx.options.rateLimitPerMinute, ctx.options.rateLimitWindowMs) : undefined;

  const api = new Hono<AppEnv>();
  api.use("*", async (c, next) => {
    const path = c.req.path.replace(/^\/(v1|test)/, "");
    if (PUBLIC_PATHS.has(path) || c.req.method === "OPTIONS") return next();
    const header = c.req.header("authorization") ?? "";
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const principal = m ? await ctx.tokens.verify(m[1]) : undefined;
    if (!principal) throw unauthorized();
    if (limiter) {
      const wait = limiter.take(principal.tokenKey);
      if (wait > 0) throw new ServiceError(429, "Too Many Requests", 429, null, { "Retry-After": String(wait) });
    }
    c.set("principal", principal);
    return next();
  });
  registerTokenRoute(api, ctx);
  registerRoutes(api, ctx);
  serveOpenApiDocument(api, "/openapi.json", {
    openapi: "3.0.3",
    info: { title: "DocSheet local accounting service", version: "1.0.0", description: "Local implementation of the accounting document service interface" },
  });

  const app = new Hono<AppEnv>();
  app.use("*", requestId({ limitLength: 64 }));
  app.use("*", hostGuard(() => ctx.options.allowedHosts ?? []));
  app.use("*", (c, next) => {
    c.set("publicUrl", ctx.options.publicUrl);
    return next();
  });
  const corsMiddleware = cors({
    origin: (origin) => allowedOrigin(origin) ?? null,
    allowHeaders: ["Authorization", "Content-Type"],
    allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    exposeHeaders: ["Retry-After", "X-Request-Id"],
    maxAge: 600,
  });
  // Only browsers send Origin: other callers skip the CORS work (and keep the server's fast
  // path for answers nobody rewrites).
  app.use("*", (c, next) => (c.req.header("origin") ? corsMiddleware(c as never, next) : next()));
  app.use("*", requestBodyLimit()); // after CORS, so a browser can read the 413
  if (ctx.options.answerDelayMs) {
    const ms = ctx.options.answerDelayMs;
    app.use("*", async (_c, next) => {
      await new Promise((r) => setTimeout(r, ms));
      await next();
    });
  }
  registerPublicRoutes(app, ctx); // share pages and attachment downloads: outside the roots, no token
  for (const root of ROOTS) app.route(root, api);
  app.notFound((c) => c.json({ status: false, message: "Not Found", code: 404, data: null }, 404));
  const onError = (err: unknown, c: Ctx): Response => {
    const e = envelopeOf(err, c, log);
    return c.json(e.body, e.status as ContentfulStatusCode, e.headers);
  };
  api.onError(onError as never);
  app.onError(onError as never);
  return app;
}
