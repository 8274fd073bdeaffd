// A service start loads only what it needs to listen: the PDF renderer and its worker pool, the
// mailer, file detection, the OpenAPI document's generator and the other store's driver load when
// first used. Each of them cost start-up CPU, and a test run starts the service well over a hundred
// times. A preloaded script writes down the modules loaded when the service says it is listening.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestService, storesUnderTest, type StoreKind } from "../helpers/service";

// The first service of a run makes the run's template stores.
jest.setTimeout(120_000);

const FIRST_USE = ["pdfkit", "fontkit", "piscina", "nodemailer", "cfb", "@hono/zod-openapi", "@asteasolutions/zod-to-openapi"];
const OTHER_DRIVER: Record<StoreKind, string[]> = { pglite: ["pg", "drizzle-orm/node-postgres"], postgres: ["@electric-sql/pglite", "drizzle-orm/pglite"] };

describe.each(storesUnderTest)("service start (%s)", (store) => {
  test("loads no module that a route or the other store loads on first use", async () => {
    const dir = mkdtempSync(join(tmpdir(), "docsheet-start-modules-"));
    try {
      const report = join(dir, "modules.json");
      const preload = join(dir, "report-modules.js");
      writeFileSync(preload, [
        "const write = process.stdout.write.bind(process.stdout);",
        "process.stdout.write = (chunk, ...rest) => {",
        `  if (String(chunk).startsWith("listening ")) require("node:fs").writeFileSync(${JSON.stringify(report)}, JSON.stringify(Object.keys(require.cache)));`,
        "  return write(chunk, ...rest);",
        "};",
      ].join("\n"));
      const svc = await startTestService({ store, env: { NODE_OPTIONS: `--require ${preload}` } });
      await svc.stop();
      const loaded = JSON.parse(readFileSync(report, "utf8")) as string[];
      // The store's own driver is there: the report names what the service loaded.
      expect(loaded.some((f) => f.includes(`/node_modules/drizzle-orm/${store === "pglite" ? "pglite" : "node-postgres"}/`))).toBe(true);
      const early = [...FIRST_USE, ...OTHER_DRIVER[store]].filter((m) => loaded.some((f) => f.includes(`/node_modules/${m}/`)));
      expect(early).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
