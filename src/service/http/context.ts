// What every route module receives: the store, the token service, the options of this instance.
import type { Context, Hono } from "hono";
import type { Store } from "../store/database";
import type { Principal, TokenService } from "../auth/tokens";
import type { ContactCache } from "../documents/contact-cache";

export interface ServiceOptions {
  tokenTtlSeconds: number;
  rateLimitPerMinute?: number;
  /** The rate limit's window (default a minute; tests shorten it). */
  rateLimitWindowMs?: number;
  answerDelayMs?: number;
  smtpUrl?: string;
  quiet: boolean;
  /** The data directory (the embedded store keeps attachment bytes under it). */
  dataDir?: string;
  /** The URL links the service hands out start with (share pages, attachments); see public-links.ts. */
  publicUrl: string;
  /** Host names besides loopback and IP addresses that requests may name (see host-guard.ts). */
  allowedHosts?: readonly string[];
  /** Relays whose word for the caller's address is believed (http/client-address.ts). */
  trustedRelays?: readonly string[];
}

export interface ServiceContext {
  store: Store;
  tokens: TokenService;
  options: ServiceOptions;
  /** Embedded store only: contacts documents name (see contact-cache.ts). */
  contactCache?: ContactCache;
}

export type AppEnv = { Variables: { principal: Principal; requestId: string; publicUrl: string } };
export type Api = Hono<AppEnv>;
export type Ctx = Context<AppEnv>;

/** The company of the authenticated caller. */
export const companyOf = (c: Ctx): number => c.get("principal").companyId;
