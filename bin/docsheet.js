#!/usr/bin/env node
// The `docsheet` command. The sources are TypeScript; tsx compiles them on load so that
// `npx docsheet` works straight after `npm install`, with no build step.
require("tsx/cjs/api").register();
require("../src/cli/main.ts");
