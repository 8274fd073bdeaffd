// The access token: client credentials against {root}/token, kept until shortly before it expires,
// shared by parallel callers (one request for all of them), dropped on a 401 so the next call
// fetches a fresh one.

import { ApiError, CancelledError, WrongCredentialsError, redact } from "./errors";
import { MASTER_ROUTES } from "./routes";
import type { Transport } from "./transport";
import type { TokenAnswer } from "./types";

export interface Credentials {
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** When the service does not say, assume an hour; a 401 fetches a new one anyway. */
const DEFAULT_TTL_S = 3600;

/** Renew a little early: a tenth of the lifetime, at most a minute. */
export function renewalMarginMs(ttlMs: number): number {
  return Math.min(60_000, ttlMs / 10);
}

export class TokenCache {
  private token?: string;
  private expiresAt = 0;
  private pending?: Promise<string>;

  constructor(
    private readonly transport: Transport,
    private readonly creds: Credentials,
    private readonly now: () => number,
  ) {}

  /** The token in use, for redaction only. */
  current(): string | undefined {
    return this.token;
  }

  async get(signal?: AbortSignal): Promise<string> {
    if (this.token && this.now() < this.expiresAt) return this.token;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = undefined;
    });
    return abortable(this.pending, signal);
  }

  /** Forget `token` (the service refused it) unless a newer one has replaced it already. */
  invalidate(token: string): void {
    if (this.token === token) {
      this.token = undefined;
      this.expiresAt = 0;
    }
  }

  private async fetchToken(): Promise<string> {
    const operation = "token";
    let answer;
    try {
      answer = await this.transport.send({
        route: MASTER_ROUTES.token,
        operation,
        idempotent: true, // asking again only issues another token
        body: {
          grant_type: "client_credentials",
          client_id: this.creds.clientId,
          client_secret: this.creds.clientSecret,
          scope: this.creds.scope,
        },
      });
    } catch (err) {
      // Some deployments refuse bad credentials with 400/401 rather than the usual 200 + error.
      if (err instanceof ApiError && (err.httpStatus === 400 || err.httpStatus === 401) && /invalid_client/.test(err.message)) {
        throw new WrongCredentialsError({ operation, httpStatus: err.httpStatus });
      }
      throw err;
    }
    const body = (answer.json ?? {}) as TokenAnswer;
    if (body.error === "invalid_client") throw new WrongCredentialsError({ operation, httpStatus: answer.status });
    if (body.error) {
      // Some servers echo the request form (client_secret included) in `error`.
      const said = redact(String(body.error), [this.creds.clientSecret, this.token]);
      throw new ApiError(`token request refused: ${said.slice(0, 200)}`, { operation, httpStatus: answer.status });
    }
    if (typeof body.access_token !== "string" || body.access_token === "") {
      throw new ApiError("token request answered without an access_token", { operation, httpStatus: answer.status });
    }
    const ttlMs = (typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : DEFAULT_TTL_S) * 1000;
    this.token = body.access_token;
    this.expiresAt = this.now() + ttlMs - renewalMarginMs(ttlMs);
    return this.token;
  }
}

/** Waits for `p`, but gives up with CancelledError when `signal` fires (p itself keeps running). */
function abortable<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(new CancelledError("token"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError("token"));
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}
