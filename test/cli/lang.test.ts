// `docsheet check --lang th` on a real .xlsx through the command's main (runner.js): every finding in Thai, fields by
// their Thai labels, never the spec's wire names; --json keeps its shape
// and the column's key as field. A Thai run that cannot reach the service says so in Thai, and every
// usage error of a Thai run is said in Thai.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { LIST_COLUMNS } from "../../src/rules/list-order";
import { USAGE_WORDS, usageText, type UsageKey } from "../../src/cli/usage-words";
import { UsageError, dateArg, monthArg } from "../../src/cli/args";
import { words } from "../../src/cli/words";
import { freePort } from "../helpers/free-port";
import { cliRunner } from "./run";

const docsheet = cliRunner();

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-lang-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const THAI = /[\u0E00-\u0E7F]/;

/** An expense sheet with a problem of each kind: a cell that is not a number, a missing
 * customer, a date that does not exist, a line without description (the spec's message), a
 * status nobody says, and a wrong grand total. */
async function book(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("ค่าใช้จ่าย");
  ws.addRows([
    ["documentKey", "ชื่อลูกค้า", "วันที่", "ชื่อสินค้า", "รายละเอียด", "จำนวน", "ราคาต่อหน่วย", "บัญชีเครดิต", "บัญชีเดบิต", "ยอดรวมสุทธิ", "สถานะ"],
    ["1", "ร้านหนึ่ง", "2026-01-15", "กระดาษ", null, "สอง", 100, 21399, 53030, null, "เสร็จแล้ว"],
    ["2", null, "31/02/2026", "หมึก", "หมึกพิมพ์", 1, 50, 21399, 53030, 999, null],
  ]);
  const path = join(dir, "expenses.xlsx");
  await wb.xlsx.writeFile(path);
  return path;
}

describe("docsheet check --lang th", () => {
  it("prints every finding in Thai, with the spec's text kept, and a Thai summary", async () => {
    const path = await book();
    const r = await docsheet(["check", path, "--family", "expenses", "--lang", "th"]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    const findings = lines.slice(0, -1);
    expect(findings.length).toBeGreaterThanOrEqual(5);
    // Each line: sheet!cell [key] message, every message in Thai.
    for (const line of findings) expect(line).toMatch(/^ค่าใช้จ่าย![A-Z]+\d+ (\[[\w.]+\] )?/);
    for (const line of findings) expect(line.replace(/^\S+ (\[[\w.]+\] )?/, "")).toMatch(THAI);
    const at = (cell: string): string => findings.find((l) => l.startsWith(`ค่าใช้จ่าย!${cell} `)) ?? "";
    expect(at("E2")).toContain("ต้องระบุคำอธิบายรายการ");
    expect(at("E2")).not.toContain("Item requires");
    expect(at("F2")).toContain('"สอง" ไม่ใช่ตัวเลข');
    expect(at("K2")).toContain('ไม่รู้จักสถานะ "เสร็จแล้ว"');
    expect(at("K2")).toContain("รอดำเนินการ");
    expect(at("B3")).toContain("ต้องระบุชื่อผู้ขาย");
    expect(at("C3")).toContain('"31/02/2026" ไม่ใช่วันที่ที่มีอยู่จริง');
    expect(at("J3")).toMatch(/^ค่าใช้จ่าย!J3 \[grandTotal\] จำนวนเงินรวมทั้งสิ้น เป็น 999\.00 แต่คำนวณจากรายการได้ \d/);
    expect(lines[lines.length - 1]).toMatch(/^2 เอกสาร, พบ \d+ ปัญหา$/);
  });

  it("--json keeps {sheet, cell, field, message} with the key as field and the message in Thai", async () => {
    const path = await book();
    const r = await docsheet(["check", path, "--family", "expenses", "--lang", "th", "--json"]);
    expect(r.code).toBe(1);
    const findings = JSON.parse(r.stdout) as { sheet: string; cell: string; field: string; message: string }[];
    for (const f of findings) {
      expect(Object.keys(f).sort()).toEqual(["cell", "field", "message", "sheet"]);
      expect(f.message).toMatch(THAI);
    }
    expect(findings.find((f) => f.cell === "E2")).toEqual({
      sheet: "ค่าใช้จ่าย", cell: "E2", field: "item.description", message: "ต้องระบุคำอธิบายรายการ",
    });
  });

  it("English names fields by their labels, not the spec's wire names; a bad --lang is a usage error", async () => {
    const path = await book();
    const en = await docsheet(["check", path, "--family", "expenses", "--json"]);
    const e2 = (JSON.parse(en.stdout) as { cell: string; message: string }[]).find((f) => f.cell === "E2");
    expect(e2?.message).toBe("Each line needs a description");
    const bad = await docsheet(["check", path, "--family", "expenses", "--lang", "fr"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--lang must be en or th");
  });
});

describe("a run that cannot reach the service", () => {
  /** A run whose first failure is its last: these are about what it says, and four retries of a
   * refused connection waited out a backoff of about 4 s a run. */
  const unreachable = (args: string[]) => docsheet(args, { DOCSHEET_RETRIES: "0" });
  /** The connection options of a service root on a port nothing listens on. */
  async function nowhere(): Promise<string[]> {
    return ["--base-url", `http://127.0.0.1:${await freePort()}/test`, "--client-id", "demo", "--client-secret", "demo"];
  }

  it("starts its error in Thai with --lang th, after docsheet: ", async () => {
    const template = await unreachable(["template", "quotations", "--out", join(dir, "t-th.xlsx"), "--lang", "th", ...(await nowhere())]);
    expect(template.code).toBe(2);
    expect(template.stderr).toMatch(/^docsheet: อ่านรายการให้เลือกไม่ได้: /);
    const pull = await unreachable(["pull", "quotations", "--out", join(dir, "p-th.xlsx"), "--lang", "th", ...(await nowhere())]);
    expect(pull.code).toBe(2);
    // What failed, in Thai all the way, with the root it tried: no system code or English detail.
    expect(pull.stderr).toMatch(/^docsheet: ดึงเอกสารไม่ได้: ติดต่อบริการที่ http:\/\/127\.0\.0\.1:\d+\/test ไม่ได้: ไม่มีบริการรอรับการเชื่อมต่อที่นั่น\n$/);
    const report = await unreachable(["report", "vat", "--month", "2026-01", "--out", join(dir, "r-th.xlsx"), "--lang", "th", ...(await nowhere())]);
    expect(report.code).toBe(2);
    expect(report.stderr).toMatch(/^docsheet: อ่านเอกสารไม่ได้: /);
    // Contacts are not documents: what could not be done says so without calling them เอกสาร.
    const contacts = await unreachable(["pull", "contacts", "--out", join(dir, "c-th.xlsx"), "--lang", "th", ...(await nowhere())]);
    expect(contacts.stderr).toMatch(/^docsheet: ดึงข้อมูลไม่ได้: ติดต่อบริการที่ http\S+ ไม่ได้: /);
    for (const r of [template, pull, report, contacts]) expect(r.stderr).not.toMatch(/ECONN|network failure|token:/);
  });

  it("says why in the run's language where the system's words would not help: https to an http server, a port web services never use", async () => {
    // An http server asked for https: Node's ERR_SSL_WRONG_VERSION_NUMBER, said as what it likely means.
    const server = createServer((_req, res) => res.end());
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const https = `https://127.0.0.1:${(server.address() as AddressInfo).port}/test`;
      const th = await unreachable(["pull", "quotations", "--out", join(dir, "s-th.xlsx"), "--lang", "th", "--base-url", https, "--client-id", "demo", "--client-secret", "demo"]);
      expect(th.stderr).toBe(`docsheet: ดึงเอกสารไม่ได้: ติดต่อบริการที่ ${https} ไม่ได้: การเชื่อมต่อแบบปลอดภัย (https) ไม่สำเร็จ: ที่อยู่นี้อาจเป็น http หรือใบรับรองไม่น่าเชื่อถือ\n`);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
    const port9 = await unreachable(["pull", "quotations", "--out", join(dir, "b-th.xlsx"), "--lang", "th", "--base-url", "http://127.0.0.1:9/test", "--client-id", "demo", "--client-secret", "demo"]);
    expect(port9.stderr).toBe("docsheet: ดึงเอกสารไม่ได้: ติดต่อบริการที่ http://127.0.0.1:9/test ไม่ได้: พอร์ตนี้ไม่ใช้กับบริการเว็บ\n");
  });

  it("DOCSHEET_RETRIES, which the runs above set to 0, is how often a failed request is tried again", async () => {
    let asked = 0;
    const server = createServer((_req, res) => {
      asked++;
      res.writeHead(503).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/test`;
      const tries = async (retries: string): Promise<number> => {
        asked = 0;
        const r = await docsheet(["pull", "quotations", "--out", join(dir, "retries.xlsx"), "--base-url", root, "--client-id", "demo", "--client-secret", "demo"], { DOCSHEET_RETRIES: retries });
        expect(r.code).toBe(2);
        return asked;
      };
      expect([await tries("0"), await tries("1")]).toEqual([1, 2]);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it("keeps the English words without --lang", async () => {
    const template = await unreachable(["template", "quotations", "--out", join(dir, "t-en.xlsx"), ...(await nowhere())]);
    expect(template.stderr).toMatch(/^docsheet: cannot read the lookup lists: /);
    const pull = await unreachable(["pull", "quotations", "--out", join(dir, "p-en.xlsx"), ...(await nowhere())]);
    // English keeps the system's code: what someone fixing the connection searches for.
    expect(pull.stderr).toMatch(/^docsheet: cannot pull: the service could not be reached at http:\/\/127\.0\.0\.1:\d+\/test: nothing answers there \(ECONNREFUSED\)\n$/);
  });
});

describe("a Thai run's usage errors", () => {
  const C = ["--base-url", "http://127.0.0.1:9/test", "--client-id", "demo", "--client-secret", "x"];
  const [column] = LIST_COLUMNS.documents.sort;
  const [filterColumn] = Object.keys(LIST_COLUMNS.documents.filter);
  let files: Record<"book" | "notXlsx" | "notJson" | "problems" | "big" | "out" | "layoutForm" | "layoutField", string>;
  beforeAll(async () => {
    files = {
      book: await book(), notXlsx: join(dir, "notes.xlsx"), notJson: join(dir, "broken.json"), problems: join(dir, "problems.json"),
      big: join(dir, "big.json"), out: join(dir, "usage-out.xlsx"),
      layoutForm: join(dir, "layout-form.txt"), layoutField: join(dir, "layout-field.txt"),
    };
    writeFileSync(files.layoutForm, "PND9: sequence\n");
    writeFileSync(files.layoutField, "PND3: sequence|nope\n");
    writeFileSync(files.notXlsx, "not a workbook");
    writeFileSync(files.notJson, "{ columns:");
    writeFileSync(files.problems, JSON.stringify({ family: "expenses", columns: { "ชื่อลูกค้า": "nope" } }));
    writeFileSync(files.big, " ".repeat(1024 * 1024 + 1));
  });

  /** Each usage error, by key, and a command line that meets it (--lang th added after the command). */
  const cases = (): Array<[UsageKey, string[], NodeJS.ProcessEnv?]> => {
    const { book: b, out } = files;
    const act = (...rest: string[]): string[] => ["act", b, "--family", "expenses", ...C, ...rest];
    const pull = (...rest: string[]): string[] => ["pull", "quotations", ...C, "--out", out, ...rest];
    return [
      ["unknownCommand", ["frobnicate"]],
      ["unknownCommandMeant", ["chek"]],
      ["unknownOption", ["check", b, "--family", "expenses", "--bogus"]],
      ["optionNeedsValue", ["check", b, "--family"]],
      ["optionTakesNoValue", ["post", b, "--family", "expenses", ...C, "--in-place=yes"]],
      ["needsPositional", ["check", "--family", "expenses"]],
      ["required", ["check", b]],
      ["notFamily", ["check", b, "--family", "invoices"]],
      ["familyMeant", ["check", b, "--family", "ใบเสนอราคา"]],
      ["twoFamilies", ["pull", "quotations", "--family", "receipts", ...C, "--out", out]],
      ["wholeNumber", pull("--range", "x")],
      ["month", ["report", "vat", "--month", "2026-13", ...C, "--out", out]],
      ["date", pull("--start-date", "2026-02-30", "--end-date", "2026-03-01")],
      ["sortColumn", pull("--sort", "nope")],
      ["sortDirection", pull("--sort", `${column}:up`)],
      ["filterForm", pull("--filter", "nope")],
      ["filterEmpty", pull("--filter", `${filterColumn}=`)],
      ["baseUrl", ["pull", "quotations", "--base-url", "ftp://x", "--client-id", "demo", "--client-secret", "x", "--out", out]],
      ["clientSecret", ["pull", "quotations", "--base-url", "http://127.0.0.1:9/test", "--client-id", "demo", "--out", out], { DOCSHEET_CLIENT_SECRET: "" }],
      ["rowsList", act("--action", "status", "--rows", "x")],
      ["rowsRange", act("--action", "status", "--rows", "9-2")],
      ["culture", act("--action", "share", "--culture", "jp")],
      ["amount", act("--action", "payment", "--collected=-5")],
      ["signedAmount", act("--action", "payment", "--remaining-collected=1.234")],
      ["rate", act("--action", "payment", "--withheld-percentage=abc")],
      ["withholdingRate", act("--action", "payment", "--withheld-percentage=4")],
      ["upgradeTo", ["act", b, "--family", "quotations", ...C, "--action", "upgrade", "--to", "receipts"]],
      ["fileUnreadable", act("--action", "attach", "--file", join(dir, "missing.pdf"))],
      ["action", act("--action", "frob")],
      ["datesTogether", pull("--start-date", "2026-01-01")],
      ["range", pull("--range", "99")],
      ["range5", pull("--range", "5")],
      ["noFile", ["check", join(dir, "missing.xlsx"), "--family", "expenses"]],
      ["notXlsx", ["check", files.notXlsx, "--family", "expenses"]],
      ["noSheet", ["check", b, "--family", "expenses", "--sheet", "Nope"]],
      ["outInPlace", ["post", b, "--family", "expenses", ...C, "--out", out, "--in-place"]],
      ["folderMissing", ["template", "expenses", "--out", join(dir, "no-such-folder", "t.xlsx")]],
      ["notWritable", ["template", "expenses", "--out", "/proc/docsheet-template.xlsx"]],
      ["mappingFile", ["check", b, "--family", "expenses", "--mapping="]],
      ["mappingUnreadable", ["check", b, "--family", "expenses", "--mapping", join(dir, "missing.json")]],
      ["mappingNotJson", ["check", b, "--family", "expenses", "--mapping", files.notJson]],
      ["mappingProblems", ["check", b, "--family", "expenses", "--mapping", files.problems]],
      ["mappingTooLarge", ["check", b, "--family", "expenses", "--mapping", files.big]],
      ["actNotOffered", ["act", b, "--family", "withholding-taxes", "--action", "payment", ...C]],
      ["noActs", ["act", b, "--family", "contacts", "--action", "status", ...C]],
      ["notReport", ["report", "gst", "--month", "2026-03", ...C, "--out", out]],
      ["missingWht", ["report", "vat", "--missing", "--month", "2026-03", ...C, "--out", out]],
      ["rdLayoutWht", ["report", "vat", "--rd-layout", files.layoutField, "--month", "2026-03", ...C, "--out", out]],
      ["rdLayoutForm", ["report", "wht", "--rd-layout", files.layoutForm, "--month", "2026-03", ...C, "--out", out]],
      ["rdLayoutField", ["report", "wht", "--rd-layout", files.layoutField, "--month", "2026-03", ...C, "--out", out]],
    ];
  };
  /** Keys no Thai run can meet: serve (the one command without a file or family) takes no --lang;
   * the parser's other refusals are not known; a --lang that is no language is said in both (the
   * next test); a write that fails for the disk needs a full one (test/cli/post-faults.test.ts, on a
   * tmpfs). */
  const NOT_MET_IN_THAI: UsageKey[] = ["noPositional", "badArguments", "lang", "writeFailed"];

  it("says every one in Thai, by its own words, with the usage lines after it in Thai too", async () => {
    const met: UsageKey[] = [];
    const english: string[] = [];
    for (const [key, [command, ...rest], env] of cases()) {
      const r = await docsheet([command, "--lang", "th", ...rest], env);
      const first = r.stderr.split("\n")[0];
      // The key's Thai words, each value put in as anything.
      const words = USAGE_WORDS[key].th.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      // A file the run could not write is no misuse of the command: no usage lines after it.
      const usageLines = key === "folderMissing" || key === "notWritable" || /\n(วิธีใช้: docsheet |วิธีใช้:\n)/.test(r.stderr);
      const said = r.code === 2 && new RegExp(`^docsheet: ${words.join(".+")}$`).test(first) && usageLines;
      if (said) met.push(key);
      else english.push(`${key}: ${r.code} ${r.stderr}`);
    }
    expect(english).toEqual([]);
    expect([...met, ...NOT_MET_IN_THAI].sort()).toEqual(Object.keys(USAGE_WORDS).sort());
    for (const key of NOT_MET_IN_THAI) expect(usageText(key, { command: "serve", family: "x", detail: "x" }, "th")).toMatch(THAI);
  });

  it("a slip of the keyboard, or a family called by its name, is answered with the word meant", async () => {
    const first = async (args: string[]): Promise<string> => (await docsheet(args)).stderr.split("\n")[0];
    expect(await first(["pots", files.book])).toBe('docsheet: unknown command "pots"; did you mean post?');
    expect(await first(["frobnicate"])).toBe('docsheet: unknown command "frobnicate"');
    expect(await first(["check", files.book, "--family", "Tax invoice"])).toBe('docsheet: "Tax invoice" is not the word FAMILY takes: write tax-invoices');
    expect(await first(["check", files.book, "--family", "50 ทวิ", "--lang", "th"])).toBe('docsheet: "50 ทวิ" ไม่ใช่คำที่ใช้ระบุประเภท ให้เขียนว่า withholding-taxes');
    expect(await first(["check", files.book, "--family", "invoices"])).toMatch(/^docsheet: "invoices" is not a family; use one of quotations, .*, expenses, withholding-taxes, journal-entries, contacts, products$/);
  });

  it("a mapping file's problems are said in the run's language too, field names as the file writes them", async () => {
    const th = await docsheet(["check", files.book, "--family", "expenses", "--mapping", files.problems, "--lang", "th"]);
    expect(th.stderr.split("\n")[0]).toBe(`docsheet: ไฟล์ --mapping ${files.problems} ใช้ไม่ได้: คอลัมน์ "ชื่อลูกค้า": ไม่รู้จักฟิลด์ "nope"`);
    const en = await docsheet(["check", files.book, "--family", "expenses", "--mapping", files.problems]);
    expect(en.stderr.split("\n")[0]).toBe(`docsheet: --mapping ${files.problems}: column "ชื่อลูกค้า": unknown field "nope"`);
  });

  it("dates and months are read as a Thai accountant writes them, the year in either era", () => {
    // A pull of 2569-03-01 asked the service for the year 2569 and found nothing, without a word.
    expect(["2569-03-01", "01/03/2569", "1/3/2026", "2026-03-01"].map((v) => dateArg({ "start-date": v }, "start-date"))).toEqual(["2026-03-01", "2026-03-01", "2026-03-01", "2026-03-01"]);
    for (const bad of ["31/02/2569", "2026-02-30", "", "march"]) expect(() => dateArg({ "start-date": bad }, "start-date")).toThrow(UsageError);
    expect(["03/2569", "2569-03", "3/2026"].map((v) => monthArg({ month: v }))).toEqual(["2026-03", "2026-03", "2026-03"]);
  });

  it("a pull's and a template's counts are grouped as the summaries are, in both languages", () => {
    expect(words("en").pulled(1200, "Quotations", 2400, "q.xlsx")).toBe('pulled 1,200 documents into sheet "Quotations" (2,400 rows) of q.xlsx');
    expect(words("th").pulled(1200, "ใบเสนอราคา", 2400, "q.xlsx")).toBe('ดึง 1,200 เอกสารลงชีต "ใบเสนอราคา" (2,400 แถว) ใน q.xlsx แล้ว');
    const lists = { contacts: 12000, products: 1500, bankAccounts: 1, cheques: 1, creditCards: 1, pettyCash: 1, otherChannels: 1, expenseCategories: 1, accounts: 1 };
    expect(words("th").templateLists(lists)).toMatch(/^รายการให้เลือก: ผู้ติดต่อ 12,000, สินค้า 1,500, /);
  });

  it("a --lang that is not a language is said in both; an English run keeps its English", async () => {
    const bad = await docsheet(["check", files.book, "--family", "expenses", "--lang", "fr"]);
    expect(bad.stderr.split("\n")[0]).toBe("docsheet: --lang must be en or th (--lang ต้องเป็น en หรือ th)");
    const en = await docsheet(["pull", "quotations", ...C, "--out", files.out, "--range", "5"]);
    expect(en.stderr).toMatch(/^docsheet: --range 5 needs --start-date and --end-date\n\nUsage: docsheet pull /);
    expect(en.stderr).toContain("docsheet pull --help tells what each option does.");
  });
});
