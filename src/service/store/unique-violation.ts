// PostgreSQL's answer to an insert or update that breaks a unique index, told apart from other
// failures on both stores: drizzle wraps the driver's error (node-postgres or PGlite, both with
// PostgreSQL's SQLSTATE and the index's name) as its `cause`.
const UNIQUE_VIOLATION = "23505";

/** Whether `err`, or an error it wraps, is a unique violation of the index named `index`. */
export function isUniqueViolation(err: unknown, index: string): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === index;
  }
  return false;
}

/** `write`, its unique violation of `index` thrown as `refusal()` (the answer the caller gives a taken value). */
export async function refusingClash<T>(write: Promise<T>, index: string, refusal: () => Error): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err, index)) throw refusal();
    throw err;
  }
}
