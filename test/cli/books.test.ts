// The books from the sheet (issue 26) end to end through `docsheet` and the real local service:
// journal vouchers by account code and by account name, the unbalanced one pinned at its debit and
// credit cells and not sent, posted (approved or as drafts), pulled one row per book line and
// posted again to another company; contacts and products posted twice (nothing new the second time,
// what the service already had found and its id written back), and their edits sent by update.
import { postJob } from "../../src/jobs/post";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { createClient } from "../../src/api";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { refreshListsJob } from "../../src/jobs/template";
import { listEntries } from "../../src/sheet/lookups";
import { checkRequest, recordingFetch, unknownFields } from "../api/helpers/openapi";
import { simpleDoc } from "../helpers/vat-month";
import { losingFirstAnswer, racingFetch } from "../helpers/racing-fetch";
import { spawn } from "node:child_process";
import { LOCAL_STORE, startTestService, type TestService } from "../helpers/service";
import { BIN, REPO, cliRunner } from "./run";
import { cliSession, editCells, sheetRows, writeBook } from "./session";

jest.setTimeout(120_000);

const s = cliSession("books");
const docsheet = cliRunner();
const conn = (): string[] => ["--base-url", s.service.root, ...s.auth];

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

    // The service cannot delete or void a voucher: undo says so at the voucher's rows, sends nothing.
    const undo = await docsheet(["undo", out, "--family", "journal-entries", "--in-place", ...conn()]);
    expect(undo.code).toBe(1);
    expect(undo.stdout).toMatch(/JV-2 \(row 6\): Not undone: JV\d+: the service has no way to delete or void a journal voucher/);
    const after = await sheetRows(out);
    expect(typeof after[4].recordId).toBe("number");
    expect(String(after[5].result)).toMatch(/^Not undone: .*no way to delete or void/);
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
    expect(pull.stdout).toMatch(/^ดึง ใบสำคัญ \d+ ฉบับลงชีต "ใบสำคัญ" \(\d+ แถว\)/);
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
    const otherConn = ["--base-url", s.service.root, ...s.otherAuth];
    const repost = await docsheet(["post", other, "--family", "journal-entries", "--lang", "th", ...otherConn]);
    expect(repost.stdout).toContain("สร้าง 4,");
    expect(repost.code).toBe(0);
    const otherClient = createClient({ root: s.service.root, ...s.other });
    const page = await otherClient.journalEntries.list({ pageSize: 20 });
    expect(page.total).toBe(4);
  });
});

describe("contacts", () => {
  // Thai headers; the tax id typed as a number loses its leading zero and gets it back.
  const header = ["ชื่อ", "ประเภท", "เลขประจำตัวผู้เสียภาษี", "สาขา", "ที่อยู่", "รหัสไปรษณีย์", "ผู้ประสานงาน", "อีเมล", "เบอร์โทร", "จำนวนวันเครดิต"];
  const rows = [
    header,
    // The service's own contact, by tax id and branch (its name spelled differently).
    ["ACME Trading", "ลูกค้า", "0105550000007", "สำนักงานใหญ่", null, null, null, null, null, null],
    ["New Supplier Co., Ltd.", "Supplier", 105557000011, "00000", "9 Rama IV Road", "10500", "Suda", "ap@newsupplier.example", "02-111-2222", 45],
    // The service's contact with no tax id, by name.
    ["Walk-in customer", "customer", null, null, null, null, null, null, null, null],
    // Row 3 again, its tax id and branch typed otherwise: one contact, sent once, both rows get its
    // id (a row of the same tax id and branch with other details is an error: books-promises.test.ts).
    ["New Supplier Co., Ltd.", "Supplier", "0105557000011", "0", "9 Rama IV Road", "10500", "Suda", "ap@newsupplier.example", "02-111-2222", 45],
    ["Bad Tax Id Co.", "customer", "0105557000012", "00000", null, "1050", null, "not-an-email", null, null],
  ];

  it("finds what the service has, creates the rest once, pins the bad row; posting again creates nothing; update sends edits", async () => {
    const before = (await s.client.contacts.list({ pageSize: 200 })).total;
    const book = await writeBook(join(s.dir, "contacts.xlsx"), rows, "ผู้ติดต่อ");
    const check = await docsheet(["check", book, "--family", "contacts", "--json"]);
    expect((JSON.parse(check.stdout) as Json[]).map((f) => [f.cell, f.field])).toEqual([["C6", "contactTaxId"], ["F6", "contactZipCode"], ["H6", "contactEmail"]]);
    expect(check.stderr).toContain("Leading zero restored: 0105557000011");
    // The repeated row is said as such by check too, as post says it.
    expect(check.stderr).toContain("ผู้ติดต่อ!A5 [contactName] note: The same contact as row 3: it is posted once, and both rows get its id.");
    // The summary counts contacts by their own word, in either language: not "documents".
    expect((await docsheet(["check", book, "--family", "contacts"])).stdout).toMatch(/^5 contacts, 3 findings, 3 notes$/m);
    expect((await docsheet(["check", book, "--family", "contacts", "--lang", "th"])).stdout).toMatch(/^ผู้ติดต่อ 5 ราย, พบ 3 ปัญหา, หมายเหตุ 3$/m);

    const post = await docsheet(["post", book, "--family", "contacts", ...conn()]);
    // Found on the service, and a row repeating an earlier row, are each said as what they are: no earlier run made them.
    expect(post.stdout).toContain("1 created, 0 found from an earlier run, 2 already on the service, 1 the same as an earlier row, 0 already posted, 1 not sent");
    // A row of a sheet without a key column is named once, by its row: not "row 6 (row 6)".
    expect(post.stdout).toMatch(/^row 6: not sent: /m);
    const posted = await sheetRows(join(s.dir, "contacts.posted.xlsx"));
    const acme = (await s.client.contacts.list({ pageSize: 200 })).list.find((c) => (c as Json).contactName === "Acme Trading Co., Ltd.") as Json;
    expect(posted[0].recordId).toBe(Number(acme.id));
    // Its id is the row's; the name the service keeps otherwise is said, not sent over it.
    expect(posted[0].result).toBe("found on the service, not created again; the service's record differs in: Name");
    expect(posted[1].result).toBe("created");
    expect(posted[3].recordId).toBe(posted[1].recordId);
    expect(typeof posted[2].recordId).toBe("number");
    expect(posted[4].recordId).toBeNull();
    expect((await s.client.contacts.list({ pageSize: 200 })).total).toBe(before + 1);
    const created = (await s.client.contacts.get(Number(posted[1].recordId))) as unknown as Json;
    expect(created).toMatchObject({
      contactName: "New Supplier Co., Ltd.", contactType: 5, contactTaxId: "0105557000011", contactBranchCode: "00000",
      contactZipCode: "10500", contactMobile: "02-111-2222", contactCreditDays: 45,
    });

    // The same sheet posted again, without its ids: everything is found, nothing created.
    const again = await docsheet(["post", book, "--family", "contacts", "--out", join(s.dir, "contacts.again.xlsx"), "--lang", "th", ...conn()]);
    // No earlier run of this book made them (its ids went to another file): found on the service, and a repeat.
    expect(again.stdout).toContain("สร้าง 0, พบจากการส่งครั้งก่อน 0, มีในระบบอยู่แล้ว 3, ซ้ำกับแถวก่อนหน้า 1, ส่งไว้แล้ว 0, ไม่ได้ส่ง 1");
    // In Thai too, and with no English "row 6" left in the line.
    expect(again.stdout).toMatch(/^แถว 6: ไม่ได้ส่ง: /m);
    expect(again.stdout).not.toMatch(/row \d/);
    expect((await s.client.contacts.list({ pageSize: 200 })).total).toBe(before + 1);

    // An edit of the posted sheet goes out with update; the unchanged rows say so.
    const out = join(s.dir, "contacts.posted.xlsx");
    await editCells(out, [[1, "เบอร์โทร", "02-999-0000"]]);
    // The dry run previews it field by field, the service's value against the sheet's, as a documents' update does.
    const dry = await docsheet(["update", out, "--family", "contacts", "--dry-run", ...conn()]);
    expect(dry.stdout).toMatch(/^row 3: to update: Phone\n {2}Phone: 02-111-2222 → 02-999-0000$/m);
    const update = await docsheet(["update", out, "--family", "contacts", "--in-place", ...conn()]);
    expect(update.stdout).toContain("updated: Phone");
    // Its progress said row by row on stderr, as a documents' update says it.
    expect(update.stderr).toMatch(/\(4\/4\)$/m);
    // Printed in the sheet's order, not as the rows finished (row 5, not sent beside row 3, is done first).
    expect([...update.stdout.matchAll(/^row (\d+): /gm)].map((m) => Number(m[1]))).toEqual([2, 3, 4, 5]);
    expect(((await s.client.contacts.get(Number(posted[1].recordId))) as unknown as Json).contactMobile).toBe("02-999-0000");
    // The duplicate row names the same contact: not sent beside it (it would undo the edit).
    expect(String((await sheetRows(out))[3].result)).toMatch(/^(not sent: row 3 names the same record|ไม่ได้ส่ง: แถว 3 อ้างถึงรายการเดียวกัน)/);

    // The service's copy each row was last in step with is kept in a hidden column: the updated row's
    // as a pull writes it (its columns' hashes after the copy's).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const hidden = wb.worksheets[0].columns.filter((c) => c.hidden);
    expect(hidden).toHaveLength(1);
    expect(String(hidden[0].values![3])).toMatch(/^b1\.[0-9a-f]{16}\.[0-9A-Za-z_-]+$/);
    // (A row changed on the service since the sheet saw it is a conflict for every family:
    // test/families/promises-records.test.ts.)
    await editCells(out, [[1, "เบอร์โทร", "02-777-7777"]]);
    // The hidden fingerprint typed over by hand: the edit goes out, and the row says it could not be checked.
    const typed = new ExcelJS.Workbook();
    await typed.xlsx.readFile(out);
    const hiddenCol = typed.worksheets[0].columns.find((c) => c.hidden)!;
    typed.worksheets[0].getCell(3, hiddenCol.number).value = "x";
    await typed.xlsx.writeFile(out);
    const unchecked = await docsheet(["update", out, "--family", "contacts", "--dry-run", "--lang", "th", ...conn()]);
    expect(unchecked.stdout).toMatch(/^แถว 3: จะแก้ไข: เบอร์โทร แต่ตรวจไม่ได้ว่า/m);

    // Another company's sheet: refused before anything is sent.
    const otherPost = await docsheet(["post", out, "--family", "contacts", "--out", join(s.dir, "contacts.other.xlsx"), "--base-url", s.service.root, ...s.otherAuth]);
    expect(otherPost.code).toBe(2);
    expect(otherPost.stderr).toContain("Demo Co., Ltd.");
    const otherUpdate = await docsheet(["update", out, "--family", "contacts", "--base-url", s.service.root, ...s.otherAuth]);
    expect(otherUpdate.code).toBe(2);
  });
});

describe("an update of contacts whose service dies part way", () => {
  // A service of the test's own: it is killed once the update has reported its first row.
  let own: TestService;
  beforeAll(async () => {
    own = await startTestService({ store: LOCAL_STORE });
  });
  afterAll(() => own?.stop());

  it("stops at once as the documents' update does: exit 2, the rows not sent say so, none tried against the dead service one by one", async () => {
    const n = 40;
    const concurrency = 2;
    const tag = `gone ${process.pid}-${Date.now()}`;
    const rows: unknown[][] = [["Name", "Type", "Phone"]];
    for (let i = 1; i <= n; i++) rows.push([`${tag} ${i}`, "customer", "02-000-0000"]);
    const book = await writeBook(join(s.dir, "contacts-gone.xlsx"), rows, "Contacts");
    const ownConn = ["--base-url", own.root, "--client-id", "demo", "--client-secret", "demo-secret"];
    expect((await docsheet(["post", book, "--family", "contacts", "--in-place", ...ownConn])).code).toBe(0);
    await editCells(book, Array.from({ length: n }, (_, i): [number, string, string] => [i, "Phone", `02-111-${String(i).padStart(4, "0")}`]), "Contacts");

    // The bin itself (not the runner), the service killed at its first progress line.
    const child = spawn(process.execPath, [BIN, "update", book, "--family", "contacts", "--concurrency", String(concurrency), ...ownConn],
      { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let killedAt = -1;
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (killedAt < 0 && /^update: /m.test(stderr)) {
        killedAt = stderr.indexOf("\n", stderr.search(/^update: /m)) + 1;
        process.kill(own.pid, "SIGKILL");
      }
    });
    child.stdout.resume();
    const code = await new Promise<number | null>((done) => child.on("close", done));

    expect(code).toBe(2);
    const after = stderr.slice(killedAt).split("\n").filter((l) => l.startsWith("update: "));
    const notSent = after.filter((l) => /: not sent: the service could not be reached \(/.test(l));
    // Rows answered or tried after the kill: at most those on their way, not every row left.
    expect(after.length - notSent.length).toBeLessThanOrEqual(2 * concurrency);
    expect(notSent.length).toBeGreaterThanOrEqual(n - 1 - 2 * concurrency);
    const said = /stopped: the service could not be reached at http:\/\/127\.0\.0\.1:\d+\/test: [^.]+\. Done: (\d+); not sent: (\d+)/.exec(stderr);
    expect(said).not.toBeNull();
    expect(Number(said![2])).toBe(notSent.length);
    // The output tells the truth: the rows updated before the stop say so, the others say not sent.
    const results = (await sheetRows(book.replace(/\.xlsx$/, ".updated.xlsx"), "Contacts")).map((r) => String(r.result));
    expect(results.filter((r) => /^not sent: the service could not be reached/.test(r))).toHaveLength(notSent.length);
    expect(results.filter((r) => /^updated/.test(r))).toHaveLength(Number(said![1]));
  });
});

describe("two posts at once", () => {
  it("of the same contacts and products create each once: the post that lost deletes its own copy and takes the other's", async () => {
    // Both posts have looked the company's records up before either creates one (a create waits
    // until both lists were asked for), so neither finds the other's: the race a real pair can run.
    // Each family's two posts wait for each other's look, not the other family's.
    const racingOf = (path: string): typeof fetch => {
      const master = (url: URL): boolean => url.pathname.endsWith(path);
      return racingFetch((url) => master(url) && !url.searchParams.has("searchString"), 2, master);
    };
    const racing = { contacts: racingOf("/contacts"), products: racingOf("/products") };
    const client = (family: keyof typeof racing): ReturnType<typeof createClient> => createClient({ root: s.service.root, ...s.demo, fetch: racing[family] });
    const book = async (name: string, rows: string[][]) => {
      const wb = XlsxWorkbook.empty();
      await wb.addTableSheet(name, rows[0].map((h) => ({ header: h, kind: "text" as const })), rows.slice(1));
      return wb;
    };
    const contacts = [["Name", "Type", "Tax id", "Branch"], ["Twin Tax Co.", "customer", "0105561000046", "00000"], ["Twin Name Co.", "supplier", "", ""]];
    const products = [["Code", "Name", "VAT"], ["TWIN-1", "Twin gadget", "VAT exclusive"]];
    const [a, b, c, d] = await Promise.all([
      postJob(await book("Contacts", contacts), client("contacts"), { family: "contacts" }),
      postJob(await book("Contacts", contacts), client("contacts"), { family: "contacts" }),
      postJob(await book("Products", products), client("products"), { family: "products" }),
      postJob(await book("Products", products), client("products"), { family: "products" }),
    ]);
    const live = async (family: "contacts" | "products", search: string) => (await s.client[family].list({ pageSize: 200, searchString: search })).list.map((r) => Number((r as Json).id));
    for (const [one, other, family, names] of [[a, b, "contacts", ["Twin Tax Co.", "Twin Name Co."]], [c, d, "products", ["TWIN-1"]]] as const) {
      // One created, the other found it; both rows name the same record, the only one on the service.
      for (const [i, name] of names.entries()) {
        const rows = [one, other].map((run) => run.results.find((r) => r.rows[0] === i + 1)!);
        expect(rows.map((r) => r.kind).sort()).toEqual(["created", "found"]);
        expect(rows[0].recordId).toBe(rows[1].recordId);
        // The loser's copy is deleted; or, for a product, the service refused a second of its code
        // (when its own check saw the first) and the first was found.
        expect(rows.find((r) => r.kind === "found")!.message).toMatch(family === "contacts"
          ? /^found: another post of this row running at the same time created it first; this run's copy .+ was deleted$/
          : /^found(: another post of this row running at the same time created it first; this run's copy TWIN-1 was deleted| on the service, not created again)$/);
        expect(await live(family, name)).toEqual([rows[0].recordId]);
      }
    }
  });
});

describe("the race guard of a contacts post", () => {
  it("looks for ten records at once while the next ones are created: the creates do not wait for its looks", async () => {
    // The guard's first look is held until every create has been answered (or 3 s, should a create
    // wait for it): the creates go on meanwhile, and the nine records made after the first are then
    // looked for together.
    const events: string[] = [];
    let creates = 0;
    let allCreated!: () => void;
    const created = new Promise<void>((resolve) => (allCreated = resolve));
    const held: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const look = url.pathname.endsWith("/contacts") && url.searchParams.has("filter");
      if (look && !events.includes("look")) await Promise.race([created, new Promise((r) => setTimeout(r, 3000))]);
      const answer = await fetch(input, init);
      if (look) events.push("look");
      if (init?.method === "POST" && url.pathname.endsWith("/contacts") && ++creates === 10) {
        events.push("all created");
        allCreated();
      }
      return answer;
    };
    const rows = [["Name", "Type"], ...Array.from({ length: 10 }, (_, i) => [`Guarded ${i} Co.`, "customer"])];
    const wb = XlsxWorkbook.empty();
    await wb.addTableSheet("Contacts", rows[0].map((h) => ({ header: h, kind: "text" as const })), rows.slice(1));
    const out = await postJob(wb, createClient({ root: s.service.root, ...s.demo, fetch: held }), { family: "contacts", concurrency: 4 });
    expect(out.results.map((r) => [r.kind, r.message])).toEqual(rows.slice(1).map(() => ["created", "created"]));
    // The first look waits for others to join it (race.ts): it starts with a few or with all ten.
    expect(events[0]).toBe("all created");
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.length).toBeLessThanOrEqual(3);
  });
});

describe("two posts of the same journal voucher at once", () => {
  it("one of which lost the answer to its create: the two rows never both say created, and the later copy is named at a row", async () => {
    const vouchers = (url: URL): boolean => /\/journal-entries(\/approve)?$/.test(url.pathname);
    const racing = racingFetch((url) => url.pathname.endsWith("/journal-entries"), 2, vouchers);
    // One of the two loses the answer to its create after the service made it: which copy is its
    // own it cannot know, and the other post's may have been made first.
    const lossy = losingFirstAnswer(racing, vouchers);
    const rows = [["Voucher no.", "Date", "Voucher type", "Description", "Account code", "Debit", "Credit"],
      ["LOST-JV", "2026-03-31", "JV", "Lost twin", "53030", "80", ""], ["LOST-JV", "", "", "", "21399", "", "80"]];
    const run = async (f: typeof fetch) => {
      const wb = XlsxWorkbook.empty();
      await wb.addTableSheet("Journal", rows[0].map((h) => ({ header: h, kind: "text" as const })), rows.slice(1));
      return postJob(wb, createClient({ root: s.service.root, ...s.demo, fetch: f }), { family: "journal-entries" });
    };
    // The lists each post reads, to see what a read-back asks for.
    const lists: string[] = [];
    const listing = (f: typeof fetch): typeof fetch => (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if ((init?.method ?? "GET") === "GET" && url.pathname.endsWith("/journal-entries")) lists.push(url.search);
      return f(input, init);
    };
    const [lost, other] = await Promise.all([run(listing(lossy.fetch)), run(listing(racing))]);
    expect(lossy.dropped()).toBe(true);
    // A read-back lists the vouchers of the posted ones' date, not every voucher of the company.
    expect(lists.filter((q) => /[?&]range=5&startDate=2026-03-31&endDate=2026-03-31(&|$)/.test(q)).length).toBeGreaterThan(0);
    const listed: Json[] = [];
    for await (const page of s.client.journalEntries.listAll({ pageSize: 200 })) listed.push(...(page.list as unknown as Json[]));
    const copies = listed.filter((v) => v.description === "Lost twin").map((v) => Number(v.recordId ?? v.id)).sort((x, y) => x - y);
    expect(copies).toHaveLength(2);
    const said = [lost.results[0], other.results[0]];
    // Both rows name the first copy; at least one names the second as the duplicate to reverse.
    expect(said.map((r) => r.recordId)).toEqual([copies[0], copies[0]]);
    expect(said.filter((r) => r.kind === "created")).not.toHaveLength(2);
    expect(said.some((r) => r.kind === "failed" && r.message.includes(`(record id ${copies[1]})`))).toBe(true);
  });
});

describe("words for records", () => {
  it("the template and the check of a book count its records by their own word, not as documents, in English and Thai", async () => {
    const contacts = join(s.dir, "words-contacts.xlsx");
    expect((await docsheet(["template", "contacts", "--out", contacts, "--lang", "th"])).stdout).toMatch(/^เขียน .* แล้ว: ชีต "ผู้ติดต่อ", \d+ คอลัมน์, ตัวอย่างผู้ติดต่อหนึ่งราย\n$/);
    expect((await docsheet(["check", contacts, "--family", "contacts", "--lang", "th"])).stdout).toBe("ผู้ติดต่อ 1 ราย, พบ 0 ปัญหา\n");
    const vouchers = join(s.dir, "words-vouchers.xlsx");
    expect((await docsheet(["template", "journal-entries", "--out", vouchers])).stdout).toMatch(/, one example journal voucher\n$/);
    expect((await docsheet(["check", vouchers, "--family", "journal-entries"])).stdout).toBe("1 journal voucher, 0 findings\n");
    expect((await docsheet(["check", vouchers, "--family", "journal-entries", "--lang", "th"])).stdout).toBe("ใบสำคัญ 1 ฉบับ, พบ 0 ปัญหา\n");
  });
});

describe("an accountant's own headers", () => {
  it("check names the field a book's header most likely is, by the field's label in English and Thai, as map suggests it", async () => {
    const book = await writeBook(join(s.dir, "own-products.xlsx"), [["รหัสสินค้า", "ชื่อสินค้า", "ภาษีขาย"], ["OWN-1", "แฟ้ม", "ยกเว้น"]], "สินค้า");
    const th = await docsheet(["check", book, "--family", "products", "--lang", "th"]);
    expect(th.stdout).toContain('สินค้า!C1 คำเตือน: คอลัมน์ "ภาษีขาย" ดูเหมือนเป็น ภาษีมูลค่าเพิ่ม แต่จะไม่ถูกใช้จนกว่าจะจับคู่');
    const en = await docsheet(["check", book, "--family", "products"]);
    expect(en.stdout).toContain('Column "ภาษีขาย" looks like VAT but is ignored until it is mapped');
  });

  it("map suggests the journal's fields from Thai synonyms, asks about a header that could be two, and the mapping file checks and posts the sheet", async () => {
    const book = await writeBook(join(s.dir, "own.xlsx"), [
      ["เลขที่รายการ", "วันที่ลงบัญชี", "เลขบัญชี", "เดบิต (บาท)", "เครดิต (บาท)", "หมายเหตุ"],
      ["A-1", "2026-03-31", "53030", 250, null, "หมึกพิมพ์"],
      ["A-1", null, "21399", null, 250, null],
    ], "บัญชี");
    const mapping = join(s.dir, "own.mapping.json");
    const map = await docsheet(["map", book, "--family", "journal-entries", "--json", "--out", mapping, "--lang", "th"]);
    expect(map.code).toBe(1);
    expect(JSON.parse(map.stdout)).toEqual([
      { column: "A", header: "เลขที่รายการ", field: "documentKey" }, { column: "B", header: "วันที่ลงบัญชี", field: "documentDate" },
      { column: "C", header: "เลขบัญชี", field: "item.accountCode" }, { column: "D", header: "เดบิต (บาท)", field: "item.debit" },
      { column: "E", header: "เครดิต (บาท)", field: "item.credit" },
      { column: "F", header: "หมายเหตุ", field: null, candidates: ["description", "item.description"] },
    ]);
    expect(map.stderr).toContain('คอลัมน์ F "หมายเหตุ" คือฟิลด์ใด อาจเป็น คำอธิบาย (description) หรือ คำอธิบายรายการ (item.description)');
    // Without the mapping the synonyms are not read: the sheet says what is missing.
    expect((await docsheet(["check", book, "--family", "journal-entries"])).code).toBe(1);
    const file = JSON.parse(await readFile(mapping, "utf8")) as { family: string; columns: Record<string, string | null> };
    expect(file.family).toBe("journal-entries");
    await writeFile(mapping, JSON.stringify({ ...file, columns: { ...file.columns, "หมายเหตุ": "item.description" } }));
    expect((await docsheet(["map", book, "--family", "journal-entries", "--mapping", mapping])).code).toBe(0);
    expect((await docsheet(["check", book, "--family", "journal-entries", "--mapping", mapping])).code).toBe(0);
    const post = await docsheet(["post", book, "--family", "journal-entries", "--mapping", mapping, "--lang", "th", ...conn()]);
    expect(post.stdout).toContain("สร้าง 1,");
    // Written back under labels in the sheet's language, the user's own columns untouched.
    const [row] = await sheetRows(join(s.dir, "own.posted.xlsx"));
    expect(row).toMatchObject({ "เลขที่รายการ": "A-1", "หมายเหตุ": "หมึกพิมพ์", "สถานะ": "อนุมัติแล้ว" });
    expect(typeof row["รหัสเอกสารในระบบ"]).toBe("number");
    const jv = (await s.client.journalEntries.get(Number(row["รหัสเอกสารในระบบ"]))) as unknown as Json;
    expect((jv.bookOfAccounts as Json[])[0]).toMatchObject({ accountCode: "53030", value: 250, description: "หมึกพิมพ์" });
    // A mapping of another family is refused.
    await writeFile(mapping, JSON.stringify({ ...file, family: "contacts" }));
    expect((await docsheet(["check", book, "--family", "journal-entries", "--mapping", mapping])).stderr).toContain("the mapping is for contacts, not journal-entries");
  });
});

describe("lists", () => {
  it("contacts and products posted from their sheets are in a document sheet's drop-downs after Refresh lists, and its rows name them by id", async () => {
    const invoice = join(s.dir, "lookups.xlsx");
    expect((await docsheet(["template", "tax-invoices", "--out", invoice, ...conn()])).code).toBe(0);
    const sheet = async (name: string, rows: string[][]) => {
      const wb = XlsxWorkbook.empty();
      await wb.addTableSheet(name, rows[0].map((h) => ({ header: h, kind: "text" as const })), rows.slice(1));
      return wb;
    };
    const contacts = await postJob(await sheet("Contacts", [["Name", "Type"], ["Lookup Co.", "customer"]]), s.client, { family: "contacts" });
    expect((await postJob(await sheet("Products", [["Code", "Name", "VAT"], ["LOOK-1", "Lookup gadget", "VAT exclusive"]]), s.client, { family: "products" })).counts.created).toBe(1);
    const contactId = contacts.results[0].recordId!;

    const book = await XlsxWorkbook.load(invoice);
    expect((await book.read({ sheet: "Tax invoice" })).lists!.flat()).not.toContain("Lookup Co.");
    await refreshListsJob(book, s.client);
    await book.save(invoice);
    const lists = (await XlsxWorkbook.load(invoice)).read({ sheet: "Tax invoice" });
    const kept = (await lists).lists!;
    expect(listEntries(kept, "contacts")).toContainEqual({ label: "Lookup Co.", id: contactId });
    expect(listEntries(kept, "products").map((e) => e.label)).toContain("Lookup gadget");
    expect(listEntries(kept, "accounts").map((e) => e.label)).toContain("41111 Sales revenue");

    // The sheet's drop-downs read the list column down to its last entry: the new ones are in them.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(invoice);
    const customer = (wb.getWorksheet("Tax invoice")!.getRow(1).values as unknown[]).indexOf("Customer");
    expect(wb.getWorksheet("Tax invoice")!.getRow(2).getCell(customer).dataValidation.formulae[0]).toMatch(/OFFSET\(.*COUNTA/);

    // A row naming the new contact is sent with its id: no second contact is made.
    await editCells(invoice, [[0, "Customer", "Lookup Co."], [0, "Tax id", null], [0, "Branch", null]]);
    const before = (await s.client.contacts.list({ pageSize: 200 })).total;
    const post = await docsheet(["post", invoice, "--family", "tax-invoices", ...conn()]);
    expect(post.stdout).toContain("1 created");
    const [row] = await sheetRows(join(s.dir, "lookups.posted.xlsx"));
    expect((await s.client.documents("tax-invoices").get(Number(row.recordId))).contactId).toBe(contactId);
    expect((await s.client.contacts.list({ pageSize: 200 })).total).toBe(before);
  });
});

describe("undo of contacts", () => {
  it("deletes the contacts the last post created, keeps one edited since and the one it found, refuses entries changed by hand and another company", async () => {
    const book = await writeBook(join(s.dir, "undo-contacts.xlsx"), [
      ["Name", "Type", "Tax id", "Branch"],
      ["Undo One Co.", "customer", null, null],
      ["Undo Two Co.", "supplier", null, null],
      ["ACME Trading", "customer", "0105550000007", "00000"],
      ["Undo Three Co.", "customer", null, null],
    ], "Contacts");
    const out = join(s.dir, "undo-contacts.posted.xlsx");
    expect((await docsheet(["post", book, "--family", "contacts", ...conn()])).stdout).toContain("3 created, 0 found from an earlier run, 1 already on the service");
    const [one, two, acme, three] = (await sheetRows(out)).map((r) => Number(r.recordId));
    // A quotation made for the third since: deleting the contact would leave it without one.
    const quote = await s.client.documents("quotations").create(simpleDoc("2026-03-02", "Undo Three Co.", 100, "exclusive", { contactId: three }));
    // Edited on the service after the post: not the post's copy any more.
    await s.client.contacts.update(two, { contactName: "Undo Two Co.", contactType: 5, contactGroup: 3, contactMobile: "02-000-0000" });
    // Entries typed by hand: the found contact named as created, and a sealed entry moved to its id.
    const wb = await XlsxWorkbook.load(out);
    const record = JSON.parse((await wb.loadRecord("docsheet.post.last.contacts"))!) as { documents: Json[] };
    record.documents.push({ ...record.documents[0], key: "forged", recordId: acme }, { key: "typed", rows: [3], recordId: acme, serial: "ACME", created: true, fingerprint: "b1.0" });
    await wb.saveRecord("docsheet.post.last.contacts", JSON.stringify(record));
    await wb.save(out);

    const other = await docsheet(["undo", out, "--family", "contacts", "--base-url", s.service.root, ...s.otherAuth]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("Demo Co., Ltd.");

    const dry = await docsheet(["undo", out, "--family", "contacts", "--dry-run", ...conn()]);
    expect(dry.stdout).toContain("Would delete Undo One Co.");
    const dryTh = await docsheet(["undo", out, "--family", "contacts", "--dry-run", "--lang", "th", ...conn()]);
    expect(dryTh.stdout).toContain(`ไม่ได้ย้อนกลับ: Undo Three Co. ถูกใช้โดย ${quote.documentSerial}`);
    await s.client.contacts.get(one);

    const undo = await docsheet(["undo", out, "--family", "contacts", "--in-place", ...conn()]);
    expect(undo.code).toBe(1);
    expect(undo.stdout).toContain("Undone: Undo One Co. deleted");
    expect(undo.stdout).toContain("Not undone: Undo Two Co. was edited after the post");
    expect(undo.stdout).toContain("Not undone: Undo One Co.: this post's record of it was changed by hand");
    expect(undo.stdout).toContain("Not undone: ACME: this post's record of it was changed by hand");
    expect(undo.stdout).toContain(`Not undone: Undo Three Co. is used by ${quote.documentSerial}`);
    await expect(s.client.contacts.get(one)).rejects.toThrow();
    await s.client.contacts.get(three);
    await s.client.contacts.get(two);
    await s.client.contacts.get(acme);
    const rows = await sheetRows(out);
    expect(rows.map((r) => [r.recordId ?? null, r.result])).toEqual([
      [null, "Undone: Undo One Co. deleted"], [two, "Not undone: Undo Two Co. was edited after the post"], [acme, expect.stringMatching(/^found on the service, not created again/)],
      [three, `Not undone: Undo Three Co. is used by ${quote.documentSerial}`],
    ]);
  });
});

describe("products", () => {
  const header = ["Product code", "Product name", "Type", "Description", "Unit", "Sell price", "Buy price", "VAT", "Sales account", "Purchase account"];
  const rows = [
    header,
    ["P0001", "Consulting hour", "Service", null, "hour", 1500, 0, "VAT exclusive", "41210", null],
    ["P-NEW-1", "Toner cartridge", "สินค้า", "Black toner", "ชิ้น", 1290.5, 900, "รวมภาษี", "41111", "51111.02"],
    ["P-NEW-2", "Export service", "บริการ", null, "job", 5000, null, null, null, null],
  ];

  it("finds an existing code, creates the new one, refuses a product that does not say its VAT; a second post creates nothing; update sends edits", async () => {
    const before = (await s.client.products.list({ pageSize: 200 })).total;
    const book = await writeBook(join(s.dir, "products.xlsx"), rows, "Products");
    const post = await docsheet(["post", book, "--family", "products", ...conn()]);
    expect(post.stdout).toContain("1 created, 0 found from an earlier run, 1 already on the service, 0 already posted, 1 not sent");
    expect(post.stdout).toContain("Products!H4 [vatType] Say the product's VAT");
    const out = join(s.dir, "products.posted.xlsx");
    const posted = await sheetRows(out);
    const created = (await s.client.products.get(Number(posted[1].recordId))) as unknown as Json;
    expect(created).toMatchObject({ code: "P-NEW-1", type: 3, sellPrice: 1290.5, buyPrice: 900, sellVatType: 1, unitName: "ชิ้น" });
    // Its accounts are where the service keeps them: the product master's settings, by account id.
    const chart = new Map((await s.client.chartOfAccounts.list()).map((a) => [String((a as Json).code), Number((a as Json).chartOfAccountId ?? (a as Json).id)]));
    expect(await s.client.productMasters.get(Number(posted[1].recordId))).toMatchObject({
      sellSettings: { vatType: 1, chartOfAccountId: chart.get("41111") }, buySettings: { chartOfAccountId: chart.get("51111.02") },
    });
    expect((await s.client.products.list({ pageSize: 200 })).total).toBe(before + 1);

    const again = await docsheet(["post", book, "--family", "products", "--out", join(s.dir, "products.again.xlsx"), ...conn()]);
    expect(again.stdout).toContain("0 created, 0 found from an earlier run, 2 already on the service");

    await editCells(out, [[1, "Sell price", 1350], [1, "Sales account", "41210 Service revenue"]]);
    // Previewed in the run's language, each value as a pulled sheet shows it (an account by its code).
    const dry = await docsheet(["update", out, "--family", "products", "--dry-run", "--lang", "th", ...conn()]);
    expect(dry.stdout).toContain(["แถว 3: จะแก้ไข: ราคาขาย, บัญชีขาย", "  ราคาขาย: 1290.5 → 1350", "  บัญชีขาย: 41111 → 41210", ""].join("\n"));
    // A field the service keeps beside a column (a product's structure, sent from its type) is named by that column.
    expect(dry.stdout).not.toMatch(/productStructureType|sellVatType|buyVatType/);
    const update = await docsheet(["update", out, "--family", "products", "--in-place", ...conn()]);
    expect(update.stdout).toContain("updated: Sell price, Sales account");
    expect(((await s.client.products.get(Number(posted[1].recordId))) as unknown as Json).sellPrice).toBe(1350);
    expect(await s.client.productMasters.get(Number(posted[1].recordId))).toMatchObject({ sellSettings: { chartOfAccountId: chart.get("41210") } });
    // Edited since the post: undo leaves it; the product it found was never the post's.
    const undo = await docsheet(["undo", out, "--family", "products", "--dry-run", ...conn()]);
    expect(undo.stdout).toContain("Not undone: P-NEW-1 was edited after the post");
    expect(undo.stdout).not.toContain("P0001");

    const pulled = join(s.dir, "products.pulled.xlsx");
    const pull = await docsheet(["pull", "products", "--out", pulled, ...conn()]);
    expect(pull.code).toBe(0);
    expect(pull.stdout).toMatch(/^pulled \d+ products into sheet "Products" \(\d+ rows\)/);
    const lines = await sheetRows(pulled);
    expect(lines.find((r) => r.Code === "P-NEW-1")).toMatchObject({
      Name: "Toner cartridge", Type: "Product", VAT: "VAT inclusive", "Sell price": 1350, "Sales account": "41210", "Purchase account": "51111.02",
    });
    // Updated from the pulled sheet, then renamed on the service from a copy of it: the update wrote
    // the pull's fingerprint, its accounts as the master has them, so refresh takes the new name as
    // the service's and finds nothing edited in the sheet (its accounts among it).
    const at = lines.findIndex((r) => r.Code === "P-NEW-1");
    await editCells(pulled, [[at, "Sell price", 1400]]);
    const sent = await docsheet(["update", pulled, "--family", "products", "--in-place", ...conn()]);
    expect({ code: sent.code, row: (await sheetRows(pulled))[at].result }).toEqual({ code: 0, row: "updated: Sell price" });
    const copy = join(s.dir, "products.pulled-copy.xlsx");
    await writeFile(copy, await readFile(pulled));
    await editCells(copy, [[at, "Name", "Toner cartridge XL"]]);
    expect((await docsheet(["update", copy, "--family", "products", "--in-place", ...conn()])).stdout).toContain("updated: Name");
    const refresh = await docsheet(["refresh", pulled, ...conn()]);
    expect({ code: refresh.code, said: refresh.stdout, row: (await sheetRows(pulled))[at].result })
      .toEqual({ code: 0, said: expect.stringContaining(" 0 edited in the sheet"), row: "refreshed: Name" });
  });

  it("sends contacts and products under the names the 2020 description gives them (accounts through the product master)", async () => {
    const rec = recordingFetch(s.service.root);
    const client = createClient({ root: s.service.root, ...s.demo, fetch: rec.fetch });
    const products = XlsxWorkbook.empty();
    await products.addTableSheet("Products", header.map((h) => ({ header: h, kind: "text" as const })), [
      ["P-BODY-1", "Audit", "Service", "Year-end audit", "job", "50000", "20000", "VAT exclusive", "41210", "51111.02"],
      ["P-BODY-2", "Paper", "Inventory", null, "ream", "135", "110", "VAT exclusive", null, null],
      ["P-BODY-3", "Support", "Service", null, "hour", "800", null, "Exempt", null, null],
    ]);
    expect((await postJob(products, client, { family: "products" })).counts.created).toBe(3);
    const contacts = XlsxWorkbook.empty();
    await contacts.addTableSheet("Contacts", ["Name", "Type", "Tax id", "Branch", "Address", "Zip code", "Email", "Phone", "Credit days"].map((h) => ({ header: h, kind: "text" as const })), [
      ["Body Check Co.", "supplier", "0105557000011", "00001", "1 Road", "10110", "a@b.co", "02-000-0000", "30"],
    ]);
    expect((await postJob(contacts, client, { family: "contacts" })).counts.created).toBe(1);
    const sent = rec.requests.filter((r) => r.method !== "GET" && r.path !== "/token");
    expect(sent.map((r) => `${r.method} ${r.path}`).sort()).toEqual(["POST /contacts", "POST /product-masters", "POST /products", "POST /products"]);
    expect(sent.flatMap((r) => [...checkRequest(r), ...unknownFields(r)])).toEqual([]);
    // The checker sees a field the description lacks.
    expect(unknownFields({ method: "POST", path: "/products", contentType: "application/json", body: { productStructureType: "ProductService", type: 1, name: "x", sellChartOfAccountCode: "41111" } }))
      .toEqual(["POST /products: body.sellChartOfAccountCode: not a field of ProductService"]);
    expect(sent.find((r) => r.path === "/product-masters")!.body).toMatchObject({
      code: "P-BODY-1", sellSettings: { vatType: 3, description: "Year-end audit", chartOfAccountId: expect.any(Number) }, buySettings: { chartOfAccountId: expect.any(Number) },
      productLists: [{ unitName: "job", sellPrice: 50000, buyPrice: 20000, isMainProduct: true }],
    });
  });
});
