// The command's help and its build: each command's --help (through the command's main, in the
// file's runner process) names the options the README's command-line section names, and speaks
// Thai with --lang th; the real bin answers `docsheet --help` and a usage error; the compiled build
// (what `npm install` makes) runs with no tsx, and each command loads only the packages it uses.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, buildCli, cliRunner, runBuilt, runCli, runProbed } from "./run";

const { staleBuild } = require("../../bin/stale-build") as { staleBuild(root: string): string | undefined };

jest.setTimeout(180_000);

const docsheet = cliRunner();

const COMMANDS = ["serve", "template", "check", "map", "post", "pull", "refresh", "act", "undo", "update", "report", "calc"];

/** Options per command in the README's "The command line" section (its first sh block). */
function readmeOptions(): Map<string, Set<string>> {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## The command line"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1];
  const options = new Map<string, Set<string>>();
  let current: Set<string> | undefined;
  for (const line of block.split("\n")) {
    const start = /^npx docsheet (\S+)/.exec(line);
    if (start) options.set(start[1], (current = new Set()));
    else if (!/^\s/.test(line)) current = undefined;
    for (const m of line.matchAll(/--([a-z][a-z-]*)/g)) current?.add(m[1]);
  }
  return options;
}

/** Options the help of a command describes (its "Options:" list). */
function helpOptions(help: string): Set<string> {
  const list = help.slice(help.indexOf("\nOptions:\n"));
  return new Set([...list.matchAll(/^ {2}--([a-z][a-z-]*)/gm)].map((m) => m[1]));
}

describe("docsheet help", () => {
  it("the README and each command's --help name the same options", async () => {
    const readme = readmeOptions();
    expect([...readme.keys()].sort()).toEqual([...COMMANDS].sort());
    for (const command of COMMANDS) {
      const r = await docsheet([command, "--help"]);
      expect({ command, code: r.code }).toEqual({ command, code: 0 });
      expect(r.stdout).toMatch(new RegExp(`^Usage: docsheet ${command}\\b`));
      const help = helpOptions(r.stdout);
      expect({ command, options: [...help].sort() }).toEqual({ command, options: [...readme.get(command)!].sort() });
      // The synopsis at the top names the same ones.
      const synopsis = r.stdout.slice(0, r.stdout.indexOf("\n\n"));
      expect(new Set([...synopsis.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]))).toEqual(help);
    }
  });

  it("each command's --help with --lang th is in Thai: its summary and every option's help", async () => {
    const thai = /[\u0E00-\u0E7F]/;
    for (const command of COMMANDS) {
      const r = await docsheet([command, "--help", "--lang", "th"]);
      expect({ command, code: r.code }).toEqual({ command, code: 0 });
      const [usage, summary] = r.stdout.split("\n\n");
      expect(usage).toMatch(new RegExp(`^วิธีใช้: docsheet ${command}\\b`));
      expect({ command, summary }).toEqual({ command, summary: expect.stringMatching(thai) });
      const options = r.stdout.slice(r.stdout.indexOf("\nตัวเลือก:\n")).split("\n").filter((line) => /^ {2}--/.test(line));
      expect(options.length).toBeGreaterThan(0);
      expect({ command, english: options.filter((line) => !thai.test(line)) }).toEqual({ command, english: [] });
    }
  });

  it("docsheet --help lists every command on stdout and exits 0; a usage error points at the command's help", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    for (const command of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^ {2}docsheet ${command}\\b`, "m"));
    const bad = await runCli(["post", "book.xlsx", "--lines"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^docsheet: unknown option --lines\n/);
    expect(bad.stderr).toContain("docsheet post --help tells what each option does.");
  });
});

describe("the compiled command", () => {
  // `npm ci` built it; build again only when a source changed since (swapping build/ under the
  // other test files' runs is safe, but needless).
  beforeAll(() => {
    if (staleBuild(REPO) !== undefined) buildCli();
  });

  it("runs the sources through tsx when build/ is missing or older than a source, and build/ otherwise", async () => {
    // A copy of the bin beside links to the repository's sources and packages, so build/ can be
    // taken away or made old without touching the one other tests run.
    const root = mkdtempSync(join(tmpdir(), "docsheet-bin-"));
    try {
      cpSync(join(REPO, "bin"), join(root, "bin"), { recursive: true });
      for (const dir of ["src", "node_modules"]) symlinkSync(join(REPO, dir), join(root, dir));
      const bin = join(root, "bin", "docsheet.js");
      const loaded = async (): Promise<string[]> => (await runProbed(["--help"], bin)).packages;

      expect(await loaded()).toContain("tsx"); // no build/
      cpSync(join(REPO, "build"), join(root, "build"), { recursive: true });
      const stamp = join(root, "build", ".stamp.json");
      const built = JSON.parse(readFileSync(stamp, "utf8")) as { started: number; sources: string[] };
      writeFileSync(stamp, JSON.stringify({ ...built, started: Date.now() + 60_000 }));
      expect(await loaded()).toEqual([]);
      writeFileSync(stamp, JSON.stringify({ ...built, started: 0 })); // every source is newer
      expect(await loaded()).toContain("tsx");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("runs JavaScript from build/: --help loads no package at all", async () => {
    const r = await runBuilt(["--help"]);
    expect(r.code).toBe(0);
    expect(r.packages).toEqual([]);
  });

  it("check reads with the fast reader and loads no exceljs; template, which writes a workbook, does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "docsheet-help-"));
    const out = join(dir, "book.xlsx");
    const t = await runBuilt(["template", "quotations", "--out", out]);
    expect(t.code).toBe(0);
    expect(t.packages).toContain("exceljs");
    expect(t.packages).not.toContain("tsx");
    const c = await runBuilt(["check", out, "--family", "quotations"]);
    expect(c.stdout).toMatch(/^1 document, 0 findings$/m);
    expect(c.code).toBe(0);
    expect(c.packages).not.toContain("exceljs");
    expect(c.packages).not.toContain("tsx");
    rmSync(dir, { recursive: true, force: true });
  });
});
