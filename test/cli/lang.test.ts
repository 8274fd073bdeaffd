// `docsheet check --lang th` on a real .xlsx through the command's main (runner.js): every finding in Thai, fields by
// their Thai labels, the spec's exact text kept beside the translation; --json keeps its shape
// and the column's key as field. A Thai run that cannot reach the service says so in Thai.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
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
    expect(at("E2")).toContain("ต้องระบุคำอธิบายรายการ (Item requires Description)");
    expect(at("F2")).toContain('"สอง" ไม่ใช่ตัวเลข');
    expect(at("K2")).toContain('ไม่รู้จักสถานะ "เสร็จแล้ว"');
    expect(at("K2")).toContain("รอดำเนินการ");
    expect(at("B3")).toContain("ต้องระบุชื่อลูกค้า");
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
      sheet: "ค่าใช้จ่าย", cell: "E2", field: "item.description", message: "ต้องระบุคำอธิบายรายการ (Item requires Description)",
    });
  });

  it("English names fields by their labels and keeps the spec's text; a bad --lang is a usage error", async () => {
    const path = await book();
    const en = await docsheet(["check", path, "--family", "expenses", "--json"]);
    const e2 = (JSON.parse(en.stdout) as { cell: string; message: string }[]).find((f) => f.cell === "E2");
    expect(e2?.message).toBe("Each line needs a description (Item requires Description)");
    const bad = await docsheet(["check", path, "--family", "expenses", "--lang", "fr"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--lang must be en or th");
  });
});

describe("a run that cannot reach the service", () => {
  /** The connection options of a service root on a port nothing listens on. */
  async function nowhere(): Promise<string[]> {
    return ["--base-url", `http://127.0.0.1:${await freePort()}/test`, "--client-id", "demo", "--client-secret", "demo"];
  }

  it("starts its error in Thai with --lang th, after docsheet: ", async () => {
    const template = await docsheet(["template", "quotations", "--out", join(dir, "t-th.xlsx"), "--lang", "th", ...(await nowhere())]);
    expect(template.code).toBe(2);
    expect(template.stderr).toMatch(/^docsheet: อ่านรายการให้เลือกไม่ได้: /);
    const pull = await docsheet(["pull", "quotations", "--out", join(dir, "p-th.xlsx"), "--lang", "th", ...(await nowhere())]);
    expect(pull.code).toBe(2);
    // What failed, in Thai too, with the root it tried.
    expect(pull.stderr).toMatch(/^docsheet: ดึงเอกสารไม่ได้: ติดต่อบริการไม่ได้ \(http:\/\/127\.0\.0\.1:\d+\/test: token: network failure \(ECONNREFUSED\)/);
    const report = await docsheet(["report", "vat", "--month", "2026-01", "--out", join(dir, "r-th.xlsx"), "--lang", "th", ...(await nowhere())]);
    expect(report.code).toBe(2);
    expect(report.stderr).toMatch(/^docsheet: อ่านเอกสารไม่ได้: /);
  });

  it("keeps the English words without --lang", async () => {
    const template = await docsheet(["template", "quotations", "--out", join(dir, "t-en.xlsx"), ...(await nowhere())]);
    expect(template.stderr).toMatch(/^docsheet: cannot read the lookup lists: /);
    const pull = await docsheet(["pull", "quotations", "--out", join(dir, "p-en.xlsx"), ...(await nowhere())]);
    expect(pull.stderr).toMatch(/^docsheet: cannot pull: the service could not be reached \(http:\/\/127\.0\.0\.1:\d+\/test: token: network failure \(ECONNREFUSED\)/);
  });
});
