// Mapping files against hostile input (issue 23): every header text, the names of Object's own
// members included, is kept by `map --out` and read back by `--mapping`; a mapping file over the
// documented size is refused before it is read whole. Through the command's main (runner.js).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { cliRunner } from "./run";

const docsheet = cliRunner();

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-mapping-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TRAPS = ["__proto__", "constructor", "toString", "hasOwnProperty"];

async function book(rows: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Sales").addRows(rows);
  const path = join(dir, `b${Math.random().toString(36).slice(2)}.xlsx`);
  await wb.xlsx.writeFile(path);
  return path;
}

it("keeps the headers __proto__, constructor, toString and hasOwnProperty through map --out and --mapping", async () => {
  const path = await book([
    ["documentKey", "contactName", "contactAddress", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit", ...TRAPS],
    ["1", "Acme", "1 Silom Rd, Bangkok", "2026-01-15", true, "Pen", 2, 100, "a", "b", "c", "d"],
  ]);
  const out = join(dir, "mapping.json");
  const mapped = await docsheet(["map", path, "--family", "tax-invoices", "--out", out, "--json"]);
  expect(mapped.code).toBe(0);
  const text = readFileSync(out, "utf8");
  for (const header of TRAPS) expect(text).toContain(`"${header}": null`);
  expect(JSON.parse(mapped.stdout).map((s: { header: string }) => s.header)).toEqual(expect.arrayContaining(TRAPS));

  // Read back, the ignored columns are ignored without a word; without it, each is warned about.
  const withMapping = await docsheet(["check", path, "--family", "tax-invoices", "--mapping", out]);
  expect(withMapping.stdout).toBe("1 document, 0 findings\n");
  expect(withMapping.code).toBe(0);
  const without = await docsheet(["check", path, "--family", "tax-invoices"]);
  for (const header of TRAPS) expect(without.stdout).toContain(`"${header}"`);
});

it("reads a column headed __proto__ as the field a mapping names for it", async () => {
  const path = await book([
    ["documentKey", "__proto__", "contactAddress", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"],
    ["1", "Acme", "1 Silom Rd, Bangkok", "2026-01-15", true, "Pen", 2, 100],
  ]);
  const mapping = join(dir, "proto.json");
  writeFileSync(mapping, '{"family": "tax-invoices", "columns": {"__proto__": "contactName", "constructor": null}}');
  const r = await docsheet(["check", path, "--family", "tax-invoices", "--mapping", mapping, "--json"]);
  expect(r.stderr).toBe("");
  expect(JSON.parse(r.stdout)).toEqual([]);
  expect(r.code).toBe(0);
});

it("refuses a mapping file over 1 MB, and a file of thousands of bad columns says the first few", async () => {
  const path = await book([["documentKey"], ["1"]]);
  const big = join(dir, "big.json");
  writeFileSync(big, `{"family": "tax-invoices", "columns": {${Array.from({ length: 100_000 }, (_, i) => `"h${i}": null`).join(", ")}}}`);
  const r = await docsheet(["check", path, "--family", "tax-invoices", "--mapping", big]);
  expect(r.stderr).toContain(`--mapping ${big} is larger than 1 MB, the most a mapping file may be`);
  expect(r.code).toBe(2);

  const bad = join(dir, "bad.json");
  writeFileSync(bad, JSON.stringify({ family: "tax-invoices", columns: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`h${i}`, `nofield${i}`])) }));
  const many = await docsheet(["check", path, "--family", "tax-invoices", "--mapping", bad]);
  expect(many.stderr).toContain("; and 4980 more problems");
  expect(many.stderr.length).toBeLessThan(5000);
  expect(many.code).toBe(2);
});
