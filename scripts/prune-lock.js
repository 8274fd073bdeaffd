// npm writes every optional platform binding a package names into package-lock.json, even those the
// registry we reach does not hold (this machine's mirror has only the Linux builds), and `npm ci`
// then refuses the lock as "missing from lock file". Drop optional dependencies that have no entry
// in the lock. Idempotent; test/house/bare-machine.test.ts fails on a lock that needs it.
const fs = require("node:fs");
const path = require("node:path");

const file = path.join(__dirname, "..", "package-lock.json");
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
let removed = 0;
for (const [key, pkg] of Object.entries(lock.packages ?? {})) {
  for (const dep of Object.keys(pkg.optionalDependencies ?? {})) {
    const nested = key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    if (!lock.packages[nested] && !lock.packages[`node_modules/${dep}`]) {
      delete pkg.optionalDependencies[dep];
      removed++;
    }
  }
}
if (removed > 0) fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`prune-lock: ${removed} unresolvable optional dependencies dropped`);
