// Pulled sheets on PostgreSQL, in the in-memory grid and through the Excel port: dates are real
// dates with a date format, amounts are numbers with a money format, the internal notes are the
// user's alone (no post marker), and the sheet reads back with no findings. Headers are labels and
// the fingerprint column is hidden; post heads the columns it adds in the sheet's language. A
// refresh appends a record new on the service whose name a row already has, when it is another.
import { createClient, type DocSheetClient } from "../../src/api";
import { recordIdOf } from "../../src/families";
import { postJob } from "../../src/jobs/post";
import { pullJob } from "../../src/jobs/pull";
import { refreshJob } from "../../src/jobs/refresh";
import { fieldForHeader } from "../../src/sheet/fields";
import { readDocuments } from "../../src/sheet/read";
import { ExcelPort } from "../../src/workbook/excel";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { oneStore } from "../helpers/service";
import { fileCompaniesIn, type FileCompany, type SharedService } from "../helpers/shared-service";
import { FakeExcel } from "../workbook/excel-fake";
import { now } from "./service";
import { SAMPLES, sampleSheet } from "../families/samples";

jest.setTimeout(180_000);

describe.each(oneStore("postgres"))("pulled sheets (%s)", (store) => {
  // The jest worker's shared service (PostgreSQL), with companies of the file's own.
  let service: SharedService;
  let demo: FileCompany;
  let client: DocSheetClient;
  let posted: MemoryWorkbook;
  beforeAll(async () => {
    ({ service, demo } = await fileCompaniesIn());
    client = createClient({ root: service.root, ...demo });
    // Posted by DocSheet, so the service keeps a marker below the notes.
    const wb = new MemoryWorkbook({
      S: [
        ["Document key", "Customer", "Date", "Internal notes", "Item", "Quantity", "Unit price", "VAT"],
        ["P-1", "Pull Formats Co., Ltd.", "2026-11-24", "Keep the receipt", "Pen", 3, 1234.5, false],
      ],
    });
    const out = await postJob(wb, client, { family: "tax-invoices", now });
    expect(out.counts.created).toBe(1);
    posted = wb;
  });

  it("into the in-memory grid", async () => {
    const wb = new MemoryWorkbook();
    const { sheet } = await pullJob(wb, client, { family: "tax-invoices" });
    const grid = wb.sheet(sheet);
    const at = (key: string) => grid.values[0].findIndex((h) => fieldForHeader(String(h))?.key === key);
    expect(grid.values[1][at("publishedOn")]).toEqual(new Date(Date.UTC(2026, 10, 24)));
    expect(grid.formats[1][at("publishedOn")]).toBe("yyyy-mm-dd");
    expect([grid.values[1][at("grandTotal")], grid.formats[1][at("grandTotal")]]).toEqual([3703.5, "#,##0.00"]);
    expect(grid.values[1][at("internalNotes")]).toBe("Keep the receipt");
    expect(grid.values[0][at("contactName")]).toBe("Customer");
    expect([...grid.hiddenColumns]).toEqual([at("fingerprint")]);
    const read = readDocuments(await wb.read({ sheet }));
    expect(read.findings).toEqual([]);
    expect(read.documents[0].fields.publishedOn.value).toBe("2026-11-24");
  });

  it("through the Excel port", async () => {
    const excel = new FakeExcel("1.18", ["Sheet1"]);
    const port = new ExcelPort(excel.host());
    const { sheet } = await pullJob(port, client, { family: "tax-invoices" });
    const s = excel.sheet(sheet);
    const header = Array.from({ length: 40 }, (_, c) => s.value(0, c));
    const at = (key: string) => header.findIndex((h) => fieldForHeader(String(h))?.key === key);
    expect([s.value(1, at("publishedOn")), s.peek(1, at("publishedOn"))?.format]).toEqual([46350, "yyyy-mm-dd"]);
    expect([s.value(1, at("grandTotal")), s.peek(1, at("grandTotal"))?.format]).toEqual([3703.5, "#,##0.00"]);
    expect(s.value(1, at("internalNotes"))).toBe("Keep the receipt");
    expect([...s.hiddenColumns]).toEqual([at("fingerprint")]);
    const read = readDocuments(await port.read({ sheet }));
    expect(read.findings).toEqual([]);
    expect(read.documents[0].fields.publishedOn.value).toBe("2026-11-24");
    // Refresh reads the whole pulled sheet whatever is selected (two cells of one row here): nothing changed.
    excel.select(s, 1, 0, 1, 2);
    const again = await refreshJob(port, client, {});
    expect(again.counts).toMatchObject({ unchanged: read.documents.length, refreshed: 0, added: 0, edited: 0 });

    // A document new on the service: refresh appends its row, and the row joins the table (its
    // formats and the user's formula columns follow), through Table.rows.add in three syncs.
    const more = new MemoryWorkbook({ S: [["Document key", "Customer", "Date", "Item", "Quantity", "Unit price", "VAT"], ["P-2", "Table Row Co", "2026-11-24", "Pen", 1, 10, false]] });
    expect((await postJob(more, client, { family: "tax-invoices", now })).counts.created).toBe(1);
    const table = s.tables[0];
    const rowsBefore = table.rows;
    const extend = port.extendTable.bind(port);
    let extendSyncs = 0;
    port.extendTable = async (...args) => {
      await extend(...args);
      extendSyncs += excel.syncsOfRun(excel.runs);
    };
    const added = await refreshJob(port, client, {});
    expect(added.counts).toMatchObject({ added: 1, refreshed: 0, edited: 0 });
    const [row] = added.results.find((r) => r.kind === "added")!.rows;
    expect(table.rows).toBe(rowsBefore + 1);
    expect(table.top + table.rows - 1).toBe(row);
    expect([s.value(row, at("contactName")), s.peek(row, at("grandTotal"))?.format]).toEqual(["Table Row Co", "#,##0.00"]);
    // The table around the last row, its extent, the row added: three syncs in one Excel.run.
    expect(extendSyncs).toBe(3);
  });
  it("post heads the columns it adds in the sheet's language, read back in either; the fingerprint hidden", async () => {
    const en = posted.sheet("S");
    expect(en.values[0].slice(8)).toEqual(["Record id", "Document serial", "Status", "Result", "Fingerprint"]);
    expect([...en.hiddenColumns]).toEqual([12]);
    const th = new MemoryWorkbook({ S: [["เลขที่", "ชื่อลูกค้า", "วันที่", "รายการ", "จำนวน", "ราคาต่อหน่วย", "ภาษีมูลค่าเพิ่ม"], ["T-1", "หัวตาราง จำกัด", "2026-11-24", "ปากกา", 1, 10, "ใช่"]] });
    expect((await postJob(th, client, { family: "tax-invoices", now })).counts.created).toBe(1);
    expect(th.sheet("S").values[0].slice(7)).toEqual(["รหัสเอกสารในระบบ", "เลขที่เอกสารในระบบ", "สถานะ", "ผลลัพธ์", "รหัสตรวจสอบฉบับบนระบบ"]);
    // Read back: posting again finds the record id under its Thai header and skips the row.
    expect((await postJob(th, client, { family: "tax-invoices", now })).counts.skipped).toBe(1);
    // A sheet headed by wire names keeps them.
    const wire = new MemoryWorkbook({ S: [["documentKey", "contactName", "publishedOn", "item.name", "item.quantity", "item.pricePerUnit", "isVat"], ["W-1", "Wire Co", "2026-11-24", "Pen", 1, 10, true]] });
    expect((await postJob(wire, client, { family: "tax-invoices", now })).counts.created).toBe(1);
    expect(wire.sheet("S").values[0].slice(7)).toEqual(["recordId", "documentSerial", "status", "result", "fingerprint"]);
  });
  it("a pulled contacts sheet refreshed: a new contact of a name a row has, without a code, is another contact, appended", async () => {
    const wb = new MemoryWorkbook({});
    await client.contacts.create({ contactName: "Same Name Refresh Co", contactType: 3, contactGroup: 3 } as never);
    const { sheet } = await pullJob(wb, client, { family: "contacts" });
    // Its progress counts contacts, not documents.
    const said: string[] = [];
    expect((await refreshJob(wb, client, { sheet, onProgress: (p) => p.message && said.push(p.message) })).counts).toMatchObject({ added: 0, refreshed: 0, edited: 0 });
    expect(said[0]).toMatch(/^page 1: \d+ of \d+ contacts$/);
    const other = await client.contacts.create({ contactName: "Same Name Refresh Co", contactType: 3, contactGroup: 3 } as never);
    const again = await refreshJob(wb, client, { sheet });
    expect(again.results.filter((r) => r.kind === "added").map((r) => r.recordId)).toEqual([recordIdOf(other as never)]);
  });
  it.each(["withholding-taxes", "journal-entries", "contacts", "products"] as const)("a %s sheet pulled in Thai is refreshed unchanged: words, dates and accounts read back as pulled", async (family) => {
    // Two of the family's records, posted from its sample sheet (the family suite's).
    const sample = new MemoryWorkbook({ [SAMPLES[family].sheet]: sampleSheet(family, `TH${family.length}`, 2) as never });
    expect((await postJob(sample, client, { family, now })).counts.created).toBe(2);
    const wb = new MemoryWorkbook({});
    const { sheet, rows } = await pullJob(wb, client, { family, lang: "th" });
    const out = await refreshJob(wb, client, { sheet, lang: "th" });
    expect(out.counts).toMatchObject({ refreshed: 0, added: 0, edited: 0, deleted: 0, void: 0, refused: 0 });
    expect(out.counts.unchanged).toBeGreaterThan(0);
    expect(rows).toBeGreaterThan(0);
  });
});
