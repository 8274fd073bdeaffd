// `docsheet template` end to end through the command's main (runner.js; the refused
// credentials through the real bin) and the real local service: labelled headers
// in English or Thai in an Excel table, drop-downs of words, text tax ids and branches, and with the
// connection options the company's lookup lists on a hidden sheet. A template filled by picking
// from them checks clean, posts with the customer's contact id and the bank account's id, keeps the
// user's internal notes, is found again instead of posted twice, and pulls back with real dates,
// money formats and the notes alone.
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { columnLetters } from "../../src/workbook/address";
import { templateKeys } from "../../src/sheet/template";
import { FIELD_BY_KEY, fieldForHeader } from "../../src/sheet/fields";
import { isValidTaxId } from "../../src/sheet/tax-id";
import { LISTS_SHEET } from "../../src/workbook/port";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { cliRunner, runCli } from "./run";
import { cliSession, sheetRows } from "./session";

jest.setTimeout(240_000);

const s = cliSession("template");
const docsheet = cliRunner();

async function open(path: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

type Validations = Record<string, ExcelJS.DataValidation | undefined>;
const validations = (ws: ExcelJS.Worksheet): Validations => (ws as unknown as { dataValidations: { model: Validations } }).dataValidations.model;
const tables = (ws: ExcelJS.Worksheet): string[] => Object.keys((ws as unknown as { tables: Record<string, unknown> }).tables);

describe("docsheet template", () => {
  it("without a connection: an English table headed by labels, words in drop-downs, tax id and branch as text, no lists", async () => {
    const out = join(s.dir, "en.xlsx");
    const r = await docsheet(["template", "tax-invoices", "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*en\.xlsx: sheet "Tax invoice", \d+ columns, one example document\n$/);
    const wb = await open(out);
    // The very hidden records sheet remembers which family the sheet holds (actions follow it).
    expect(wb.worksheets.map((w) => [w.name, w.state])).toEqual([["Tax invoice", "visible"], ["DocSheet records", "veryHidden"]]);
    expect(wb.getWorksheet("DocSheet records")!.getRow(2).values).toEqual([undefined, "sheet-family:Tax invoice", "tax-invoices"]);
    const ws = wb.worksheets[0];
    const keys = templateKeys("tax-invoices");
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(keys.map((k) => FIELD_BY_KEY.get(k)!.en[0]));
    expect(tables(ws)).toHaveLength(1);
    const col = (key: string) => columnLetters(keys.indexOf(key));
    expect(validations(ws)[`${col("isVat")}2`]?.formulae).toEqual(['"Yes,No"']);
    expect(validations(ws)[`${col("contactName")}2`]).toBeUndefined();
    expect(ws.getCell(`${col("contactTaxId")}2`).numFmt).toBe("@");
    expect(ws.getCell(`${col("contactBranch")}5`).numFmt).toBe("@");

    const check = await docsheet(["check", out, "--family", "tax-invoices"]);
    expect(check.stdout).toContain("1 document, 0 findings");
    expect(check.code).toBe(0);
  });

  it("with the connection options: the company's lists on a hidden sheet, Thai headers, a pick posts with the ids, and no note is lost", async () => {
    const book = join(s.dir, "th.xlsx");
    const r = await docsheet(["template", "cash-invoices", "--lang", "th", "--out", book, "--base-url", s.service.root, ...s.auth]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nรายการให้เลือก: ผู้ติดต่อ 3, สินค้า 2, บัญชีธนาคาร 1, เช็ค 1, บัตรเครดิต 1, เงินสดย่อย 1, ช่องทางอื่น 1, หมวดค่าใช้จ่าย 4, ผังบัญชี 12\n$/);

    const wb = await open(book);
    expect(wb.worksheets.map((w) => [w.name, w.state])).toEqual([["บิลเงินสด", "visible"], [LISTS_SHEET, "hidden"], ["DocSheet records", "veryHidden"]]);
    const lists = wb.getWorksheet(LISTS_SHEET)!;
    expect(lists.getCell("A2").value).toBe("Acme Trading Co., Ltd.");
    expect(lists.getCell("E2").value).toBe("Bangkok Bank 123-4-56789-0");
    const ws = wb.worksheets[0];
    const keys = templateKeys("cash-invoices");
    const col = (key: string) => columnLetters(keys.indexOf(key));
    expect(ws.getCell(`${col("contactName")}1`).value).toBe("ชื่อลูกค้า");
    expect(validations(ws)[`${col("contactName")}2`]?.formulae).toEqual(["OFFSET('DocSheet lists'!$A$2,0,0,MAX(1,COUNTA('DocSheet lists'!$A:$A)-1),1)"]);
    expect(validations(ws)[`${col("paymentMethod")}2`]?.formulae).toEqual(['"เงินสด,เช็ค,โอนเงิน,บัตรเครดิต,เงินสดย่อย,ช่องทางอื่น"']);

    // The user replaces the example with their own document, picking from the drop-downs.
    const pick: Record<string, ExcelJS.CellValue> = {
      documentKey: "CLI-1", contactName: "Acme Trading Co., Ltd.", publishedOn: new Date(Date.UTC(2026, 2, 6)), isVat: "ใช่", isVatInclusive: "ไม่ใช่",
      internalNotes: "Paid at the counter\nreceipt in the blue file", "item.name": "Consulting hour", "item.quantity": 2, "item.unitName": "hour",
      "item.pricePerUnit": 1500, paymentMethod: "โอนเงิน", bankAccountId: "Bangkok Bank 123-4-56789-0",
    };
    keys.forEach((k, i) => {
      ws.getCell(2, i + 1).value = pick[k] ?? null;
      ws.getCell(3, i + 1).value = null;
    });
    await wb.xlsx.writeFile(book);
    const unposted = join(s.dir, "th-unposted.xlsx");
    copyFileSync(book, unposted);

    const check = await docsheet(["check", book, "--family", "cash-invoices", "--lang", "th"]);
    expect(check.code).toBe(0);
    const posted = join(s.dir, "th-posted.xlsx");
    const post = await docsheet(["post", book, "--family", "cash-invoices", "--base-url", s.service.root, ...s.auth, "--out", posted]);
    expect(post.code).toBe(0);
    const [row] = await sheetRows(posted, "บิลเงินสด");
    const recordId = Number(row["รหัสเอกสารในระบบ"]);
    const doc = await s.client.documents("cash-invoices").get(recordId);
    // Acme itself (the company's seeded customer), not a new contact made from the name
    const acme = (await s.client.contacts.list()).list.find((c) => c.contactCode === "C0001")!;
    expect([doc.contactId, doc.contactCode]).toEqual([acme.id, "C0001"]);
    const bank = (await s.client.bankAccounts.list()).find((b) => b.bankAccountNumber === "123-4-56789-0")!;
    expect(doc.payments).toMatchObject({ paymentMethod: 5, bankAccountId: bank.bankAccountId });
    expect(String(doc.internalNotes)).toMatch(/^Paid at the counter\nreceipt in the blue file\ndocsheet:[0-9a-z]+:CLI-1$/);
    const contacts = (await s.client.contacts.list()).total;

    // The write-back was lost (the unposted copy): a second post finds the document, makes no other.
    const again = await docsheet(["post", unposted, "--family", "cash-invoices", "--base-url", s.service.root, ...s.auth, "--out", join(s.dir, "again.xlsx")]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/0 created, 1 found from an earlier run/);
    expect((await s.client.documents("cash-invoices").list()).total).toBe(1);
    expect((await s.client.contacts.list()).total).toBe(contacts);

    // Pulled into a new file (streamed) and into the posted workbook (a new sheet): the notes alone,
    // real dates with a date format, amounts with a money format.
    const fresh = join(s.dir, "pulled.xlsx");
    for (const [out, sheet] of [[fresh, "Cash invoices"], [posted, "Cash invoices"]] as const) {
      const pulled = await docsheet(["pull", "cash-invoices", "--base-url", s.service.root, ...s.auth, "--out", out]);
      expect(pulled.code).toBe(0);
      const pwb = await open(out);
      const pws = pwb.getWorksheet(sheet)!;
      const header = (pws.getRow(1).values as unknown[]).slice(1) as string[];
      // Headed by labels: the column of each field.
      const at = (key: string) => header.findIndex((h) => fieldForHeader(h)?.key === key);
      const cell = (name: string) => pws.getCell(2, at(name) + 1);
      expect(cell("internalNotes").value).toBe("Paid at the counter\nreceipt in the blue file");
      expect([cell("publishedOn").value, cell("publishedOn").numFmt]).toEqual([new Date(Date.UTC(2026, 2, 6)), "yyyy-mm-dd"]);
      expect([cell("grandTotal").value, cell("grandTotal").numFmt]).toEqual([3210, "#,##0.00"]);
      expect(cell("contactTaxId").numFmt).toBe("@");
      // And through the reader check uses: a date serial with its date format, a number with its money format.
      const block = await (await XlsxWorkbook.load(out)).read({ sheet });
      expect([block.values[1][at("publishedOn")], block.formats[1][at("publishedOn")]]).toEqual([46087, "yyyy-mm-dd"]);
      expect([block.values[1][at("grandTotal")], block.formats[1][at("grandTotal")]]).toEqual([3210, "#,##0.00"]);
      // The demo customer's tax id passes the sheet's checksum: a pulled demo sheet checks clean.
      const checked = await docsheet(["check", out, "--family", "cash-invoices", "--sheet", sheet, "--json"]);
      expect([checked.code, JSON.parse(checked.stdout)]).toEqual([0, []]);
    }
    const company = await s.client.company.get();
    const taxIds = [company.companyTaxId, ...(await s.client.contacts.list()).list.map((c) => c.contactTaxId)].filter((t) => t);
    expect(taxIds.length).toBeGreaterThan(2);
    for (const t of taxIds) expect([t, isValidTaxId(String(t))]).toEqual([t, true]);
  });

  it("refuses half the connection options, and says why the lists could not be read", async () => {
    const half = await docsheet(["template", "quotations", "--out", join(s.dir, "x.xlsx"), "--base-url", s.service.root]);
    expect([half.code, half.stderr]).toEqual([2, expect.stringMatching(/--client-id is required/)]);
    const wrong = await runCli(["template", "quotations", "--out", join(s.dir, "y.xlsx"), "--base-url", s.service.root, "--client-id", s.demo.clientId, "--client-secret", "nope"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^docsheet: cannot read the lookup lists: /);
    expect(wrong.stderr).not.toContain("nope");
  });
});
