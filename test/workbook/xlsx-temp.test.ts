// No litter (issue 23): a save killed before its rename leaves `.OUT.xlsx.PID.tmp` behind; the next
// save to that output (XlsxWorkbook.save: post, act, template; writeTableXlsx: pull into a new
// file) removes it, and keeps the temp file of a save another live process is making.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { writeTableXlsx } from "../../src/workbook/xlsx-write";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-xlsx-temp-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process that starts a save's temp file for `out` and is killed with SIGKILL before it renames. */
async function killedSave(out: string): Promise<string> {
  const child = spawn(process.execPath, ["-e", `
    const { writeFileSync } = require("node:fs");
    const { basename, dirname, join } = require("node:path");
    const out = ${JSON.stringify(out)};
    writeFileSync(join(dirname(out), "." + basename(out) + "." + process.pid + ".tmp"), "PK half a workbook");
    process.stdout.write("saving\\n");
    setInterval(() => {}, 1000);
  `], { stdio: ["ignore", "pipe", "inherit"] });
  await once(child.stdout!, "data");
  child.kill("SIGKILL");
  await once(child, "exit");
  const temp = `.OUT.xlsx.${child.pid}.tmp`;
  expect(existsSync(join(dir, temp))).toBe(true);
  return temp;
}

it.each([
  ["XlsxWorkbook.save", (out: string) => XlsxWorkbook.empty().save(out)],
  ["writeTableXlsx", (out: string) => writeTableXlsx(out, "Pull", [{ header: "documentKey", kind: "text" }], [["IV1"]])],
])("%s removes a killed save's temp file and keeps a live one's", async (_name, save) => {
  const out = join(dir, "OUT.xlsx");
  const killed = await killedSave(out);
  // A save in progress in a live process (this test's parent), and a temp file of another output.
  const live = `.OUT.xlsx.${process.ppid}.tmp`;
  const other = `.OTHER.xlsx.2147483646.tmp`;
  writeFileSync(join(dir, live), "");
  writeFileSync(join(dir, other), "");
  // A day-old temp file whose process id is alive (1, init: an id given to another process since).
  const reused = ".OUT.xlsx.1.tmp";
  writeFileSync(join(dir, reused), "");
  utimesSync(join(dir, reused), new Date(Date.now() - 86_400_000), new Date(Date.now() - 86_400_000));

  await save(out);
  const left = readdirSync(dir);
  expect(left).toContain("OUT.xlsx");
  expect(left).not.toContain(killed);
  expect(left).not.toContain(reused);
  expect(left).toContain(live);
  expect(left).toContain(other);
  for (const f of [live, other, "OUT.xlsx"]) rmSync(join(dir, f));
});
