// One HTTP exchange with the service and the decisions around it: pacing, the bearer token and its
// single refresh on 401, the timeout, turning the answer (or its absence) into data or a typed
// error, and retrying what is safe to repeat.

import { backoffDelay, parseRetryAfter, type Sleep } from "./backoff";
import {
  ApiError, AuthError, BadRequestError, CancelledError, NetworkError, NotFoundError, OutcomeUnknownError,
  RateLimitError, ServerError, ValidationError, redact,
} from "./errors";
import type { Pacer } from "./pacing";
import { fillPath, type Route } from "./routes";
import type { AttachmentFile } from "./types";
import { VALIDATION_ERROR_CODE } from "../rules/codes";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface TransportOptions {
  root: string;
  fetch: FetchLike;
  pacer: Pacer;
  maxRetries: number;
  timeoutMs: number;
  logger?: (line: string) => void;
  now: () => number;
  sleep: Sleep;
  random: () => number;
  /** Strings that must never appear in an error or log line (the secret, current tokens). */
  secrets: () => readonly (string | undefined)[];
}

export interface CallOptions {
  route: Route;
  /** For messages and errors: "tax-invoices.create". */
  operation: string;
  params?: Record<string, string | number>;
  query?: object;
  /** JSON value, form fields (body kind "form") or a file (body kind "multipart"). */
  body?: unknown;
  signal?: AbortSignal;
  /** Bearer token to send; absent for the token request itself. */
  token?: string;
  /** Overrides route.idempotent (the token request is safe to repeat). */
  idempotent?: boolean;
}

/** The answer as read: HTTP status, parsed JSON (undefined when not JSON) and headers. */
export interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
}

/** Connection errors that prove the request never reached the service. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** The answer's X-Request-Id, when it is one (an id, not text an intermediary made up). */
function requestIdOf(headers: Headers): string | undefined {
  const id = headers.get("x-request-id")?.trim();
  return id && /^[\w.:-]{1,64}$/.test(id) ? id : undefined;
}

function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

/** fetch's own message ("fetch failed") and, when its cause has no code to tell it, the cause's
 * message ("bad port": fetch refuses ports such as 9 without trying them). */
function failureText(err: unknown, code: string | undefined): string {
  // Read as plain fields: fetch's errors may come from another realm (instanceof Error fails there).
  const messageOf = (x: unknown): string | undefined => {
    const m = (x as { message?: unknown } | null | undefined)?.message;
    return typeof m === "string" && m !== "" ? m : undefined;
  };
  const message = messageOf(err) ?? String(err);
  const cause = messageOf((err as { cause?: unknown } | undefined)?.cause);
  return code === undefined && cause !== undefined && cause !== message ? `${message}: ${cause}` : message;
}

export function buildQuery(query: object | undefined): string {
  if (!query) return "";
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === "") continue;
    // Lists (sortBy, filter) go as the JSON text the service reads.
    qs.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : "";
}

function encodeBody(route: Route, body: unknown): { body?: BodyInit; contentType?: string } {
  switch (route.body) {
    case "none":
      return {};
    case "json":
      return { body: JSON.stringify(body ?? {}), contentType: "application/json" };
    case "form": {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
        if (v !== undefined && v !== null) form.set(k, String(v));
      }
      return { body: form.toString(), contentType: "application/x-www-form-urlencoded" };
    }
    case "multipart": {
      const file = body as AttachmentFile;
      const blob = file.data instanceof Blob ? file.data : new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.type });
      const form = new FormData();
      form.append("file", blob, file.name);
      // fetch sets the multipart boundary itself.
      return { body: form };
    }
  }
}

/** The service's words for an error: envelope `message`, AWS-style `{message}`, or `{error}`. */
function serviceMessage(json: unknown): string | undefined {
  if (json && typeof json === "object") {
    const o = json as Record<string, unknown>;
    if (typeof o.message === "string" && o.message !== "") return o.message;
    if (typeof o.error === "string") return o.error;
  }
  return undefined;
}

function validationErrorsOf(json: unknown): string[] | undefined {
  const data = (json as { data?: { validationErrors?: unknown } } | undefined)?.data;
  const list = data?.validationErrors;
  return Array.isArray(list) ? list.map(String) : undefined;
}

function findingsOf(json: unknown): { path: string; message: string }[] | undefined {
  const list = (json as { data?: { findings?: unknown } } | undefined)?.data?.findings;
  if (!Array.isArray(list)) return undefined;
  return list
    .filter((f): f is { path: unknown; message: unknown } => !!f && typeof f === "object")
    .map((f) => ({ path: String(f.path ?? ""), message: String(f.message ?? "") }));
}

function cleanFindings(list: { path: string; message: string }[] | undefined, secrets: readonly (string | undefined)[]) {
  return list?.map((f) => ({ path: redact(f.path, secrets), message: redact(f.message, secrets) }));
}

function codeOf(json: unknown): number | undefined {
  const code = (json as { code?: unknown } | undefined)?.code;
  return typeof code === "number" ? code : undefined;
}

export class Transport {
  constructor(private readonly o: TransportOptions) {}

  private clean(text: string): string {
    return redact(text, this.o.secrets());
  }

  private log(line: string): void {
    this.o.logger?.(this.clean(line));
  }

  url(route: Route, params?: Record<string, string | number>, query?: object): string {
    return `${this.o.root.replace(/\/+$/, "")}${fillPath(route.path, params)}${buildQuery(query)}`;
  }

  /**
   * Sends once, with retries for what is safe to repeat. Returns the answer of any status the
   * caller must interpret itself (2xx always; others are turned into errors here).
   */
  async send(call: CallOptions): Promise<Answer> {
    const idempotent = call.idempotent ?? call.route.idempotent;
    // An earlier attempt may have reached the service: a last attempt refused proves nothing then.
    let reached = false;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(call, idempotent);
      } catch (caught) {
        const err: unknown = reached && caught instanceof NetworkError && caught.notSent ? maybeSent(caught) : caught;
        reached ||= !(err instanceof NetworkError && err.notSent) && !(err instanceof RateLimitError);
        if (!(err instanceof ApiError) || attempt >= this.o.maxRetries || !this.mayRetry(err, idempotent)) throw err;
        const retryAfter = err instanceof RateLimitError ? err.retryAfterMs ?? 0 : 0;
        const delay = Math.max(retryAfter, backoffDelay(attempt, this.o.random));
        this.log(`retry ${attempt + 1}/${this.o.maxRetries} of ${call.operation} in ${delay} ms (${err.message})`);
        try {
          await this.o.sleep(delay, call.signal);
        } catch {
          throw new CancelledError(call.operation);
        }
      }
    }
  }

  /** 429 is a refusal before any work, so even a create may be sent again; the rest only if idempotent. */
  private mayRetry(err: ApiError, idempotent: boolean): boolean {
    if (err instanceof RateLimitError) return true;
    if (err instanceof ServerError || err instanceof NetworkError) return err.retryable && (idempotent || err instanceof NetworkError);
    return false;
  }

  private async once(call: CallOptions, idempotent: boolean): Promise<Answer> {
    const { route, operation, signal } = call;
    if (signal?.aborted) throw new CancelledError(operation);
    try {
      await this.o.pacer.acquire(signal);
    } catch {
      throw new CancelledError(operation);
    }
    const url = this.url(route, call.params, call.query);
    const path = url.slice(this.o.root.replace(/\/+$/, "").length);
    const { body, contentType } = encodeBody(route, call.body);
    const headers: Record<string, string> = { Accept: "application/json" };
    if (contentType) headers["Content-Type"] = contentType;
    if (call.token) headers.Authorization = `Bearer ${call.token}`;

    const ctl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctl.abort();
    }, this.o.timeoutMs);
    const onAbort = () => ctl.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const started = this.o.now();
    let status = 0;
    let text: string;
    let headersIn: Headers;
    try {
      const res = await this.o.fetch(url, { method: route.method, headers, body, signal: ctl.signal });
      status = res.status;
      headersIn = res.headers;
      text = await res.text();
    } catch (err) {
      throw this.lost(err, { operation, idempotent, timedOut, signal, status, path, method: route.method });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
    this.log(`${route.method} ${path} → ${status} (${this.o.now() - started} ms)`);

    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const answer: Answer = { status, json, headers: headersIn };
    if (status >= 200 && status < 300) return answer;
    throw this.httpError(answer, text, operation, idempotent);
  }

  /** No (complete) answer arrived. */
  private lost(
    err: unknown,
    c: { operation: string; idempotent: boolean; timedOut: boolean; signal?: AbortSignal; status: number; path: string; method: string },
  ): ApiError {
    if (c.signal?.aborted && !c.timedOut) {
      // A create cancelled in flight may still have been done.
      return new CancelledError(c.operation, { outcomeUnknown: !c.idempotent });
    }
    const code = causeCode(err);
    const why = c.timedOut
      ? `no answer within ${this.o.timeoutMs} ms`
      : `network failure${code ? ` (${code})` : ""}: ${failureText(err, code)}`;
    this.log(`${c.method} ${c.path} → ${why}`);
    const notSent = c.status === 0 && !c.timedOut && code !== undefined && NOT_SENT_CODES.has(code);
    if (c.idempotent || notSent) {
      // Anything but a timeout is the connection failing: the service is gone if it keeps failing.
      return new NetworkError(this.clean(`${c.operation}: ${why}`), {
        operation: c.operation, retryable: true, cause: err, unreachable: !c.timedOut, notSent, address: this.o.root.replace(/\/+$/, ""), netCode: code,
      });
    }
    return new OutcomeUnknownError({ operation: c.operation, cause: err });
  }

  private httpError(a: Answer, text: string, operation: string, idempotent: boolean): ApiError {
    const said = serviceMessage(a.json);
    // A body is redacted before it is cut short: a cut could leave half a secret that no longer matches.
    const message = (said === undefined ? this.clean(text).slice(0, 200) : this.clean(said)) || `HTTP ${a.status}`;
    const details = {
      operation,
      httpStatus: a.status,
      code: codeOf(a.json),
      validationErrors: validationErrorsOf(a.json)?.map((v) => this.clean(v)),
      findings: cleanFindings(findingsOf(a.json), this.o.secrets()),
      requestId: requestIdOf(a.headers),
    };
    if (a.status === 400) {
      return details.code === VALIDATION_ERROR_CODE ? new ValidationError(message, details) : new BadRequestError(message, details);
    }
    if (a.status === 401) return new AuthError(`not authorised (HTTP 401): ${message}`, details);
    if (a.status === 404) return new NotFoundError(message, details);
    if (a.status === 429) {
      const retryAfterMs = parseRetryAfter(a.headers.get("retry-after"), this.o.now());
      // Hold every caller back, not only this one.
      if (retryAfterMs !== undefined) this.o.pacer.pauseUntil(this.o.now() + retryAfterMs);
      return new RateLimitError(`too many requests (HTTP 429): ${message}`, { ...details, retryAfterMs });
    }
    if (a.status >= 500) {
      // The id to quote to support, unless the service's message already says it (the local service's does).
      const id = details.requestId && !message.includes(details.requestId) ? ` (request id ${details.requestId})` : "";
      return new ServerError(`service error (HTTP ${a.status}): ${message}${id}`, { ...details, retryable: idempotent });
    }
    return new ApiError(`HTTP ${a.status}: ${message}`, details);
  }
}

/** The same failure, no longer claiming that nothing reached the service. */
function maybeSent(e: NetworkError): NetworkError {
  return new NetworkError(e.message, { operation: e.operation, retryable: e.retryable, cause: e.cause, unreachable: e.unreachable, notSent: false, address: e.address, netCode: e.netCode });
}

/** The envelope's data, or a ValidationError when `status` is false. */
export function envelopeData(a: Answer, operation: string, secrets: readonly (string | undefined)[]): unknown {
  const env = a.json as { status?: unknown; data?: unknown } | undefined;
  if (!env || typeof env !== "object" || typeof env.status !== "boolean") {
    throw new ApiError(`unexpected answer to ${operation}: not the service's JSON envelope`, { operation, httpStatus: a.status });
  }
  if (env.status === false) {
    throw new ValidationError(redact(serviceMessage(env) ?? "refused", secrets), {
      operation,
      httpStatus: a.status,
      code: codeOf(env),
      validationErrors: validationErrorsOf(env)?.map((v) => redact(v, secrets)),
      findings: cleanFindings(findingsOf(env), secrets),
    });
  }
  return env.data;
}
