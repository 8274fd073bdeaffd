// The add-in built by webpack in production mode (what `npm run build` makes: production bundles and
// pages, the manifest pointed at ADDIN_PUBLIC_URL), once per jest run and shared: the browser tests
// (test/e2e) serve a copy of it, the manifest test reads it. Left out is only the JS minifier
// (terser), four fifths of the build's CPU (about 37 of 50 s), which changes nothing the tests
// look at: the pages, the manifest, the assets and what the pane does.
import { join } from "node:path";
import { runOnce } from "./run-once";

const ROOT = join(__dirname, "..", "..");
/** The URL the built manifest points at. */
export const PANE_PUBLIC_URL = "https://public.example.net/addin/";

type MakeConfig = (env: object, argv: object) => import("webpack").Configuration;

async function webpackBuild(out: string): Promise<void> {
  const webpack = require("webpack") as typeof import("webpack");
  const makeConfig = require(join(ROOT, "webpack.config.js")) as MakeConfig;
  const previous = process.env.ADDIN_PUBLIC_URL;
  process.env.ADDIN_PUBLIC_URL = PANE_PUBLIC_URL; // read as the configuration is made
  let config: import("webpack").Configuration;
  try {
    config = makeConfig({}, { mode: "production" });
  } finally {
    if (previous === undefined) delete process.env.ADDIN_PUBLIC_URL;
    else process.env.ADDIN_PUBLIC_URL = previous;
  }
  config = { ...config, context: ROOT, devtool: false, output: { ...config.output, path: out }, optimization: { ...config.optimization, minimize: false } };
  const stats = await new Promise<import("webpack").Stats>((resolve, reject) => webpack(config, (err, s) => (err || !s ? reject(err) : resolve(s))));
  if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));
}

/** The directory of this run's build (read only: copy it to write beside it). Outside jest it is
 * built into `fallback`. */
export async function paneBuild(fallback: () => string): Promise<string> {
  const shared = await runOnce("pane-build", async (work) => {
    await webpackBuild(work);
    return work;
  });
  if (shared) return shared;
  const out = fallback();
  await webpackBuild(out);
  return out;
}
