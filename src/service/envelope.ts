// The envelope of every answer: {status, message, code, data}. Errors travel as ServiceError and
// become an envelope in one place (app.onError), so no handler can leak a stack trace.
import type { Finding } from "../rules/findings";
import { VALIDATION_ERROR_CODE } from "../rules/codes";

export interface Envelope<T = unknown> {
  status: boolean;
  message: string;
  code: number;
  data: T;
}

export const ok = <T>(data: T): Envelope<T> => ({ status: true, message: "", code: 0, data });

export class ServiceError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly code: number,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The message of a validation answer: the finding's own text, or the generic one for several. */
export const SEVERAL_ERRORS = "One or more validation errors occurred.";

/** HTTP 400, code 207400, `data.validationErrors` with every message (and the findings with paths). */
export function validationError(findings: Finding[] | string): ServiceError {
  const list = typeof findings === "string" ? [{ path: "", message: findings, severity: "error" as const }] : findings;
  const errors = list.filter((f) => f.severity === "error");
  const messages = [...new Set(errors.map((f) => f.message))];
  const message = messages.length === 1 ? messages[0] : SEVERAL_ERRORS;
  return new ServiceError(400, message, VALIDATION_ERROR_CODE, {
    validationErrors: messages,
    findings: errors.map(({ path, message: m }) => ({ path, message: m })),
  });
}

export const notFound = (what = "Not Found"): ServiceError => new ServiceError(404, what, 404);
export const unauthorized = (): ServiceError => new ServiceError(401, "Unauthorized", 401);
