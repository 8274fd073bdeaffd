// `docsheet map` and `--mapping` end to end: sheets with the user's own headers (English and Thai,
// not the template's), mapped with `map --out`, then checked, posted and acted on with `--mapping`
// through the command's main (runner.js; map's exit code 1 through the real bin) against the real
// local service; the documents are read back from the service.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { DocumentRecord } from "../../src/api";
import { cliRunner, runCli } from "./run";
import { cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("map");
const docsheet = cliRunner();
const TAX_ID = "0105561123458";

const ENGLISH = [
  ["Invoice No.", "Invoice Date", "Client", "Client Tax ID", "Goods / Services", "Qty.", "Unit Price (THB)", "Remarks", "Colour"],
  ["MAP-EN-1", "15/01/2026", "Map English Co., Ltd.", TAX_ID, "Consulting", 2, "1,500.00", "first", "red"],
  ["MAP-EN-1", null, null, null, "Travel", 1, 350.25, null, "red"],
  ["MAP-EN-2", "16/01/2026", "Map English Two", null, "Training", 3, 1000, null, "blue"],
];

const THAI = [
  ["เลขที่ใบกำกับภาษี", "วันที่ใบกำกับภาษี", "ชื่อบริษัท", "เลขประจำตัวผู้เสียภาษีอากร", "รายการสินค้า", "จำนวนหน่วย", "ราคาต่อหน่วย (บาท)", "หมายเหตุเอกสาร", "สีแฟ้ม", "มี VAT"],
  ["TH-1", "15/01/2569", "บริษัท แผนที่ไทย จำกัด", TAX_ID, "ค่าบริการที่ปรึกษา", 4, 2500, "งวดแรก", "แดง", "ใช่"],
  ["TH-1", null, null, null, "ค่าเดินทาง", 1, 500, null, null, null],
];

/** `map --out`: exit 1 while a required field has no column (the English sheet says nothing of VAT). */
async function mapTo(book: string, name: string, code = 0, more: string[] = []): Promise<{ path: string; stdout: string }> {
  const path = join(s.dir, name);
  const r = await docsheet(["map", book, "--family", "tax-invoices", "--out", path, ...more]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(code);
  return { path, stdout: r.stdout };
}

async function serviceDocument(recordId: unknown): Promise<DocumentRecord> {
  return s.client.documents("tax-invoices").get(Number(recordId));
}

describe("docsheet map", () => {
  it("suggests a field for each of the user's English headers, saves the mapping, and check, post and a second post use it", async () => {
    const book = await writeBook(join(s.dir, "english.xlsx"), ENGLISH);
    // Without a mapping these headers name nothing a document needs.
    expect((await docsheet(["check", book, "--family", "tax-invoices", "--json"])).code).toBe(1);

    const json = await docsheet(["map", book, "--family", "tax-invoices", "--json"]);
    expect(json.stderr).toMatch(/^Required, not yet mapped: VAT \(isVat\) or VAT rate \(item\.vatRate\) or VAT amount \(vatAmount\): no document is sent until the sheet says whether it carries VAT/);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual([
      { column: "A", header: "Invoice No.", field: "documentKey" },
      { column: "B", header: "Invoice Date", field: "publishedOn" },
      { column: "C", header: "Client", field: "contactName" },
      { column: "D", header: "Client Tax ID", field: "contactTaxId" },
      { column: "E", header: "Goods / Services", field: "item.name" },
      { column: "F", header: "Qty.", field: "item.quantity" },
      { column: "G", header: "Unit Price (THB)", field: "item.pricePerUnit" },
      { column: "H", header: "Remarks", field: "remarks" },
      { column: "I", header: "Colour", field: null },
    ]);

    const { path: mapping, stdout } = await mapTo(book, "english.json", 1);
    expect(stdout).toMatch(/^ {2}C\s+Client\s+Customer \(contactName\) \*$/m);
    expect(stdout).toMatch(/Not mapped .*: I "Colour"/);
    expect(stdout).toMatch(/Required, not yet mapped: VAT \(isVat\) or VAT rate \(item\.vatRate\)/);
    const columns = {
      "Invoice No.": "documentKey", "Invoice Date": "publishedOn", Client: "contactName", "Client Tax ID": "contactTaxId",
      "Goods / Services": "item.name", "Qty.": "item.quantity", "Unit Price (THB)": "item.pricePerUnit", Remarks: "remarks", Colour: null,
    };
    expect(JSON.parse(readFileSync(mapping, "utf8"))).toEqual({ family: "tax-invoices", columns });

    // No VAT column and no value for every row: check refuses the sheet at its header row, and post
    // sends none of its documents (the service holds none of them), each row saying why.
    const noVat = await docsheet(["check", book, "--family", "tax-invoices", "--mapping", mapping, "--json"]);
    expect(JSON.parse(noVat.stdout)).toEqual([{
      sheet: "Sales", cell: "A1", field: "isVat", message: expect.stringMatching(/^Nothing on this sheet says whether its documents carry VAT, so none of them is sent: add a VAT column/),
    }]);
    expect(noVat.code).toBe(1);
    const refused = join(s.dir, "english-refused.xlsx");
    const none = await docsheet(["post", book, "--family", "tax-invoices", "--mapping", mapping, "--out", refused, "--base-url", s.service.root, ...s.auth]);
    expect(none.stdout).toMatch(/0 created, 0 found from an earlier run, 0 already posted, 2 not sent/);
    expect(none.code).toBe(1);
    expect((await sheetRows(refused)).map((r) => [r.recordId ?? null, String(r.result)])).toEqual(Array(3).fill([null, expect.stringMatching(/^not sent: A1: Nothing on this sheet says whether its documents carry VAT/)]));
    expect((await s.client.documents("tax-invoices").list({ searchString: "Map English" })).list).toEqual([]);

    // The treatment stated once, for every row, in the mapping file; map keeps it on a round trip
    // (through --mapping, and when --out already holds it).
    writeFileSync(mapping, JSON.stringify({ family: "tax-invoices", columns, values: { isVat: "yes", isVatInclusive: false } }));
    const again1 = await mapTo(book, "english-again.json", 0, ["--mapping", mapping]);
    expect(again1.stdout).toMatch(/Every required field has a column/);
    expect(again1.stdout).toMatch(/For every row: VAT \(isVat\) = TRUE; VAT inclusive \(isVatInclusive\) = FALSE/);
    expect(JSON.parse(readFileSync(again1.path, "utf8"))).toEqual({ family: "tax-invoices", columns, values: { isVat: "yes", isVatInclusive: false } });
    await mapTo(book, "english.json", 0);
    expect(JSON.parse(readFileSync(mapping, "utf8"))).toEqual({ family: "tax-invoices", columns, values: { isVat: "yes", isVatInclusive: false } });

    const check = await docsheet(["check", book, "--family", "tax-invoices", "--mapping", mapping, "--json"]);
    // With VAT these are full tax invoices: the buyer details they lack are warnings, on stderr.
    expect(check.stderr).toMatch(/^Sales!A2 \[contactAddress\] warning: No buyer's address is given/);
    expect(JSON.parse(check.stdout)).toEqual([]);
    expect(check.code).toBe(0);

    const posted = join(s.dir, "english-posted.xlsx");
    const post = await docsheet(["post", book, "--family", "tax-invoices", "--mapping", mapping, "--out", posted, "--base-url", s.service.root, ...s.auth]);
    expect(post.stdout).toMatch(/2 created, 0 found from an earlier run, 0 already posted, 0 not sent/);
    expect(post.code).toBe(0);
    const rows = await sheetRows(posted);
    expect(rows.map((r) => [r["Invoice No."], r.result, r.status])).toEqual([
      ["MAP-EN-1", "created", "pending"], ["MAP-EN-1", "created", "pending"], ["MAP-EN-2", "created", "pending"],
    ]);
    expect(rows[0].recordId).toBe(rows[1].recordId);
    const first = await serviceDocument(rows[0].recordId);
    expect(first).toMatchObject({ contactName: "Map English Co., Ltd.", contactTaxId: TAX_ID, publishedOn: expect.stringMatching(/^2026-01-15/), remarks: "first" });
    // VAT as the values say: 7% on top of 3,350.25.
    expect(first).toMatchObject({ isVat: true, isVatInclusive: false, vatAmount: 234.52, grandTotal: 3584.77 });
    expect((first.items ?? []).map((i) => [i.name, i.quantity, i.pricePerUnit])).toEqual([["Consulting", 2, 1500], ["Travel", 1, 350.25]]);
    expect(rows[0].documentSerial).toBe(first.documentSerial);

    // The same mapping on the next run: the result columns now in the sheet are known by name, the
    // two documents posted are skipped, the new one is created.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(posted);
    wb.worksheets[0].addRow(["MAP-EN-3", "17/01/2026", "Map English Three", null, "Audit", 1, 9000, null, "green"]);
    await wb.xlsx.writeFile(posted);
    const again = await docsheet(["post", posted, "--family", "tax-invoices", "--mapping", mapping, "--in-place", "--base-url", s.service.root, ...s.auth]);
    expect(again.stdout).toMatch(/1 created, 0 found from an earlier run, 2 already posted, 0 not sent/);
    expect(again.code).toBe(0);
    const after = await sheetRows(posted);
    expect(after[3]).toMatchObject({ "Invoice No.": "MAP-EN-3", result: "created" });
    expect((await serviceDocument(after[3].recordId)).contactName).toBe("Map English Three");

    // act takes it too.
    const act = await docsheet(["act", posted, "--in-place", "--family", "tax-invoices", "--mapping", mapping, "--action", "share", "--base-url", s.service.root, ...s.auth]);
    expect(act.stdout).toMatch(/share: 3 done, 0 skipped, 0 failed/);
    expect(act.code).toBe(0);
    expect((await sheetRows(posted)).every((r) => typeof r.shareLink === "string")).toBe(true);
  });

  it("maps a Thai sheet of the user's own headers and posts it", async () => {
    const book = await writeBook(join(s.dir, "thai.xlsx"), THAI, "ใบกำกับภาษี");
    const { path: mapping, stdout } = await mapTo(book, "thai.json");
    expect(JSON.parse(readFileSync(mapping, "utf8")).columns).toEqual({
      เลขที่ใบกำกับภาษี: "documentKey", วันที่ใบกำกับภาษี: "publishedOn", ชื่อบริษัท: "contactName", เลขประจำตัวผู้เสียภาษีอากร: "contactTaxId",
      รายการสินค้า: "item.name", จำนวนหน่วย: "item.quantity", "ราคาต่อหน่วย (บาท)": "item.pricePerUnit", หมายเหตุเอกสาร: "remarks", สีแฟ้ม: null,
      "มี VAT": "isVat",
    });
    expect(stdout).toMatch(/Sheet "ใบกำกับภาษี", tax-invoices:/);

    const posted = join(s.dir, "thai-posted.xlsx");
    const post = await docsheet(["post", book, "--family", "tax-invoices", "--mapping", mapping, "--out", posted, "--base-url", s.service.root, ...s.auth]);
    expect(post.stdout).toMatch(/1 created/);
    expect(post.code).toBe(0);
    const rows = await sheetRows(posted);
    expect(rows.map((r) => r.result)).toEqual(["created", "created"]);
    const doc = await serviceDocument(rows[0].recordId);
    expect(doc).toMatchObject({ contactName: "บริษัท แผนที่ไทย จำกัด", publishedOn: expect.stringMatching(/^2026-01-15/), remarks: "งวดแรก" });
    expect((doc.items ?? []).map((i) => [i.name, i.quantity, i.pricePerUnit])).toEqual([["ค่าบริการที่ปรึกษา", 4, 2500], ["ค่าเดินทาง", 1, 500]]);
  });

  it("marks the fields it guessed from a header that check, post and act read only through a mapping file", async () => {
    const book = await writeBook(join(s.dir, "guess.xlsx"), [["Client", "Quantity", "ราคา", "มี VAT"], ["Guess Co.", 1, 100, "ใช่"]]);
    const r = await docsheet(["map", book, "--family", "tax-invoices"]);
    // "Quantity" is a label check reads by itself; "ราคา" (price: unit price? total?) is a guess.
    expect(r.stdout).toMatch(/^ {2}B +Quantity +Quantity \(item\.quantity\)$/m);
    expect(r.stdout).toMatch(/^ {2}C +ราคา +Unit price \(item\.pricePerUnit\) \*$/m);
    expect(r.stdout).toContain("* a guess from the header: check, post and act read these columns only through a mapping file");
    const th = await docsheet(["map", book, "--family", "tax-invoices", "--lang", "th"]);
    expect(th.stdout).toMatch(/^ชีต "Sales", ใบกำกับภาษี \(tax-invoices\):$/m);
    expect(th.stdout).toContain("* เดาจากหัวคอลัมน์: check, post และ act จะอ่านคอลัมน์เหล่านี้ผ่านไฟล์จับคู่คอลัมน์เท่านั้น");
    const check = await docsheet(["check", book, "--family", "tax-invoices"]);
    expect(check.stdout).toMatch(/Column "ราคา" looks like .+ but is ignored until it is mapped/);
    // Saved and given back, the guess is the mapping's: no longer marked.
    const { path } = await mapTo(book, "guess.json");
    const again = await docsheet(["map", book, "--family", "tax-invoices", "--mapping", path]);
    expect(again.stdout).toMatch(/^ {2}C +ราคา +Unit price \(item\.pricePerUnit\)$/m);
    expect(again.stdout).not.toContain("a guess from the header");
  });

  it("exits 1 and names the required fields no column gives", async () => {
    const book = await writeBook(join(s.dir, "partial.xlsx"), [["Client", "Colour"], ["Acme", "red"]]);
    const r = await runCli(["map", book, "--family", "tax-invoices"]);
    expect(r.stdout).toMatch(/Required, not yet mapped: Quantity \(item\.quantity\); Unit price \(item\.pricePerUnit\)/);
    expect(r.code).toBe(1);
  });

  it("refuses a mapping that names a field twice, an unknown field or another family (exit 2), before any work", async () => {
    const book = await writeBook(join(s.dir, "bad.xlsx"), ENGLISH);
    const write = (name: string, value: unknown): string => {
      const path = join(s.dir, name);
      writeFileSync(path, JSON.stringify(value));
      return path;
    };
    const twice = write("twice.json", { family: "tax-invoices", columns: { "Qty.": "item.quantity", Colour: "item.quantity" } });
    const r1 = await docsheet(["check", book, "--family", "tax-invoices", "--mapping", twice]);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toMatch(/--mapping .*twice\.json: field item\.quantity is named twice \(columns "Qty\." and "Colour"\)/);

    const unknown = write("unknown.json", { family: "tax-invoices", columns: { Client: "customer" } });
    const r2 = await docsheet(["check", book, "--family", "tax-invoices", "--mapping", unknown]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/column "Client": unknown field "customer"; did you mean contactName\?/);

    const badValue = write("bad-value.json", { family: "tax-invoices", columns: {}, values: { isVat: "maybe" } });
    const r0 = await docsheet(["post", book, "--family", "tax-invoices", "--mapping", badValue, "--base-url", s.service.root, ...s.auth]);
    expect(r0.code).toBe(2);
    expect(r0.stderr).toMatch(/--mapping .*bad-value\.json: values: isVat "maybe": "maybe" is not yes or no/);

    const { path: mapping } = await mapTo(book, "bad-family.json", 1);
    const out = join(s.dir, "never.xlsx");
    const r3 = await docsheet(["post", book, "--family", "quotations", "--mapping", mapping, "--out", out, "--base-url", s.service.root, ...s.auth]);
    expect(r3.code).toBe(2);
    expect(r3.stderr).toMatch(/the mapping is for tax-invoices, not quotations/);
    expect(existsSync(out)).toBe(false);

    const r4 = await docsheet(["act", book, "--in-place", "--family", "tax-invoices", "--mapping", join(s.dir, "missing.json"), "--action", "share", "--base-url", s.service.root, ...s.auth]);
    expect(r4.code).toBe(2);
    expect(r4.stderr).toMatch(/cannot read --mapping .*missing\.json: ENOENT/);
  });
});
