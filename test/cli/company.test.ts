// The company guard on the command line: a workbook posted to Demo Co. is refused, with both names and
// exit 2, by act, update, undo and post connected as Other Co., and nothing changes on either
// company's service or in the file; an older file with no company recorded is bound once its record
// ids are verified; a pull and a template record their company; the lists of another company are
// refused.
import { existsSync, readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { join } from "node:path";
import { createClient } from "../../src/api";
import { sheetCompany, sheetCompanyKey, LAST_COMPANY_KEY } from "../../src/jobs/company";
import { loadPostRecord } from "../../src/jobs/post-record";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { LISTS_SHEET } from "../../src/workbook/port";
import { cliRunner } from "./run";
import type { FileCompany } from "../helpers/shared-service";
import { cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("company");
const docsheet = cliRunner();
const REFUSED = "This sheet was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.";

const ROWS = [
  ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"],
  ["CG-1", "Company Guard Customer", "2026-03-04", true, "Widget", 2, 100],
  ["CG-2", "Company Guard Customer", "2026-03-04", true, "Gadget", 1, 250],
];

/** Every tax invoice of a company as [recordId, status, grandTotal], to compare before and after. */
async function books(company: FileCompany): Promise<string> {
  const client = createClient({ root: s.service.root, ...company });
  const out: unknown[] = [];
  for await (const page of client.documents("tax-invoices").listAll({})) for (const d of page.list) out.push([d.recordId, d.statusString, d.grandTotal]);
  return JSON.stringify(out);
}

describe("the company guard on the command line", () => {
  it("a workbook posted to Demo is refused as Other by act, update, undo and post, in English and Thai; nothing changes", async () => {
    const path = await writeBook(join(s.dir, "demo.xlsx"), ROWS);
    const family = ["--family", "tax-invoices", "--base-url", s.service.root];
    expect((await docsheet(["post", path, ...family, ...s.auth, "--in-place"])).code).toBe(0);
    const book = await XlsxWorkbook.load(path);
    expect(await sheetCompany(book, "Sales")).toMatchObject({ name: "Demo Co., Ltd.", taxId: expect.any(String), id: expect.any(Number), root: s.service.root, by: "post" });
    expect((await loadPostRecord(book, "tax-invoices"))?.company).toMatchObject({ name: "Demo Co., Ltd.", root: s.service.root });
    const bytes = readFileSync(path);
    const demoBefore = await books(s.demo);
    const otherBefore = await books(s.other);

    const runs = [
      ["act", path, ...family, ...s.otherAuth, "--action", "delete"],
      ["act", path, ...family, ...s.otherAuth, "--action", "status", "--status", "void"],
      ["update", path, ...family, ...s.otherAuth],
      ["undo", path, ...family, ...s.otherAuth],
      ["post", path, ...family, ...s.otherAuth],
    ];
    for (const args of runs) {
      const r = await docsheet(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(REFUSED);
      expect(r.stdout).toBe("");
    }
    const th = await docsheet(["undo", path, ...family, ...s.otherAuth, "--lang", "th"]);
    expect(th.code).toBe(2);
    expect(th.stderr).toContain("ชีตนี้ส่งข้อมูลไปที่ Demo Co., Ltd. แต่ตอนนี้เชื่อมต่อกับ Other Co., Ltd.");

    // Nothing written beside the book, the book as it was, both companies' documents as they were.
    for (const tag of ["acted", "updated", "undone", "posted"]) expect(existsSync(join(s.dir, `demo.${tag}.xlsx`))).toBe(false);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(await books(s.demo)).toBe(demoBefore);
    expect(await books(s.other)).toBe(otherBefore);

    // Connected as Demo the same book still works.
    const share = await docsheet(["act", path, ...family, ...s.auth, "--action", "share", "--in-place"]);
    expect(share.code).toBe(0);

    // The sheet renamed in Excel, a new row added: still Demo's, so Other's post is refused (the
    // file's sheet id, which a rename keeps, finds its company under its old name).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    wb.getWorksheet("Sales")!.name = "Sales May";
    wb.getWorksheet("Sales May")!.addRow(["CG-3", "Company Guard Customer", "2026-03-04", true, "Widget", 1, 100]);
    await wb.xlsx.writeFile(path);
    const renamed = await docsheet(["post", path, ...family, ...s.otherAuth, "--in-place"]);
    expect([renamed.code, renamed.stderr]).toEqual([2, expect.stringContaining(REFUSED)]);
    expect(await books(s.other)).toBe(otherBefore);
  });

  it("a file with no company recorded is bound once its record ids are verified, and refused where they are not", async () => {
    const path = await writeBook(join(s.dir, "old.xlsx"), ROWS);
    const family = ["--family", "tax-invoices", "--base-url", s.service.root];
    expect((await docsheet(["post", path, ...family, ...s.auth, "--in-place"])).code).toBe(0);
    const serials = (await sheetRows(path)).map((r) => r.documentSerial);
    // As a file from before companies were recorded.
    const book = await XlsxWorkbook.load(path);
    await book.saveRecord(sheetCompanyKey("Sales"), null);
    await book.saveRecord(LAST_COMPANY_KEY, null);
    const record = (await loadPostRecord(book, "tax-invoices"))!;
    delete record.company;
    await book.saveRecord("docsheet.post.last.tax-invoices", JSON.stringify(record));
    await book.save(path);
    const otherBefore = await books(s.other);

    const other = await docsheet(["act", path, ...family, ...s.otherAuth, "--action", "delete"]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`This sheet does not say which company it was posted to, and row 2 (${serials[0]}), row 3 (${serials[1]}) are not documents of Other Co., Ltd.`);
    const undo = await docsheet(["undo", path, ...family, ...s.otherAuth]);
    expect(undo.code).toBe(2);
    expect(await books(s.other)).toBe(otherBefore);
    expect(await sheetCompany(await XlsxWorkbook.load(path), "Sales")).toBeNull();

    // Demo's ids are Demo's documents: the sheet is bound to Demo, and Other is refused by name.
    expect((await docsheet(["act", path, ...family, ...s.auth, "--action", "share", "--in-place"])).code).toBe(0);
    expect(await sheetCompany(await XlsxWorkbook.load(path), "Sales")).toMatchObject({ name: "Demo Co., Ltd.", by: "verified" });
    const again = await docsheet(["update", path, ...family, ...s.otherAuth]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(REFUSED);
  });

  it("a pull and a template record their company; the lists of another company are refused", async () => {
    const pulled = join(s.dir, "pulled.xlsx");
    expect((await docsheet(["pull", "tax-invoices", "--base-url", s.service.root, ...s.auth, "--out", pulled])).code).toBe(0);
    const book = await XlsxWorkbook.load(pulled);
    const [sheet] = await book.sheetNames();
    expect(await sheetCompany(book, sheet)).toMatchObject({ name: "Demo Co., Ltd.", by: "pull" });
    const act = await docsheet(["act", pulled, "--family", "tax-invoices", "--base-url", s.service.root, ...s.otherAuth, "--action", "share", "--rows", "2"]);
    expect(act.code).toBe(2);
    expect(act.stderr).toContain("This sheet was pulled from Demo Co., Ltd.; you are connected to Other Co., Ltd.");

    const template = join(s.dir, "template.xlsx");
    expect((await docsheet(["template", "cash-invoices", "--out", template, "--base-url", s.service.root, ...s.auth])).code).toBe(0);
    const t = await XlsxWorkbook.load(template);
    const [tsheet] = (await t.sheetNames()).filter((n) => !n.startsWith("DocSheet"));
    expect(await sheetCompany(t, tsheet)).toMatchObject({ name: "Demo Co., Ltd.", by: "template" });
    expect(await sheetCompany(t, LISTS_SHEET)).toMatchObject({ name: "Demo Co., Ltd.", by: "lists" });
    const family = ["--family", "cash-invoices", "--base-url", s.service.root, ...s.otherAuth];
    const post = await docsheet(["post", template, ...family]);
    expect(post.code).toBe(2);
    expect(post.stderr).toContain("This sheet was made with the lists of Demo Co., Ltd.; you are connected to Other Co., Ltd.");

    // A sheet of no company in a workbook whose lists are Demo's: Demo's ids are never sent to Other.
    await t.saveRecord(sheetCompanyKey(tsheet), null);
    await t.save(template);
    const otherBefore = JSON.stringify(await createClient({ root: s.service.root, ...s.other }).documents("cash-invoices").list({}));
    const lists = await docsheet(["post", template, ...family]);
    expect(lists.code).toBe(2);
    expect(lists.stderr).toContain("The lookup lists of this workbook were read from Demo Co., Ltd.; you are connected to Other Co., Ltd.; refresh the lists while connected to Other Co., Ltd., or connect to Demo Co., Ltd.");
    expect(JSON.stringify(await createClient({ root: s.service.root, ...s.other }).documents("cash-invoices").list({}))).toBe(otherBefore);
  });
});
