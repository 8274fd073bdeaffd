// zod schemas of every request body of the spec, with their inferred types. They check the SHAPE
// of a body (types, required fields, enumerations); the rules with the spec's own messages (VAT
// combinations, payment fields, withholding rates, ...) are in checks/, so one broken field gives
// one clear finding.
//
// Decisions (the real service is .NET and tolerant; we follow it where it is):
// - Objects are loose: unknown keys are kept, like the real service ignores them.
// - Numbers arrive as JSON numbers or as plain numeric strings ("1234.50", "-3", "1e3"); both come
//   out as a number. Thousands separators and currency signs are a sheet matter (money.parseDecimal),
//   not accepted on the wire. Whole-number fields (ids, codes) accept "12" too.
// - Booleans accept true/false and the strings "true"/"false" in any case.
// - Dates are `YYYY-MM-DD` real calendar dates (2026-02-30 is refused).
// - Optional fields also accept null (the .NET service treats null as absent).
// - Field error messages are phrases ("must be a number", "is required"); zodFindings in checks/report.ts
//   puts the field name in front of them.
import { z } from "zod";

export const isMissing = (input: unknown) => input === undefined;
export const phrase = (what: string) => (iss: { input?: unknown }) => (isMissing(iss.input) ? "is required" : what);

const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
const INTEGER_TEXT = /^\s*[+-]?\d{1,15}\s*$/;

/** A number: JSON number or plain numeric text, out as a number. */
export const wireNumber = () =>
  z.union([z.number(), z.string().regex(NUMERIC_TEXT).transform(Number)], { error: phrase("must be a number") });

/** A whole number: JSON integer or integer text, out as a number. */
export const wireInt = () =>
  z.union([z.number().int().safe(), z.string().regex(INTEGER_TEXT).transform(Number)], {
    error: phrase("must be a whole number"),
  });

/** A boolean: JSON boolean or "true"/"false". */
export const wireBool = () =>
  z.union([z.boolean(), z.string().regex(/^\s*(true|false)\s*$/i).transform((s) => s.trim().toLowerCase() === "true")], {
    error: phrase("must be true or false"),
  });

export const wireString = () => z.string({ error: phrase("must be text") });

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[mo - 1];
}

export const wireDate = () =>
  z
    .string({ error: phrase("must be a date written YYYY-MM-DD") })
    .refine(isIsoDate, { error: "must be a real date written YYYY-MM-DD" });

/** Id fields of expense lines and payment channels: a whole number or a code text. */
export const wireIdOrCode = () =>
  z.union([z.number().int(), z.string()], { error: phrase("must be a whole number or a code") });

export const opt = <T extends z.ZodType>(schema: T) => schema.nullish();
export const num = () => opt(wireNumber());
export const int = () => opt(wireInt());
export const bool = () => opt(wireBool());
export const str = () => opt(wireString());
export const date = () => opt(wireDate());

export const oneOf = (values: readonly number[], name: string) =>
  wireInt().refine((v) => values.includes(v), { error: `must be one of ${values.join(", ")}` }).describe(name);
