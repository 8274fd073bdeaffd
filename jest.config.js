// Two projects: node for everything that is not UI, jsdom only for the task pane's component tests.
// Sources are compiled by SWC (a native compiler: no type-check, which `npm run lint` does, and no
// TypeScript loaded in each worker) into CommonJS, TSX with Preact's automatic JSX runtime as in
// tsconfig.json. Preact 11 ships only ESM, so it is transformed like our own sources.
/** @swc/jest for one kind of source: `parser` is SWC's parser options for it. */
function swc(parser) {
  return [
    "@swc/jest",
    {
      jsc: {
        parser,
        target: "es2022",
        transform: { react: { runtime: "automatic", importSource: "preact" } },
      },
      module: { type: "commonjs" },
      sourceMaps: "inline",
    },
  ];
}
const common = {
  transform: {
    "^.+\\.ts$": swc({ syntax: "typescript" }),
    "^.+\\.tsx$": swc({ syntax: "typescript", tsx: true }),
    "^.+\\.(js|mjs|jsx)$": swc({ syntax: "ecmascript", jsx: true }),
  },
  transformIgnorePatterns: ["/node_modules/(?!(preact|@testing-library/preact)/)"],
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "cjs", "json"],
  // No test runs a program of the machine (test/helpers/system-programs.ts).
  setupFiles: ["<rootDir>/test/setup-system-programs.ts"],
};
module.exports = {
  testTimeout: 30000,
  // Jest's default on a 2-core machine is one worker, which runs every file in band, one after the
  // other. Most of a file's time goes to the processes it starts (the service, PostgreSQL,
  // Chromium, the CLI) and to waiting on them, so three files side by side keep both cores busy.
  maxWorkers: 3,
  // A worker leaves once its event loop is empty, then Node frees its heap (a jsdom worker holds
  // 150 MB and more): measured 300 to 550 ms between its exit event and its end on a busy 2-core
  // machine, with no handle left open. Jest's 500 ms then called it a leak ("A worker process has
  // failed to exit gracefully") and killed it. A worker still there after 5 s is a real leak.
  workerGracefulExitTimeout: 5000,
  // The longest files first on a run without jest's timings too (test/sequencer.js).
  testSequencer: "<rootDir>/test/sequencer.js",
  // One PostgreSQL cluster for the whole run (from npm), and a line each on the PostgreSQL,
  // Chromium and PDF reader in use.
  globalSetup: "<rootDir>/test/global-setup.ts",
  globalTeardown: "<rootDir>/test/global-teardown.ts",
  projects: [
    {
      ...common,
      displayName: "node",
      testEnvironment: "node",
      testMatch: ["<rootDir>/test/**/*.test.ts"],
    },
    {
      ...common,
      displayName: "ui",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/test/**/*.test.tsx"],
    },
  ],
};
