// The sheet tells the truth after every action (jobs on the in-memory grid against the real local
// service): after an update the row's VAT and total cells show what the service computed from the
// new lines; after a payment, a status change and an upgrade the row's status, totals and
// fingerprint are the service's, even where the sheet showed stale figures; columns the sheet does
// not have are not added. A field the service computes from another (the due date from the credit
// days) is the service's in the row after an update, so the next update has nothing to send and a
// refresh finds nothing edited in the sheet, on a pulled sheet in English and Thai and on a posted one. A job given nothing to work on (an empty selection, a header row alone,
// rows without their header row, selected rows holding no document) says so and never "0 created".
// A sheet remembers its family (template, pull, post) and a job asked for another family refuses it
// before sending or writing anything, naming what the sheet holds (quotation documents, products).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { actJob } from "../../src/jobs/act";
import { NoRowsError } from "../../src/jobs/no-rows";
import { postJob } from "../../src/jobs/post";
import { pullJob, pullTable } from "../../src/jobs/pull";
import { refreshJob } from "../../src/jobs/refresh";
import { FamilyMismatchError, familyRecord, rememberFamily, rememberedSheetFamily } from "../../src/jobs/sheet-family";
import { templateJob } from "../../src/jobs/template";
import { updateJob } from "../../src/jobs/update";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { writeTableXlsx } from "../../src/workbook/xlsx-write";
import { statusText } from "../../src/sheet/i18n/status";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { cell, col, jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

const HEADER = ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "vatAmount", "grandTotal"];

/** One two-line document per key, its figures typed in as the user had them. */
async function posted(family: "quotations" | "tax-invoices", keys: string[]): Promise<MemoryWorkbook> {
  const rows: CellValue[][] = [HEADER];
  for (const k of keys) rows.push([k, `Truth ${k} Co`, "2026-03-01", true, "Pen", 3, 100, 22.75, 347.75], [k, null, null, null, "Ink", 2, 12.5, null, null]);
  const wb = new MemoryWorkbook({ S: rows });
  const out = await postJob(wb, svc.client, { family, now });
  expect(out.counts.created).toBe(keys.length);
  return wb;
}

const service = async (family: "quotations" | "tax-invoices", id: number) => svc.client.documents(family).get(id);

describe("the row shows the service's figures after", () => {
  it("an update: VAT and grand total computed from the new lines, fingerprint renewed, no column added", async () => {
    const wb = await posted("quotations", ["up1"]);
    const width = wb.sheet("S").values[0].length;
    wb.sheet("S").values[2][col(wb, "Unit price")] = 15;
    const print = cell(wb, 1, "fingerprint");
    const out = await updateJob(wb, svc.client, { family: "quotations", now });
    expect(out.counts.updated).toBe(1);
    const rec = await service("quotations", cell(wb, 1, "recordId") as number);
    expect([rec.vatAmount, rec.grandTotal]).toEqual([23.1, 353.1]);
    expect([cell(wb, 1, "vatAmount"), cell(wb, 1, "grandTotal")]).toEqual([23.1, 353.1]);
    expect(cell(wb, 1, "fingerprint")).not.toBe(print);
    expect(wb.sheet("S").values[0].length).toBe(width);
    // The next update finds nothing to send: the sheet now says what the service has.
    const again = await updateJob(wb, svc.client, { family: "quotations", now, dryRun: true });
    expect(again.counts).toMatchObject({ unchanged: 1, update: 0, conflict: 0 });
  });

  it("a payment, a status change and an upgrade: status and totals as the service has them", async () => {
    const inv = await posted("tax-invoices", ["pay1"]);
    // Stale figures in the sheet: the service's overwrite them.
    inv.sheet("S").values[1][col(inv, "grandTotal")] = 1;
    inv.sheet("S").values[1][col(inv, "vatAmount")] = 0;
    const paid = await actJob(inv, svc.client, { family: "tax-invoices", action: { kind: "payment", paymentMethod: 1 }, now });
    expect(paid.done).toBe(1);
    expect(cell(inv, 1, "status")).toBe(statusText("paid", "en", "tax-invoices"));
    expect([cell(inv, 1, "vatAmount"), cell(inv, 1, "grandTotal")]).toEqual([22.75, 347.75]);

    const qt = await posted("quotations", ["st1", "upg1"]);
    for (const r of [1, 3]) qt.sheet("S").values[r][col(qt, "grandTotal")] = 999;
    const set = await actJob(qt, svc.client, { family: "quotations", action: { kind: "status", statusId: "approved" }, rows: [1], now });
    expect(set.done).toBe(1);
    expect(cell(qt, 1, "status")).toBe(statusText("approved", "en", "quotations"));
    expect(cell(qt, 1, "grandTotal")).toBe(347.75);
    expect(cell(qt, 3, "grandTotal")).toBe(999); // not asked of: left as it was

    const up = await actJob(qt, svc.client, { family: "quotations", action: { kind: "upgrade", to: "billing-notes" }, rows: [3], now });
    expect(up.done).toBe(1);
    const source = await service("quotations", cell(qt, 3, "recordId") as number);
    expect(cell(qt, 3, "status")).toBe(statusText(source.statusString!, "en", "quotations"));
    expect(cell(qt, 3, "grandTotal")).toBe(347.75);
  });
});

describe("the row tells the truth after an update that moves a field the service computes", () => {
  const DUE = ["Document key", "Customer", "Date", "Due date", "Credit days", "Item", "Quantity", "Unit price", "VAT"];

  it.each(["en", "th"] as const)("a pulled tax invoice (%s): credit days 0 → 30 writes the due date of the service; the next update and refresh see no change", async (lang) => {
    const customer = `Truth Due ${lang} Co`;
    const made = new MemoryWorkbook({ S: [DUE, ["d1", customer, "2026-03-02", "2026-03-02", 0, "Pen", 3, 100, true]] });
    expect((await postJob(made, svc.client, { family: "tax-invoices", now })).counts.created).toBe(1);
    const wb = new MemoryWorkbook();
    await pullJob(wb, svc.client, { family: "tax-invoices", query: { searchString: customer }, sheetName: "S", now, lang });
    const target = { sheet: "S" };
    wb.sheet("S").values[1][col(wb, "Credit days")] = 30;
    // The preview says the due date the service will set.
    const preview = await updateJob(wb, svc.client, { family: "tax-invoices", target, now, lang, dryRun: true });
    const [days, due] = lang === "en" ? ["Credit days", "Due date"] : ["จำนวนวันเครดิต", "วันครบกำหนด"];
    // Dates as the pane shows them in the run's language (Buddhist-era day/month/year in Thai).
    const [from, to] = lang === "en" ? ["2026-03-02", "2026-04-01"] : ["02/03/2569", "01/04/2569"];
    expect(preview.results[0].changes).toEqual([{ field: days, from: "0", to: "30" }, { field: due, from, to }]);
    const sent = await updateJob(wb, svc.client, { family: "tax-invoices", target, now, lang });
    expect(sent.counts.updated).toBe(1);
    expect((await service("tax-invoices", cell(wb, 1, "recordId") as number)).dueDate).toBe("2026-04-01");
    // A pulled date column keeps dates as dates.
    expect(cell(wb, 1, "Due date")).toEqual(new Date(Date.UTC(2026, 3, 1)));
    const again = await updateJob(wb, svc.client, { family: "tax-invoices", target, now, lang, dryRun: true });
    expect(again.counts).toMatchObject({ unchanged: 1, update: 0 });
    expect(again.results[0].changes).toEqual([]);
    const refreshed = await refreshJob(wb, svc.client, { sheet: "S", now, lang });
    expect(refreshed.counts).toMatchObject({ unchanged: 1, edited: 0, refreshed: 0 });
  });

  it("a posted sheet with the due date typed as text: the text takes the service's date", async () => {
    const wb = new MemoryWorkbook({ S: [DUE, ["d2", "Truth Due Text Co", "2026-03-02", "2026-03-02", 0, "Pen", 3, 100, true]] });
    expect((await postJob(wb, svc.client, { family: "tax-invoices", now })).counts.created).toBe(1);
    wb.sheet("S").values[1][col(wb, "Credit days")] = 15;
    expect((await updateJob(wb, svc.client, { family: "tax-invoices", now })).counts.updated).toBe(1);
    expect(cell(wb, 1, "Due date")).toBe("2026-03-17");
    expect((await updateJob(wb, svc.client, { family: "tax-invoices", now, dryRun: true })).counts).toMatchObject({ unchanged: 1, update: 0 });
    expect((await refreshJob(wb, svc.client, { sheet: "S", now })).counts).toMatchObject({ unchanged: 1, edited: 0 });
  });
});

describe("nothing to work on", () => {
  const block = (rows: CellValue[][]) => new MemoryWorkbook({ S: rows });
  it.each<[string, CellValue[][], RegExp]>([
    ["an empty selection", [[null, null], [null, ""]], /the selection is empty/],
    ["a header row alone", [HEADER], /no rows under the header row/],
    ["rows without their header row", [["t1", "Truth Co", "2026-03-01", true, "Pen", 1, 10, null, null]], /not a header row/],
  ])("%s: post, act and update say so, and send nothing", async (_what, rows, message) => {
    for (const run of [
      () => postJob(block(rows), svc.client, { family: "tax-invoices", now }),
      () => actJob(block(rows), svc.client, { family: "tax-invoices", action: { kind: "status", statusId: "void" }, now }),
      () => updateJob(block(rows), svc.client, { family: "tax-invoices", now }),
    ]) await expect(run()).rejects.toThrow(message);
    // In Thai too.
    await expect(postJob(block(rows), svc.client, { family: "tax-invoices", now, lang: "th" })).rejects.toThrow(/^ไม่ได้ส่งอะไร: /);
  });

  it("rows never posted: act and update say so (nothing to act on), never a count of nothing done", async () => {
    const rows: CellValue[][] = [HEADER, ["np1", "Never Posted Co", "2026-03-01", true, "Pen", 1, 10, null, null]];
    await expect(actJob(block(rows), svc.client, { family: "quotations", action: { kind: "share" }, now })).rejects.toThrow(/none of the rows has been posted yet/);
    await expect(updateJob(block(rows), svc.client, { family: "quotations", now, lang: "th" })).rejects.toThrow(/^ไม่ได้ส่งอะไร: ยังไม่มีแถวใดถูกส่ง/);
    // Picked among the rows, they are each told so in their result cell, as before.
    const picked = block(rows);
    expect(await actJob(picked, svc.client, { family: "quotations", action: { kind: "share" }, rows: [1], now })).toMatchObject({ done: 0, skipped: 1 });
  });

  it("selected rows that hold no document (the header row of a table) are said so", async () => {
    const wb = await posted("quotations", ["sel1"]);
    const err = await actJob(wb, svc.client, { family: "quotations", action: { kind: "share" }, rows: [0], now }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoRowsError);
    expect((err as Error).message).toMatch(/none of the selected rows holds a document/);
  });
});

describe("a sheet remembers its family", () => {
  it("template, pull and post set it; act, update and post of another family refuse the sheet and write nothing", async () => {
    const wb = new MemoryWorkbook();
    const { sheet } = await templateJob(wb, { family: "quotations", now });
    expect(await rememberedSheetFamily(wb, sheet)).toBe("quotations");
    const pulled = await pullJob(wb, svc.client, { family: "tax-invoices", query: { range: 1 }, now });
    expect(await rememberedSheetFamily(wb, pulled.sheet)).toBe("tax-invoices");

    const qt = await posted("quotations", ["fam1"]);
    expect(await rememberedSheetFamily(qt, "S")).toBe("quotations");
    const before = JSON.stringify(qt.sheet("S").values);
    const pdfs: string[] = [];
    const attempts = [
      () => actJob(qt, svc.client, { family: "tax-invoices", action: { kind: "exportPdf", save: async (n) => { pdfs.push(n); return n; } }, now }),
      () => updateJob(qt, svc.client, { family: "tax-invoices", now }),
      () => postJob(qt, svc.client, { family: "tax-invoices", now }),
    ];
    for (const attempt of attempts) {
      const err = await attempt().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FamilyMismatchError);
      expect((err as Error).message).toBe('Nothing was sent: sheet "S" holds quotation documents, but the document type chosen is tax invoice. Choose quotation as the document type, or select another sheet');
    }
    expect(pdfs).toEqual([]);
    expect(JSON.stringify(qt.sheet("S").values)).toBe(before); // no result cell written over
    const th = await actJob(qt, svc.client, { family: "tax-invoices", action: { kind: "share" }, now, lang: "th" }).catch((e: Error) => e.message);
    expect(th).toBe('ไม่ได้ส่งอะไร: ชีต "S" เป็นเอกสารใบเสนอราคา แต่ประเภทเอกสารที่เลือกคือใบกำกับภาษี เลือกประเภทเอกสารเป็นใบเสนอราคา หรือเลือกชีตอื่น');
    // The family the sheet holds works as before.
    expect((await actJob(qt, svc.client, { family: "quotations", action: { kind: "share" }, now })).done).toBe(1);
    // A sheet of books or certificates holds its records by their word, not "products documents".
    const books = new MemoryWorkbook({ P: [["Code", "Name"], ["P1", "Pen"]] });
    await rememberFamily(books, "P", "products");
    await expect(postJob(books, svc.client, { family: "tax-invoices", now })).rejects.toThrow(
      'Nothing was sent: sheet "P" holds products, but the document type chosen is tax invoice. Choose product as the document type, or select another sheet');
    await rememberFamily(books, "P", "withholding-taxes");
    await expect(updateJob(books, svc.client, { family: "contacts", now, lang: "th" })).rejects.toThrow(
      'ไม่ได้ส่งอะไร: ชีต "P" เป็นรายการหนังสือรับรองการหักภาษี ณ ที่จ่าย แต่ประเภทเอกสารที่เลือกคือผู้ติดต่อ เลือกประเภทเอกสารเป็นหนังสือรับรองการหักภาษี ณ ที่จ่าย หรือเลือกชีตอื่น');
  });

  it("a pull streamed into a new .xlsx (the CLI's) carries the family too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "docsheet-family-"));
    try {
      const table = await pullTable(svc.client, { family: "quotations", query: { range: 1 }, now });
      const path = join(dir, "pulled.xlsx");
      await writeTableXlsx(path, table.name, table.columns, table.rows, familyRecord("quotations")(table.name));
      const book = await XlsxWorkbook.load(path);
      expect(await rememberedSheetFamily(book, table.name)).toBe("quotations");
      await expect(actJob(book, svc.client, { family: "tax-invoices", action: { kind: "share" }, target: { sheet: table.name }, now })).rejects.toThrow(FamilyMismatchError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
