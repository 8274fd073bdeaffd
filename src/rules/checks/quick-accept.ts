// A quick "surely valid" test derived from a zod schema, so that the common case (a well-formed
// body) skips zod's full parse, which builds a result object and two allocations per field even
// for absent fields. It is conservative: true only when zod would accept the value; whenever it
// cannot tell (an unknown schema kind or check, a transform before a refinement) it answers false
// and the caller runs zod, which then gives the exact findings. Derived from the schema itself, so
// the two cannot drift apart.
import type * as z from "zod/mini";

type Accept = (value: unknown) => boolean;
type Node = { _zod: { def: Def; optin?: string } };
type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  coerce?: boolean;
  innerType?: Node;
  options?: Node[];
  in?: Node;
  out?: Node;
  element?: Node;
  shape?: Record<string, Node>;
  catchall?: Node;
  entries?: Record<string, unknown>;
  values?: unknown[];
};
type CheckDef = {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: unknown;
  inclusive?: boolean;
  when?: unknown;
  fn?: (v: unknown) => unknown;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const lengthOf = (v: unknown): number => (typeof v === "string" || Array.isArray(v) ? v.length : -1);

/** A check of the node as a predicate on the (unchanged) value, null when unsupported. */
function checkAccept(c: CheckDef): Accept | null {
  // A `when` may skip a check; judging as if it always ran is stricter, so still sound. Custom
  // checks with one are left to zod.
  switch (c.check) {
    case "string_format":
      if (c.format !== "regex" || !(c.pattern instanceof RegExp)) return null;
      return (v) => typeof v === "string" && (c.pattern!.lastIndex = 0, c.pattern!.test(v));
    case "min_length":
      return (v) => lengthOf(v) >= c.minimum!;
    case "max_length":
      return (v) => lengthOf(v) >= 0 && lengthOf(v) <= c.maximum!;
    case "less_than": {
      const { value: bound, inclusive } = c;
      if (typeof bound !== "number") return null;
      return (v) => typeof v === "number" && (inclusive ? v <= bound : v < bound);
    }
    case "greater_than": {
      const { value: bound, inclusive } = c;
      if (typeof bound !== "number") return null;
      return (v) => typeof v === "number" && (inclusive ? v >= bound : v > bound);
    }
    case "number_format":
      return c.format === "safeint" ? (v) => Number.isSafeInteger(v) : null;
    case "custom": {
      const fn = c.fn;
      return typeof fn === "function" && c.when === undefined ? (v) => fn(v) === true : null;
    }
    default:
      return null;
  }
}

/**
 * The predicate of a node, or null when it cannot be judged. With `identity`, only values that
 * come out of the node unchanged are accepted (checks after a transform see the transformed value).
 */
function compile(node: Node, identity: boolean): Accept | null {
  const def = node._zod.def;
  if (def.coerce) return null;
  const checks = def.checks ?? [];
  // A length survives the parse of the elements; other checks need the value unchanged.
  const lengthOnly = checks.every((c) => c._zod.def.check === "min_length" || c._zod.def.check === "max_length");
  const base = baseAccept(def, identity || !lengthOnly);
  if (base === null || checks.length === 0) return base;
  const tests: Accept[] = [];
  for (const c of checks) {
    const t = checkAccept(c._zod.def);
    if (t === null) return null;
    tests.push(t);
  }
  return (v) => base(v) && tests.every((t) => t(v));
}

function baseAccept(def: Def, identity: boolean): Accept | null {
  switch (def.type) {
    case "string":
      return (v) => typeof v === "string";
    case "number":
      return (v) => typeof v === "number" && Number.isFinite(v);
    case "boolean":
      return (v) => typeof v === "boolean";
    case "unknown":
    case "any":
      return () => true;
    case "enum": {
      const values = new Set(Object.values(def.entries ?? {}));
      return (v) => values.has(v);
    }
    case "literal": {
      const values = new Set(def.values ?? []);
      return (v) => values.has(v);
    }
    case "optional":
    case "default": {
      if (identity && def.type === "default") return null; // absence comes out as the default
      const inner = compile(def.innerType!, identity);
      return inner && ((v) => v === undefined || inner(v));
    }
    case "nullable": {
      const inner = compile(def.innerType!, identity);
      return inner && ((v) => v === null || inner(v));
    }
    case "union": {
      // Options that cannot be judged are left out: the value may still pass another one.
      const options = (def.options ?? []).map((o) => compile(o, identity)).filter((o): o is Accept => o !== null);
      return options.length === 0 ? null : (v) => options.some((o) => o(v));
    }
    case "pipe":
      // A transform cannot fail; what it gives is no longer the input.
      if (identity || def.out?._zod.def.type !== "transform") return null;
      return compile(def.in!, false);
    case "array": {
      if (identity) return null;
      const element = compile(def.element!, false);
      return element && ((v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false; // holes count, as in zod
        return true;
      });
    }
    case "object":
      return identity ? null : objectAccept(def);
    default:
      return null;
  }
}

function objectAccept(def: Def): Accept | null {
  if (def.catchall !== undefined && def.catchall._zod.def.type !== "unknown") return null;
  const shape = def.shape ?? {};
  const tests = new Map<string, Accept | null>();
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    if (key === "__proto__") return null;
    tests.set(key, compile(field, false));
    if (field._zod.optin === undefined) required.push(key);
  }
  // Only the keys the body has are visited (absent optional fields are fine): far fewer than the
  // shape's. Plain data only (JSON, or built by the sheet layer), whose keys for-in sees.
  return (v) => {
    if (!isPlainObject(v)) return false;
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    for (const key of required) if (!(key in v)) return false;
    for (const key in v) {
      const test = tests.get(key);
      if (test === null || (test !== undefined && !test(v[key]))) return false;
    }
    return true;
  };
}

const compiled = new WeakMap<object, Accept | null>();

/** True when the schema surely accepts the value; false means "ask zod". */
export function quickAccept(schema: z.ZodMiniType, value: unknown): boolean {
  let accept = compiled.get(schema);
  if (accept === undefined) {
    accept = compile(schema as unknown as Node, false);
    compiled.set(schema, accept);
  }
  return accept !== null && accept(value);
}
