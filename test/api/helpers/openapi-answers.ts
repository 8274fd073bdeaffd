// Checks the service's answers against the 200 responses of the real service's 2020 OpenAPI
// description (../shared/reference/openapi-2020.yaml): every property the description gives must be
// present and of its type, required ones included, down through allOf, items and nested objects.
// Where the spec or the newer facts (service-facts.md) overrule the description, OVERRULED says
// what holds instead and why; NOT_ANSWERED lists the few properties the service leaves out, and why.
import { deref, findPathTemplate, spec, typeOk, type Schema } from "./openapi";

/** Field → the type that holds instead of the description's, and the source that says so. */
export const OVERRULED: Record<string, { type: string; why: string }> = {
  statusString: { type: "string", why: "service-facts §2.3, §7.3 (5): the status word, text in real answers" },
  discountPercentage: { type: "number", why: "spec: a number with 4 decimals" },
  documentWithholdingTaxPercentage: { type: "number", why: "spec: allowed 0.5, 0.75, 1.5 ..." },
  withheldPercentage: { type: "number", why: "spec: a number with 4 decimals" },
  discountAmount: { type: "number", why: "spec: 2 decimals (the expense inline item types it integer)" },
  vatRate: { type: "number", why: "spec: a number (7, 0, -1)" },
  recordId: { type: "integer", why: "spec: an integer, the {id} of paths (the description types the certificate's as string)" },
  documentId: { type: "integer", why: "spec: the document id, an integer (the description types the certificate's as string)" },
  documentSerial: { type: "string", why: "a serial such as INV2026110001 (the description types the references' as integer)" },
  contactCode: { type: "string", why: "service-facts §5.1: a code such as C0001" },
  contactTaxId: { type: "string", why: "service-facts §5.1: 13 digits that may start with 0" },
  contactBankAccountNumber: { type: "string", why: "service-facts §5.1: account numbers keep leading zeros and dashes" },
  bankAccountNumber: { type: "string", why: "service-facts §5.3: account numbers keep leading zeros and dashes" },
};

/** Formats the description gives that the spec overrules. */
const FORMAT_OVERRULED: Record<string, string> = {
  createdOn: "spec: an ISO 8601 timestamp with offset, not a date",
};

/** Date fields that are null where they do not apply (no false date is sent). */
const NULL_WHEN_UNUSED: Record<string, string> = {
  chequeDate: "a payment not made by cheque has no cheque date",
  inventoryPublishedOn: "a product with no opening stock has no date of it",
};

/** Properties of the description the service does not answer with, and why. */
export const NOT_ANSWERED: Record<string, string> = {
  refresh_token: "service-facts §1.2: no refresh-token grant exists",
  error: "the token answer's error field, sent only with a refused token request",
};

/** Required names that are not properties of their schema: request discriminators the description reuses. */
const NOT_PROPERTIES = new Set(["documentStructureType"]);

function walk(schemaIn: Schema, value: unknown, path: string, field: string | undefined, out: string[]): void {
  const s = deref(schemaIn);
  const overruled = field === undefined ? undefined : OVERRULED[field];
  const type = overruled?.type ?? s.type;
  if (value === null) {
    if (type && !s.nullable && !NULL_WHEN_UNUSED[field ?? ""]) out.push(`${path}: null, expected ${type}`);
    return;
  }
  if (s.allOf) for (const part of s.allOf) walk(part, value, path, field, out);
  if (type && !typeOk(type, value)) {
    out.push(`${path}: expected ${type}, got ${JSON.stringify(value)?.slice(0, 60)}`);
    return;
  }
  if (typeof value === "string" && s.format === "date" && !FORMAT_OVERRULED[field ?? ""] && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    out.push(`${path}: not a date YYYY-MM-DD: ${value}`);
  }
  if (Array.isArray(value)) {
    if (s.items) value.forEach((v, i) => walk(s.items!, v, `${path}[${i}]`, undefined, out));
    return;
  }
  if (typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  for (const r of s.required ?? []) {
    if (NOT_PROPERTIES.has(r) && !s.properties?.[r]) continue;
    if (o[r] === undefined) out.push(`${path}.${r}: required, missing`);
  }
  for (const [k, sub] of Object.entries(s.properties ?? {})) {
    if (o[k] === undefined) {
      if (!NOT_ANSWERED[k] && !(s.required ?? []).includes(k)) out.push(`${path}.${k}: missing`);
      continue;
    }
    walk(sub, o[k], `${path}.${k}`, k, out);
  }
}

export interface Answer {
  method: string;
  /** Path below the root, e.g. /quotations/12. Upgrade paths are checked as their family's create. */
  path: string;
  http: number;
  body: unknown;
}

/** The description's operation an answer belongs to ("POST /quotations/{id}/status/{statusId}"), if any. */
export function operationOf(a: Pick<Answer, "method" | "path">): string | undefined {
  const path = a.path.split("?")[0].replace(/^\/upgrade\//, "/");
  const template = findPathTemplate(path);
  if (!template || !spec().paths[template][a.method.toLowerCase()]) return undefined;
  return `${a.method.toUpperCase()} ${template}`;
}

/** Every operation of the description, as operationOf names them. */
export function allOperations(): string[] {
  return Object.entries(spec().paths).flatMap(([p, ops]) => Object.keys(ops).filter((m) => ["get", "post", "put", "delete"].includes(m)).map((m) => `${m.toUpperCase()} ${p}`));
}

/**
 * Problems of one answer against its operation's 200 response; [] when fine. A read of one
 * document answers `data.list[0]` as the real service does (service-facts §4.1 "Observed shapes"),
 * so the document inside is what is checked against the description's `data`.
 */
export function checkAnswer(a: Answer): string[] {
  const op = operationOf(a);
  const where = `${a.method} ${a.path}`;
  if (!op) return [`${where}: not an operation of the description`];
  if (a.http !== 200) return [`${where}: HTTP ${a.http} ${JSON.stringify(a.body).slice(0, 200)}`];
  const [method, template] = op.split(" ");
  const schema = spec().paths[template][method.toLowerCase()].responses?.["200"]?.content?.["application/json"]?.schema;
  if (!schema) return [];
  let body = a.body as Record<string, unknown>;
  const data = body?.data as Record<string, unknown> | undefined;
  const dataSchema = dataSchemaOf(schema);
  const wrapsOne = method === "GET" && /\{id\}$/.test(template) && dataSchema && !deref(dataSchema).properties?.list;
  if (wrapsOne && data && Array.isArray(data.list)) {
    if (data.list.length !== 1) return [`${where}: data.list holds ${data.list.length} records, not 1`];
    body = { ...body, data: data.list[0] };
  }
  const out: string[] = [];
  walk(schema, body, "answer", undefined, out);
  return out.map((p) => `${where}: ${p}`);
}

/** The schema of `data` in an answer schema (through allOf). */
function dataSchemaOf(schema: Schema): Schema | undefined {
  const s = deref(schema);
  if (s.properties?.data) return s.properties.data;
  for (const part of s.allOf ?? []) {
    const d = dataSchemaOf(part);
    if (d) return d;
  }
  return undefined;
}
