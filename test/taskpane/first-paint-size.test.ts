// The pane's JavaScript before its first paint: the taskpane entry of the production build, which is
// all taskpane.html loads at start (the sections, the engine, decimal.js, zod and the message
// translator come in chunks after it). Excel loads the pane each time the user opens it, so this
// stays within 150 KB minified (issue 24; bench/addin.ts measures it with the time to a usable pane).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { minify } from "terser";
import { paneBuild } from "../helpers/pane-build";

const FIRST_PAINT_LIMIT = 150 * 1024;

let scratch: string | undefined;
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("the taskpane entry is at most 150 KB minified, and the page loads nothing else at start", async () => {
  // The run's shared production build (test/helpers/pane-build.ts) is not minified: the entry is
  // minified here as webpack's production build does (terser, compress and mangle).
  const out = await paneBuild(() => (scratch = mkdtempSync(join(tmpdir(), "docsheet-build-"))));
  const entry = readdirSync(out).find((f) => /^taskpane\.[0-9a-f]{8}\.js$/.test(f))!;
  const scripts = [...readFileSync(join(out, "taskpane.html"), "utf8").matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.filter((src) => !src.startsWith("https://appsforoffice.microsoft.com/"))).toEqual([entry]);
  const minified = await minify(readFileSync(join(out, entry), "utf8"), { compress: true, mangle: true });
  const bytes = Buffer.byteLength(minified.code ?? "");
  expect(bytes).toBeGreaterThan(10 * 1024); // the pane itself is there
  expect(bytes).toBeLessThanOrEqual(FIRST_PAINT_LIMIT);
}, 240_000);
