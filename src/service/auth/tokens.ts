// Client-credentials tokens. Only a hash of each token is stored; a small in-memory cache saves a
// query per request. Tokens survive restarts (they live in the store) and expire after the TTL;
// expired ones are purged as grants come, so the store holds the live tokens only.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../store/database";
import { accessTokens, companies } from "../store/schema";

export interface TokenGrant {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
}

export interface Principal {
  companyId: number;
  /** The hash of the token: a key for per-token rate limits that holds no secret. */
  tokenKey: string;
  expiresAt: number;
}

const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

function sameSecret(a: string, b: string): boolean {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y);
}

export class TokenService {
  private readonly cache = new Map<string, Principal>();
  private lastPurge = 0;

  constructor(private readonly db: Db, private readonly ttlSeconds: number) {}

  /** The company whose credentials these are, or undefined. */
  async grant(clientId: string, clientSecret: string): Promise<TokenGrant | undefined> {
    const [company] = await this.db.select().from(companies).where(eq(companies.clientId, clientId));
    if (!company || !sameSecret(company.clientSecret, clientSecret)) return undefined;
    const token = randomBytes(32).toString("base64url");
    const expiresAt = Date.now() + this.ttlSeconds * 1000;
    await this.db.insert(accessTokens).values({ tokenHash: hashToken(token), companyId: company.id, expiresAt: new Date(expiresAt) });
    await this.purgeExpired();
    return { access_token: token, token_type: "Bearer", expires_in: this.ttlSeconds };
  }

  /** Deletes expired tokens, at most once a TTL (and once a minute): a delete per grant would
   * scan the table for every grant of a busy client. */
  private async purgeExpired(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < Math.min(this.ttlSeconds * 1000, 60_000)) return;
    this.lastPurge = now;
    await this.db.delete(accessTokens).where(lt(accessTokens.expiresAt, new Date(now)));
    for (const [key, p] of this.cache) if (p.expiresAt <= now) this.cache.delete(key);
  }

  async verify(token: string): Promise<Principal | undefined> {
    const key = hashToken(token);
    let principal = this.cache.get(key);
    if (!principal) {
      const [row] = await this.db.select().from(accessTokens).where(and(eq(accessTokens.tokenHash, key)));
      if (!row) return undefined;
      principal = { companyId: row.companyId, tokenKey: key, expiresAt: row.expiresAt.getTime() };
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(key, principal);
    }
    return principal.expiresAt > Date.now() ? principal : undefined;
  }
}
