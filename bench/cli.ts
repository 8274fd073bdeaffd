// bench/cli: the `docsheet` command as a user runs it, the real bin on its compiled build, each run
// a new process (wall time from spawn to exit, peak memory from the run itself).
//   start-up: `docsheet --help` (median of 15; target < 300 ms)
//   check:    10,000 line rows (2,000 documents × 5 lines) from an .xlsx (median of 5; target < 800 ms)
//   pull:     10,000 documents of 5 lines into a new .xlsx, one row per document and one per line
//             (target: peak memory < 250 MB)
// The build is made first (scripts/build-cli.js). A run that fell back to tsx (someone changed a
// source meanwhile) is made again after a new build; three such runs in a row fail the bench.
// Run: npx tsx bench/cli.ts   (or npm run bench -- cli)
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import ExcelJS from "exceljs";
import { createClient } from "../src/api";
import { startTestService } from "../test/helpers/service";
import { rows } from "./engine";
import { runAsScript } from "./support";

const REPO = resolve(__dirname, "..");
const BIN = join(REPO, "bin", "docsheet.js");
const PROBE = join(REPO, "test", "cli", "probe.js");
const PULLED = 10_000;

interface Run {
  ms: number;
  maxRssMb: number;
  stdout: string;
}

function build(): void {
  const built = spawnSync(process.execPath, [join(REPO, "scripts", "build-cli.js")], { cwd: REPO, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
}

/** One run of the bin on its build, with the probe reporting its peak memory and the packages it loaded. */
async function docsheet(args: string[], dir: string): Promise<Run> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const run = await once(args, dir);
    if (!run.packages.includes("tsx")) return run;
    build();
  }
  throw new Error("the bin kept running the sources through tsx: sources keep changing after each build");
}

function once(args: string[], dir: string): Promise<Run & { packages: string[] }> {
  const out = join(dir, "probe.json");
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: REPO, stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_OPTIONS: `--require ${PROBE}`, DOCSHEET_PROBE_OUT: out },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", fail);
    child.on("close", (code) => {
      const ms = performance.now() - t0;
      if (code !== 0) return fail(new Error(`docsheet ${args[0]} exited ${code}: ${stderr || stdout}`));
      const probe = JSON.parse(readFileSync(out, "utf8")) as { packages: string[]; maxRssMb: number };
      done({ ms, maxRssMb: probe.maxRssMb, stdout, packages: probe.packages });
    });
  });
}

async function median(times: number, run: () => Promise<Run>): Promise<Run> {
  const runs: Run[] = [];
  for (let i = 0; i < times; i++) runs.push(await run());
  runs.sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)];
}

/** PULLED tax invoices in the store: copies (straight into the store) of one of 5 lines made through the API. */
async function seed(dataDir: string): Promise<void> {
  let svc = await startTestService({ store: "pglite", dataDir });
  try {
    const client = createClient({ root: svc.root, clientId: "demo", clientSecret: "demo-secret" });
    const items = [1, 2, 3, 4, 5].map((q) => ({ name: `Item ${q}`, quantity: q, pricePerUnit: 100, total: q * 100 }));
    await client.documents("tax-invoices").create({
      contactName: "Bench Co", publishedOn: "2026-04-01", isVat: true, isVatInclusive: false, documentStructureType: "SimpleDocument",
      items, subTotal: 1500, discountAmount: 0, totalAfterDiscount: 1500, vatAmount: 105, grandTotal: 1605,
    });
  } finally {
    await svc.stop();
  }
  const db = await PGlite.create(join(dataDir, "pglite"));
  try {
    await db.exec(`
      insert into documents (company_id, family, document_type, structure, serial, status, published_on, due_date,
                             contact_id, contact_name, project_name, grand_total, body)
      select t.company_id, t.family, t.document_type, t.structure, 'BLK' || lpad(g::text, 7, '0'), 'awaiting',
             t.published_on, t.due_date, t.contact_id, t.contact_name || ' ' || g, t.project_name, t.grand_total, t.body
      from generate_series(2, ${PULLED}) g,
           (select * from documents where family = 'tax-invoices' order by id limit 1) t;
      analyze documents;`);
  } finally {
    await db.close();
  }
  svc = await startTestService({ store: "pglite", dataDir });
  bench.service = svc;
}

const bench: { service?: Awaited<ReturnType<typeof startTestService>> } = {};

export async function run(): Promise<Record<string, string>> {
  build();
  const dir = mkdtempSync(join(tmpdir(), "docsheet-bench-cli-"));
  const figures: Record<string, string> = { "load average at start": loadavg()[0].toFixed(2) };
  try {
    const help = await median(15, () => docsheet(["--help"], dir));
    figures["start-up (docsheet --help)"] = `${help.ms.toFixed(0)} ms wall (target < 300 ms), peak RSS ${help.maxRssMb} MB`;

    const book = new ExcelJS.Workbook();
    book.addWorksheet("Lines").addRows(rows(2000, 5, "c"));
    const file = join(dir, "check.xlsx");
    await book.xlsx.writeFile(file);
    const check = await median(5, () => docsheet(["check", file, "--family", "tax-invoices"], dir));
    if (!/^2000 documents, 0 findings$/m.test(check.stdout)) throw new Error(`check said: ${check.stdout}`);
    figures["check 10,000 line rows"] = `${check.ms.toFixed(0)} ms wall (target < 800 ms), peak RSS ${check.maxRssMb} MB`;

    await seed(join(dir, "data"));
    const connection = ["--base-url", bench.service!.root, "--client-id", "demo", "--client-secret", "demo-secret"];
    for (const [label, extra, expected] of [["one row per document", [], PULLED], ["one row per line", ["--lines"], PULLED * 5]] as const) {
      const out = join(dir, `pull-${extra.length}.xlsx`);
      const pull = await docsheet(["pull", "tax-invoices", ...connection, "--out", out, ...extra], dir);
      const said = /pulled ([\d]+) documents .*\(([\d]+) rows\)/.exec(pull.stdout);
      if (!said || Number(said[1]) !== PULLED || Number(said[2]) !== expected) throw new Error(`pull said: ${pull.stdout}`);
      figures[`pull 10,000 documents, ${label} (${expected.toLocaleString("en-US")} rows)`] = `${(pull.ms / 1000).toFixed(1)} s wall, peak RSS ${pull.maxRssMb} MB (target < 250 MB)`;
    }
    return figures;
  } finally {
    await bench.service?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) runAsScript(run);
