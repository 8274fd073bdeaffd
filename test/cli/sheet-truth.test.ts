// The sheet tells the truth on the command line too (the command's main, runner.js, against the
// real local service): `update` writes the service's VAT and grand total into the row, and the due
// date the service moved with the credit days (the next update and refresh see no change); `check`
// counts notes apart from findings and exits 0 on a sheet with notes only; `post` of a header row
// alone says so and exits 2 (never "0 created"); a pulled workbook remembers its family and `act`
// with another --family refuses it, exit 2, writing nothing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { cliRunner } from "./run";
import { cliSession, editCells, fieldRows, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("sheet-truth");
const docsheet = cliRunner();
const connection = (): string[] => ["--base-url", s.service.root, ...s.auth];
const HEADER = ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "vatAmount", "grandTotal"];

describe("docsheet and the truth of the sheet", () => {
  it("update writes the service's VAT and grand total into the row", async () => {
    const path = await writeBook(join(s.dir, "update.xlsx"), [HEADER, ["cu1", "CLI Truth Co", "2026-03-01", true, "Pen", 3, 100, 21, 321]]);
    const post = await docsheet(["post", path, "--family", "quotations", ...connection(), "--in-place"]);
    expect(post.code).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    wb.worksheets[0].getRow(2).getCell(HEADER.indexOf("Unit price") + 1).value = 110;
    await wb.xlsx.writeFile(path);
    const up = await docsheet(["update", path, "--family", "quotations", ...connection(), "--in-place"]);
    expect(up.code).toBe(0);
    const [row] = await sheetRows(path);
    const rec = await s.client.documents("quotations").get(row.recordId as number);
    expect([rec.vatAmount, rec.grandTotal]).toEqual([23.1, 353.1]);
    expect([row.vatAmount, row.grandTotal]).toEqual([23.1, 353.1]);
  });

  it("update of a pulled invoice's credit days writes the service's due date; the next update and refresh see no change", async () => {
    const made = await s.client.documents("tax-invoices").create({
      contactName: "CLI Due Co", publishedOn: "2026-04-03", creditDays: 0, isVat: true, items: [{ name: "Pen", quantity: 1, pricePerUnit: 100, total: 100 }],
      subTotal: 100, totalAfterDiscount: 100, vatAmount: 7, grandTotal: 107,
    });
    const path = join(s.dir, "due.xlsx");
    expect((await docsheet(["pull", "tax-invoices", ...connection(), "--search", "CLI Due Co", "--out", path])).code).toBe(0);
    await editCells(path, [[0, "Credit days", 30]]);
    const up = await docsheet(["update", path, "--family", "tax-invoices", ...connection(), "--in-place"]);
    expect(up.code).toBe(0);
    expect((await s.client.documents("tax-invoices").get(made.recordId)).dueDate).toBe("2026-05-03");
    const [row] = await fieldRows(path);
    expect(row.dueDate).toEqual(new Date(Date.UTC(2026, 4, 3)));
    const again = await docsheet(["update", path, "--family", "tax-invoices", ...connection(), "--dry-run"]);
    expect(again.stdout).toMatch(/^dry run: 0 to update, 1 unchanged, 0 changed on the service/m);
    const refreshed = await docsheet(["refresh", path, ...connection()]);
    expect(refreshed.stdout).toMatch(/: 0 refreshed, 0 added, 1 unchanged, 0 void, 0 deleted on the service, 0 edited in the sheet and not refreshed;/);
  });

  it("check counts notes apart and a sheet with notes only is clean", async () => {
    const path = await writeBook(join(s.dir, "notes.xlsx"), [
      ["Customer", "Tax id", "Branch", "Date", "isVat", "Item", "Qty", "Unit price"],
      ["Zero Lost Co., Ltd.", 105551234567, 1, "2026-01-15", true, "Pen", 2, 100],
    ]);
    const r = await docsheet(["check", path, "--family", "quotations"]);
    expect(r.stdout).toContain("Sales!B2 [contactTaxId] note: Leading zero restored: 0105551234567");
    expect(r.stdout).toMatch(/^1 document, 0 findings, 2 notes$/m);
    expect(r.code).toBe(0);
  });

  it("post of a header row alone says there are no rows, in the run's language, and exits 2", async () => {
    const path = await writeBook(join(s.dir, "empty.xlsx"), [HEADER]);
    for (const [lang, text] of [["en", "Nothing was sent: there are no rows under the header row"], ["th", "ไม่ได้ส่งอะไร: ไม่มีแถวใต้แถวหัวตาราง"]]) {
      const r = await docsheet(["post", path, "--family", "tax-invoices", ...connection(), "--lang", lang]);
      expect(r.stderr).toContain(text);
      expect(r.stdout).not.toMatch(/0 created|สร้าง 0/);
      expect(r.code).toBe(2);
    }
  });

  it("act with another --family than the pulled sheet's is refused before anything is sent", async () => {
    const pulled = join(s.dir, "pulled.xlsx");
    const pull = await docsheet(["pull", "quotations", ...connection(), "--out", pulled]);
    expect(pull.code).toBe(0);
    const r = await docsheet(["act", pulled, "--family", "tax-invoices", "--action", "share", ...connection()]);
    expect(r.stderr).toMatch(/Nothing was sent: sheet "[^"]+" holds quotation documents, but the document type chosen is tax invoice/);
    expect(r.code).toBe(2);
    expect(existsSync(join(s.dir, "pulled.acted.xlsx"))).toBe(false);
  });
});
