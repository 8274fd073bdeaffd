// `docsheet undo` end to end: a real .xlsx posted by the command's main (runner.js; "nothing to undo" through the real bin), the record of the post kept in the
// file, a dry run that changes nothing, the undo itself, and a post again of the same file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cliRunner, runCli } from "./run";
import { cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("undo");
const docsheet = cliRunner();

const ROWS = [
  ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"],
  ["CU-1", "Undo Cli Customer", "2026-03-03", true, "Widget", 2, 100],
  ["CU-2", "Undo Cli Customer", "2026-03-03", true, "Gadget", 1, 250],
];

describe("docsheet undo", () => {
  it("a dry run changes nothing; the undo voids what the post created and clears the rows; a post again creates new documents", async () => {
    const path = await writeBook(join(s.dir, "book.xlsx"), ROWS);
    const conn = ["--family", "tax-invoices", "--base-url", s.service.root, ...s.auth];
    expect((await docsheet(["post", path, ...conn, "--in-place"])).code).toBe(0);
    const posted = await sheetRows(path);
    const ids = posted.map((r) => r.recordId as number);
    const serials = posted.map((r) => r.documentSerial as string);
    const bytes = readFileSync(path);

    const dry = await docsheet(["undo", path, ...conn, "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`CU-1 (row 2): Would void ${serials[0]}; would delete contact Undo Cli Customer\n`);
    expect(dry.stdout).toMatch(/^Contacts the service created for this post: would delete contact Undo Cli Customer$/m);
    expect(dry.stdout).toMatch(/dry run: would delete 0, would void 2, .* nothing changed/);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    for (const id of ids) expect((await s.client.documents("tax-invoices").get(id)).statusString).toBe("awaiting");

    // Written into WORKBOOK.undone.xlsx beside the workbook (the workbook itself only with --in-place).
    const undo = await docsheet(["undo", path, ...conn, "--lang", "th"]);
    expect(undo.stderr).toBe("");
    expect(undo.code).toBe(0);
    const undone = join(s.dir, "book.undone.xlsx");
    expect(undo.stdout).toContain(`CU-2 (แถว 3): ย้อนกลับแล้ว: ยกเลิก ${serials[1]} แล้ว\n`);
    // The contact the service made for the post, deleted once both invoices are void.
    expect(undo.stdout).toContain(`CU-1 (แถว 2): ย้อนกลับแล้ว: ยกเลิก ${serials[0]} แล้ว; ลบผู้ติดต่อ Undo Cli Customer แล้ว\n`);
    expect(undo.stdout).toContain("ผู้ติดต่อที่บริการสร้างให้การส่งครั้งนี้: ลบผู้ติดต่อ Undo Cli Customer แล้ว\n");
    expect(undo.stdout).toContain(`ย้อนกลับ: ลบ 0, ยกเลิก 2, ถูกลบหรือยกเลิกไปก่อนแล้ว 0, ไม่ได้ย้อนกลับ 0, ไม่สำเร็จ 0; เขียน ${undone} แล้ว`);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    const rows = await sheetRows(undone);
    expect(rows.map((r) => [r.recordId ?? null, r.documentSerial ?? null, r.result])).toEqual([
      [null, null, `ย้อนกลับแล้ว: ยกเลิก ${serials[0]} แล้ว; ลบผู้ติดต่อ Undo Cli Customer แล้ว`],
      [null, null, `ย้อนกลับแล้ว: ยกเลิก ${serials[1]} แล้ว`],
    ]);
    for (const id of ids) expect((await s.client.documents("tax-invoices").get(id)).statusString).toBe("void");

    const nothing = await runCli(["undo", undone, ...conn]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toBe("docsheet: Nothing to undo: this workbook records no tax invoice post\n");

    const again = await docsheet(["post", undone, ...conn, "--in-place"]);
    expect(again.stdout).toMatch(/2 created, 0 found from an earlier run/);
    const reposted = await sheetRows(undone);
    expect(reposted.every((r) => typeof r.recordId === "number" && !ids.includes(r.recordId as number))).toBe(true);
  });
});
