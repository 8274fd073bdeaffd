// The withholding returns as the Revenue Department takes them, end to end against the local
// service: a sheet's form that contradicts the payee's kind or the income's section is an error at
// its cell, a typed section is taken or asked with its choices; a month of certificates to persons
// and companies posted and reported on ภ.ง.ด.1, 2, 3 and 53, each a sheet with its totals reconciled
// and an RD Prep file parsed back field by field, in the default layouts and a layout file's.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { cliRunner } from "./run";
import { cliSession, writeBook } from "./session";

jest.setTimeout(180_000);

const s = cliSession("wht-returns");
const docsheet = cliRunner();

const HEADER = ["Document key", "Payee", "Tax id", "Branch", "Address", "Form", "Date paid", "Income type", "Tax rate %", "Income paid", "Tax withheld", "Condition"];
const AT_SOURCE = "Withheld at source";

describe("withholding returns by the forms", () => {
  it("pins a form that contradicts the payee or the income, takes a section that names one type and asks one that names several", async () => {
    const book = await writeBook(join(s.dir, "forms.xlsx"), [HEADER,
      ["A", "นาย สมชาย ใจดี", "1101700123456", "", "", "ภ.ง.ด.3", "2026-06-05", "Royalties", 3, 1000, null, AT_SOURCE],
      ["B", "นาง มาลี ศรีสุข", "3101200456789", "", "", "", "2026-06-05", "40(8)", 3, 1000, null, AT_SOURCE],
      ["C", "นาย ก ใจดี", "1101700999998", "", "", "", "2026-06-05", "ม.40(2)", 3, 1000, null, AT_SOURCE],
      ["D", "นาย ข ใจดี", "1101700888886", "", "", "ภ.ง.ด.2", "2026-06-05", "40(4)(ข)", 10, 1000, null, AT_SOURCE],
      ["E", "นาย ค ใจดี", "1101700123456", "", "", "", "2026-06-05", "Rent", 5, 1000, null, AT_SOURCE],
      ["E", "", "", "", "", "", "", "Interest", 15, 1000, null, ""],
      ["F", "Acme Co., Ltd.", "0105556000009", "00000", "", "ภ.ง.ด.3", "2026-06-05", "Services", 3, 1000, null, AT_SOURCE],
      // A bare number is read as the paragraph of section 40 (the drop-down's "(s.40(1))"): 1 is a salary, 4 asked.
      ["G", "นาย ง ใจดี", "1101700123456", "", "", "ภ.ง.ด.1", "2026-06-05", 1, 5, 1000, null, AT_SOURCE],
      ["H", "นาย จ ใจดี", "1101700123456", "", "", "", "2026-06-05", "4", 15, 1000, null, AT_SOURCE],
      // 3 is 40(3), royalties on ภ.ง.ด.2 (the service's incomeType 3 would be fees, on ภ.ง.ด.1).
      ["I", "นาย ฉ ใจดี", "1101700123456", "", "", "ภ.ง.ด.2", "2026-06-05", 3, 3, 1000, null, AT_SOURCE],
    ], "WHT");
    const check = await docsheet(["check", book, "--family", "withholding-taxes", "--json"]);
    expect(JSON.parse(check.stdout)).toEqual([
      { sheet: "WHT", cell: "F2", field: "entity", message: "Royalties (s.40(3)) paid to a person is filed on ภ.ง.ด.2, not ภ.ง.ด.3." },
      { sheet: "WHT", cell: "H3", field: "item.incomeType", message: '"40(8)" is a section of several income types: say which, Services (s.40(8)), Advertising (s.40(8)), Transport (s.40(8)), Insurance premiums (s.40(8)), Prizes and promotions (s.40(8)), Other income (s.40(8)).' },
      { sheet: "WHT", cell: "H7", field: "item.incomeType", message: "Interest (s.40(4)(a)) paid to this payee is filed on ภ.ง.ด.2, and the certificate's first line on ภ.ง.ด.3: make it a certificate of its own." },
      { sheet: "WHT", cell: "F8", field: "entity", message: "ภ.ง.ด.3 is for individuals, but 0105556000009 is a juristic person's tax id (it starts with 0): use ภ.ง.ด.53." },
      { sheet: "WHT", cell: "H10", field: "item.incomeType", message: '"4" is a section of several income types: say which, Interest (s.40(4)(a)), Dividends (s.40(4)(b)).' },
    ]);
    expect(check.code).toBe(1);
    const th = await docsheet(["check", book, "--family", "withholding-taxes", "--lang", "th"]);
    expect(th.stdout).toContain("ที่จ่ายให้บุคคลธรรมดายื่นด้วยแบบ ภ.ง.ด.2 ไม่ใช่ ภ.ง.ด.3");
  });

  it("reports a month on ภ.ง.ด.1, 2, 3 and 53: sheets reconciled, RD Prep files in the references' layouts and a layout file's", async () => {
    const book = await writeBook(join(s.dir, "month.xlsx"), [HEADER,
      ["P1", "นางสาวมาลี", "1101700123456", "", "1 ถนนพหลโยธิน แขวงสามเสนใน เขตพญาไท กรุงเทพมหานคร 10400", "", "2026-06-05", "40(1)", 5, 20000, null, AT_SOURCE],
      ["P2", "ดร.สมศักดิ์ ใจงาม", "3101200456789", "", "7 ต.ในเมือง อ.เมืองขอนแก่น จ.ขอนแก่น 40000", "", "2026-06-06", "Interest", 15, 1000, null, "Paid by the payer every time"],
      ["P3", "ว่าที่ร้อยตรี สมหมาย ดีงาม", "1101700999998", "", "3 ถนนนิมมานเหมินท์", "", "2026-06-07", "Rent", 5, 10000, null, "Paid by the payer once"],
      ["P3", "", "", "", "", "", "", "ม.40(6)", 3, 2000, null, ""],
      ["P4", "บริษัท แกมมา จำกัด", "0107537002443", "00001", "2 ถนนพระราม 4 แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500", "", "2026-06-08", "Services", 3, 3000, null, "Paid by the payer once"],
      ["P5", "นาย ง ใจดี", "1101700888886", "", "", "", "2026-06-09", "Services", 3, 700, null, AT_SOURCE],
    ], "WHT");
    const post = await docsheet(["post", book, "--family", "withholding-taxes", "--base-url", s.service.root, ...s.auth]);
    expect(post.stderr).not.toMatch(/docsheet:/);
    expect(post.code).toBe(0);
    const list = (await s.client.withholdingTaxes.list({ pageSize: 100 })).list;
    const byName = new Map(list.map((c) => [String(c.contactName), c]));
    expect(["นางสาวมาลี", "ดร.สมศักดิ์ ใจงาม", "ว่าที่ร้อยตรี สมหมาย ดีงาม", "บริษัท แกมมา จำกัด"].map((n) => byName.get(n)?.entity)).toEqual([15, 9, 1, 3]);
    await s.client.withholdingTaxes.setStatus(Number(byName.get("นาย ง ใจดี")!.recordId), "void");

    const out = join(s.dir, "returns.xlsx");
    const dir = join(s.dir, "rd");
    const r = await docsheet(["report", "wht", "--month", "2026-06", "--base-url", s.service.root, ...s.auth, "--out", out, "--rd-prep", dir]);
    expect(r.stdout).toBe("Withholding tax for 2026-06: ภ.ง.ด.1 1,000.00 on 1 certificate, ภ.ง.ด.2 150.00 on 1 certificate, ภ.ง.ด.3 560.00 on 1 certificate, "
      + `ภ.ง.ด.53 90.00 on 1 certificate; 1 void listed apart; 0 documents without a certificate; wrote ${out}\n`);
    expect(r.code).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["PND1 2026-06", "PND2 2026-06", "PND3 2026-06", "PND53 2026-06", "WHT void 2026-06", "WHT return 2026-06", "DocSheet records"]);
    const total = (sheet: string, cell: string) => (wb.getWorksheet(sheet)!.getCell(cell).value as ExcelJS.CellFormulaValue).result;
    // One line each (row 8), the totals row under it; PND3's certificate has two income lines.
    expect([total("PND1 2026-06", "J9"), total("PND1 2026-06", "K9"), total("PND2 2026-06", "K9"), total("PND3 2026-06", "J10"), total("PND3 2026-06", "K10"), total("PND53 2026-06", "K9")])
      .toEqual([20000, 1000, 150, 12000, 560, 90]);
    // The payee's name in the form's boxes: a person's ชื่อ (with the title) and ชื่อสกุล, a company's in one.
    const names = (sheet: string) => ["D8", "E8"].map((a) => wb.getWorksheet(sheet)!.getCell(a).value);
    expect(["PND1 2026-06", "PND2 2026-06", "PND3 2026-06", "PND53 2026-06"].map(names)).toEqual([
      ["นางสาว มาลี", null], ["ดร. สมศักดิ์", "ใจงาม"], ["ว่าที่ร้อยตรี สมหมาย", "ดีงาม"], ["บริษัท แกมมา จำกัด", null],
    ]);
    expect(wb.getWorksheet("PND3 2026-06")!.getCell("E7").value).toBe("Last name");
    const ret = wb.getWorksheet("WHT return 2026-06")!;
    expect(ret.getCell("A6").value).toBe("PND1: certificates");
    expect(ret.getCell("B8").value).toEqual({ formula: "'PND1 2026-06'!K9", result: 1000 });

    const parse = (file: string, d = dir) => readFileSync(join(d, file), "utf8").split("\r\n").filter(Boolean).map((l) => l.split("|"));
    expect(parse("PND1-2026-06.txt")).toEqual([["401N", "1", "1101700123456", "นางสาว", "มาลี", "", "05062569", "20000.00", "1000.00", "1"]]);
    expect(parse("PND2-2026-06.txt")).toEqual([[
      "1", "3101200456789", "ดร.", "สมศักดิ์", "ใจงาม", "7", "ในเมือง", "เมืองขอนแก่น", "ขอนแก่น", "40000", "06062569", "ดอกเบี้ย (ม.40(4)(a))", "15", "1000.00", "150.00", "2",
    ]]);
    expect(parse("PND3-2026-06.txt")).toEqual([[
      "1", "1101700999998", "", "ว่าที่ร้อยตรี", "สมหมาย", "ดีงาม", "3 ถนนนิมมานเหมินท์", "", "", "", "",
      "07062569", "ค่าเช่า (ม.40(5))", "5", "10000.00", "500.00", "3", "07062569", "ค่าวิชาชีพอิสระ (ม.40(6))", "3", "2000.00", "60.00", "3",
    ]]);
    expect(parse("PND53-2026-06.txt")).toEqual([[
      "1", "0107537002443", "00001", "บริษัท", "แกมมา จำกัด", "2 ถนนพระราม 4", "สุริยวงศ์", "บางรัก", "กรุงเทพมหานคร", "10500",
      "08062569", "ค่าบริการ (ม.40(8))", "3", "3000.00", "90.00", "2",
    ]]);

    // A layout of the firm's own: the fields it names, in its order; the forms it does not name as before.
    const layout = join(s.dir, "layout.txt");
    writeFileSync(layout, "# our RD Prep import\nPND3: seq|taxId|name|postalCode|amount|tax|line.income|line.amount\nภ.ง.ด.53 = taxId|branch|name|line.condition\n");
    const own = join(s.dir, "rd-own");
    const r2 = await docsheet(["report", "wht", "--month", "2026-06", "--base-url", s.service.root, ...s.auth, "--out", join(s.dir, "returns2.xlsx"), "--rd-prep", own, "--rd-layout", layout]);
    expect(r2.code).toBe(0);
    expect(parse("PND3-2026-06.txt", own)).toEqual([["1", "1101700999998", "สมหมาย ดีงาม", "", "12000.00", "560.00", "ค่าเช่า (ม.40(5))", "10000.00", "ค่าวิชาชีพอิสระ (ม.40(6))", "2000.00"]]);
    expect(parse("PND53-2026-06.txt", own)).toEqual([["0107537002443", "00001", "แกมมา จำกัด", "2"]]);
    expect(readFileSync(join(own, "PND1-2026-06.txt"), "utf8")).toBe(readFileSync(join(dir, "PND1-2026-06.txt"), "utf8"));

    writeFileSync(layout, "PND3: seq|colour\n");
    const bad = await docsheet(["report", "wht", "--month", "2026-06", "--base-url", s.service.root, ...s.auth, "--out", join(s.dir, "returns3.xlsx"), "--rd-prep", own, "--rd-layout", layout]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${layout} line 1: colour is not a field of the RD Prep files; the fields are seq, taxId, branch`);
  });
});
