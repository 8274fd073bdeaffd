// Withholding tax certificates from .xlsx files against the local service: the template's columns,
// a sheet of individuals and companies checked (a wrong tax amount and a rate not allowed for its
// income type pinned to their cells, not sent), posted once (the form taken from the tax id), and
// pulled back as rows that read again.
import { postJob } from "../../src/jobs/post";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { createClient } from "../../src/api";
import { actJob } from "../../src/jobs/act";
import { ConnectionError } from "../../src/jobs/stop";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { losingFirstAnswer, racingFetch } from "../helpers/racing-fetch";
import { cliRunner } from "./run";
import { cliSession, writeBook } from "./session";
import { simpleDoc } from "../helpers/vat-month";
import { readFileSync, writeFileSync } from "node:fs";
import { pdfText } from "../service/pdf-readback";

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
    // The income type in Thai alone (it read "Rent (ค่าเช่า, s.40(5))" in a Thai run).
    expect(th.stdout).toContain("3% ไม่ใช่อัตราของ ค่าเช่า (ม.40(5)): ใช้ 5%");
    expect(th.stdout).not.toContain("Rent");

    const posted = join(s.dir, "wht.posted.xlsx");
    const post = await docsheet(["post", book, "--family", "withholding-taxes", "--base-url", s.service.root, ...s.auth]);
    expect(post.code).toBe(1);
    const ws = (await load(posted)).getWorksheet("WHT")!;
    // Result columns are added headed by their labels in the sheet's language.
    const LABEL: Record<string, string> = { recordId: "Record id", documentSerial: "Document serial", result: "Result" };
    const col = (key: string): number => (ws.getRow(1).values as unknown[]).indexOf(LABEL[key]);
    const id = (row: number) => ws.getRow(row).getCell(col("recordId")).value;
    expect([id(2), id(3), id(4), id(5), id(6)].map((v) => typeof v)).toEqual(["number", "number", "number", "object", "object"]);
    expect(id(3)).toBe(id(4));
    expect(String(ws.getRow(5).getCell(col("result")).value)).toMatch(/^not sent: J5: Tax withheld 31.00/);

    const company = await s.client.withholdingTaxes.get(Number(id(3)));
    expect(company).toMatchObject({ entity: 3, contactTaxId: "0105556000009", total: 7000.5, totalTaxWithheld: 250.03, taxPayment: 1 });
    expect((company.withholdingTaxItems as { incomeType: number; withheld: number }[]).map((i) => [i.incomeType, i.withheld])).toEqual([[27, 150], [27, 100.03]]);
    const person = await s.client.withholdingTaxes.get(Number(id(2)));
    expect(person).toMatchObject({ entity: 1, contactGroup: 1, totalTaxWithheld: 300 });

    // The company's certificate as its 50 ทวิ PDF, saved as the documents' PDFs are, its path in the sheet.
    const pdfDir = join(s.dir, "pdf");
    const pdf = await docsheet(["act", posted, "--family", "withholding-taxes", "--action", "pdf", "--rows", "3", "--pdf-dir", pdfDir, "--base-url", s.service.root, ...s.auth]);
    expect(pdf.code).toBe(0);
    const serial = String(ws.getRow(3).getCell(col("documentSerial")).value);
    const file = join(pdfDir, `${serial}.pdf`);
    const text = await pdfText(readFileSync(file));
    for (const expected of ["หนังสือรับรองการหักภาษี ณ ที่จ่าย", serial, "Demo Co., Ltd.", "Acme Co., Ltd.", "0105556000009", "ภ.ง.ด.53", "7,000.50", "250.03", "(1) หัก ณ ที่จ่าย"]) {
      expect(text).toContain(expected);
    }
    const pw0 = (await load(join(s.dir, "wht.posted.acted.xlsx"))).getWorksheet("WHT")!;
    const pdfCol = (pw0.getRow(1).values as unknown[]).indexOf("PDF file");
    expect([pw0.getRow(3).getCell(pdfCol).value, pw0.getRow(2).getCell(pdfCol).value]).toEqual([file, null]);

    // Posted again: the posted rows are skipped, nothing is created twice.
    const again = await docsheet(["post", posted, "--family", "withholding-taxes", "--base-url", s.service.root, ...s.auth, "--in-place"]);
    expect(again.code).toBe(1);
    const listed = await s.client.withholdingTaxes.list({ pageSize: 100 });
    expect(listed.list.filter((c) => c.contactName === "Acme Co., Ltd.")).toHaveLength(1);

    const pulled = join(s.dir, "pulled.xlsx");
    const pull = await docsheet(["pull", "withholding-taxes", "--base-url", s.service.root, ...s.auth, "--out", pulled, "--start-date", "2026-04-01", "--end-date", "2026-04-30"]);
    expect(pull.code).toBe(0);
    const pw = (await load(pulled)).getWorksheet("Withholding taxes")!;
    expect(pw.rowCount).toBe(4);
    const rows = [2, 3, 4].map((r) => (pw.getRow(r).values as unknown[]).slice(1, 12));
    expect(rows[0].slice(1, 3)).toEqual(["Somchai Jaidee", "1101700123456"]);
    expect(rows[1][5]).toBe("ภ.ง.ด.53");
    expect(rows[2].slice(7, 11)).toEqual(["Rent (s.40(5))", 5, 2000.5, 100.03]);
    expect((await docsheet(["check", pulled, "--family", "withholding-taxes"])).code).toBe(0);

    // Voided from the pulled sheet (Acme's certificate, its rows 3-4), in Thai.
    const act = await docsheet(["act", pulled, "--family", "withholding-taxes", "--action", "status", "--status", "void", "--rows", "3", "--base-url", s.service.root, ...s.auth, "--lang", "th"]);
    expect(act.code).toBe(0);
    expect((await s.client.withholdingTaxes.get(Number(id(3)))).statusString).toBe("void");
    const aw = (await load(join(s.dir, "pulled.acted.xlsx"))).getWorksheet("Withholding taxes")!;
    expect([aw.getCell("Q3").value, aw.getCell("Q2").value]).toEqual(["ยกเลิกแล้ว", "processed"]);

    // Undo of the post: the individual's certificate deleted, the company's (voided since) left as it is.
    const undo = await docsheet(["undo", posted, "--family", "withholding-taxes", "--base-url", s.service.root, ...s.auth]);
    expect(undo.stdout).toContain("undone: 1 deleted, 0 voided, 1 already deleted or void, 0 left alone, 0 failed");
    expect(undo.code).toBe(0);
    await expect(s.client.withholdingTaxes.get(Number(id(2)))).rejects.toThrow(/not found/i);
    const uw = (await load(join(s.dir, "wht.posted.undone.xlsx"))).getWorksheet("WHT")!;
    expect([uw.getRow(2).getCell(col("recordId")).value, String(uw.getRow(2).getCell(col("result")).value)]).toEqual([null, `Undone: ${ws.getRow(2).getCell(col("documentSerial")).value} deleted`]);
    const twice = await docsheet(["undo", join(s.dir, "wht.posted.undone.xlsx"), "--family", "withholding-taxes", "--base-url", s.service.root, ...s.auth]);
    expect([twice.code, twice.stderr]).toEqual([1, "docsheet: Nothing to undo: this workbook records no withholding tax certificate post\n"]);
  });

  it("a post whose create answer was lost counts what its marker finds as found, not created, and leaves one certificate live", async () => {
    const book = await writeBook(join(s.dir, "wht-lost.xlsx"), [HEADER, ["L", "Lost Answer Payee Co., Ltd.", "0105561000062", "00000", "", "2026-04-11", "Services", 3, 1000, 30, "Withheld at source"]], "WHT");
    const certificates = (url: URL): boolean => url.pathname.endsWith("/withholding-taxes");
    const racing = racingFetch(certificates, 2, certificates);
    // One of the two loses the answer to its create after the service made it: which is its own
    // copy it cannot know, and the other post's may have been made first.
    const lossy = losingFirstAnswer(racing, certificates);
    const run = async (f: typeof fetch) => postJob(await XlsxWorkbook.load(book), createClient({ root: s.service.root, ...s.demo, fetch: f }), { family: "withholding-taxes", target: { sheet: "WHT" } });
    const [lost, other] = await Promise.all([run(lossy.fetch), run(racing)]);
    expect(lossy.dropped()).toBe(true);
    expect([lost.results[0].kind, lost.results[0].message]).toEqual(["found", "created (confirmed after a lost answer)"]);
    expect([lost.counts.created, lost.counts.found]).toEqual([0, 1]);
    expect(other.results[0].recordId).toBe(lost.results[0].recordId);
    const live = (await s.client.withholdingTaxes.list({ pageSize: 200, searchString: "Lost Answer Payee" })).list.filter((c) => c.statusString !== "void");
    expect(live.map((c) => Number(c.recordId))).toEqual([lost.results[0].recordId]);
  });

  it("a Thai status change whose connection fails stops in Thai, without the client's operation name, and leaves its row as it was", async () => {
    const book = await XlsxWorkbook.load(await writeBook(join(s.dir, "wht-gone.xlsx"), [HEADER, ["G", "Gone Status Payee Co., Ltd.", "0105561000071", "00000", "", "2026-04-12", "Services", 3, 1000, 30, "Withheld at source"]], "WHT"));
    expect((await postJob(book, s.client, { family: "withholding-taxes", target: { sheet: "WHT" } })).counts.created).toBe(1);
    // The service stops answering the status change only: the row is read and checked, then the change fails.
    const refused: typeof fetch = async (input, init) => {
      if (/\/withholding-taxes\/\d+\/status\//.test(String(input))) throw Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
      return fetch(input, init);
    };
    const client = createClient({ root: s.service.root, ...s.demo, fetch: refused, maxRetries: 0 });
    const stopped = await actJob(book, client, { family: "withholding-taxes", target: { sheet: "WHT" }, action: { kind: "status", statusId: "void" }, lang: "th" })
      .then(() => undefined, (err: unknown) => err);
    expect(stopped).toBeInstanceOf(ConnectionError);
    // It said "withholdingTaxes.setStatus: เครือข่ายขัดข้อง (ECONNREFUSED): fetch failed".
    expect((stopped as Error).message).toBe(`หยุดแล้ว: ติดต่อบริการที่ ${s.service.root} ไม่ได้: ไม่มีบริการรอรับการเชื่อมต่อที่นั่น ทำแล้ว: 0 ไม่ได้ส่ง: 1`);
    // Nothing reached the service: the row says what it said, as a document's row does (test/jobs/post-service-gone.test.ts).
    const [header, row] = (await book.read({ sheet: "WHT" })).values;
    expect(row[header.indexOf("Result")]).toBe("created");
    expect((await s.client.withholdingTaxes.get(Number(row[header.indexOf("Record id")]))).statusString).not.toBe("void");
  });

  it("maps an accountant's own headers (a header that could mean two fields asked), checks, posts and undoes with --mapping, notes apart from problems, another company refused", async () => {
    const header = ["Cert no.", "ผู้ถูกหักภาษี", "เลขประจำตัวผู้เสียภาษี", "สาขา", "วันที่", "ประเภทเงินได้", "อัตรา", "จำนวนเงิน", "ภาษีที่หักไว้", "เงื่อนไข"];
    const book = await writeBook(join(s.dir, "own.xlsx"), [header,
      ["M1", "นางสาว มาลี ดีงาม", "3509900112237", "", "2026-06-03", "ค่าวิชาชีพอิสระ (ม.40(6))", 3, 20000, 600, "หัก ณ ที่จ่าย"],
      // The tax id and branch typed as numbers (their zeros lost) and the tax 1 baht off.
      ["M2", "Zeta Co., Ltd.", 105556000009, 0, "2026-06-04", "Services", 3, 8000, 241, "Withheld at source"],
    ], "Payments");
    const map = await docsheet(["map", book, "--family", "withholding-taxes", "--json"]);
    // "จำนวนเงิน" could be the amount paid or the tax withheld: asked, not guessed (exit 1).
    expect(map.code).toBe(1);
    expect(JSON.parse(map.stdout).map((c: { column: string; field: string | null; candidates?: string[] }) => [c.column, c.field, c.candidates])).toEqual([
      ["A", "documentKey", undefined], ["B", "contactName", undefined], ["C", "contactTaxId", undefined], ["D", "contactBranch", undefined],
      ["E", "publishedOn", undefined], ["F", "item.incomeType", undefined], ["G", "item.taxRate", undefined],
      ["H", null, ["item.taxAmount", "item.withheld"]], ["I", "item.withheld", undefined], ["J", "taxPayment", undefined],
    ]);
    expect(map.stderr).toContain('Which field is column H "จำนวนเงิน"?');
    const th = await docsheet(["map", book, "--family", "withholding-taxes", "--lang", "th"]);
    expect(th.stdout).toContain('คอลัมน์ H "จำนวนเงิน" คือฟิลด์ใด');
    // Without the answer the amount paid is missing, never taken from the ambiguous column.
    const unanswered = await docsheet(["check", book, "--family", "withholding-taxes", "--json"]);
    expect(JSON.parse(unanswered.stdout).map((f: { field: string }) => f.field)).toContain("item.taxAmount");

    const file = join(s.dir, "own-mapping.json");
    expect((await docsheet(["map", book, "--family", "withholding-taxes", "--out", file])).code).toBe(1);
    const mapping = JSON.parse(readFileSync(file, "utf8"));
    expect(mapping).toMatchObject({ family: "withholding-taxes", columns: { "จำนวนเงิน": null, "ภาษีที่หักไว้": "item.withheld" } });
    mapping.columns["จำนวนเงิน"] = "item.taxAmount";
    writeFileSync(file, JSON.stringify(mapping));

    const check = await docsheet(["check", book, "--family", "withholding-taxes", "--mapping", file, "--json"]);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout)).toEqual([
      { sheet: "Payments", cell: "I3", field: "item.withheld", message: "Tax withheld 241.00 is not 8000.00 × 3% = 240.00 (to the satang)." },
    ]);
    // The restored zeros are notes, not problems.
    expect(check.stderr).toMatch(/C3.*0105556000009/);
    expect(check.stderr).toMatch(/D3.*00000/);

    const post = await docsheet(["post", book, "--family", "withholding-taxes", "--mapping", file, "--base-url", s.service.root, ...s.auth]);
    expect(post.code).toBe(1);
    const posted = join(s.dir, "own.posted.xlsx");
    const ws = (await load(posted)).getWorksheet("Payments")!;
    // The result columns in the sheet's words (its headers are Thai).
    expect((ws.getRow(1).values as unknown[]).slice(11, 15)).toEqual(["รหัสเอกสารในระบบ", "เลขที่เอกสารในระบบ", "สถานะ", "ผลลัพธ์"]);
    const id = Number(ws.getCell("K2").value);
    expect(await s.client.withholdingTaxes.get(id)).toMatchObject({ contactName: "นางสาว มาลี ดีงาม", entity: 1, total: 20000, totalTaxWithheld: 600 });
    expect(ws.getCell("K3").value).toBeNull();

    // Another company's credentials: the sheet was posted to Demo, nothing is sent or acted on.
    const other = ["--base-url", s.service.root, ...s.otherAuth];
    const refused = await docsheet(["act", posted, "--family", "withholding-taxes", "--mapping", file, "--action", "pdf", ...other]);
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining("Other Co., Ltd.")]);
    expect((await docsheet(["undo", posted, "--family", "withholding-taxes", "--mapping", file, ...other])).code).toBe(2);

    const undo = await docsheet(["undo", posted, "--family", "withholding-taxes", "--mapping", file, "--base-url", s.service.root, ...s.auth]);
    expect(undo.code).toBe(0);
    await expect(s.client.withholdingTaxes.get(id)).rejects.toThrow(/not found/i);
    expect((await load(join(s.dir, "own.posted.undone.xlsx"))).getWorksheet("Payments")!.getCell("K2").value).toBeNull();
  });

  it("reports a month: one sheet per form with formula totals equal to the certificates', the void one apart, a purchase without its certificate found, RD Prep files that parse back", async () => {
    const wht = s.client.withholdingTaxes;
    const cert = (name: string, taxId: string, entity: number, date: string, items: [number, string, number, number][]) => wht.create({
      contactName: name, contactTaxId: taxId, contactBranch: entity === 3 ? "00000" : "", contactAddress: `${name} address`, publishedOn: date, entity, taxPayment: 1,
      withholdingTaxItems: items.map(([incomeType, description, taxRate, taxAmount]) => ({ incomeType, description, taxRate, taxAmount })),
    });
    await cert("นาย สมชาย ใจดี", "1101700123456", 1, "2026-05-03", [[27, "ค่าวิชาชีพอิสระ (ม.40(6))", 3, 12345.67], [27, "ค่าเช่า (ม.40(5))", 5, 999.99]]);
    await cert("Gamma Co., Ltd.", "0107537002443", 3, "2026-05-10", [[27, "ค่าบริการ (ม.40(8))", 3, 3333.33]]);
    const gone = await cert("Delta Co., Ltd.", "0105556000009", 3, "2026-05-11", [[27, "ค่าโฆษณา (ม.40(8))", 2, 500]]);
    await wht.setStatus(Number(gone.recordId), "void");
    const purchase = await s.client.documents("purchases").create(simpleDoc("2026-05-12", "Epsilon Co., Ltd.", 2000, "exclusive", {
      contactTaxId: "0107537002443", contactBranch: "00001", documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 3, documentWithholdingTaxAmount: 60,
    }));

    const out = join(s.dir, "wht-report.xlsx");
    const dir = join(s.dir, "rd");
    const r = await docsheet(["report", "wht", "--month", "2569-05", "--base-url", s.service.root, ...s.auth, "--out", out, "--rd-prep", dir, "--missing"]);
    expect(r.stdout).toBe(`Purchase ${purchase.documentSerial} (Epsilon Co., Ltd.) withheld 60.00 but has no withholding tax certificate\n`
      + `Withholding tax for 2026-05: ภ.ง.ด.3 420.37 on 1 certificate, ภ.ง.ด.53 100.00 on 1 certificate; 1 void listed apart; 1 document without a certificate; wrote ${out}\n`);
    expect(r.code).toBe(1);

    const wb = await load(out);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["PND3 2026-05", "PND53 2026-05", "WHT void 2026-05", "WHT missing 2026-05", "WHT return 2026-05", "DocSheet records"]);
    const pnd3 = wb.getWorksheet("PND3 2026-05")!;
    // The header block above the attachment: the payer, the month and the form.
    expect([1, 2, 3, 4, 5].map((r) => (pnd3.getRow(r).values as unknown[]).slice(1, 3))).toEqual([
      ["Company", "Demo Co., Ltd."], ["Tax id", "0105559000000"], ["Branch", expect.anything()], ["Month", "2026-05"], ["Form", "PND3"],
    ]);
    expect((pnd3.getRow(7).values as unknown[]).slice(1)).toEqual([
      "No.", "Tax id", "Branch", "Name", "Last name", "Address", "Date paid", "Income type", "Rate %", "Amount paid", "Tax withheld", "Condition", "Certificate no.",
    ]);
    expect((pnd3.getRow(8).values as unknown[]).slice(1, 12)).toEqual([
      1, "1101700123456", undefined, "นาย สมชาย", "ใจดี", "นาย สมชาย ใจดี address", new Date(Date.UTC(2026, 4, 3)), "Professional fees (s.40(6))", 3, 12345.67, 370.37,
    ]);
    // Printed as the VAT reports: A4 landscape one page wide, the header block and the table's header on every page.
    expect(pnd3.pageSetup).toMatchObject({ paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: "1:7" });
    const tax = pnd3.getCell("K10").value as ExcelJS.CellFormulaValue;
    expect(tax.formula).toMatch(/^SUBTOTAL\(109,/);
    expect(tax.result).toBe(420.37);
    const ret = wb.getWorksheet("WHT return 2026-05")!;
    expect(ret.getCell("B2").value).toBe("Demo Co., Ltd.");
    expect(ret.getCell("B7").value).toEqual({ formula: "'PND3 2026-05'!J10", result: 13345.66 });
    expect([ret.getCell("C8").value, (ret.getCell("D8").value as ExcelJS.CellFormulaValue).formula]).toEqual([420.37, "B8-C8"]);
    expect(wb.getWorksheet("WHT void 2026-05")!.getCell("D2").value).toBe("Delta Co., Ltd.");
    // The missing certificate: a certificate sheet the user completes (the income type is theirs to say).
    const missing = wb.getWorksheet("WHT missing 2026-05")!;
    expect((missing.getRow(2).values as unknown[]).slice(1, 12)).toEqual([
      purchase.documentSerial, "Epsilon Co., Ltd.", "0107537002443", "00001", undefined, "ภ.ง.ด.53", new Date(Date.UTC(2026, 4, 12)), undefined, 3, 2000, 60,
    ]);
    const check = await docsheet(["check", out, "--family", "withholding-taxes", "--sheet", "WHT missing 2026-05", "--json"]);
    expect(JSON.parse(check.stdout).map((f: { cell: string; field: string }) => [f.cell, f.field])).toEqual([["H2", "item.incomeType"]]);

    // RD Prep: one line per certificate, its income lines after it; totals equal to the report's.
    const parse = (file: string) => readFileSync(join(dir, file), "utf8").split("\r\n").filter(Boolean).map((l) => l.split("|"));
    const p3 = parse("PND3-2026-05.txt");
    expect(p3).toEqual([[
      "1", "1101700123456", "", "นาย", "สมชาย", "ใจดี", "นาย สมชาย ใจดี address", "", "", "", "",
      "03052569", "ค่าวิชาชีพอิสระ (ม.40(6))", "3", "12345.67", "370.37", "1", "03052569", "ค่าเช่า (ม.40(5))", "5", "999.99", "50.00", "1",
    ]]);
    const p53 = parse("PND53-2026-05.txt");
    expect(p53).toEqual([["1", "0107537002443", "00000", "", "Gamma Co., Ltd.", "Gamma Co., Ltd. address", "", "", "", "", "10052569", "ค่าบริการ (ม.40(8))", "3", "3333.33", "100.00", "1"]]);
    const sum = (row: string[], cols: number[]) => cols.reduce((t, col) => t + Math.round(Number(row[col]) * 100), 0) / 100;
    expect([sum(p3[0], [14, 20]), sum(p3[0], [15, 21])]).toEqual([(pnd3.getCell("J10").value as ExcelJS.CellFormulaValue).result, tax.result]);
    expect(sum(p53[0], [14])).toBe((wb.getWorksheet("PND53 2026-05")!.getCell("K9").value as ExcelJS.CellFormulaValue).result);

    const th = join(s.dir, "wht-report-th.xlsx");
    const rt = await docsheet(["report", "wht", "--month", "2026-05", "--base-url", s.service.root, ...s.auth, "--out", th, "--lang", "th"]);
    expect(rt.stdout).toContain("ภาษีหัก ณ ที่จ่ายเดือน พ.ค. 2569: ภ.ง.ด.3 420.37 จาก 1 ราย");
    const wth = (await load(th)).getWorksheet("ภ.ง.ด.3 พ.ค. 2569")!;
    // The header block in Thai, the month in the Buddhist era; the table's headers under it.
    expect([1, 4, 5].map((r) => (wth.getRow(r).values as unknown[]).slice(1, 3))).toEqual([
      ["ชื่อผู้มีหน้าที่หักภาษี ณ ที่จ่าย", "Demo Co., Ltd."], ["เดือนที่จ่ายเงินได้", "พ.ค. 2569"], ["แบบ", "ภ.ง.ด.3"],
    ]);
    expect([wth.getCell("D7").value, wth.getCell("E7").value, wth.getCell("K7").value]).toEqual(["ชื่อผู้มีเงินได้", "ชื่อสกุล", "จำนวนเงินภาษีที่หักและนำส่งในครั้งนี้"]);
    expect([wth.getCell("D8").value, wth.getCell("E8").value]).toEqual(["นาย สมชาย", "ใจดี"]);
    expect(wth.getCell("G8").numFmt).toBe("dd/mm/bbbb");
    expect(wth.getCell("H8").value).toBe("ค่าวิชาชีพอิสระ (ม.40(6))");
    expect((wth.getCell("K10").value as ExcelJS.CellFormulaValue).result).toBe(420.37);
  });
});
