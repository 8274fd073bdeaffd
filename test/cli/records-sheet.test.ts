// A workbook whose hidden "DocSheet records" sheet was edited by hand never makes refresh, undo or
// update write anything wrong (the command's main, runner.js, on real .xlsx files against the real
// local service): the family the records name, the company stamped on the sheet and in the post
// record, and the fingerprints the post recorded are verified on the service first, and what does
// not hold is refused at its rows with the reason, in English and Thai, with a non-zero exit: a
// record id the recorded family does not find is never taken as deleted while it is a live document
// of another family, or while none of the sheet's rows is a document of the connected company.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "../../src/api";
import { LAST_COMPANY_KEY, connectedCompany, sheetCompanyKey } from "../../src/jobs/company";
import { loadPostRecord, postRecordKey, savePostRecord } from "../../src/jobs/post-record";
import { pullQueryKey } from "../../src/jobs/refresh";
import { sheetFamilyKey } from "../../src/jobs/sheet-family";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { cliRunner } from "./run";
import { cliSession, editCells, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("records-sheet");
const docsheet = cliRunner();
const connection = (): string[] => ["--base-url", s.service.root, ...s.auth];
const asOther = (): string[] => ["--base-url", s.service.root, ...s.otherAuth];

const simple = (name: string, date = "2026-05-06") => ({
  contactName: name, publishedOn: date, isVat: true, isVatInclusive: false,
  items: [{ name: "Pen", quantity: 1, pricePerUnit: 100, total: 100 }], subTotal: 100, discountAmount: 0, totalAfterDiscount: 100, vatAmount: 7, grandTotal: 107,
});

/** Every document of a company in a family as [recordId, status, contact, total]: compared before and after. */
async function documentsOf(clientOf: "demo" | "other", family: "tax-invoices" | "quotations"): Promise<string> {
  const client = clientOf === "demo" ? s.client : createClient({ root: s.service.root, ...s.other });
  const out: unknown[] = [];
  for await (const page of client.documents(family).listAll({})) for (const d of page.list) out.push([d.recordId, d.statusString, d.contactName, d.grandTotal]);
  return JSON.stringify(out);
}

/** Demo's tax invoices named `${tag} n`, pulled into a workbook by that search: the path, its sheet, its rows. */
async function pulledInvoices(tag: string, n: number): Promise<{ path: string; sheet: string; rows: Record<string, unknown>[] }> {
  for (let i = 1; i <= n; i++) await s.client.documents("tax-invoices").create(simple(`${tag} ${i}`));
  const path = join(s.dir, `${tag}.xlsx`);
  const pull = await docsheet(["pull", "tax-invoices", ...connection(), "--out", path, "--search", tag, "--sort", "documentSerial"]);
  expect(pull.code).toBe(0);
  const book = await XlsxWorkbook.load(path);
  const [sheet] = (await book.sheetNames()).filter((name) => !name.startsWith("DocSheet"));
  const rows = await sheetRows(path, sheet);
  expect(rows).toHaveLength(n);
  return { path, sheet, rows };
}

/** A workbook of one-line tax invoices posted to Demo in place: the path and its rows. */
async function postedInvoices(tag: string, n: number): Promise<{ path: string; rows: Record<string, unknown>[] }> {
  const header = ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "Remarks"];
  const rows: unknown[][] = [header];
  for (let i = 1; i <= n; i++) rows.push([`${tag}${i}`, `${tag} Co ${i}`, "2026-05-07", true, "Pen", 3, 100, "first"]);
  const path = await writeBook(join(s.dir, `${tag}.xlsx`), rows);
  const post = await docsheet(["post", path, "--family", "tax-invoices", ...connection(), "--in-place"]);
  expect(post.code).toBe(0);
  return { path, rows: await sheetRows(path) };
}

/** Edits the workbook's records as a person would in the unhidden records sheet. */
async function editRecords(path: string, edit: (book: XlsxWorkbook) => Promise<void>): Promise<void> {
  const book = await XlsxWorkbook.load(path);
  await edit(book);
  await book.save(path);
}

/** Other Co.'s company stamp, as the workbook's records keep one. */
async function otherStamp(): Promise<Record<string, unknown>> {
  const other = await connectedCompany(createClient({ root: s.service.root, ...s.other }));
  return { ...other, by: "post", at: new Date().toISOString() };
}

/** The sheet's stamp (and the workbook's last company) rewritten to Other Co. */
async function stampOther(book: XlsxWorkbook, sheet: string): Promise<void> {
  const text = JSON.stringify(await otherStamp());
  await book.saveRecord(sheetCompanyKey(sheet), text);
  await book.saveRecord(LAST_COMPANY_KEY, text);
}

/** What a run must leave alone: both companies' documents and, unless the run writes its rows'
 * reasons, the file's bytes. */
async function untouched(path: string, bytesToo = true): Promise<() => Promise<void>> {
  const bytes = readFileSync(path);
  const before = [await documentsOf("demo", "tax-invoices"), await documentsOf("other", "tax-invoices"), await documentsOf("demo", "quotations")];
  return async () => {
    if (bytesToo) expect(readFileSync(path).equals(bytes)).toBe(true);
    expect([await documentsOf("demo", "tax-invoices"), await documentsOf("other", "tax-invoices"), await documentsOf("demo", "quotations")]).toEqual(before);
  };
}

/** The hand edit: the sheet's company stamp and its post record both rewritten to Other Co. */
async function rewrittenToOther(book: XlsxWorkbook): Promise<void> {
  await stampOther(book, "Sales");
  const record = (await loadPostRecord(book, "tax-invoices"))!;
  const { by: _by, at: _at, ...company } = await otherStamp();
  await savePostRecord(book, { ...record, company: company as never }, "tax-invoices");
}

describe("refresh of a pulled sheet whose records were edited by hand", () => {
  it("its family changed to quotations: refused at its rows, none marked deleted, no quotation appended", async () => {
    const { path, sheet, rows } = await pulledInvoices("RSF refresh", 3);
    // A quotation the query would list: appended if the edited family were trusted.
    await s.client.documents("quotations").create(simple("RSF refresh quote"));
    await editRecords(path, async (book) => {
      const query = JSON.parse((await book.loadRecord(pullQueryKey(sheet)))!) as { family: string };
      await book.saveRecord(pullQueryKey(sheet), JSON.stringify({ ...query, family: "quotations" }));
      await book.saveRecord(sheetFamilyKey(sheet), "quotations");
    });
    const same = await untouched(path);

    const run = await docsheet(["refresh", path, ...connection()]);
    expect(run.stdout).not.toMatch(/\): (deleted on the service|added by refresh)/);
    expect(run.stderr).toContain(`row 2 (${String(rows[0].documentSerial)}): record id ${String(rows[0].recordId)} is tax invoice ${String(rows[0].documentSerial)} on the service, not quotation as the workbook's records say`);
    expect(run.code).toBe(2);
    const th = await docsheet(["refresh", path, ...connection(), "--lang", "th"]);
    expect(th.stderr).toContain(`แถว 2 (${String(rows[0].documentSerial)}): รหัสในระบบ ${String(rows[0].recordId)} คือใบกำกับภาษี ${String(rows[0].documentSerial)} บนระบบ ไม่ใช่ใบเสนอราคาตามที่บันทึกของสมุดงานระบุ`);
    expect(th.code).toBe(2);
    await same();
  });

  it("its company stamp rewritten to Other Co.: refused connected as Other, nothing marked deleted, none of Other's appended", async () => {
    const { path, sheet, rows } = await pulledInvoices("RSC refresh", 3);
    await createClient({ root: s.service.root, ...s.other }).documents("tax-invoices").create(simple("RSC refresh other"));
    await editRecords(path, (book) => stampOther(book, sheet));
    const same = await untouched(path);

    const run = await docsheet(["refresh", path, ...asOther()]);
    expect(run.stdout).not.toMatch(/\): (deleted on the service|added by refresh)/);
    expect(run.stderr).toContain(`row 2 (${String(rows[0].documentSerial)}), row 3 (${String(rows[1].documentSerial)}), row 4 (${String(rows[2].documentSerial)}) are not documents of Other Co., Ltd.`);
    expect(run.code).toBe(2);
    const th = await docsheet(["refresh", path, ...asOther(), "--lang", "th"]);
    expect(th.stderr).toContain(`ไม่ใช่เอกสารของ Other Co., Ltd.`);
    expect(th.code).toBe(2);
    await same();
  });

  it("a row's fingerprint and record id edited to another row's: refused at that row, not overwritten with the other document", async () => {
    const { path, sheet, rows } = await pulledInvoices("RSP refresh", 3);
    const book = await XlsxWorkbook.load(path);
    const block = await book.read({ sheet, whole: true });
    const header = block.values[0].map(String);
    const [idCol, fpCol, nameCol] = ["Record id", "Fingerprint", "Customer"].map((h) => header.findIndex((c) => c.toLowerCase() === h.toLowerCase()));
    expect(Math.min(idCol, fpCol, nameCol)).toBeGreaterThanOrEqual(0);
    // Row 2 takes row 3's record id and fingerprint (a paste into the hidden columns).
    await book.write(sheet, [{ row: block.top + 1, col: block.left + idCol, values: [[rows[1].recordId as number]] }, { row: block.top + 1, col: block.left + fpCol, values: [[block.values[2][fpCol]]] }]);
    await book.save(path);
    const before = await sheetRows(path, sheet);

    const run = await docsheet(["refresh", path, ...connection()]);
    expect(run.stdout).toContain(`(row 2): refused: record id ${String(rows[1].recordId)} is ${String(rows[1].documentSerial)} on the service, not ${String(rows[0].documentSerial)} as the row says`);
    expect(run.code).toBe(1);
    const after = await sheetRows(path, sheet);
    expect(after[0].documentSerial).toBe(rows[0].documentSerial);
    expect(after[0][header[nameCol]]).toBe(before[0][header[nameCol]]);
  });
});

describe("refresh of a row whose record id names another family's document", () => {
  it("is refused at its row, not marked deleted, and its own document is not appended again", async () => {
    const { path, sheet, rows } = await pulledInvoices("RSR refresh", 3);
    const quote = await s.client.documents("quotations").create(simple("RSR quote"));
    await editCells(path, [[2, "Record id", quote.recordId]], sheet);

    const run = await docsheet(["refresh", path, ...connection()]);
    expect(run.stdout).toContain(`(row 4): refused: record id ${quote.recordId} is quotation ${String(quote.documentSerial)} on the service, not tax invoice; correct the record id`);
    expect(run.stdout).not.toMatch(/\): (deleted on the service|added by refresh)/);
    expect(run.code).toBe(1);
    const th = await docsheet(["refresh", path, ...connection(), "--lang", "th"]);
    expect(th.stdout).toContain(`ปฏิเสธ: รหัสในระบบ ${quote.recordId} คือใบเสนอราคา ${String(quote.documentSerial)} บนระบบ ไม่ใช่ใบกำกับภาษี`);
    const after = await sheetRows(path, sheet);
    expect(after).toHaveLength(3);
    expect(after.map((r) => r.documentSerial)).toEqual(rows.map((r) => r.documentSerial));
  });
});

describe("undo of a post whose records were edited by hand", () => {
  it("its family changed to quotations: refused at its rows, no record id cleared, nothing called deleted", async () => {
    const { path, rows } = await postedInvoices("rsfu", 2);
    await editRecords(path, async (book) => {
      const record = (await loadPostRecord(book, "tax-invoices"))!;
      await savePostRecord(book, { ...record, family: "quotations" }, "quotations");
      await book.saveRecord(postRecordKey("tax-invoices"), null);
      await book.saveRecord(sheetFamilyKey("Sales"), "quotations");
    });
    const same = await untouched(path);

    const run = await docsheet(["undo", path, "--family", "quotations", ...connection(), "--in-place"]);
    expect(run.stdout + run.stderr).not.toMatch(/was already deleted/);
    expect(run.stderr).toContain(`row 2 (${String(rows[0].documentSerial)}): record id ${String(rows[0].recordId)} is tax invoice ${String(rows[0].documentSerial)} on the service, not quotation as the workbook's records say`);
    expect(run.code).toBe(2);
    const th = await docsheet(["undo", path, "--family", "quotations", ...connection(), "--in-place", "--lang", "th"]);
    expect(th.stderr).toContain(`รหัสในระบบ ${String(rows[0].recordId)} คือใบกำกับภาษี ${String(rows[0].documentSerial)} บนระบบ ไม่ใช่ใบเสนอราคา`);
    await same();
  });

  it("its company stamp and post record rewritten to Other Co.: refused connected as Other, record ids kept", async () => {
    const { path, rows } = await postedInvoices("rscu", 2);
    await editRecords(path, rewrittenToOther);
    const same = await untouched(path);

    const run = await docsheet(["undo", path, "--family", "tax-invoices", ...asOther(), "--in-place"]);
    expect(run.stdout + run.stderr).not.toMatch(/was already deleted/);
    expect(run.stderr).toContain(`row 2 (${String(rows[0].documentSerial)}), row 3 (${String(rows[1].documentSerial)}) are not documents of Other Co., Ltd.`);
    expect(run.code).toBe(2);
    await same();
  });

  it("the company stamp rewritten to Other Co. while the post record says Demo: refused, the records disagree", async () => {
    const { path } = await postedInvoices("rscd", 2);
    await editRecords(path, (book) => stampOther(book, "Sales"));
    const same = await untouched(path);
    for (const [auth, lang, text] of [
      [connection(), "en", "The workbook's records disagree about the company of sheet \"Sales\": it is stamped Other Co., Ltd., its post record says Demo Co., Ltd."],
      [asOther(), "th", "บันทึกของสมุดงานระบุบริษัทของชีต \"Sales\" ไม่ตรงกัน: ชีตระบุ Other Co., Ltd. แต่บันทึกการส่งระบุ Demo Co., Ltd."],
    ] as const) {
      for (const command of ["undo", "update"]) {
        const run = await docsheet([command, path, "--family", "tax-invoices", ...auth, "--in-place", "--lang", lang]);
        expect({ command, lang, code: run.code, stderr: run.stderr }).toEqual({ command, lang, code: 2, stderr: expect.stringContaining(text) });
      }
    }
    await same();
  });

  it("its fingerprints edited and a record id changed (the seals gone, as an older record): refused, not taken as deleted", async () => {
    const { path, rows } = await postedInvoices("rspu", 2);
    // The entries' fingerprints swapped, the first one's record id naming no document at all.
    await editRecords(path, async (book) => {
      const record = (await loadPostRecord(book, "tax-invoices"))!;
      const fp = record.documents[1].fingerprint!;
      record.documents = record.documents.map(({ seal: _seal, ...d }, i) => ({ ...d, fingerprint: record.documents[1 - i].fingerprint, ...(i === 0 ? { recordId: 999_999_000 + Number(rows[0].recordId) } : {}) }));
      expect(record.documents[0].fingerprint).toBe(fp);
      await savePostRecord(book, record, "tax-invoices");
    });
    const same = await untouched(path, false);

    const run = await docsheet(["undo", path, "--family", "tax-invoices", ...connection(), "--in-place"]);
    expect(run.stdout + run.stderr).not.toMatch(/was already deleted/);
    expect(run.stdout).toContain(`rspu1: Not undone: ${String(rows[0].documentSerial)} cannot be verified as this post's document`);
    expect(run.code).toBe(1);
    const after = await sheetRows(path);
    expect(after.map((r) => r.recordId)).toEqual(rows.map((r) => r.recordId));
    expect((await loadPostRecord(await XlsxWorkbook.load(path), "tax-invoices"))!.documents).toHaveLength(2);
    await same();
  });
});

describe("update of a posted sheet whose records were edited by hand", () => {
  it("its family changed to quotations: refused at its rows, nothing sent or written", async () => {
    const { path, rows } = await postedInvoices("rsfp", 2);
    await editRecords(path, (book) => book.saveRecord(sheetFamilyKey("Sales"), "quotations"));
    const same = await untouched(path);
    const run = await docsheet(["update", path, "--family", "quotations", ...connection(), "--in-place"]);
    expect(run.stderr).toContain(`row 2 (${String(rows[0].documentSerial)}): record id ${String(rows[0].recordId)} is tax invoice ${String(rows[0].documentSerial)} on the service, not quotation as the workbook's records say`);
    expect(run.code).toBe(2);
    await same();
  });

  it("its company stamp and post record rewritten to Other Co.: refused connected as Other, nothing written", async () => {
    const { path, rows } = await postedInvoices("rscp", 2);
    await editRecords(path, rewrittenToOther);
    const same = await untouched(path);
    const run = await docsheet(["update", path, "--family", "tax-invoices", ...asOther(), "--in-place", "--lang", "th"]);
    expect(run.stderr).toContain(`แถว 2 (${String(rows[0].documentSerial)}), แถว 3 (${String(rows[1].documentSerial)}) ไม่ใช่เอกสารของ Other Co., Ltd.`);
    expect(run.code).toBe(2);
    await same();
  });

  it("of contacts, its company stamp and post record rewritten to Other Co.: refused connected as Other, nothing sent or written", async () => {
    const path = await writeBook(join(s.dir, "rscc.xlsx"), [["ชื่อ", "ประเภท", "เบอร์โทร"], ["RSCC One Co.", "customer", "02-000-0001"], ["RSCC Two Co.", "customer", "02-000-0002"]], "Contacts");
    expect((await docsheet(["post", path, "--family", "contacts", ...connection(), "--in-place"])).code).toBe(0);
    const rows = await sheetRows(path, "Contacts");
    await editRecords(path, async (book) => {
      await stampOther(book, "Contacts");
      const record = (await loadPostRecord(book, "contacts" as never))!;
      const { by: _by, at: _at, ...company } = await otherStamp();
      await savePostRecord(book, { ...record, company: company as never }, "contacts" as never);
    });
    await editCells(path, [[0, "เบอร์โทร", "02-999-9999"]], "Contacts");
    const bytes = readFileSync(path);
    const run = await docsheet(["update", path, "--family", "contacts", ...asOther(), "--in-place"]);
    expect(run.stderr).toContain(`row 2 (#${String(rows[0].recordId)}), row 3 (#${String(rows[1].recordId)}) are not contacts of Other Co., Ltd.`);
    expect(run.code).toBe(2);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(((await s.client.contacts.get(Number(rows[0].recordId))) as unknown as Record<string, unknown>).contactMobile).toBe("02-000-0001");
  });

  it("a row's record id and fingerprint pasted from another row, its serial cleared: refused at the row, the other document not overwritten", async () => {
    const { path, rows } = await postedInvoices("rsgp", 2);
    // Row 2 takes row 3's record id and fingerprint; its serial cleared; its remarks edited.
    await editCells(path, [[0, "recordId", rows[1].recordId as number], [0, "fingerprint", rows[1].fingerprint as string], [0, "documentSerial", null], [0, "Remarks", "overwrite"]]);
    const other = await s.client.documents("tax-invoices").get(rows[1].recordId as number);

    const run = await docsheet(["update", path, "--family", "tax-invoices", ...connection(), "--in-place"]);
    expect(run.stdout).toContain(`rsgp1 (row 2): refused: record id ${String(rows[1].recordId)} (${String(rows[1].documentSerial)} on the service) cannot be checked against this row`);
    expect(run.code).toBe(1);
    const now = await s.client.documents("tax-invoices").get(rows[1].recordId as number);
    expect([now.contactName, now.remarks, now.grandTotal]).toEqual([other.contactName, other.remarks, other.grandTotal]);
  });
});
