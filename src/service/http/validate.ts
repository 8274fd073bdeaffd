// Reading request bodies and query strings: malformed JSON, bodies too deep, text the store cannot
// keep and shape errors become the envelope's validation answer (HTTP 400, code 207400) instead of
// a fault. The size limit is body-limit.ts.
import type { ZodMiniType as ZodType } from "zod/mini";
import { jsonLimitFindings, zodFindings } from "../../rules/checks";
import { MESSAGES } from "../../rules/messages";
import { ServiceError, validationError } from "../envelope";
import { VALIDATION_ERROR_CODE } from "../../rules/codes";
import type { Ctx } from "./context";

export const MALFORMED_JSON = "The request body is not valid JSON";

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
