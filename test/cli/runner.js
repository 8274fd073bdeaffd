// One node process per CLI test file that runs `docsheet` commands one after another through the
// command's real main(argv), as bin/docsheet.js does (build/ while it matches the sources, the
// sources through tsx otherwise), with what each run writes to stdout and stderr captured and its
// exit code returned. Started by test/cli/run.ts (cliRunner) with an IPC channel: a message
// { id, args, env } runs `docsheet ...args` with env added to the environment for that run alone,
// and is answered with { id, code, stdout, stderr }. It saves a node start and the loading of the
// command's modules (exceljs, the jobs, the client) per run; the tests about the process itself
// (exit on a signal, the built bin, what a run loads) keep spawning bin/docsheet.js.
"use strict";
const { join } = require("node:path");
const { staleBuild } = require("../../bin/stale-build");

const ROOT = join(__dirname, "..", "..");

function loadCli() {
  if (staleBuild(ROOT) === undefined) {
    try {
      return require(join(ROOT, "build", "cli", "main.js"));
    } catch (err) {
      if (err.code !== "MODULE_NOT_FOUND") throw err;
    }
  }
  require("tsx/cjs/api").register();
  return require(join(ROOT, "src", "cli", "main.ts"));
}

const cli = loadCli();

/** Runs one command with process.stdout/stderr's write captured and `env` set, then puts both back. */
async function run(args, env) {
  const out = { stdout: "", stderr: "" };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  for (const name of ["stdout", "stderr"]) {
    process[name].write = (chunk, encoding, cb) => {
      out[name] += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString(typeof encoding === "string" ? encoding : "utf8");
      const done = typeof encoding === "function" ? encoding : cb;
      if (done) process.nextTick(done);
      return true;
    };
  }
  const saved = {};
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  let code;
  try {
    code = await cli.main(args);
  } catch (err) {
    // bin/docsheet.js would die of it: an uncaught error, exit 1.
    out.stderr += `${err && err.stack ? err.stack : String(err)}\n`;
    code = 1;
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return { code, ...out };
}

// One run at a time: the captured streams are the process's own.
let queue = Promise.resolve();
process.on("message", (msg) => {
  queue = queue.then(async () => {
    const r = await run(msg.args, msg.env || {});
    process.send({ id: msg.id, ...r });
  });
});
// The test file is done with it: exit now rather than when the last kept-alive socket closes.
process.on("disconnect", () => process.exit(0));
process.send({ ready: true });
