// Withholding tax certificates from .xlsx files against the local service: the template's columns,
// a sheet of individuals and companies checked (a wrong tax amount and a rate not allowed for its
// income type pinned to their cells, not sent), posted once (the form taken from the tax id), and
// pulled back as rows that read again.
import { join } from "node:path";
import ExcelJS from "exceljs";
import { cliRunner } from "./run";
import { AUTH, cliSession, writeBook } from "./session";

jest.setTimeout(120_000);

const s = cliSession("wht");
const docsheet = cliRunner();

async function load(path: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

const HEADER = ["Document key", "Payee", "Tax id", "Branch", "Address", "Date paid", "Income type", "Tax rate %", "Income paid", "Tax withheld", "Condition"];
const ROWS = [
  ["A", "Somchai Jaidee", "1101700123456", "", "9 Sukhumvit Road, Bangkok 10110", "2026-04-05", "Professional fees (s.40(6))", 3, 10000, 300, "Withheld at source"],
  ["B", "Acme Co., Ltd.", "0105556000009", "00000", "1 Silom Road, Bangkok 10500", "2026-04-07", "ค่าบริการ (ม.40(8))", 3, 5000, 150, "หัก ณ ที่จ่าย"],
  ["B", "", "", "", "", "", "Rent", 5, 2000.5, null, ""],
  ["C", "Beta Co., Ltd.", "0107537002443", "00000", "2 Rama IV Road, Bangkok", "2026-04-08", "Services", 3, 1000, 31, "Withheld at source"],
  ["D", "Somsri Rakdee", "3101200456789", "", "3 Phahonyothin Road, Bangkok", "2026-04-09", "Rent (s.40(5))", 3, 4000, 120, "Withheld at source"],
];

describe("docsheet with withholding-taxes", () => {
  it("writes the certificate template with its labels and drop-downs, in English and Thai", async () => {
    const out = join(s.dir, "template.xlsx");
    const r = await docsheet(["template", "withholding-taxes", "--out", out]);
    expect(r.code).toBe(0);
    const ws = (await load(out)).getWorksheet("Withholding tax")!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 13)).toEqual([
      "Document key", "Payee", "Tax id", "Branch", "Address", "Form", "Date paid", "Income type", "Tax rate %", "Income paid", "Tax withheld", "Condition",
    ]);
    expect(ws.getCell("F2").dataValidation).toMatchObject({ type: "list" });
    const th = join(s.dir, "template-th.xlsx");
    expect((await docsheet(["template", "withholding-taxes", "--out", th, "--lang", "th"])).code).toBe(0);
    const wt = (await load(th)).getWorksheet("หนังสือรับรองหัก ณ ที่จ่าย")!;
    expect((wt.getRow(1).values as unknown[]).slice(2, 12)).toEqual([
      "ชื่อผู้มีเงินได้", "เลขประจำตัวผู้เสียภาษีอากร", "สาขาที่", "ที่อยู่ของผู้มีเงินได้", "แบบ", "วันที่จ่าย", "ประเภทเงินได้", "อัตราภาษีร้อยละ", "จำนวนเงินที่จ่าย", "ภาษีที่หักและนำส่ง",
    ]);
    // The template's example passes check.
    expect((await docsheet(["check", th, "--family", "withholding-taxes"])).code).toBe(0);
  });

  it("pins a wrong tax amount and a rate not allowed for its income type, posts the rest once, and pulls them back", async () => {
    const book = await writeBook(join(s.dir, "wht.xlsx"), [HEADER, ...ROWS], "WHT");
    const check = await docsheet(["check", book, "--family", "withholding-taxes", "--json"]);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout)).toEqual([
      { sheet: "WHT", cell: "J5", field: "item.withheld", message: "Tax withheld 31.00 is not 1000.00 × 3% = 30.00 (to the satang)." },
      { sheet: "WHT", cell: "H6", field: "item.taxRate", message: "3% is not a rate for Rent (ค่าเช่า, s.40(5)): use 5%." },
    ]);
    const th = await docsheet(["check", book, "--family", "withholding-taxes", "--lang", "th"]);
    expect(th.stdout).toContain("ภาษีที่หัก 31.00 ไม่เท่ากับ 1000.00 × 3% = 30.00 (ถึงสตางค์)");

    const posted = join(s.dir, "wht.posted.xlsx");
    const post = await docsheet(["post", book, "--family", "withholding-taxes", "--base-url", s.service.root, ...AUTH]);
    expect(post.code).toBe(1);
    const ws = (await load(posted)).getWorksheet("WHT")!;
    const col = (name: string): number => (ws.getRow(1).values as unknown[]).indexOf(name);
    const id = (row: number) => ws.getRow(row).getCell(col("recordId")).value;
    expect([id(2), id(3), id(4), id(5), id(6)].map((v) => typeof v)).toEqual(["number", "number", "number", "object", "object"]);
    expect(id(3)).toBe(id(4));
    expect(String(ws.getRow(5).getCell(col("result")).value)).toMatch(/^not sent: J5: Tax withheld 31.00/);

    const company = await s.client.withholdingTaxes.get(Number(id(3)));
    expect(company).toMatchObject({ entity: 3, contactTaxId: "0105556000009", total: 7000.5, totalTaxWithheld: 250.03, taxPayment: 1 });
    expect((company.withholdingTaxItems as { incomeType: number; withheld: number }[]).map((i) => [i.incomeType, i.withheld])).toEqual([[27, 150], [27, 100.03]]);
    const person = await s.client.withholdingTaxes.get(Number(id(2)));
    expect(person).toMatchObject({ entity: 1, contactGroup: 1, totalTaxWithheld: 300 });

    // Posted again: the posted rows are skipped, nothing is created twice.
    const again = await docsheet(["post", posted, "--family", "withholding-taxes", "--base-url", s.service.root, ...AUTH, "--in-place"]);
    expect(again.code).toBe(1);
    const listed = await s.client.withholdingTaxes.list({ pageSize: 100 });
    expect(listed.list.filter((c) => c.contactName === "Acme Co., Ltd.")).toHaveLength(1);

    const pulled = join(s.dir, "pulled.xlsx");
    const pull = await docsheet(["pull", "withholding-taxes", "--base-url", s.service.root, ...AUTH, "--out", pulled, "--start-date", "2026-04-01", "--end-date", "2026-04-30"]);
    expect(pull.code).toBe(0);
    const pw = (await load(pulled)).getWorksheet("Withholding taxes")!;
    expect(pw.rowCount).toBe(4);
    const rows = [2, 3, 4].map((r) => (pw.getRow(r).values as unknown[]).slice(1, 12));
    expect(rows[0].slice(1, 3)).toEqual(["Somchai Jaidee", "1101700123456"]);
    expect(rows[1][5]).toBe("ภ.ง.ด.53");
    expect(rows[2].slice(7, 11)).toEqual(["Rent (s.40(5))", 5, 2000.5, 100.03]);
    expect((await docsheet(["check", pulled, "--family", "withholding-taxes"])).code).toBe(0);
  });
});
