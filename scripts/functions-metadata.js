// The Thai functions-th.json beside the functions.json custom-functions-metadata-plugin generates
// from src/functions/excel.ts's JSDoc: the same functions and parameters, each description the Thai
// one of its entry in src/functions/table.ts (read through tsx). The manifest gives it to Excel in Thai.
const { sources } = require("webpack");

function thaiMetadata(json, functions) {
  const byName = new Map(functions.map((f) => [f.name, f]));
  const metadata = JSON.parse(json);
  for (const f of metadata.functions) {
    const entry = byName.get(f.name);
    if (!entry) throw new Error(`functions.json names ${f.name}, which src/functions/table.ts has no entry for`);
    f.description = entry.description.th;
    for (const p of f.parameters ?? []) {
      const arg = entry.args.find((a) => a.name === p.name);
      if (!arg) throw new Error(`${f.name}'s parameter ${p.name} is no argument of its entry`);
      p.description = arg.description.th;
    }
  }
  return `${JSON.stringify(metadata, null, 2)}\n`;
}

/** src/functions/table.ts: through jest's own transform in a test's build, else through tsx. */
function functionTable() {
  if (process.env.JEST_WORKER_ID !== undefined) return require("../src/functions/table.ts");
  return require("tsx/cjs/api").require("../src/functions/table.ts", __filename);
}

function thaiFunctionsMetadata() {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap("ThaiFunctionsMetadata", (compilation) => {
        compilation.hooks.processAssets.tap({ name: "ThaiFunctionsMetadata", stage: compilation.constructor.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          const english = compilation.getAsset("functions.json");
          if (!english) return;
          const { FUNCTIONS } = functionTable();
          compilation.emitAsset("functions-th.json", new sources.RawSource(thaiMetadata(english.source.source().toString(), FUNCTIONS)));
        });
      });
    },
  };
}

module.exports = { thaiFunctionsMetadata, thaiMetadata };
