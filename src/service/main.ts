// Entry point of the local accounting service: startService() for other modules (CLI, npm start,
// tests), and a command line when run directly (prints one line "listening <url>").
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { createServer, type AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { openStore } from "./store/database";
import { seedDemoData } from "./store/seed";
import { TokenService } from "./auth/tokens";
import { createApp } from "./http/app";
import { answerClientErrors, keepIdleConnections } from "./http/client-errors";
import type { ServiceContext } from "./http/context";
import { ContactCache } from "./documents/contact-cache";
import { checkedPublicUrl, listeningUrl } from "./routes/public-links";
import { hostnameOf, parseHostList } from "./http/host-guard";
import { parseAddressList } from "./http/client-address";
import { closePdfRendering, configurePdfRendering } from "./exports/document-pdf";

export interface StartServiceOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  rateLimitPerMinute?: number;
  /** The window --rate-limit counts in (default 60,000 ms; tests shorten it). */
  rateLimitWindowMs?: number;
  answerDelayMs?: number;
  tokenTtlSeconds?: number;
  smtpUrl?: string;
  /** Time allowed for one PDF render (default 10 s; env DOCSHEET_PDF_BUDGET_MS). */
  pdfBudgetMs?: number;
  quiet?: boolean;
  /** What links start with (default DOCSHEET_PUBLIC_URL, else the listening address). */
  publicUrl?: string;
  /** Host names requests may name besides the service's own (added to DOCSHEET_ALLOWED_HOSTS). */
  allowedHosts?: string[];
  /** Addresses of relays whose client-address header is believed (DOCSHEET_TRUSTED_RELAYS). */
  trustedRelays?: string[];
}

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_TOKEN_TTL_SECONDS = 86_400;

export async function startService(opts: StartServiceOptions = {}): Promise<RunningService> {
  const host = opts.host ?? "127.0.0.1";
  const publicUrl = checkedPublicUrl(opts.publicUrl ?? process.env.DOCSHEET_PUBLIC_URL);
  const dataDir = resolve(opts.dataDir ?? ".data");
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = opts.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  await checkPortFree(opts.port ?? DEFAULT_PORT, host);
  const store = await openStore({ dataDir, databaseUrl });
  await seedDemoData(store.db);
  const tokenTtlSeconds = opts.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  configurePdfRendering({ budgetMs: opts.pdfBudgetMs ?? (Number(process.env.DOCSHEET_PDF_BUDGET_MS) || undefined) });
  const ctx: ServiceContext = {
    store,
    tokens: new TokenService(store.db, tokenTtlSeconds),
    contactCache: store.kind === "pglite" ? new ContactCache() : undefined,
    options: {
      tokenTtlSeconds,
      rateLimitPerMinute: opts.rateLimitPerMinute,
      rateLimitWindowMs: opts.rateLimitWindowMs,
      answerDelayMs: opts.answerDelayMs,
      smtpUrl: opts.smtpUrl ?? (process.env.SMTP_URL || undefined),
      quiet: opts.quiet ?? false,
      dataDir,
      publicUrl: publicUrl ?? listeningUrl(host, opts.port ?? DEFAULT_PORT),
      trustedRelays: opts.trustedRelays ?? parseAddressList(process.env.DOCSHEET_TRUSTED_RELAYS),
      allowedHosts: [
        ...parseHostList(process.env.DOCSHEET_ALLOWED_HOSTS),
        ...(opts.allowedHosts ?? []),
        hostnameOf(host.includes(":") ? `[${host}]` : host),
        ...(publicUrl ? [new URL(publicUrl).hostname] : []),
      ].filter((h): h is string => h !== undefined),
    },
  };
  const app = createApp(ctx);
  const server = await new Promise<ReturnType<typeof serve>>((done, fail) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? DEFAULT_PORT, hostname: host }, () => done(s));
    answerClientErrors(s as Server);
    keepIdleConnections(s as Server);
    s.once("error", fail);
  }).catch(async (e: unknown) => {
    await store.close(); // releases the data dir
    throw e;
  });
  const { port } = server.address() as AddressInfo;
  const url = listeningUrl(host, port);
  ctx.options.publicUrl = publicUrl ?? url; // the port is known only now when it was 0
  let closed: Promise<void> | undefined;
  return {
    url,
    close() {
      closed ??= new Promise<void>((done) => {
        server.close(() => done());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }).then(() => Promise.all([closePdfRendering(), store.close()])).then(() => undefined);
      return closed;
    },
  };
}

/** Fails as listening would (EADDRINUSE) while the port is taken, before the store is opened: a
 * service started a second time (npm start then uses the running one) never opens its data dir. */
function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(port, host, () => probe.close(() => done()));
  });
}

function parseArgs(argv: string[]): StartServiceOptions {
  const opts: StartServiceOptions = {};
  const num = (name: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < 0) throw new Error(`${name} needs a number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case "--port": opts.port = num(flag, value()); break;
      case "--host": opts.host = value(); break;
      case "--data-dir": opts.dataDir = value(); break;
      case "--database-url": opts.databaseUrl = value(); break;
      case "--rate-limit": opts.rateLimitPerMinute = num(flag, value()); break;
      case "--rate-limit-window-ms": opts.rateLimitWindowMs = num(flag, value()); break;
      case "--answer-delay-ms": opts.answerDelayMs = num(flag, value()); break;
      case "--token-ttl": opts.tokenTtlSeconds = num(flag, value()); break;
      case "--smtp-url": opts.smtpUrl = value(); break;
      case "--pdf-budget-ms": opts.pdfBudgetMs = num(flag, value()); break;
      case "--quiet": opts.quiet = true; break;
      case "--public-url": opts.publicUrl = value(); break;
      case "--allowed-hosts": opts.allowedHosts = parseHostList(value()); break;
      case "--trusted-relays": opts.trustedRelays = parseAddressList(value()); break;
      default: throw new Error(`unknown option ${a}`);
    }
  }
  return opts;
}

async function runFromCommandLine(): Promise<void> {
  let opts: StartServiceOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(startFailure(e)); // a mistyped option may carry a database URL
    process.exit(2);
  }
  const service = await startService(opts);
  console.log(`listening ${service.url}`);
  const stop = (): void => {
    service.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/** One line of a start-up failure, with the credentials of any URL in it (database, SMTP) masked. */
function startFailure(e: unknown): string {
  const first = (e instanceof Error ? e.message : String(e)).split("\n")[0];
  return first.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, "$1***@").slice(0, 500);
}

if (require.main === module) {
  runFromCommandLine().catch((e: unknown) => {
    console.error(`service failed to start: ${startFailure(e)}`);
    process.exit(1);
  });
}
