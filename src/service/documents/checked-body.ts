// Bodies of the upgrade, payment and partial-receipt routes: the shared rules' findings become the
// validation answer, then the schema gives the normalized body (numbers as numbers).
import type { ZodMiniType as ZodType } from "zod/mini";
import { zodFindings } from "../../rules/checks";
import type { Finding } from "../../rules/findings";
import { validationError } from "../envelope";
import type { Json } from "../../rules/json";

/** Throws the validation answer when any finding is an error (warnings pass). */
export function rejectErrors(findings: Finding[]): void {
  if (findings.some((f) => f.severity === "error")) throw validationError(findings);
}

/** The body parsed by its schema; the checks have already passed. */
export function parsedBody(schema: ZodType, raw: unknown): Json {
  const r = schema.safeParse(raw);
  if (!r.success) throw validationError(zodFindings(r.error.issues));
  return r.data as Json;
}
