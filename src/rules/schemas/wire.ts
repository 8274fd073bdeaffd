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
// - Written with zod/mini (functions, not methods): the task pane bundles these schemas, and the
//   mini API is a third of the classic one's size. The service and the CLI use the same schemas.
import * as z from "zod/mini";

export const isMissing = (input: unknown) => input === undefined;
export const phrase = (what: string) => (iss: { input?: unknown }) => (isMissing(iss.input) ? "is required" : what);

const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
const INTEGER_TEXT = /^\s*[+-]?\d{1,15}\s*$/;

/** Text matching `pattern`, out as a number. */
const numericText = (pattern: RegExp) => z.pipe(z.string().check(z.regex(pattern)), z.transform(Number));

/** A number: JSON number or plain numeric text, out as a number. */
export const wireNumber = () => z.union([z.number(), numericText(NUMERIC_TEXT)], { error: phrase("must be a number") });

/** A whole number: JSON integer (a safe one) or integer text, out as a number. */
export const wireInt = () =>
  z.union([z.number().check(z.int()), numericText(INTEGER_TEXT)], { error: phrase("must be a whole number") });

/** A boolean: JSON boolean or "true"/"false". */
export const wireBool = () =>
  z.union([
    z.boolean(),
    z.pipe(z.string().check(z.regex(/^\s*(true|false)\s*$/i)), z.transform((s: string) => s.trim().toLowerCase() === "true")),
  ], { error: phrase("must be true or false") });

export const wireString = () => z.string({ error: phrase("must be text") });

/** A text of at least one character. */
export const requiredText = () => wireString().check(z.minLength(1, { error: "is required" }));

/** A text with something besides spaces. */
export const nonBlankText = () => wireString().check(z.refine((v: string) => v.trim() !== "", { error: "is required" }));

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
  z.string({ error: phrase("must be a date written YYYY-MM-DD") })
    .check(z.refine(isIsoDate, { error: "must be a real date written YYYY-MM-DD" }));

/** Id fields of expense lines and payment channels: a whole number or a code text. */
export const wireIdOrCode = () =>
  z.union([z.number().check(z.int()), z.string()], { error: phrase("must be a whole number or a code") });

/** Text or a number (the real service takes both for these fields). */
export const textOrNumber = (error?: string) => z.union([z.string(), z.number()], error === undefined ? undefined : { error });

export const opt = <T extends z.ZodMiniType>(schema: T) => z.nullish(schema);
export const num = () => opt(wireNumber());
export const int = () => opt(wireInt());
export const bool = () => opt(wireBool());
export const str = () => opt(wireString());
export const date = () => opt(wireDate());

/** A non-empty list. */
export const list = <T extends z.ZodMiniType>(element: T, error: string | ((iss: { input?: unknown }) => string), atLeast: number, fewError: string) =>
  z.array(element, { error }).check(z.minLength(atLeast, { error: fewError }));

export const oneOf = (values: readonly number[], name: string) =>
  wireInt()
    .check(z.refine((v: number) => values.includes(v), { error: `must be one of ${values.join(", ")}` }))
    .register(z.globalRegistry, { description: name });
