// `npm run build:cli` (and `prepare`, so `npm install` / `npm ci` run it): compiles the `docsheet`
// command, the local service it serves and the shared code they import (tsconfig.build.json) into
// build/, and copies the service's non-TypeScript files (SQL migrations) beside their code.
// Emit only (noCheck): `npm run lint` type-checks. A relative require that names no file of the
// build fails it (a directory missing from the tsconfig's include). It writes a new tree and swaps it in, so a
// `docsheet` started meanwhile sees the old build or none (bin/docsheet.js then runs the sources),
// never half of one. build/.stamp.json lists the sources and when the build began: the bin runs
// build/ only while no source is newer.
// Without typescript (`npm ci --omit=dev`) it builds nothing and says so: the bin runs the sources
// through tsx, a runtime dependency, so an install never fails for want of a dev tool.
const { cpSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require("node:fs");
const { dirname, join, relative, resolve } = require("node:path");

const ROOT = join(__dirname, "..");
const BUILD = join(ROOT, "build");
const CONFIG = join(ROOT, "tsconfig.build.json");

/** Copies every file that is not TypeScript under src/<dir> to the same place under out. */
function copyAssets(dir, out) {
  for (const entry of readdirSync(join(ROOT, "src", dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.tsx?$/.test(entry.name)) continue;
    const from = join(entry.parentPath, entry.name);
    cpSync(from, join(out, relative(join(ROOT, "src"), from)));
  }
}

/** Relative requires of the emitted files that resolve to no file of the build. */
function missingRequires(out) {
  const missing = [];
  for (const entry of readdirSync(out, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = join(entry.parentPath, entry.name);
    for (const m of readFileSync(file, "utf8").matchAll(/\brequire\("(\.{1,2}\/[^"]*)"\)/g)) {
      const target = resolve(dirname(file), m[1]);
      if (![target, `${target}.js`, join(target, "index.js")].some((t) => statSync(t, { throwIfNoEntry: false })?.isFile())) {
        missing.push(`${relative(out, file)}: require("${m[1]}")`);
      }
    }
  }
  return missing;
}

/** Moves the new tree to build/: the old one aside first (rename is atomic, so build/ is whole or
 * absent), again when a build running at the same time put its own there in between. */
function swapIn(next) {
  const old = `${BUILD}.${process.pid}.old`;
  for (let attempt = 0; ; attempt++) {
    try {
      renameSync(BUILD, old);
    } catch (err) {
      if (err.code !== "ENOENT") throw err;
    }
    try {
      renameSync(next, BUILD);
      break;
    } catch (err) {
      if ((err.code !== "ENOTEMPTY" && err.code !== "EEXIST") || attempt > 5) throw err;
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  }
}

function build() {
  let ts;
  try {
    ts = require("typescript");
  } catch {
    console.log("build:cli: typescript is not installed (a dev dependency): docsheet will run its sources through tsx");
    return 0;
  }
  const started = Date.now();
  const config = ts.getParsedCommandLineOfConfigFile(CONFIG, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  const next = `${BUILD}.${process.pid}.tmp`;
  rmSync(next, { recursive: true, force: true });
  const program = ts.createProgram(config.fileNames, { ...config.options, outDir: next });
  const emitted = program.emit();
  const errors = [...config.errors, ...emitted.diagnostics];
  if (emitted.emitSkipped || errors.length > 0) {
    rmSync(next, { recursive: true, force: true });
    console.error(ts.formatDiagnostics(errors, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => "\n" }));
    console.error("build:cli: compile failed");
    return 1;
  }
  copyAssets("service", next);
  const missing = missingRequires(next);
  if (missing.length > 0) {
    rmSync(next, { recursive: true, force: true });
    console.error(`build:cli: these requires name no compiled file (add their directory to tsconfig.build.json):\n  ${missing.join("\n  ")}`);
    return 1;
  }
  const sources = config.fileNames.map((f) => relative(ROOT, f));
  writeFileSync(join(next, ".stamp.json"), `${JSON.stringify({ started, sources })}\n`);
  swapIn(next);
  console.log(`build:cli: ${sources.length} sources compiled into build/ in ${Date.now() - started} ms`);
  return 0;
}

process.exitCode = build();
