// webpack's loader for the add-in's TypeScript: SWC, the native compiler jest's transform uses too,
// compiles each file on its own (tsconfig's isolatedModules allows that) to ES2022 with Preact's
// automatic JSX runtime, as tsconfig.json says; `npm run lint` (tsc) does the type-checking. It
// replaced ts-loader's transpileOnly, TypeScript's own compiler in JavaScript: a build of the pane
// took about 7 s of CPU with it, 3.5 s with this.
"use strict";
const { transform } = require("@swc/core");

module.exports = function swcLoader(source, inputSourceMap) {
  const done = this.async();
  transform(source, {
    filename: this.resourcePath,
    swcrc: false,
    configFile: false,
    sourceMaps: this.sourceMap,
    inputSourceMap: inputSourceMap ? JSON.stringify(inputSourceMap) : undefined,
    jsc: {
      parser: { syntax: "typescript", tsx: this.resourcePath.endsWith(".tsx") },
      target: "es2022",
      transform: { react: { runtime: "automatic", importSource: "preact" } },
    },
    // ES modules let webpack shake unused code out.
    module: { type: "es6" },
  }).then((out) => done(null, out.code, out.map ? JSON.parse(out.map) : undefined), done);
};
