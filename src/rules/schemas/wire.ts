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
// - Dates are `YYYY-MM-DD` real calendar dates (2026-02-30 is refused). Like the real service, an ISO
//   date-time (`2020-01-01T00:00:00.000+0000`, the 2020 description's own examples) is taken too and
//   comes out as its date as written: the offset does not move it to another day.
// - Optional fields also accept null (the .NET service treats null as absent).
// - Field error messages are phrases ("must be a number", "is required"); zodFindings in checks/report.ts
//   puts the field name in front of them.
// - Written with zod/mini (functions, not methods): the task pane bundles these schemas, and the
//   mini API is a third of the classic one's size. The service and the CLI use the same schemas.
import * as z from "zod/mini";
import { CODE_MAX, ITEMS_MAX, NAME_MAX, NUMBER_MAX } from "../limits";
import { FIELD_PHRASES } from "../messages";

export const isMissing = (input: unknown) => input === undefined;
export const phrase = (what: string) => (iss: { input?: unknown }) => (isMissing(iss.input) ? "is required" : what);

const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
const INTEGER_TEXT = /^\s*[+-]?\d{1,15}\s*$/;

/** Text matching `pattern`, out as a number. */
const numericText = (pattern: RegExp) => z.pipe(z.string().check(z.regex(pattern)), z.transform(Number));

export const OUT_OF_RANGE = FIELD_PHRASES.outOfRange;
/** Finite and within ±NUMBER_MAX (limits.ts): "1e400" and 1e300 are refused, never stored as 0 or Infinity. */
const withinRange = () => [z.gt(-NUMBER_MAX, { error: OUT_OF_RANGE }), z.lt(NUMBER_MAX, { error: OUT_OF_RANGE })] as const;

/** A number: JSON number or plain numeric text, out as a number within ±NUMBER_MAX. JSON's 1e400
 * arrives as Infinity, which is out of range rather than not a number. */
export const wireNumber = () =>
  z.union([z.number().check(...withinRange()), numericText(NUMERIC_TEXT).check(...withinRange())], {
    error: (iss) => (isMissing(iss.input) ? "is required" : typeof iss.input === "number" && !Number.isNaN(iss.input) ? OUT_OF_RANGE : "must be a number"),
  });

/** A whole number: JSON integer (a safe one) or integer text, out as a number. */
export const wireInt = () =>
  z.union([z.number().check(z.int()), numericText(INTEGER_TEXT)], { error: phrase("must be a whole number") });

/** A boolean: JSON boolean or "true"/"false". */
export const wireBool = () =>
  z.union([
    z.boolean(),
    z.pipe(z.string().check(z.regex(/^\s*(true|false)\s*$/i)), z.transform((s: string) => s.trim().toLowerCase() === "true")),
  ], { error: phrase("must be true or false") });

export const UNSTORABLE_TEXT = FIELD_PHRASES.unstorable;
export { UNSTORABLE, isStorableText } from "../storable";
import { isStorableText } from "../storable";

export const tooLong = (max: number) => `must be at most ${max} characters`;

/** The checks of every text field: its length limit (limits.ts) and characters the store can keep. */
const textChecks = (max: number) => [z.maxLength(max, { error: tooLong(max) }), z.refine<string>(isStorableText, { error: UNSTORABLE_TEXT })] as const;

/** Text of at most `max` characters (limits.ts; NAME_MAX when not said). */
export const wireString = (max: number = NAME_MAX) => z.string({ error: phrase("must be text") }).check(...textChecks(max));

/**
 * A code, tax id or account number: text, or a whole number as the 2020 description's own examples
 * write them (`"contactCode": 7`, `"contactTaxId": 1234567890123`), kept as its digits' text.
 */
export const wireCodeText = (max: number = NAME_MAX, required = false) =>
  z.union([
    required ? wireString(max).check(z.minLength(1, { error: "is required" })) : wireString(max),
    z.pipe(z.number().check(z.int(), z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER)), z.transform((n: number) => String(n))),
  ], { error: phrase("must be text") });

/** A text of at least one character. */
export const requiredText = (max?: number) => wireString(max).check(z.minLength(1, { error: "is required" }));

/** A text with something besides spaces. */
export const nonBlankText = (max?: number) => wireString(max).check(z.refine((v: string) => v.trim() !== "", { error: "is required" }));

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Year 0000 does not exist (PostgreSQL refuses it: the 500 of 22008).
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[mo - 1];
}

// A time of day after the date: hh:mm[:ss[.fraction]], then Z, ±hh:mm, ±hhmm or ±hh, or nothing.
const ISO_TIME = /^T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3])(:?[0-5]\d)?)?$/i;

/** True for a real calendar date, alone or as the start of an ISO date-time (its date part checked). */
export function isWireDate(text: string): boolean {
  return isIsoDate(text.length > 10 ? text.slice(0, 10) : text) && (text.length === 10 || ISO_TIME.test(text.slice(10)));
}

export const wireDate = () =>
  z.pipe(
    z.string({ error: phrase("must be a date written YYYY-MM-DD") })
      .check(z.refine(isWireDate, { error: "must be a real date written YYYY-MM-DD" })),
    z.transform((s: string) => s.slice(0, 10)),
  );

/** Id fields of expense lines and payment channels: a whole number or a code text. */
export const wireIdOrCode = () =>
  z.union([z.number().check(z.int()), z.string().check(...textChecks(CODE_MAX))], { error: phrase("must be a whole number or a code") });

/** Text or a number (the real service takes both for these fields). */
export const textOrNumber = (max: number, error?: string) =>
  z.union([z.string().check(...textChecks(max)), z.number()], error === undefined ? undefined : { error });

export const opt = <T extends z.ZodMiniType>(schema: T) => z.nullish(schema);
export const num = () => opt(wireNumber());
export const int = () => opt(wireInt());
export const bool = () => opt(wireBool());
export const str = (max?: number) => opt(wireString(max));
export const date = () => opt(wireDate());

/** A list of `atLeast` to ITEMS_MAX elements. */
export const list = <T extends z.ZodMiniType>(element: T, error: string | ((iss: { input?: unknown }) => string), atLeast: number, fewError: string) =>
  z.array(element, { error }).check(z.minLength(atLeast, { error: fewError }), z.maxLength(ITEMS_MAX, { error: tooMany(ITEMS_MAX) }));

export const tooMany = (max: number) => `must have at most ${max} entries`;

/** A list of at most ITEMS_MAX elements, empty allowed. */
export const boundedList = <T extends z.ZodMiniType>(element: T, error: string) =>
  z.array(element, { error }).check(z.maxLength(ITEMS_MAX, { error: tooMany(ITEMS_MAX) }));

export const oneOf = (values: readonly number[], name: string) =>
  wireInt()
    .check(z.refine((v: number) => values.includes(v), { error: `must be one of ${values.join(", ")}` }))
    .register(z.globalRegistry, { description: name });
