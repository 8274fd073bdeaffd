// bench/engine: the sheet engine end to end.
//   check: 10,000 line rows (2,000 documents × 5 lines) read from an .xlsx and checked (target ≤ 1 s),
//          and the same under the user's own headers through a mapping (target ≤ 1 s)
//   post:  1,000 documents of 5 lines to the local service (target ≥ 50 documents/s)
//   pull:  10,000 documents from the local service into an .xlsx (target ≤ 10 s)
//   undo:  the post of 1,000 documents reversed: each read again and voided, its rows cleared (target ≤ 20 s)
//   update preview: 1,000 posted documents (of a day of 10,000) compared with the service's copies,
//          500 of them corrected in the sheet (target ≤ 20 s); then the 500 sent
//   VAT report: a month of those 10,000 tax invoices into an .xlsx, totals reconciled (target ≤ 20 s)
//   withholding tax report: a month of 10,000 certificates (both forms) into an .xlsx, totals
//          reconciled, with the RD Prep files (target ≤ 20 s)
//   books: a check of 10,000 journal voucher lines (2,000 vouchers × 5) from an .xlsx (target ≤ 1 s);
//          a post of 1,000 contacts to the local service (target ≥ 100 contacts/s)
//   Excel syncs: a check of a 5 MB selection through the Excel port (the strict Office.js fake counts
//   its syncs), clean and with findings to mark, first and again (target: read and marks in ≤ 3);
//   a post of 1,000 documents through the Excel port: the syncs of its write-back (target ≤ 20)
// Prints times and peak memory (RSS sampled every 20 ms during each phase).
// Run: npx tsx bench/engine.ts   (or npm run bench -- engine)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { createClient } from "../src/api";
import { checkJob } from "../src/jobs/check";
import { parseMapping } from "../src/sheet/mapping";
import { postJob } from "../src/jobs/post";
import { pullJob } from "../src/jobs/pull";
import { undoJob } from "../src/jobs/undo";
import { updateJob } from "../src/jobs/update";
import type { DocSheetClient } from "../src/api";
import { vatReportJob } from "../src/jobs/vat-report";
import { whtReportJob } from "../src/jobs/wht-report";
import { runPool } from "../src/jobs/pool";
import { rdPrepWht } from "../src/sheet/rd-prep";
import { spawn, type ChildProcess } from "node:child_process";
import { MemoryWorkbook } from "../src/workbook/memory";
import { LISTS_SHEET, type CellValue } from "../src/workbook/port";
import { ExcelPort } from "../src/workbook/excel";
import { XlsxWorkbook } from "../src/workbook/xlsx";
import { FakeExcel, sizeOf } from "../test/workbook/excel-fake";
import { countedPort } from "../test/workbook/counted-port";
import { runAsScript, stopService } from "./support";

const HEADER = ["documentKey", "contactName", "publishedOn", "isVat", "isVatInclusive", "reference", "item.name", "item.quantity", "item.unitName", "item.pricePerUnit", "grandTotal"];

/** The user's own headers for HEADER's columns, and the field each is (what `docsheet map --out` saves). */
const USER_HEADERS: Array<[string, string]> = [
  ["Invoice No", "documentKey"], ["Client", "contactName"], ["Invoice date", "publishedOn"], ["Has VAT", "isVat"],
  ["Prices include VAT", "isVatInclusive"], ["Our ref", "reference"], ["Product", "item.name"], ["Qty", "item.quantity"],
  ["Unit", "item.unitName"], ["Price", "item.pricePerUnit"], ["Total", "grandTotal"],
];

/** A sheet of `docs` tax invoices of `lines` lines each, header first, every total right. */
export function rows(docs: number, lines: number, prefix: string): CellValue[][] {
  const out: CellValue[][] = [HEADER];
  for (let d = 0; d < docs; d++) {
    // Prices 100.00 + d, quantities 1..lines: subtotal = Σ q·p, VAT 7%.
    const price = 100 + (d % 50);
    let sub = 0;
    for (let l = 1; l <= lines; l++) sub += l * price;
    const grand = Math.round(sub * 107) / 100;
    for (let l = 1; l <= lines; l++) {
      const first = l === 1;
      out.push([
        `${prefix}${d}`, first ? `Customer ${prefix}${d}` : null, first ? "2026-04-01" : null, first ? true : null, first ? false : null,
        first ? `REF-${d}` : null, `Item ${l}`, l, "pcs", price, first ? grand : null,
      ]);
    }
  }
  return out;
}

async function measure<T>(fn: () => Promise<T>): Promise<{ ms: number; peakMb: number; value: T }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    return { ms: performance.now() - t0, peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1048576), value };
  } finally {
    clearInterval(timer);
  }
}

/** The local service in its own process (as users run it), on a free port with a fresh store;
 * `entry`: the node arguments that run it (default its sources through tsx). */
export function startServiceProcess(
  dataDir: string,
  entry = ["--import", "tsx", join(__dirname, "..", "src", "service", "main.ts")],
): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entry, "--port", "0", "--data-dir", dataDir, "--quiet"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve({ url: m[1], child });
    });
    child.once("exit", (code) => reject(new Error(`service exited with ${code}`)));
  });
}

/** The syncs of a pane check (read, clear the old marks, mark the findings) of a selection just
 * under Excel on the web's 5 MB response limit with `bad` quantities to mark: the first check, and
 * the same check again (the marks of the first to clear). */
export async function excelCheck(bad: number): Promise<string> {
  const values = rows(3_900, 5, "x") as (string | number | boolean)[][]; // 19,501 rows × 11 columns
  for (let i = 0; i < bad; i++) values[1 + i * 7][7] = "abc";
  const grid = values.map((row) => row.map((v) => v ?? ""));
  const types = grid.map((r) => r.map((v) => (v === "" ? "Empty" : typeof v === "number" ? "Double" : typeof v === "boolean" ? "Boolean" : "String")));
  const mb = (sizeOf(grid) + sizeOf(types) + sizeOf(grid.map((r) => r.map(() => "General")))) / 1_048_576;
  const excel = new FakeExcel("1.18");
  excel.sheet("Sheet1").fill(grid);
  excel.select(excel.sheet("Sheet1"), 0, 0, grid.length, grid[0].length);
  const port = new ExcelPort(excel.host());
  const check = async (): Promise<string> => {
    const from = excel.syncLog.length;
    await checkJob(port, { family: "tax-invoices", mark: true, now: () => new Date("2026-04-02T10:00:00") });
    const runs = [...excel.syncLog.slice(from).reduce((m, s) => m.set(s.run, (m.get(s.run) ?? 0) + 1), new Map<number, number>()).values()];
    return `${runs.reduce((a, b) => a + b, 0)} (read ${runs[0]}, marks ${runs.slice(1).join(" + ") || 0})`;
  };
  const first = await check();
  return `${first}, checked again ${await check()}; ${grid.length} rows × ${grid[0].length} columns, a ${mb.toFixed(1)} MB response, ${bad} cells to mark`;
}

/** A post of `docs` one-line tax invoices through the Excel port on the strict fake: the syncs its
 * write-back made (the port's writes), every sync of the run, and how long it took. */
export function excelPost(client: DocSheetClient, docs: number, prefix: string): Promise<ExcelPosted> {
  return excelPostOf(rows(docs, 1, prefix), (port) => postJob(port, client, { family: "tax-invoices", concurrency: 8 }));
}

/** `count` one-line withholding tax certificates (every other one a company's), as a sheet. */
export function certificateRows(count: number, prefix: string): CellValue[][] {
  const out: CellValue[][] = [["Document key", "Payee", "Tax id", "Branch", "Date paid", "Income type", "Tax rate %", "Income paid", "Tax withheld", "Condition"]];
  for (let i = 0; i < count; i++) {
    const company = i % 2 === 0;
    const paid = 1000 + i;
    out.push([`${prefix}${i}`, `${company ? "Payee Co" : "Payee"} ${prefix}${i}`, company ? "0105556000009" : "1101700123456", company ? "00000" : "",
      "2026-04-05", "Services", 3, paid, Math.round(paid * 3) / 100, "Withheld at source"]);
  }
  return out;
}

/** A post of `count` certificates through the Excel port on the strict fake, as excelPost. */
export function excelCertificatePost(client: DocSheetClient, count: number, prefix: string): Promise<ExcelPosted> {
  return excelPostOf(certificateRows(count, prefix), (port) => postJob(port, client, { family: "withholding-taxes", concurrency: 8 }));
}

export interface ExcelPosted {
  writeSyncs: number;
  syncs: number;
  ms: number;
  created: number;
  excel: FakeExcel;
}

/** A post of `grid` (on sheet `sheet`) through the Excel port on the strict fake: the syncs of its
 * write-back, the syncs in all and the time `post` took. */
export async function excelPostOf(grid: unknown[][], post: (port: ExcelPort) => Promise<{ counts: { created: number } }>, sheet = "Sheet1"): Promise<ExcelPosted> {
  const values = grid.map((row) => row.map((v) => v ?? "")) as (string | number | boolean)[][];
  const excel = new FakeExcel("1.18", [sheet]);
  excel.sheet(sheet).fill(values);
  excel.select(excel.sheet(sheet), 0, 0, values.length, values[0].length);
  const counted = countedPort(excel);
  const from = excel.syncLog.length;
  const t0 = performance.now();
  const out = await post(counted.port);
  return { writeSyncs: counted.writeSyncs(), syncs: excel.syncLog.length - from, ms: performance.now() - t0, created: out.counts.created, excel };
}

/** The update of a posted sheet of tax invoices (`rows` layout): every other document's last line
 * gets a quantity of 3; the preview (nothing sent) is timed, then the run that sends them. */
export async function updateFigures(client: DocSheetClient, grid: MemoryWorkbook, sheet: string, lines: number): Promise<Record<string, string>> {
  const values = grid.sheet(sheet).values;
  const docs = (values.length - 1) / lines;
  const qty = values[0].indexOf("item.quantity");
  for (let d = 0; d < docs; d += 2) values[d * lines + lines][qty] = 3;
  const edited = Math.ceil(docs / 2);
  const preview = await measure(() => updateJob(grid, client, { family: "tax-invoices", target: { sheet }, dryRun: true, concurrency: 8 }));
  if (preview.value.counts.update !== edited || preview.value.counts.unchanged !== docs - edited) {
    throw new Error(`update preview: ${JSON.stringify(preview.value.counts)}; e.g. ${JSON.stringify(preview.value.results.find((r) => r.kind !== "update" && r.kind !== "unchanged"))}`);
  }
  const sent = await measure(() => updateJob(grid, client, { family: "tax-invoices", target: { sheet }, concurrency: 8 }));
  if (sent.value.counts.updated !== edited) throw new Error(`update sent ${sent.value.counts.updated} of ${edited}`);
  return {
    [`update preview of ${docs.toLocaleString("en-US")} documents (${edited} changed)`]: `${preview.ms.toFixed(0)} ms (target ≤ 20000 ms), peak RSS ${preview.peakMb} MB`,
    [`update sending ${edited} changed documents`]: `${sent.ms.toFixed(0)} ms = ${(edited / (sent.ms / 1000)).toFixed(0)} documents/s, peak RSS ${sent.peakMb} MB`,
  };
}

/** The withholding tax report of a month of `count` certificates (seeded straight through the
 * client, not timed): every other one a company's (ภ.ง.ด.53), the rest individuals' (ภ.ง.ด.3). */
export async function whtFigures(client: DocSheetClient, dir: string, count = 10_000): Promise<Record<string, string>> {
  const seeds = Array.from({ length: count }, (_, i) => i);
  await runPool(seeds, 16, async (i) => {
    const company = i % 2 === 0;
    await client.withholdingTaxes.create({
      contactName: `${company ? "Payee Co" : "Payee"} ${i}`, contactTaxId: company ? "0105556000009" : "1101700123456", contactBranch: company ? "00000" : "",
      publishedOn: `2026-06-${String(1 + (i % 28)).padStart(2, "0")}`, entity: company ? 3 : 1, taxPayment: 1,
      withholdingTaxItems: [{ incomeType: 27, description: "ค่าบริการ (ม.40(8))", taxRate: 3, taxAmount: 1000 + (i % 97) + 0.33 }],
    });
  });
  const report = await measure(async () => {
    const wb = XlsxWorkbook.empty();
    const r = await whtReportJob(wb, client, { month: "2026-06" });
    await wb.save(join(dir, "wht.xlsx"));
    return { r, files: [rdPrepWht(r.report, 1).length, rdPrepWht(r.report, 3).length] };
  });
  const { r } = report.value;
  const listed = r.report.figures[1].certificates + r.report.figures[3].certificates;
  if (listed !== count) throw new Error(`withholding tax report listed ${listed} certificates, expected ${count}`);
  const findings = r.findings.length === 0 ? "no findings" : `FINDINGS ${JSON.stringify(r.findings.slice(0, 3))}`;
  return {
    [`withholding tax report of a month of ${count.toLocaleString("en-US")} certificates into .xlsx and RD Prep files`]:
      `${report.ms.toFixed(0)} ms (target ≤ 20000 ms), tax ${r.report.figures[1].tax.plus(r.report.figures[3].tax).toFixed(2)}, ${findings}, peak RSS ${report.peakMb} MB`,
  };
}

/** The books: 10,000 journal voucher lines checked from an .xlsx (4 debits and a credit each, the
 * accounts by code and by name), and 1,000 new contacts posted (each with a valid tax id). */
export async function bookFigures(client: DocSheetClient, dir: string): Promise<Record<string, string>> {
  const journal: CellValue[][] = [["Voucher no.", "Date", "Voucher type", "Description", "Account code", "Account name", "Debit", "Credit"]];
  for (let v = 0; v < 2000; v++) {
    for (let l = 0; l < 4; l++) journal.push([`JV-${v}`, "2026-05-31", "JV", `Accrual ${v}`, l % 2 === 0 ? "53029" : null, l % 2 === 0 ? null : "Office supplies", 100.25 + l, null]);
    journal.push([`JV-${v}`, null, null, null, "21399", null, null, 4 * 100.25 + 6]);
  }
  // The chart on the lists sheet, as a template made with a connection has it: accounts are checked.
  const chart = await client.chartOfAccounts.list();
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Journal").addRows(journal);
  book.addWorksheet(LISTS_SHEET).addRows([["Chart of accounts", "Chart of accounts id"], ...chart.map((a) => [`${String(a.code)} ${String(a.nameForeign)}`, Number(a.id)])]);
  const file = join(dir, "journal.xlsx");
  await book.xlsx.writeFile(file);
  const check = await measure(async () => {
    const wb = await XlsxWorkbook.load(file);
    return checkJob(wb, { family: "journal-entries", target: { sheet: "Journal" } });
  });
  const problems = check.value.findings.filter((f) => f.severity === "error");
  if (problems.length > 0) throw new Error(`journal check found ${problems.length} problems, e.g. ${problems[0].message}`);

  const contacts: CellValue[][] = [["Name", "Type", "Tax id", "Branch", "Zip code", "Email"]];
  for (let i = 0; i < 1000; i++) {
    const base = `0105558${String(i).padStart(5, "0")}`;
    const sum = [...base].reduce((t, d, k) => t + Number(d) * (13 - k), 0);
    contacts.push([`Bench Contact ${i} Co., Ltd.`, i % 3 === 0 ? "Supplier" : "Customer", `${base}${(11 - (sum % 11)) % 10}`, "00000", "10110", `c${i}@example.com`]);
  }
  const grid = new MemoryWorkbook({ Contacts: contacts });
  const post = await measure(() => postJob(grid, client, { family: "contacts", concurrency: 8 }));
  if (post.value.counts.created !== 1000) throw new Error(`contacts post created ${post.value.counts.created} of 1000: ${JSON.stringify(post.value.results.find((r) => r.kind !== "created"))}`);
  return {
    "check 10,000 journal voucher lines from .xlsx": `${check.ms.toFixed(0)} ms (target ≤ 1000 ms), peak RSS ${check.peakMb} MB`,
    "post 1,000 contacts": `${post.ms.toFixed(0)} ms = ${(1000 / (post.ms / 1000)).toFixed(0)} contacts/s (target ≥ 100), peak RSS ${post.peakMb} MB`,
  };
}

export async function run(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), "docsheet-bench-"));
  const figures: Record<string, string> = {};
  figures["Excel syncs of a check of a 5 MB selection, clean"] = await excelCheck(0);
  figures["Excel syncs of a check of a 5 MB selection with findings"] = await excelCheck(40);
  const service = await startServiceProcess(join(dir, "data"));
  try {
    // --- check
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Lines").addRows(rows(2000, 5, "c"));
    const file = join(dir, "check.xlsx");
    await book.xlsx.writeFile(file);
    const check = await measure(async () => {
      const wb = await XlsxWorkbook.load(file);
      return checkJob(wb, { family: "tax-invoices" });
    });
    // Problems only: the bench's tax invoices name no buyer address, so each carries the s.86/4 warning.
    const problems = check.value.findings.filter((f) => f.severity === "error");
    if (problems.length > 0) throw new Error(`check found ${problems.length} problems, e.g. ${problems[0].message}`);
    figures["check 10,000 line rows from .xlsx"] = `${check.ms.toFixed(0)} ms (target ≤ 1000 ms), peak RSS ${check.peakMb} MB`;

    // --- check through a mapping: the same rows under the user's own headers
    const own = rows(2000, 5, "u");
    own[0] = USER_HEADERS.map(([header]) => header);
    const userBook = new ExcelJS.Workbook();
    userBook.addWorksheet("Sales").addRows(own);
    const userFile = join(dir, "user.xlsx");
    await userBook.xlsx.writeFile(userFile);
    const mapping = { family: "tax-invoices" as const, columns: Object.fromEntries(USER_HEADERS) };
    const mapped = await measure(async () => {
      const wb = await XlsxWorkbook.load(userFile);
      return checkJob(wb, { family: "tax-invoices", mapping: parseMapping(mapping, "tax-invoices") });
    });
    const mappedProblems = mapped.value.findings.filter((f) => f.severity === "error");
    if (mappedProblems.length > 0) throw new Error(`mapped check found ${mappedProblems.length} problems, e.g. ${mappedProblems[0].message}`);
    figures["check 10,000 user-headed rows through a mapping, from .xlsx"] = `${mapped.ms.toFixed(0)} ms (target ≤ 1000 ms), peak RSS ${mapped.peakMb} MB`;

    // --- post
    const client = createClient({ root: `${service.url}/test`, clientId: "demo", clientSecret: "demo-secret" });
    const grid = new MemoryWorkbook({ Post: rows(1000, 5, "p") });
    const post = await measure(() => postJob(grid, client, { family: "tax-invoices", concurrency: 8 }));
    if (post.value.counts.created !== 1000) throw new Error(`post created ${post.value.counts.created} of 1000: ${JSON.stringify(post.value.results.find((r) => r.kind !== "created"))}`);
    figures["post 1,000 documents × 5 lines"] = `${post.ms.toFixed(0)} ms = ${(1000 / (post.ms / 1000)).toFixed(0)} documents/s (target ≥ 50), peak RSS ${post.peakMb} MB`;
    const excelPosted = await excelPost(client, 1000, "x");
    if (excelPosted.created !== 1000) throw new Error(`Excel post created ${excelPosted.created} of 1000`);
    figures["Excel syncs of a post of 1,000 documents"] = `${excelPosted.writeSyncs} for the write-back (target ≤ 20), ${excelPosted.syncs} in all, ${(1000 / (excelPosted.ms / 1000)).toFixed(0)} documents/s`;
    const certificates = await excelCertificatePost(client, 1000, "w");
    if (certificates.created !== 1000) throw new Error(`Excel post of certificates created ${certificates.created} of 1000`);
    figures["Excel syncs of a post of 1,000 withholding tax certificates"] = `${certificates.writeSyncs} for the write-back (target ≤ 20), ${certificates.syncs} in all, ${(1000 / (certificates.ms / 1000)).toFixed(0)} certificates/s`;

    // --- pull: top the store up to 10,000 tax invoices first (not timed): the two posts above made 2,000
    const more = new MemoryWorkbook({ More: rows(8000, 1, "q") });
    const seeded = await postJob(more, client, { family: "tax-invoices", concurrency: 16 });
    if (seeded.counts.created !== 8000) throw new Error(`seeding created ${seeded.counts.created} of 8000`);
    const out = join(dir, "pull.xlsx");
    const pull = await measure(async () => {
      const wb = XlsxWorkbook.empty();
      const r = await pullJob(wb, client, { family: "tax-invoices", concurrency: 4 });
      await wb.save(out);
      return r;
    });
    if (pull.value.documents !== 10000) throw new Error(`pulled ${pull.value.documents} documents, expected 10000`);
    figures["pull 10,000 documents into .xlsx"] = `${pull.ms.toFixed(0)} ms (target ≤ 10000 ms), peak RSS ${pull.peakMb} MB`;

    // --- VAT report: April 2026 holds those 10,000 tax invoices
    const vat = await measure(async () => {
      const wb = XlsxWorkbook.empty();
      const r = await vatReportJob(wb, client, { month: "2026-04", concurrency: 4 });
      await wb.save(join(dir, "vat.xlsx"));
      return r;
    });
    if (vat.value.report.output.length !== 10000) throw new Error(`VAT report listed ${vat.value.report.output.length} documents, expected 10000`);
    // A finding is a result to print beside the time, not a crash of the other figures.
    const vatFindings = vat.value.findings.length === 0 ? "no findings" : `FINDINGS ${JSON.stringify(vat.value.findings)}`;
    figures["VAT report of a month of 10,000 documents into .xlsx"] = `${vat.ms.toFixed(0)} ms (target ≤ 20000 ms), output VAT ${vat.value.report.figures.output.vat.toFixed(2)}, ${vatFindings}, peak RSS ${vat.peakMb} MB`;

    Object.assign(figures, await whtFigures(client, dir));
    Object.assign(figures, await bookFigures(client, dir));

    // --- undo: the post of 1,000 documents above, each read again and voided, the rows cleared
    const undo = await measure(() => undoJob(grid, client, { family: "tax-invoices", concurrency: 8 }));
    if (undo.value.counts.voided !== 1000) throw new Error(`undo voided ${undo.value.counts.voided} of 1000: ${JSON.stringify(undo.value.results.find((r) => r.kind !== "voided"))}`);
    figures["undo a post of 1,000 documents"] = `${undo.ms.toFixed(0)} ms (target ≤ 20000 ms), peak RSS ${undo.peakMb} MB`;

    // --- update: 1,000 of the seeded documents (a day of 10,000) corrected in their sheet, previewed, sent
    const thousand = new MemoryWorkbook({ Update: more.sheet("More").values.slice(0, 1001) });
    Object.assign(figures, await updateFigures(client, thousand, "Update", 1));
    return figures;
  } finally {
    stopService(service.child, dir);
  }
}

if (require.main === module) runAsScript(run);
