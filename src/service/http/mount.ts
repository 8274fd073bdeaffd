// Mounts a handler for a route of the shared route table and describes it in the OpenAPI document,
// so the served paths and the documented paths come from the same table.
import type { ZodType } from "zod";
import { z } from "@hono/zod-openapi";
import type { Route } from "../../api/routes";
import type { Api, Ctx } from "./context";

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
  const params = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  const bodyContent = route.body === "form" ? "application/x-www-form-urlencoded" : route.body === "multipart" ? "multipart/form-data" : "application/json";
  try {
    api.openAPIRegistry.registerPath({
      method: route.method.toLowerCase() as "get" | "post" | "put" | "delete",
      path: openApiPath(path),
      summary: doc.summary,
      tags: doc.tags,
      ...(doc.public ? {} : { security: [{ bearer: [] }] }),
      request: {
        ...(params.length > 0 ? { params: pathParams(params) } : {}),
        ...(doc.query ? { query: doc.query as never } : {}),
        ...(doc.body ? { body: { content: { [bodyContent]: { schema: doc.body as never } } } } : {}),
      },
      responses: { 200: { description: "Envelope {status, message, code, data}" } },
    });
  } catch {
    // A schema the generator cannot describe must not stop the service: the route still works.
  }
}

function pathParams(names: string[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, z.string()])));
}
