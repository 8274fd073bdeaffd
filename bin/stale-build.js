// Whether build/ (scripts/build-cli.js) still matches the sources it was compiled from: the bin and
// the test helpers that start the service run build/ only while it does, and the TypeScript
// sources through tsx otherwise.
"use strict";
const { readFileSync, statSync } = require("node:fs");
const { join } = require("node:path");

/**
 * Why `root`/build cannot be used, or undefined when it is up to date.
 * @param {string} root the repository (the directory holding build/ and src/)
 * @returns {string | undefined}
 */
function staleBuild(root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, "build", ".stamp.json"), "utf8"));
  } catch {
    return "build/ is missing";
  }
  for (const source of stamp.sources) {
    const stat = statSync(join(root, source), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > stamp.started) return `${source} changed since build/ was made`;
  }
  return undefined;
}

module.exports = { staleBuild };
