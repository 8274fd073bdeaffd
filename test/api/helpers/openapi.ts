// Checks the request bodies the client sends against the real service's 2020 OpenAPI description
// (../shared/reference/openapi-2020.yaml), where that operation exists there. A small validator
// for the subset of JSON schema that file uses: $ref, type (+ nullable), properties, required,
// enum, items, allOf, oneOf (with discriminator), maxLength/minLength, format date.
import type { FetchLike } from "../../../src/api/transport";
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { TEMPLATES_ENV } from "../../helpers/run-once";

const SPEC_PATH = "/work/shared/reference/openapi-2020.yaml";
const SPEC_FALLBACK = `${__dirname}/../../../../shared/reference/openapi-2020.yaml`;

export type Schema = {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  maxLength?: number;
  minLength?: number;
  format?: string;
  example?: unknown;
  default?: unknown;
};

interface Operation {
  requestBody?: { $ref?: string; content?: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; requestBodies: Record<string, { content: Record<string, { schema: Schema }> }> };
}

let cached: Spec | undefined;
export function spec(): Spec {
  if (!cached) {
    let text: string;
    try {
      text = readFileSync(SPEC_PATH, "utf8");
    } catch {
      text = readFileSync(SPEC_FALLBACK, "utf8");
    }
    cached = parsedOnce(text);
  }
  return cached;
}

/**
 * The description parsed: YAML's parser takes about a second for its 770 kB, in each of the eight
 * test files that read it, so the first file of a jest run keeps it as JSON (the same value, read
 * in milliseconds) in the run's directory (helpers/store-templates.ts), under its contents' hash.
 */
function parsedOnce(text: string): Spec {
  const dir = process.env[TEMPLATES_ENV];
  if (!dir) return parse(text) as Spec;
  const file = join(dir, `openapi-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.json`);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Spec;
  } catch {
    // not kept yet
  }
  const parsed = parse(text) as Spec;
  // Written whole under another name first: another file may read it at any time.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(parsed));
  renameSync(partial, file);
  return parsed;
}

/** Fields newer than the 2020 description, which it cannot know (the brief excepts them). */
export const NEWER_FIELDS = new Set(["contactId", "isManualVat"]);

/**
 * Defects of the 2020 description where the current service (and the spec) disagree with it; the
 * field's type is not checked. An account number is text (leading zeros, dashes), not an integer;
 * so is a contact's tax id (Contact.contactTaxId is typed integer there: 13 digits, often with a
 * leading zero that a number loses; the document bodies type it as text).
 */
export const DESCRIPTION_DEFECTS = new Set(["bankAccountNumber", "contactTaxId"]);

export function deref(s: Schema): Schema {
  let cur = s;
  for (let i = 0; cur.$ref && i < 20; i++) {
    const name = cur.$ref.replace("#/components/schemas/", "");
    const next = spec().components.schemas[name];
    if (!next) throw new Error(`unresolved $ref ${cur.$ref}`);
    cur = next;
  }
  return cur;
}

export const refName = (s: Schema): string | undefined => s.$ref?.split("/").pop();

export function typeOk(type: string, v: unknown): boolean {
  switch (type) {
    case "object": return typeof v === "object" && v !== null && !Array.isArray(v);
    case "array": return Array.isArray(v);
    case "string": return typeof v === "string";
    case "integer": return typeof v === "number" && Number.isInteger(v);
    case "number": return typeof v === "number" && Number.isFinite(v);
    case "boolean": return typeof v === "boolean";
    default: return true;
  }
}

/** Returns problems as "path: what". */
export function validate(schemaIn: Schema, value: unknown, path = "body"): string[] {
  const s = deref(schemaIn);
  const out: string[] = [];
  if (value === null) return s.nullable || !s.type ? [] : [`${path}: null not allowed`];
  if (s.allOf) for (const part of s.allOf) out.push(...validate(part, value, path));
  if (s.oneOf) out.push(...validateOneOf(s, value, path));
  if (s.type && !typeOk(s.type, value)) return [...out, `${path}: expected ${s.type}, got ${JSON.stringify(value)}`];
  if (s.enum && !s.enum.some((e) => e === value || String(e) === String(value))) out.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(s.enum)}`);
  if (typeof value === "string") {
    if (s.maxLength !== undefined && value.length > s.maxLength) out.push(`${path}: longer than ${s.maxLength}`);
    if (s.minLength !== undefined && value.length < s.minLength) out.push(`${path}: shorter than ${s.minLength}`);
    if (s.format === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(value)) out.push(`${path}: not a date YYYY-MM-DD`);
  }
  if (typeof value === "object" && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    for (const r of s.required ?? []) if (o[r] === undefined) out.push(`${path}.${r}: required`);
    for (const [k, sub] of Object.entries(s.properties ?? {})) {
      if (o[k] === undefined || NEWER_FIELDS.has(k) || DESCRIPTION_DEFECTS.has(k)) continue;
      out.push(...validate(sub, o[k], `${path}.${k}`));
    }
  }
  if (Array.isArray(value) && s.items) value.forEach((v, i) => out.push(...validate(s.items!, v, `${path}[${i}]`)));
  return out;
}

function validateOneOf(s: Schema, value: unknown, path: string): string[] {
  const options = s.oneOf!;
  const d = s.discriminator;
  if (d && value && typeof value === "object") {
    const tag = (value as Record<string, unknown>)[d.propertyName];
    if (tag === undefined) return [`${path}.${d.propertyName}: required (discriminator)`];
    const target = d.mapping?.[String(tag)]?.split("/").pop() ?? String(tag);
    const chosen = options.find((o) => refName(o) === target);
    if (!chosen) return [`${path}.${d.propertyName}: ${JSON.stringify(tag)} is none of ${options.map(refName).join(", ")}`];
    return validate(chosen, value, path);
  }
  const results = options.map((o) => validate(o, value, path));
  const passing = results.filter((r) => r.length === 0).length;
  if (passing === 1) return [];
  if (passing === 0) return [`${path}: matches none of oneOf (${results.map((r) => r[0]).join(" | ")})`];
  return [`${path}: matches ${passing} schemas of oneOf`];
}

/** The 2020 description's path template matching a concrete path, e.g. /quotations/12 → /quotations/{id}. */
export function findPathTemplate(path: string): string | undefined {
  const paths = Object.keys(spec().paths);
  if (paths.includes(path)) return path;
  return paths.find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path));
}

export interface RecordedRequest {
  method: string;
  /** Path below the root, e.g. /quotations/12/status/approved. */
  path: string;
  contentType?: string;
  /** Parsed body: JSON value, form fields, or multipart field names → "file"/string. */
  body?: unknown;
}

/**
 * Problems with one request against the 2020 description; [] when fine or when the operation is
 * not in that description (newer operations: upgrades, export, base64 attachments...).
 */
export function checkRequest(r: RecordedRequest): string[] {
  const template = findPathTemplate(r.path);
  if (!template) return [];
  const op = spec().paths[template][r.method.toLowerCase()];
  if (!op) return [];
  const where = `${r.method} ${r.path}`;
  let rb = op.requestBody;
  if (rb?.$ref) rb = spec().components.requestBodies[rb.$ref.split("/").pop()!];
  if (!rb?.content) return r.body === undefined ? [] : [`${where}: sends a body, the description has none`];
  if (r.body === undefined) return [`${where}: the description requires a body`];
  const kind = (r.contentType ?? "").split(";")[0].trim();
  const media = rb.content[kind];
  if (!media) return [`${where}: content type ${kind} not in ${Object.keys(rb.content).join(", ")}`];
  return validate(media.schema, r.body).map((p) => `${where}: ${p}`);
}

/**
 * Wraps a fetch so every request is recorded (path relative to `root`) for checkRequest.
 * Only reads what fetch was given; the request itself goes out untouched.
 */
export function recordingFetch(root: string, inner: FetchLike = fetch): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const rootPath = new URL(root).pathname.replace(/\/+$/, "");
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    const contentType = headers.get("content-type") ?? undefined;
    let body: unknown;
    const b = init?.body;
    if (typeof b === "string") {
      body = contentType?.startsWith("application/x-www-form-urlencoded") ? Object.fromEntries(new URLSearchParams(b)) : JSON.parse(b);
    } else if (b instanceof FormData) {
      body = Object.fromEntries([...b.entries()].map(([k, v]) => [k, typeof v === "string" ? v : "file"]));
    }
    requests.push({
      method: init?.method ?? "GET",
      path: url.pathname.slice(rootPath.length) || "/",
      contentType: b instanceof FormData ? "multipart/form-data" : contentType,
      body,
    });
    return inner(typeof input === "string" ? input : url.href, init);
  };
  return { fetch: wrapped as typeof fetch, requests };
}

/**
 * The JSON request bodies of the description written with its own example values, as its users'
 * clients write them ("2020-01-01T00:00:00.000+0000" dates, codes as text): each property's
 * example (or default), objects and lists built the same way (a list of one), the first choice
 * of a oneOf. By "METHOD /path" of the description.
 */
export function exampleBodies(): Array<{ method: string; path: string; body: unknown }> {
  const out: Array<{ method: string; path: string; body: unknown }> = [];
  for (const [path, ops] of Object.entries(spec().paths)) {
    for (const [method, op] of Object.entries(ops)) {
      let rb = op.requestBody;
      if (rb?.$ref) rb = spec().components.requestBodies[rb.$ref.split("/").pop()!];
      const media = rb?.content?.["application/json"];
      if (media) out.push({ method: method.toUpperCase(), path, body: exampleOf(media.schema, 0) });
    }
  }
  return out;
}

function exampleOf(schema: Schema, depth: number): unknown {
  const s = deref(schema);
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (depth > 6) return undefined;
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x) => exampleOf(x, depth + 1) ?? {}));
  const choices = s.oneOf ?? s.anyOf;
  if (choices) return exampleOf(choices[0], depth + 1);
  if (s.properties) {
    return Object.fromEntries(Object.entries(s.properties)
      .map(([k, v]) => [k, exampleOf(v, depth + 1)] as const).filter(([, v]) => v !== undefined));
  }
  if (s.type === "array" && s.items) {
    const one = exampleOf(s.items, depth + 1);
    return one === undefined ? [] : [one];
  }
  return undefined;
}

/** The schema a value takes: references followed, a oneOf's choice by its discriminator. */
function chosen(schemaIn: Schema, value: unknown): Schema & { name?: string } {
  const s = deref(schemaIn);
  const d = s.discriminator;
  if (s.oneOf && d && value && typeof value === "object") {
    const tag = String((value as Record<string, unknown>)[d.propertyName]);
    const target = d.mapping?.[tag]?.split("/").pop() ?? tag;
    const hit = s.oneOf.find((o) => refName(o) === target);
    if (hit) return { ...deref(hit), name: refName(hit) };
  }
  return { ...s, name: refName(schemaIn) };
}

function unknownIn(schemaIn: Schema, value: unknown, path: string): string[] {
  const s = chosen(schemaIn, value);
  if (Array.isArray(value)) return s.items ? value.flatMap((v, i) => unknownIn(s.items!, v, `${path}[${i}]`)) : [];
  if (!value || typeof value !== "object") return [];
  const props = { ...Object.assign({}, ...(s.allOf ?? []).map((p) => chosen(p, value).properties ?? {})), ...s.properties } as Record<string, Schema>;
  if (Object.keys(props).length === 0) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
    if (NEWER_FIELDS.has(k)) return [];
    return props[k] ? unknownIn(props[k], v, `${path}.${k}`) : [`${path}.${k}: not a field of ${s.name ?? "the body"}`];
  });
}

/**
 * Fields of a JSON body that the 2020 description's schema for the operation does not have (a name
 * the real service would not know, so would drop); [] when the operation is not in the description.
 */
export function unknownFields(r: RecordedRequest): string[] {
  const template = findPathTemplate(r.path);
  const op = template ? spec().paths[template][r.method.toLowerCase()] : undefined;
  let rb = op?.requestBody;
  if (rb?.$ref) rb = spec().components.requestBodies[rb.$ref.split("/").pop()!];
  const media = rb?.content?.["application/json"];
  return media && r.body !== undefined ? unknownIn(media.schema, r.body, "body").map((p) => `${r.method} ${r.path}: ${p}`) : [];
}
