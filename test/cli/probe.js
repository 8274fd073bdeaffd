// Loaded into a `docsheet` run with NODE_OPTIONS="--require <this file>" by the CLI tests and
// bench/cli: when the run ends it writes to the file named by DOCSHEET_PROBE_OUT the packages it
// loaded, its peak memory and its CPU time, so a test can prove a command loads no exceljs and no tsx.
"use strict";
const { writeFileSync } = require("node:fs");

process.on("exit", () => {
  const packages = new Set();
  for (const file of Object.keys(require.cache)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(file);
    if (m) packages.add(m[1]);
  }
  const out = process.env.DOCSHEET_PROBE_OUT;
  const usage = process.resourceUsage();
  const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
  if (out) writeFileSync(out, JSON.stringify({ packages: [...packages].sort(), maxRssMb: Math.round(usage.maxRSS / 1024), cpuMs }));
});
