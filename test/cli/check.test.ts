// `docsheet check` and `docsheet template` on real .xlsx files, through the command's main in the file's
// runner process (runner.js), and a sheet of bad cells through the real bin (exit code 1, no crash).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { cliRunner, runCli } from "./run";

const docsheet = cliRunner();

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "Grand total", "Status"];

async function book(rows: unknown[][], build?: (ws: ExcelJS.Worksheet) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sales");
  ws.addRows(rows);
  build?.(ws);
  const path = join(dir, `b${Math.random().toString(36).slice(2)}.xlsx`);
  await wb.xlsx.writeFile(path);
  return path;
}

describe("docsheet check", () => {
  it("exits 0 and prints [] for a clean sheet", async () => {
    // A tax invoice shows its buyer's address (s.86/4): without it the sheet has a warning.
    const path = await book([[...HEADER, "Address"], ["1", "Acme", "2026-01-15", true, "Pen", 2, 100, 214, null, "1 Silom Rd, Bangkok"]]);
    const r = await docsheet(["check", path, "--family", "tax-invoices", "--json"]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(r.code).toBe(0);
  });

  it("pins every kind of bad cell to its cell and exits 1, never crashing", async () => {
    const path = await book(
      [
        HEADER,
        ["1", "Acme", "31/02/2026", true, "Pen", "two", 100, null, "finished"],
        ["2", "Beta", "2026-01-15", true, "Pen", 1, null, 999, null],
        ["3", null, "2026-01-15", true, "Pen", 1, 10, null, null],
        ["4", "Delta", "2026-01-15", true, "Pen", 1, 10, null, null],
        ["4", "Delta", "2026-01-15", true, null, null, null, null, null],
      ],
      (ws) => {
        ws.getCell("G3").value = { error: "#N/A" } as ExcelJS.CellErrorValue;
        ws.mergeCells("E5:E6");
      },
    );
    const r = await runCli(["check", path, "--family", "tax-invoices", "--json"]);
    expect(r.code).toBe(1);
    const findings = JSON.parse(r.stdout) as { sheet: string; cell: string; field: string; message: string }[];
    for (const f of findings) expect(Object.keys(f).sort()).toEqual(["cell", "field", "message", "sheet"]);
    const by = (cell: string) => findings.filter((f) => f.cell === cell);
    expect(by("C2")[0]).toMatchObject({ sheet: "Sales", field: "publishedOn", message: expect.stringMatching(/not a possible date/) });
    expect(by("F2")[0]).toMatchObject({ field: "item.quantity", message: expect.stringMatching(/not a number/) });
    expect(by("I2")[0]).toMatchObject({ field: "status", message: expect.stringMatching(/Unknown status/) });
    expect(by("G3")[0]).toMatchObject({ field: "item.pricePerUnit", message: expect.stringMatching(/#N\/A/) });
    expect(by("B4")[0]).toMatchObject({ field: "contactName", message: "Enter the customer's name (or a contact id)" });
    expect(by("E5")[0]).toMatchObject({ message: expect.stringMatching(/Merged cells E5:E6/) });
  });

  it("points a total that disagrees at the total's cell", async () => {
    const path = await book([HEADER, ["1", "Acme", "2026-01-15", true, "Pen", 2, 100, 200, null]]);
    const r = await docsheet(["check", path, "--family", "tax-invoices", "--json"]);
    expect(JSON.parse(r.stdout)).toEqual([
      { sheet: "Sales", cell: "H2", field: "grandTotal", message: "Grand total is 200.00 but the lines give 214.00" },
    ]);
    expect(r.code).toBe(1);
  });

  it("prints plain lines without --json", async () => {
    const path = await book([HEADER, ["1", "Acme", "2026-01-15", true, "Pen", "x", 100, null, null]]);
    const r = await docsheet(["check", path, "--family", "tax-invoices"]);
    expect(r.stdout).toMatch(/^Sales!F2 \[item\.quantity\] "x" is not a number\./m);
    expect(r.code).toBe(1);
  });

  it.each(["en", "th"])("tells how to map a column its own way: docsheet map and --mapping, not the task pane (%s)", async (lang) => {
    const path = await book([["Invoice No", "Customer", "Date", "Item", "Qty", "Unit price", "Shoe size"], ["1", "Acme", "2026-01-15", "Pen", 2, 100, 42]]);
    const r = await docsheet(["check", path, "--family", "tax-invoices", "--lang", lang]);
    const line = (cell: string) => r.stdout.split("\n").find((l) => l.startsWith(`Sales!${cell} `)) ?? "";
    expect(line("A1")).toContain("(docsheet map --out MAPPING.json");
    expect(line("G1")).toContain("(docsheet map");
    // Nothing on the sheet says whether it has VAT: the --mapping file's way to say it.
    expect(r.stdout).toContain('"values": {"isVat": true}');
    expect(r.stdout).not.toMatch(/task pane|บานหน้าต่างงาน/);
  });

  it("exits 2 on usage errors", async () => {
    const path = await book([HEADER]);
    for (const args of [
      ["check", path],
      ["check", path, "--family", "invoices"],
      ["check", join(dir, "missing.xlsx"), "--family", "quotations"],
      ["check", path, "--family", "quotations", "--sheet", "Nope"],
      ["check", path, "--family", "quotations", "--bogus"],
      ["frobnicate"],
    ]) {
      const r = await docsheet(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(/docsheet: /);
    }
  });
});

describe("line-level withholding", () => {
  // 3% of 5,000.00 is 150.00: a line that says 151.00 is pinned at its amount, as a receipt's own
  // withholding and a payment's withheld amount are (issue 34), on expenses and on the other
  // families' lines alike; a VAT-inclusive line withholds on its amount before VAT (5,350.00 → 5,000.00).
  const header = ["documentKey", "Contact name", "Date", "isVat", "isVatInclusive", "Item", "Description", "Qty", "Unit price", "System code", "Category id",
    "Credit account id", "Debit account id", "Line withholding %", "Line withholding amount"];
  const line = (key: string, inclusive: boolean, price: number, tax: number): unknown[] =>
    [key, "Printer Co.", "2026-01-15", true, inclusive, "Repair", "Printer repair", 1, price, "EXP-1", 1, 1, 2, 3, tax];
  const rows = [header, line("1", false, 5000, 151), line("2", false, 5000, 150), line("3", true, 5350, 150), line("4", true, 5350, 160.5)];

  it.each(["expenses", "purchases", "quotations"])("pins a %s line's withholding amount that is not its rate's, at its cell, in English and Thai", async (family) => {
    const path = await book(rows);
    const en = await docsheet(["check", path, "--family", family, "--json"]);
    expect(en.code).toBe(1);
    const only = (JSON.parse(en.stdout) as { cell: string; field: string; message: string }[]).filter((f) => f.field === "item.withHeldPerItemValue");
    expect(only).toEqual([
      { sheet: "Sales", cell: "O2", field: "item.withHeldPerItemValue", message: "Line withholding amount is 151.00 but 3% of the line's 5,000.00 before VAT gives 150.00" },
      { sheet: "Sales", cell: "O5", field: "item.withHeldPerItemValue", message: "Line withholding amount is 160.50 but 3% of the line's 5,000.00 before VAT gives 150.00" },
    ]);
    const th = await docsheet(["check", path, "--family", family, "--lang", "th"]);
    expect(th.stdout).toContain("Sales!O2 [item.withHeldPerItemValue] ยอดหัก ณ ที่จ่ายต่อรายการเป็น 151.00 แต่ 3% ของยอดรายการก่อน VAT 5,000.00 ได้ 150.00\n");
  });

  it("an expense whose only mistake is its line's withholding is refused by check, and a payment's withheld amount is pinned as well", async () => {
    const path = await book(rows.slice(0, 3));
    const clean = await book([rows[0], rows[2]]);
    expect((await docsheet(["check", clean, "--family", "expenses", "--json"])).stdout.trim()).toBe("[]");
    const r = await docsheet(["check", path, "--family", "expenses", "--json"]);
    expect((JSON.parse(r.stdout) as { cell: string }[]).map((f) => f.cell)).toEqual(["O2"]);
    expect(r.code).toBe(1);
    const paid = await book([
      ["documentKey", "Contact name", "Date", "isVat", "Item", "Description", "Qty", "Unit price", "System code", "Category id", "Credit account id", "Debit account id",
        "Payment method", "Payment date", "Petty cash id", "Withheld %", "Withheld amount"],
      ["1", "Printer Co.", "2026-01-15", false, "Repair", "Printer repair", 1, 5000, "EXP-1", 1, 1, 2, "cash", "2026-01-15", 1, 3, 151],
    ]);
    const p = await docsheet(["check", paid, "--family", "expenses", "--json"]);
    expect(JSON.parse(p.stdout)).toEqual([{ sheet: "Sales", cell: "Q2", field: "withheldAmount",
      message: "Withheld amount is 151.00 but 3% of 5,000.00 before VAT gives 150.00; to withhold another amount, leave Withheld % empty and give the amount" }]);
  });
});

describe("docsheet template", () => {
  it.each(["quotations", "billing-notes", "tax-invoices", "receipts", "cash-invoices", "purchases-orders", "purchases", "expenses"])(
    "writes a %s template whose example passes check, with validation lists",
    async (family) => {
      const out = join(dir, `t-${family}.xlsx`);
      const t = await docsheet(["template", family, "--out", out]);
      expect(t.code).toBe(0);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(out);
      const ws = wb.worksheets[0];
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      // Labels people read (test/cli/template.test.ts has the rest of what a template holds).
      // The buying side's contact is the supplier.
      const contact = ["purchases-orders", "purchases", "expenses"].includes(family) ? "Supplier" : "Customer";
      expect(header).toEqual(expect.arrayContaining(["Document key", contact, "Item", "Quantity", "Unit price", "Record id", "Document serial", "Status", "Result"]));
      const dv = (ws as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } }).dataValidations.model;
      const vatCol = ws.getColumn(header.indexOf("VAT rate") + 1).letter;
      expect((dv[`${vatCol}2:${vatCol}1000`] ?? dv[`${vatCol}2`]).formulae).toEqual(['"7%,0%,Exempt"']);
      const c = await docsheet(["check", out, "--family", family, "--json"]);
      expect(JSON.parse(c.stdout)).toEqual([]);
      expect(c.code).toBe(0);
    },
  );
});
