#!/usr/bin/env node
// The `docsheet` command. It runs the compiled JavaScript in build/, which `npm install` / `npm ci`
// make (the `prepare` script, scripts/build-cli.js). When build/ is missing, or a source it was
// built from has changed since (a `git pull` or an edit without a rebuild), it runs the TypeScript
// sources through tsx instead: slower to start, never stale. It does not rebuild by itself: that
// needs typescript (a dev dependency) and would write into the install from every concurrent run.
"use strict";
const { join } = require("node:path");
const { staleBuild } = require("./stale-build");

let stale = staleBuild(join(__dirname, ".."));
let cli;
if (stale === undefined) {
  try {
    cli = require("../build/cli/main.js");
  } catch (err) {
    // A build being replaced this very moment (npm run build:cli swaps build/ whole).
    if (err.code !== "MODULE_NOT_FOUND") throw err;
    stale = "build/ is being rebuilt";
  }
}
if (cli === undefined) {
  // A hint for a person at a terminal; scripts and tests read stderr, and the run is correct anyway.
  if (process.stderr.isTTY) process.stderr.write(`docsheet: ${stale}; running the sources through tsx (npm run build:cli makes start-up fast)\n`);
  require("tsx/cjs/api").register();
  cli = require("../src/cli/main.ts");
}
cli.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
