// `docsheet pull` end to end: documents made through the client, pulled into .xlsx by the real bin
// (the first pull) and the command's main (runner.js), read back, and posted again after clearing their recordId: the copies have the same totals.
// A pulled sheet speaks the user's language (labels, words, dates) and goes back with update as it
// is: pull → edit a cell → update, in English and in Thai, with no mapping.
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { DocumentRecord } from "../../src/api";
import { cliRunner, runCli } from "./run";
import { cliSession, editCells, fieldRows, sheetRows } from "./session";

jest.setTimeout(180_000);

const s = cliSession("pull");
const docsheet = cliRunner();

beforeAll(async () => {
  const api = s.client.documents("tax-invoices");
  await api.create({
    contactName: "Pull Simple", publishedOn: "2026-01-10", isVat: true, isVatInclusive: false, documentStructureType: "SimpleDocument",
    items: [{ name: "Pen", quantity: 3, pricePerUnit: 12.5, total: 37.5 }, { name: "Ink", quantity: 1, pricePerUnit: 100, total: 100 }],
    subTotal: 137.5, discountAmount: 0, totalAfterDiscount: 137.5, vatAmount: 9.63, grandTotal: 147.13,
  });
  await api.createInline({
    contactName: "Pull Inline", publishedOn: "2026-02-10", isVat: true, isVatInclusive: false, documentStructureType: "InlineDocument",
    useInlineDiscount: true, useInlineVat: true, discountType: 3,
    items: [
      { name: "Service", quantity: 1, pricePerUnit: 1000, discountAmount: 100, vatRate: 7, total: 900 },
      { name: "Book", quantity: 2, pricePerUnit: 50, discountAmount: 0, vatRate: -1, total: 100 },
    ],
    subTotal: 1100, discountAmount: 100, totalAfterDiscount: 1000, exemptAmount: 100, vatableAmount: 900, vatAmount: 63, grandTotal: 1063,
  });
});

/** The one table of a worksheet, as exceljs reads it from the file. */
function tableOf(ws: ExcelJS.Worksheet): { tableRef?: string; columns: Array<{ name: string }> } | undefined {
  const tables = Object.values((ws as unknown as { tables: Record<string, { table: { tableRef?: string; columns: Array<{ name: string }> } }> }).tables ?? {});
  expect(tables).toHaveLength(1);
  return tables[0]?.table;
}

describe("docsheet pull", () => {
  it("pulls one row per document, with the filters of the spec", async () => {
    const out = join(s.dir, "docs.xlsx");
    const r = await runCli(["pull", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^pulled 2 documents into sheet "Tax invoices" \(2 rows\)/);
    const rows = await fieldRows(out, "Tax invoices");
    expect(rows.map((x) => [x.contactName, x.grandTotal, x.status])).toEqual(
      expect.arrayContaining([["Pull Simple", 147.13, "pending"], ["Pull Inline", 1063, "pending"]]),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]["item.name"]).toBeUndefined();

    const filtered = await docsheet(["pull", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", out, "--start-date", "2026-02-01", "--end-date", "2026-02-28"]);
    expect(filtered.code).toBe(0);
    const feb = await fieldRows(out, "Tax invoices (2)");
    expect(feb.map((x) => x.contactName)).toEqual(["Pull Inline"]);

    const searched = await docsheet(["pull", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", join(s.dir, "s.xlsx"), "--search", "simple"]);
    expect(searched.code).toBe(0);
    expect(searched.stdout).toBe(`pulled 1 document into sheet "Tax invoices" (1 row) of ${join(s.dir, "s.xlsx")}\n`);
    expect((await fieldRows(join(s.dir, "s.xlsx"), "Tax invoices")).map((x) => x.contactName)).toEqual(["Pull Simple"]);

    // FAMILY as --family, as check, post and act take it; two that disagree are refused.
    const named = await docsheet(["pull", "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", join(s.dir, "f.xlsx"), "--search", "simple"]);
    expect(named.stdout).toBe(`pulled 1 document into sheet "Tax invoices" (1 row) of ${join(s.dir, "f.xlsx")}\n`);
    const both = await docsheet(["pull", "quotations", "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", join(s.dir, "g.xlsx")]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("two families given: quotations and --family tax-invoices");
  });

  it("sorts and filters with --sort and --filter, and says what is wrong with them", async () => {
    const pull = (...args: string[]) => docsheet(["pull", "tax-invoices", "--base-url", s.service.root, ...s.auth, ...args]);
    const out = join(s.dir, "sorted.xlsx");
    expect((await pull("--out", out, "--sort", "Value:desc")).code).toBe(0);
    expect((await fieldRows(out, "Tax invoices")).map((x) => x.grandTotal)).toEqual([1063, 147.13]);
    const twice = join(s.dir, "sorted2.xlsx");
    expect((await pull("--out", twice, "--sort", "contact.namelocal", "--sort", "publishedOn:desc")).code).toBe(0);
    expect((await fieldRows(twice, "Tax invoices")).map((x) => x.contactName)).toEqual(["Pull Inline", "Pull Simple"]);
    const comma = join(s.dir, "sorted3.xlsx");
    expect((await pull("--out", comma, "--sort", "publishedOn:asc,documentSerial")).code).toBe(0);
    expect((await fieldRows(comma, "Tax invoices")).map((x) => x.contactName)).toEqual(["Pull Simple", "Pull Inline"]);
    const filtered = join(s.dir, "filtered.xlsx");
    expect((await pull("--out", filtered, "--filter", "Contact.NameLocal=inline")).code).toBe(0);
    expect((await fieldRows(filtered, "Tax invoices")).map((x) => x.contactName)).toEqual(["Pull Inline"]);

    const badColumn = await pull("--out", out, "--sort", "colour");
    expect(badColumn.code).toBe(2);
    expect(badColumn.stderr).toContain("--sort colour: the column must be one of publishedOn, documentSerial, Contact.NameLocal, Value, Status");
    expect((await pull("--out", out, "--sort", "Value:up")).stderr).toContain("--sort Value:up: the direction after \":\" must be asc or desc");
    const badFilter = await pull("--out", out, "--filter", "grandTotal=5");
    expect(badFilter.code).toBe(2);
    expect(badFilter.stderr).toContain("--filter grandTotal=5: write COLUMN=TEXT with COLUMN one of Contact.NameLocal, documentSerial");
  });

  it("pulls one row per line; the sheet checks clean and posts back as equal documents", async () => {
    const out = join(s.dir, "lines.xlsx");
    const r = await docsheet(["pull", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", out, "--lines"]);
    expect(r.code).toBe(0);
    const rows = await fieldRows(out, "Tax invoices");
    expect(rows).toHaveLength(4);
    const inline = rows.filter((x) => x.documentKey === rows.find((y) => y.contactName === "Pull Inline")!.documentKey);
    expect(inline.map((x) => [x["item.name"], x["item.discountAmount"], x["item.vatRate"]])).toEqual([["Service", 100, "7%"], ["Book", 0, "Exempt"]]);

    // Clear the recordIds: the sheet is now new documents with the same content.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const ws = wb.getWorksheet("Tax invoices")!;
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    ws.eachRow((row, i) => {
      if (i > 1) row.getCell(header.indexOf("Record id") + 1).value = null;
    });
    await wb.xlsx.writeFile(out);
    const check = await docsheet(["check", out, "--family", "tax-invoices", "--json"]);
    expect(JSON.parse(check.stdout)).toEqual([]);
    const post = await docsheet(["post", out, "--family", "tax-invoices", "--base-url", s.service.root, ...s.auth]);
    expect(post.stdout).toMatch(/2 created/);
    expect(post.code).toBe(0);
    const all: DocumentRecord[] = [];
    for await (const page of s.client.documents("tax-invoices").listAll({})) all.push(...page.list);
    const totals = (name: string) => all.filter((d) => d.contactName === name).map((d) => [d.subTotal, d.vatAmount, d.grandTotal, d.documentStructureType]);
    expect(totals("Pull Simple")).toEqual([[137.5, 9.63, 147.13, "SimpleDocument"], [137.5, 9.63, 147.13, "SimpleDocument"]]);
    expect(totals("Pull Inline")).toEqual([[1100, 63, 1063, "InlineDocument"], [1100, 63, 1063, "InlineDocument"]]);
  });

  it.each([
    ["en", { name: "Customer", date: "Date", vat: "VAT", id: "Record id", status: "Status", credit: "Credit type", price: "Unit price" },
      { yes: "Yes", credit: "Credit", status: "awaiting approval" }],
    ["th", { name: "ชื่อลูกค้า", date: "วันที่", vat: "ภาษีมูลค่าเพิ่ม", id: "รหัสเอกสารในระบบ", status: "สถานะ", credit: "ประเภทเครดิต", price: "ราคาต่อหน่วย" },
      { yes: "ใช่", credit: "เครดิต", status: "รออนุมัติ" }],
  ] as const)("speaks %s: labels, words and dates; pull → edit a cell → update sends the edit with no mapping", async (lang, head, word) => {
    const name = `Round Trip ${lang} Co`;
    const api = s.client.documents("quotations");
    await api.create({
      contactName: name, publishedOn: "2026-03-05", creditType: 1, creditDays: 30, isVat: true, isVatInclusive: false,
      items: [{ name: "Pen", quantity: 3, pricePerUnit: 100, total: 300 }, { name: "Ink", quantity: 2, pricePerUnit: 12.5, total: 25 }],
      subTotal: 325, discountAmount: 0, totalAfterDiscount: 325, vatAmount: 22.75, grandTotal: 347.75,
    });
    const out = join(s.dir, `round-${lang}.xlsx`);
    const pulled = await docsheet(["pull", "quotations", "--base-url", s.service.root, ...s.auth, "--out", out, "--search", name, "--lines", "--lang", lang]);
    expect(pulled.code).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    expect(header).toEqual(expect.arrayContaining(Object.values(head)));
    // No wire names: every header is a label of the run's language.
    expect(header.filter((h) => /^[a-z]+(?:\.[a-z]+)?[A-Z]/.test(h))).toEqual([]);
    const rows = await sheetRows(out);
    expect(rows[0]).toMatchObject({ [head.vat]: word.yes, [head.credit]: word.credit, [head.status]: word.status, [head.date]: new Date(Date.UTC(2026, 2, 5)) });
    // The fingerprint is DocSheet's: its column is hidden.
    const print = header.findIndex((h) => /fingerprint|รหัสตรวจสอบ|ลายนิ้วมือ/i.test(h));
    expect(print).toBeGreaterThan(-1);
    expect(ws.getColumn(print + 1).hidden).toBe(true);

    await editCells(out, [[0, head.name, `${name} edited`], [1, head.price, 20]]);
    const update = await docsheet(["update", out, "--family", "quotations", "--base-url", s.service.root, ...s.auth, "--in-place", "--lang", lang]);
    expect(update.code).toBe(0);
    const doc = await api.get(rows[0][head.id] as number);
    expect([doc.contactName, doc.grandTotal]).toEqual([`${name} edited`, 363.8]);
    // The sheet keeps its headers and says what was sent, in its language.
    const after = await sheetRows(out);
    expect(Object.keys(after[0])).toEqual(expect.arrayContaining(Object.values(head)));
    expect(after[0][head.status]).toBe(word.status);
  });

  // What refresh does for every family is the family suite's (test/families/promises-records.test.ts):
  // here, a file exactly as pull streamed it (not rewritten by exceljs) takes its appended rows into its table.
  it("refresh of a file as pull wrote it: a document new on the service is appended inside the table", async () => {
    const api = s.client.documents("quotations");
    const make = (name: string) => api.create({
      contactName: name, publishedOn: "2026-04-02", isVat: true, isVatInclusive: false,
      items: [{ name: "Pen", quantity: 1, pricePerUnit: 100, total: 100 }], subTotal: 100, discountAmount: 0, totalAfterDiscount: 100, vatAmount: 7, grandTotal: 107,
    });
    await make("Refresh A Co");
    const out = join(s.dir, "refresh.xlsx");
    expect((await docsheet(["pull", "quotations", "--base-url", s.service.root, ...s.auth, "--out", out, "--search", "Refresh"])).code).toBe(0);
    const pulled = new ExcelJS.Workbook();
    await pulled.xlsx.readFile(out);
    const header = (pulled.worksheets[0].getRow(1).values as unknown[]).slice(1) as string[];
    const last = pulled.worksheets[0].getColumn(header.length).letter;
    expect(tableOf(pulled.worksheets[0])).toMatchObject({ tableRef: `A1:${last}2`, columns: header.map((name) => expect.objectContaining({ name })) });
    await make("Refresh C Co");
    const refresh = await docsheet(["refresh", out, "--base-url", s.service.root, ...s.auth]);
    expect(refresh.stdout).toContain('refreshed sheet "Quotations": 0 refreshed, 1 added, 1 unchanged, 0 void, 0 deleted on the service, 0 edited in the sheet and not refreshed');
    const grown = new ExcelJS.Workbook();
    await grown.xlsx.readFile(out);
    expect(tableOf(grown.worksheets[0])?.tableRef).toBe(`A1:${last}3`);
    expect(grown.worksheets[0].getRow(3).getCell(header.indexOf("Customer") + 1).value).toBe("Refresh C Co");
  });

  it("exits 2 on bad filters", async () => {
    const out = join(s.dir, "x.xlsx");
    for (const extra of [["--range", "4"], ["--start-date", "2026-01-01"], ["--range", "5"], ["--start-date", "31/02/2026", "--end-date", "2026-03-31"]]) {
      const r = await docsheet(["pull", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", out, ...extra]);
      expect({ extra, code: r.code }).toEqual({ extra, code: 2 });
    }
  });
});
