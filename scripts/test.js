// `npm test`: the type-check (`npm run lint`) and jest side by side rather than one after the
// other: jest's workers spend much of their time waiting on the services and browsers they start,
// and the type-check fills that time. The type-check runs at a lower priority, so the tests'
// timers keep their CPU; its report is printed after jest's. Fails when either fails. Arguments
// go to jest (`npm test -- test/rules`).
"use strict";
const { spawn } = require("node:child_process");
const { setPriority } = require("node:os");
const { join } = require("node:path");

const ROOT = join(__dirname, "..");
const LINT_NICENESS = 10;

/** Runs a command; resolves with its exit code and, when `keep`, what it printed. */
function run(command, args, keep) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: keep ? ["ignore", "pipe", "pipe"] : "inherit", shell: process.platform === "win32" });
    let out = "";
    if (keep) {
      child.stdout.on("data", (c) => (out += c));
      child.stderr.on("data", (c) => (out += c));
      try {
        // Before npm starts tsc, which inherits it.
        setPriority(child.pid, LINT_NICENESS);
      } catch {
        // not allowed here: it then runs at the same priority
      }
    }
    child.on("error", (err) => done({ code: 1, out: `${out}${err.message}\n` }));
    child.on("close", (code, signal) => done({ code: code ?? (signal ? 1 : 0), out }));
  });
}

async function main() {
  const lint = run("npm", ["run", "--silent", "lint"], true);
  const jest = run(process.execPath, [require.resolve("jest/bin/jest"), "--ci", ...process.argv.slice(2)], false);
  const [checked, tested] = await Promise.all([lint, jest]);
  if (checked.code !== 0) process.stdout.write(`\nnpm run lint (the type-check) failed:\n${checked.out}`);
  else process.stdout.write("\nnpm run lint (the type-check): no errors\n");
  process.exitCode = checked.code !== 0 ? checked.code : tested.code;
}

main();
