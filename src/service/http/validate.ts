// Reading request bodies and query strings: malformed JSON, bodies too large or too deep, text the
// store cannot keep and shape errors become the envelope's answers (HTTP 400 with code 207400, or
// 413) instead of a fault.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ZodMiniType as ZodType } from "zod/mini";
import { jsonLimitFindings, zodFindings } from "../../rules/checks";
import { JSON_BODY_MAX_BYTES } from "../../rules/limits";
import { MESSAGES } from "../../rules/messages";
import { ServiceError, validationError } from "./envelope";
import { VALIDATION_ERROR_CODE } from "../../rules/codes";
import type { AppEnv, Ctx } from "./context";

export const MALFORMED_JSON = "The request body is not valid JSON";
export const BODY_TOO_LARGE = `The request body must not exceed ${JSON_BODY_MAX_BYTES / (1024 * 1024)} MB`;

/** Uploads, which carry files and have their own limit (routes/attachments.ts). */
const UPLOAD_PATH = /\/attachment(\/base64)?\/?$/;

/** Every body but uploads stops at JSON_BODY_MAX_BYTES, answered 413 with the envelope. */
export function requestBodyLimit(): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: JSON_BODY_MAX_BYTES,
    // The rest of the body is never read: the connection closes, so no client sends its next
    // request into a socket the server is about to drop.
    onError: (c) => c.json({ status: false, message: BODY_TOO_LARGE, code: 413, data: null }, 413, { connection: "close" }),
  });
  return (c, next) => (UPLOAD_PATH.test(c.req.path) ? next() : limit(c, next));
}

/** The JSON body of a request; an empty body reads as {}. Too deep a body, or text the store
 * cannot keep anywhere in it (unknown fields included: they are stored too), is refused. */
export async function readJson(c: Ctx): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError(400, MALFORMED_JSON, VALIDATION_ERROR_CODE, { validationErrors: [MALFORMED_JSON] });
  }
  const findings = jsonLimitFindings(body);
  if (findings.length > 0) throw validationError(findings);
  return body;
}

export function parseWith<T>(schema: ZodType<T>, raw: unknown): T {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw validationError(MESSAGES.bodyNotObject);
  const r = schema.safeParse(raw);
  if (!r.success) throw validationError(zodFindings(r.error.issues));
  return r.data;
}

/** A positive whole number from a path parameter, else 404 (an id that cannot exist). */
export function idParam(c: Ctx, name = "id"): number {
  const v = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(v) || Number(v) <= 0) throw new ServiceError(404, "Not Found", 404);
  return Number(v);
}
