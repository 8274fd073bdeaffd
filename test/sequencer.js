// The order jest starts the test files in. With timings of an earlier run in its cache, jest's own:
// the longest first. Without any (a fresh clone, CI), jest orders by file size, and the suite's
// longest files are small ones (a family suite's file is a few lines over the registry, a
// whole-process test one case): they started last, and the run ended with one worker on such a file
// while the other two waited. So the files below, the longest on record, go first then, in this
// order; the rest follow by size. A file's place here only moves when it starts.
"use strict";
const { relative } = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

/** The longest files of a whole run (2026-12-02, 3 workers on a loaded 2-core machine), longest first. */
const LONGEST = [
  "test/workbook/excel.test.ts",
  "test/cli/post-faults.test.ts",
  "test/service/attachments-http.test.ts",
  "test/e2e/preview.test.ts",
  "test/service/durability.test.ts",
  "test/families/promises-kill-default.test.ts",
  "test/families/promises-kill-in-place.test.ts",
  "test/service/crash-durability.test.ts",
  "test/rules/properties.test.ts",
  "test/families/promises-records.test.ts",
  "test/jobs/post-service-gone.test.ts",
  "test/service/documents.test.ts",
  "test/service/migration-answer-shapes.test.ts",
  "test/families/promises-excel.test.ts",
  "test/service/email-http.test.ts",
  "test/taskpane/check-syncs.test.ts",
  "test/cli/start.test.ts",
  "test/families/promises-race.test.ts",
  "test/cli/hostile.test.ts",
  "test/jobs/undo.test.ts",
];

class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests); // sets each test's duration from jest's cache, if it has one
    if (sorted.some((t) => t.duration != null)) return sorted;
    const rank = (t) => {
      const at = LONGEST.indexOf(relative(t.context.config.rootDir, t.path).split("\\").join("/"));
      return at === -1 ? LONGEST.length : at;
    };
    // Array.prototype.sort is stable: the unlisted keep jest's order by size.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongestFirst;
