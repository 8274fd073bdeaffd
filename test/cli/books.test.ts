// The books from the sheet (issue 26) end to end through `docsheet` and the real local service:
// journal vouchers by account code and by account name, the unbalanced one pinned at its debit and
// credit cells and not sent, posted (approved or as drafts), pulled one row per book line and
// posted again to another company; contacts and products posted twice (nothing new the second time,
// what the service already had found and its id written back), and their edits sent by update.
import { join } from "node:path";
import ExcelJS from "exceljs";
import { createClient } from "../../src/api";
import { cliRunner } from "./run";
import { AUTH, cliSession, editCells, sheetRows, writeBook } from "./session";

jest.setTimeout(120_000);

const s = cliSession("books");
const docsheet = cliRunner();
const conn = (): string[] => ["--base-url", s.service.root, ...AUTH];

type Json = Record<string, unknown>;

describe("journal vouchers", () => {
  const header = ["Voucher no.", "Date", "Voucher type", "Description", "Account code", "Account name", "Debit", "Credit", "Line description"];
  const rows = [
    header,
    ["JV-1", "2026-03-31", "General (JV)", "Accrued supplies", "53030", null, 1200.5, null, "Paper"],
    ["JV-1", null, null, null, "21399", null, null, 1200.5, null],
    // By name, in Thai and in English; a receipt voucher in Thai words.
    ["RV-1", "31/03/2026", "ใบสำคัญรับ", "Cash sale", null, "เงินสด", 500, null, null],
    ["RV-1", null, null, null, null, "Sales revenue", null, 500, null],
    // Off by one satang: pinned, never sent.
    ["JV-2", "2026-03-31", "JV", "Typo", "53029", null, 100, null, null],
    ["JV-2", null, null, null, "21399", null, null, 99.99, null],
  ];

  it("checks, posts the balanced vouchers and pins the unbalanced one; a second post creates nothing", async () => {
    const book = await writeBook(join(s.dir, "journal.xlsx"), rows, "Journal");
    const check = await docsheet(["check", book, "--family", "journal-entries", "--json"]);
    expect(check.code).toBe(1);
    const findings = JSON.parse(check.stdout) as Json[];
    expect(findings.map((f) => [f.cell, f.field])).toEqual([["G6", "item.debit"], ["H6", "item.credit"]]);
    expect(findings[0].message).toBe("Voucher JV-2 does not balance: debits 100.00, credits 99.99, a difference of 0.01. Debits must equal credits to the satang.");
    const th = await docsheet(["check", book, "--family", "journal-entries", "--lang", "th"]);
    expect(th.stdout).toContain("Journal!G6 [item.debit] ใบสำคัญ JV-2 ไม่สมดุล: เดบิต 100.00 เครดิต 99.99 ต่างกัน 0.01");

    const out = join(s.dir, "journal.posted.xlsx");
    const post = await docsheet(["post", book, "--family", "journal-entries", ...conn()]);
    expect(post.stdout).toContain("2 created, 0 found from an earlier run, 0 already posted, 1 not sent");
    expect(post.code).toBe(1);
    const posted = await sheetRows(out);
    expect(posted.map((r) => [r["Voucher no."], typeof r.recordId, r.status])).toEqual([
      ["JV-1", "number", "Approved"], ["JV-1", "number", "Approved"], ["RV-1", "number", "Approved"], ["RV-1", "number", "Approved"],
      ["JV-2", "object", null], ["JV-2", "object", null],
    ]);
    expect(String(posted[4].result)).toMatch(/^not sent: G6: Voucher JV-2 does not balance/);

    const jv = (await s.client.journalEntries.get(Number(posted[0].recordId))) as unknown as Json;
    expect(jv).toMatchObject({ documentType: 51, documentDate: "2026-03-31", description: "Accrued supplies", statusString: "approved" });
    expect((jv.bookOfAccounts as Json[]).map((l) => [l.accountCode, l.debitCredit, l.value, l.description ?? null])).toEqual([
      ["53030", 1, 1200.5, "Paper"], ["21399", 3, 1200.5, null],
    ]);
    const rv = (await s.client.journalEntries.get(Number(posted[2].recordId))) as unknown as Json;
    expect(rv.documentType).toBe(59);
    expect((rv.bookOfAccounts as Json[]).map((l) => l.accountCode)).toEqual(["11111", "41111"]);

    // Fixed and posted again: the two posted vouchers are left alone, the third goes.
    await editCells(out, [[5, "Credit", 100]]);
    const again = await docsheet(["post", out, "--family", "journal-entries", "--in-place", ...conn()]);
    expect(again.stdout).toContain("1 created, 0 found from an earlier run, 2 already posted, 0 not sent");
    expect(again.code).toBe(0);
  });

  it("saves drafts with --draft, pulls one row per book line, and the pulled rows post to another company", async () => {
    const draftRows = [["D-1", "2026-04-30", "PV", "April supplies", "53030", null, 1200.5, null, null], ["D-1", null, null, null, "21399", null, null, 1200.5, null]];
    const book = await writeBook(join(s.dir, "draft.xlsx"), [header, ...draftRows], "Journal");
    const post = await docsheet(["post", book, "--family", "journal-entries", "--draft", ...conn()]);
    expect(post.code).toBe(0);
    const drafted = await sheetRows(join(s.dir, "draft.posted.xlsx"));
    expect(drafted[0].status).toBe("Draft");

    const pulled = join(s.dir, "pulled.xlsx");
    const pull = await docsheet(["pull", "journal-entries", "--out", pulled, "--lang", "th", ...conn()]);
    expect(pull.code).toBe(0);
    const lines = await sheetRows(pulled);
    const draft = lines.filter((r) => r["สถานะ"] === "ฉบับร่าง");
    expect(draft[0]["ประเภทใบสำคัญ"]).toBe("ใบสำคัญจ่าย (PV)");
    expect(draft.map((r) => [r["รหัสบัญชี"], r["ชื่อบัญชี"], r["เดบิต"], r["เครดิต"]])).toEqual([
      ["53030", "ค่าเครื่องเขียนแบบพิมพ์", 1200.5, null], ["21399", "ค่าใช้จ่ายค้างจ่ายอื่น", null, 1200.5],
    ]);
    expect(lines.length).toBe(8);

    // The pulled layout, without its result columns, is a sheet another company can post.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(pulled);
    const ws = wb.worksheets[0];
    const head = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const keep = head.map((h, i) => i).filter((i) => !["รหัสเอกสารในระบบ", "เลขที่เอกสารในระบบ", "สถานะ"].includes(head[i]));
    const copy: unknown[][] = [];
    ws.eachRow((row) => copy.push(keep.map((i) => {
      const v = row.getCell(i + 1).value;
      return v instanceof Date ? v.toISOString().slice(0, 10) : v;
    })));
    const other = await writeBook(join(s.dir, "other.xlsx"), copy, "สมุดรายวัน");
    const otherConn = ["--base-url", s.service.root, "--client-id", "other", "--client-secret", "other-secret"];
    const repost = await docsheet(["post", other, "--family", "journal-entries", "--lang", "th", ...otherConn]);
    expect(repost.stdout).toContain("สร้าง 4,");
    expect(repost.code).toBe(0);
    const otherClient = createClient({ root: s.service.root, clientId: "other", clientSecret: "other-secret" });
    const page = await otherClient.journalEntries.list({ pageSize: 20 });
    expect(page.total).toBe(4);
  });
});
