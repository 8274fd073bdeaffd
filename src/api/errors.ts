// The errors of the client. Each failure the caller must handle differently has its own class, so
// a job can tell "fix the row" (ValidationError) from "try later" (RateLimitError, ServerError) from
// "find out first" (OutcomeUnknownError). Messages never carry the client secret or a token: the
// transport passes every message through `redact` before it builds one of these.

export interface ApiErrorDetails {
  /** Which call failed, e.g. "tax-invoices.create" or "token". */
  operation: string;
  httpStatus?: number;
  /** The envelope's `code` when the service sent one (207400 for validation errors). */
  code?: number;
  validationErrors?: string[];
  /** Field paths of the validation errors, when the service gives them (the local service does). */
  findings?: { path: string; message: string }[];
  /** True when sending the same request again later may succeed. */
  retryable?: boolean;
  /** The service's X-Request-Id of the answer: what a user quotes to support about a 5xx. */
  requestId?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly operation: string;
  readonly httpStatus?: number;
  readonly code?: number;
  readonly validationErrors?: string[];
  readonly findings?: { path: string; message: string }[];
  readonly retryable: boolean;
  readonly requestId?: string;

  constructor(message: string, details: ApiErrorDetails) {
    // Whoever builds the error, a credential field in it never reaches the user (see redact).
    super(redactCredentialFields(message), details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.operation = details.operation;
    this.httpStatus = details.httpStatus;
    this.code = details.code;
    this.validationErrors = details.validationErrors?.map(redactCredentialFields);
    this.findings = details.findings?.map((f) => ({ path: f.path, message: redactCredentialFields(f.message) }));
    this.retryable = details.retryable ?? false;
    this.requestId = details.requestId;
  }
}

/** The envelope said `status: false`: the body was refused; fix it before sending it again. */
export class ValidationError extends ApiError {}

/** HTTP 400 that is not a validation envelope (e.g. "pageSize must not exceed 200", export errors). */
export class BadRequestError extends ApiError {}

/** HTTP 401 that a fresh token did not cure. */
export class AuthError extends ApiError {}

/** The token endpoint refused the client id / secret (the real service answers HTTP 200 + `error`). */
export class WrongCredentialsError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super("wrong client id or secret", details);
  }
}

export class NotFoundError extends ApiError {}

/** HTTP 429. `retryAfterMs` is the service's Retry-After when it sent one. */
export class RateLimitError extends ApiError {
  readonly retryAfterMs?: number;
  constructor(message: string, details: ApiErrorDetails & { retryAfterMs?: number }) {
    super(message, { ...details, retryable: true });
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** HTTP 5xx: the service answered, so the outcome is known (failed). */
export class ServerError extends ApiError {}

/** No answer: the connection failed or timed out (on a request that is safe to repeat). */
export class NetworkError extends ApiError {
  /** The connection itself failed (refused, reset, no route), not a slow answer: once the client's
   * retries are spent the service is gone, and a job stops rather than try every row. */
  readonly unreachable: boolean;
  /** No attempt can have reached the service (each was refused before it was sent). */
  readonly notSent: boolean;
  /** The root tried, and the system's code of the failure (ECONNREFUSED, ...): what a person is told. */
  readonly address?: string;
  readonly netCode?: string;
  constructor(message: string, details: ApiErrorDetails & { unreachable?: boolean; notSent?: boolean; address?: string; netCode?: string }) {
    super(message, details);
    this.unreachable = details.unreachable ?? false;
    this.notSent = details.notSent ?? false;
    this.address = details.address;
    this.netCode = details.netCode;
  }
}

/** The service cannot be reached: the connection failed after the client's own retries. */
export function isServiceUnreachable(err: unknown): err is NetworkError {
  return err instanceof NetworkError && err.unreachable;
}

/**
 * A create (or other non-repeatable request) was sent but its answer was lost. The document may or
 * may not exist: look it up before trying again. Never retried by the client.
 */
export class OutcomeUnknownError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super(`outcome unknown: the answer to ${details.operation} was lost; check whether it was done before trying again`, {
      ...details,
      retryable: false,
    });
  }
}

/** The caller's AbortSignal fired. */
export class CancelledError extends ApiError {
  /** True when a create was already on its way: it may have been done (look before re-sending). */
  readonly outcomeUnknown: boolean;
  constructor(operation: string, opts: { outcomeUnknown?: boolean } = {}) {
    super(opts.outcomeUnknown ? "cancelled (outcome unknown: the request was already sent)" : "cancelled", { operation });
    this.outcomeUnknown = opts.outcomeUnknown ?? false;
  }
}

/** The family has no such operation (e.g. quotations have no payment). */
export class UnsupportedOperationError extends ApiError {}

const MASK = "***";

/**
 * Values of fields that only ever hold a credential, however a server echoes them: a form
 * (`client_secret=...&`), JSON (`"access_token": "..."`) or a header (`Bearer ...`). Masked even when
 * the value is not one the client knows (a token it never stored, another client's secret).
 */
const CREDENTIAL_FIELD = /\b(client_secret|access_token|refresh_token|id_token)((?:%22|\\?["'])?\s*(?:[:=]|%3A|%3D)\s*(?:%22|\\?["'])?)([^\s"'&,;}\\]+)/gi;
const BEARER = /\b(Bearer)(\s+|%20|\+)([^\s"'&,;}\\]+)/gi;

/** Masks credential fields in `text`, whatever their value. */
export function redactCredentialFields(text: string): string {
  return text.replace(CREDENTIAL_FIELD, `$1$2${MASK}`).replace(BEARER, `$1$2${MASK}`);
}

/** How `s` may be spelled in an answer that echoes it: as is, form-encoded, URL-encoded, JSON-escaped. */
function spellings(s: string): string[] {
  const uri = encodeURIComponent(s);
  const form = new URLSearchParams({ s }).toString().slice(2);
  return [...new Set([s, uri, form, JSON.stringify(s).slice(1, -1)])];
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Replaces every occurrence of each secret (client secret, tokens) in `text`, and every credential field. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (!s) continue;
    for (const spelled of spellings(s)) {
      // Short strings would mask parts of ordinary words, so they are masked only as whole words.
      out = spelled.length >= 4 ? out.split(spelled).join(MASK) : out.replace(new RegExp(`(?<![\\w-])${escapeRegExp(spelled)}(?![\\w-])`, "g"), MASK);
    }
  }
  return redactCredentialFields(out);
}
