// Mounts a handler for a route of the shared route table and describes it in the OpenAPI document,
// so the served paths and the documented paths come from the same table (described when the
// document is first asked for: openapi-doc.ts).
import { toJSONSchema, type ZodMiniType as ZodType } from "zod/mini";
import type { Route } from "../../api/routes";
import type { Api, Ctx } from "./context";
import { describePath, type PathDescription } from "./openapi-doc";

export interface RouteDoc {
  summary: string;
  tags: string[];
  body?: ZodType;
  query?: ZodType;
  /** A route reachable without a token. */
  public?: boolean;
}

const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, "{$1}");

export function mount(api: Api, route: Route, handler: (c: Ctx) => Promise<Response> | Response, doc: RouteDoc, path = route.path): void {
  api.on(route.method, path, handler);
  describePath(api, () => description(route, doc, path));
}

function description(route: Route, doc: RouteDoc, path: string): PathDescription {
  const params = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  const bodyContent = route.body === "form" ? "application/x-www-form-urlencoded" : route.body === "multipart" ? "multipart/form-data" : "application/json";
  return {
    method: route.method.toLowerCase() as "get" | "post" | "put" | "delete",
    path: openApiPath(path),
    summary: doc.summary,
    tags: doc.tags,
    ...(doc.public ? {} : { security: [{ bearer: [] }] }),
    parameters: [
      ...params.map((name) => ({ name, in: "path" as const, required: true, schema: { type: "string" as const } })),
      ...(doc.query ? queryParams(doc.query) : []),
    ],
    ...(doc.body ? { requestBody: { content: { [bodyContent]: { schema: jsonSchema(doc.body) } } } } : {}),
    responses: { 200: { description: "Envelope {status, message, code, data}" } },
  };
}

type SchemaObject = Record<string, unknown> & { properties?: Record<string, SchemaObject>; required?: string[] };

const described = new WeakMap<ZodType, SchemaObject>();

/** The schema as the OpenAPI 3.0 document describes it: what a caller may send (the input side).
 * Made once per schema: the same body and query schemas serve every family's routes. */
function jsonSchema(schema: ZodType): SchemaObject {
  let out = described.get(schema);
  if (!out) {
    out = toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "openapi-3.0" }) as SchemaObject;
    described.set(schema, out);
  }
  return out;
}

/** One query parameter per property of a query schema. */
function queryParams(schema: ZodType) {
  const { properties = {}, required = [] } = jsonSchema(schema);
  return Object.entries(properties).map(([name, s]) => ({ name, in: "query" as const, required: required.includes(name), schema: s as never }));
}
