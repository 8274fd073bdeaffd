// Tax-invoice sheets end to end on .xlsx files, against the real local service (the documents read
// back from it): headers that could name several fields, decided by what their cells hold
// (sheet/content.ts) in `docsheet map`, check (reading without a mapping) and post; and what a
// full tax invoice shows of its buyer (s.86/4, sheet/tax-invoice.ts): warnings counted apart from
// errors that never stop a post.
import { join } from "node:path";
import type { Contact, DocumentRecord } from "../../src/api";
import { cliRunner } from "./run";
import { cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("header-content");
const docsheet = cliRunner();

const serviceDocument = (recordId: unknown): Promise<DocumentRecord> => s.client.documents("tax-invoices").get(Number(recordId));
const fieldsOf = (stdout: string): Record<string, string | null> =>
  Object.fromEntries((JSON.parse(stdout) as { header: string; field: string | null }[]).map((c) => [c.header, c.field]));

describe("a Thai VAT column of amounts", () => {
  // 21 documents; the 11th states 70.01 where 7% of 999.99 is 70.00.
  const THAI: unknown[][] = [["เลขที่", "วันที่", "ชื่อลูกค้า", "ที่อยู่", "รายการ", "จำนวน", "ราคาต่อหน่วย", "ราคารวมภาษี", "ภาษีมูลค่าเพิ่ม"]];
  for (let i = 1; i <= 21; i++) {
    THAI.push([`TH-VAT-${i}`, "15/01/2569", "บริษัท ภาษี จำกัด", "1 ถนนสีลม กรุงเทพฯ 10500", "ค่าบริการ", 3, 333.33, "ไม่ใช่", i === 11 ? 70.01 : 70]);
  }

  it("is the VAT amount: map says so, check finds only the satang at its cell, post sends the rest with their VAT", async () => {
    const book = await writeBook(join(s.dir, "thai-vat.xlsx"), THAI, "ขาย");
    const map = await docsheet(["map", book, "--family", "tax-invoices", "--json"]);
    expect(fieldsOf(map.stdout)["ภาษีมูลค่าเพิ่ม"]).toBe("vatAmount");

    const check = await docsheet(["check", book, "--family", "tax-invoices", "--json"]);
    expect(JSON.parse(check.stdout)).toEqual([
      { sheet: "ขาย", cell: "I12", field: "vatAmount", message: "VAT amount is 70.01 but 7% VAT on 999.99 gives 70.00" },
    ]);
    expect(check.stderr).not.toMatch(/yes\/no|TRUE or FALSE/i);
    expect(check.code).toBe(1);
    const thai = await docsheet(["check", book, "--family", "tax-invoices", "--lang", "th"]);
    expect(thai.stdout).toMatch(/^ขาย!I12 \[vatAmount\] .*70\.01.*70\.00/m);
    expect(thai.stdout).toMatch(/21 เอกสาร, พบ 1 ปัญหา/);

    const posted = join(s.dir, "thai-vat.posted.xlsx");
    const post = await docsheet(["post", book, "--family", "tax-invoices", "--out", posted, "--base-url", s.service.root, ...s.auth]);
    expect(post.stdout).toMatch(/20 created, 0 found from an earlier run, 0 already posted, 1 not sent/);
    const rows = await sheetRows(posted);
    expect(rows[10].result).toMatch(/^not sent: I12: VAT amount is 70\.01/);
    const doc = await serviceDocument(rows[0].recordId);
    expect(doc).toMatchObject({ isVat: true, isVatInclusive: false, vatAmount: 70, grandTotal: 1069.99 });
  });
});

describe("a Thai VAT column of each line's VAT", () => {
  it("states the document's VAT as the lines' sum, and post sends it", async () => {
    const book = await writeBook(join(s.dir, "thai-line-vat.xlsx"), [
      ["เลขที่", "ชื่อลูกค้า", "ที่อยู่", "รายการ", "จำนวน", "ราคาต่อหน่วย", "ราคารวมภาษี", "ภาษีมูลค่าเพิ่ม"],
      ["TH-LV-1", "บริษัท รายการ จำกัด", "2 ถนนสาทร กรุงเทพฯ 10120", "ค่าบริการ", 1, 1000, "ไม่ใช่", 70],
      ["TH-LV-1", null, null, "ค่าวัสดุ", 3, 16.67, null, 3.5],
    ]);
    const check = await docsheet(["check", book, "--family", "tax-invoices", "--json"]);
    expect(JSON.parse(check.stdout)).toEqual([]);
    const posted = join(s.dir, "thai-line-vat.posted.xlsx");
    const post = await docsheet(["post", book, "--family", "tax-invoices", "--out", posted, "--base-url", s.service.root, ...s.auth]);
    expect(post.stdout).toMatch(/1 created/);
    const doc = await serviceDocument((await sheetRows(posted))[0].recordId);
    expect(doc).toMatchObject({ isVat: true, vatAmount: 73.5, grandTotal: 1123.51 });
  });
});

describe("a per-line Yes/No VAT column", () => {
  const LINES = [
    ["Invoice No.", "Customer", "Address", "Item", "Qty", "Unit price", "Prices include VAT", "VAT?"],
    ["LINE-1", "Line Vat Co., Ltd.", "9 Rama IV Rd, Bangkok 10330", "Consulting", 2, 1500, "No", "Yes"],
    ["LINE-1", null, null, "Fresh vegetables", 4, 125.5, null, "No"],
    ["LINE-1", null, null, "Travel", 1, 350.25, null, "Yes"],
    ["LINE-2", "Line Vat Two", "10 Silom Rd, Bangkok 10500", "Training", 1, 1000, "No", "Yes"],
  ];

  it("is each line's VAT rate (yes 7%, no exempt): the document is posted inline with its per-line totals", async () => {
    const book = await writeBook(join(s.dir, "lines.xlsx"), LINES);
    const mapping = join(s.dir, "lines.json");
    const map = await docsheet(["map", book, "--family", "tax-invoices", "--json", "--out", mapping]);
    expect(fieldsOf(map.stdout)).toMatchObject({ "Invoice No.": "documentKey", "VAT?": "item.vatRate" });

    const check = await docsheet(["check", book, "--family", "tax-invoices", "--mapping", mapping, "--json"]);
    expect(JSON.parse(check.stdout)).toEqual([]);
    expect(check.stderr).not.toMatch(/differs from row/i);

    const posted = join(s.dir, "lines.posted.xlsx");
    const post = await docsheet(["post", book, "--family", "tax-invoices", "--mapping", mapping, "--out", posted, "--base-url", s.service.root, ...s.auth]);
    expect(post.stdout).toMatch(/2 created, 0 found from an earlier run, 0 already posted, 0 not sent/);
    const rows = await sheetRows(posted);
    const doc = await serviceDocument(rows[0].recordId);
    expect((doc.items ?? []).map((i) => [i.name, i.vatRate, i.total])).toEqual([
      ["Consulting", 7, 3000], ["Fresh vegetables", -1, 502], ["Travel", 7, 350.25],
    ]);
    // 7% of 3,350.25 = 234.5175 → 234.52; exempt 502.00.
    expect(doc).toMatchObject({ exemptAmount: 502, vatableAmount: 3350.25, vatAmount: 234.52, grandTotal: 4086.77 });
  });
});

describe("ambiguous headers by content", () => {
  it("a yes/no ภาษีมูลค่าเพิ่ม is VAT yes/no and a VAT column of 7% / exempt is the line VAT rate", async () => {
    const book = await writeBook(join(s.dir, "ambiguous.xlsx"), [
      ["Document no.", "Customer", "Address", "Item", "Qty", "Unit price", "Prices include VAT", "ภาษีมูลค่าเพิ่ม"],
      ["AMB-1", "Amb Co", "1 Road", "Pen", 2, 100, false, "ใช่"],
      ["AMB-2", "Amb Co", "1 Road", "Rice", 1, 500, false, "ไม่ใช่"],
    ]);
    expect(fieldsOf((await docsheet(["map", book, "--family", "tax-invoices", "--json"])).stdout)).toMatchObject({ ภาษีมูลค่าเพิ่ม: "isVat" });
    const rates = await writeBook(join(s.dir, "rates.xlsx"), [
      ["Document no.", "Customer", "Address", "Item", "Qty", "Unit price", "Prices include VAT", "VAT"],
      ["R-1", "Rate Co", "1 Road", "Pen", 2, 100, false, "7%"],
      ["R-1", null, null, "Rice", 1, 500, null, "Exempt"],
    ]);
    expect(fieldsOf((await docsheet(["map", rates, "--family", "tax-invoices", "--json"])).stdout)).toMatchObject({ VAT: "item.vatRate" });
    // Read without a mapping the same way: both sheets are clean.
    for (const b of [book, rates]) {
      const check = await docsheet(["check", b, "--family", "tax-invoices", "--json"]);
      expect(JSON.parse(check.stdout)).toEqual([]);
      expect(check.code).toBe(0);
    }
  });
});

describe("what a full tax invoice shows of its buyer (s.86/4)", () => {
  const TAX_ID = "0105561123458";

  it("is a warning at the cell, counted apart by check, and post sends every document; a named contact's details are read from the service", async () => {
    const contacts: Contact[] = (await s.client.contacts.list({ pageSize: 200 })).list;
    const walkIn = contacts.find((c) => c.contactName === "Walk-in customer")!;
    const badTaxId = await s.client.contacts.create({
      contactName: "Bad Tax Id Co", contactType: 3, contactGroup: 3, contactAddress: "5 Rama IX Rd", contactTaxId: "1234567890123", contactBranch: "00000",
    });
    const book = await writeBook(join(s.dir, "buyers.xlsx"), [
      ["Document no.", "Contact id", "Customer", "Address", "Tax id", "Branch", "isVat", "Prices include VAT", "Item", "Qty", "Unit price"],
      ["S-1", null, "No Address Co", null, null, null, true, false, "Pen", 1, 100],
      ["S-2", null, "No Branch Co", "1 Road", TAX_ID, null, true, false, "Pen", 1, 100],
      ["S-3", walkIn.id, "Walk-in customer", null, null, null, true, false, "Pen", 1, 100],
      ["S-4", badTaxId.id, "Bad Tax Id Co", null, null, null, true, false, "Pen", 1, 100],
      ["S-5", null, "Full Co", "1 Road", TAX_ID, "00000", true, false, "Pen", 1, 100],
      ["S-6", null, "Exempt Co", null, null, null, false, false, "Rice", 1, 100],
    ]);
    const check = await docsheet(["check", book, "--family", "tax-invoices"]);
    expect(check.stdout.split("\n").filter((l) => l.includes("warning:"))).toEqual([
      "Sales!D2 [contactAddress] warning: No buyer's address is given, which a full tax invoice shows (Revenue Code s.86/4).",
      "Sales!F3 [contactBranch] warning: No branch is given with the buyer's tax id (00000 for the head office), which a full tax invoice shows (Revenue Code s.86/4).",
    ]);
    expect(check.stdout).toMatch(/^6 documents, 0 findings, 2 warnings$/m);
    expect(check.code).toBe(0);
    const json = await docsheet(["check", book, "--family", "tax-invoices", "--json", "--lang", "th"]);
    expect(JSON.parse(json.stdout)).toEqual([]);
    expect(json.stderr).toMatch(/^Sales!D2 \[contactAddress\] คำเตือน: ไม่ได้ระบุที่อยู่ของผู้ซื้อ/m);
    expect(json.code).toBe(0);

    const posted = join(s.dir, "buyers.posted.xlsx");
    const post = await docsheet(["post", book, "--family", "tax-invoices", "--out", posted, "--base-url", s.service.root, ...s.auth]);
    expect(post.stdout).toMatch(/6 created, 0 found from an earlier run, 0 already posted, 0 not sent, 0 failed/);
    expect(post.stdout.split("\n").filter((l) => l.includes("warning:")).map((l) => l.replace(/ warning: .*?(contact \S+ \S+|$).*/, " $1"))).toEqual([
      "Sales!D2 [contactAddress] ", "Sales!F3 [contactBranch] ", "Sales!D4 [contactAddress] contact Walk-in customer,", "Sales!E5 [contactTaxId] contact Bad Tax",
    ]);
    expect(post.stdout).toMatch(/^Sales!E5 \[contactTaxId\] warning: 1234567890123, the tax id of the contact Bad Tax Id Co, is not a valid 13-digit tax id/m);
    expect(post.code).toBe(0);
    const rows = await sheetRows(posted);
    expect(rows.map((r) => r.result)).toEqual(Array(6).fill("created"));
    expect(await serviceDocument(rows[2].recordId)).toMatchObject({ contactName: "Walk-in customer", contactAddress: "" });
  });
});
