// The OpenAPI document of the routes mounted on an app. Routes are described as they are mounted
// (mount.ts), but the description (schemas turned into JSON schema, the document generator and
// @hono/zod-openapi with it) is made on the first request for the document, not at every start.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppEnv } from "./context";

type Registry = OpenAPIHono["openAPIRegistry"];
export type PathDescription = Parameters<Registry["registerPath"]>[0];
type DocumentConfig = Parameters<OpenAPIHono["getOpenAPIDocument"]>[0];

const described = new WeakMap<Hono<AppEnv>, Array<() => PathDescription>>();

/** Adds a path to the app's document; `describe` runs when the document is first asked for. */
export function describePath(api: Hono<AppEnv>, describe: () => PathDescription): void {
  const paths = described.get(api) ?? [];
  paths.push(describe);
  described.set(api, paths);
}

/** Serves the document at `path` of `api`: the paths described on it, then `bearer` as its security scheme. */
export function serveOpenApiDocument(api: Hono<AppEnv>, path: string, config: DocumentConfig): void {
  let document: unknown;
  api.get(path, (c) => {
    try {
      document ??= build(described.get(api) ?? [], config);
      return c.json(document as object);
    } catch (e) {
      return c.json(e as object, 500); // as @hono/zod-openapi's doc() answers a generator failure
    }
  });
}

function build(paths: Array<() => PathDescription>, config: DocumentConfig): unknown {
  const { OpenAPIHono: Generator } = require("@hono/zod-openapi") as typeof import("@hono/zod-openapi");
  const doc = new Generator();
  for (const describe of paths) doc.openAPIRegistry.registerPath(describe());
  doc.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  return doc.getOpenAPIDocument(config);
}
