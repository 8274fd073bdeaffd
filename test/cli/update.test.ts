// `docsheet update` end to end: a real .xlsx posted and corrected, then updated by the command's main
// (runner.js; the conflicting update through the real bin) against the real local service: --dry-run prints the preview and changes
// nothing, the run sends the changed document only and writes the outcome into the rows, a
// document changed on the service in between is not sent, and the preview speaks Thai with --lang th.
import { existsSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { cliRunner, runCli } from "./run";
import { cliSession, editCells, sheetRows, writeBook } from "./session";
import { asUpdate } from "../helpers/wire-bodies";

jest.setTimeout(240_000);

const s = cliSession("update");
const docsheet = cliRunner();
const connection = (): string[] => ["--base-url", s.service.root, ...s.auth];

/** Sets the cell under `header` in data row `row` (0-based) of the first sheet. */
const edit = (path: string, row: number, header: string, value: ExcelJS.CellValue): Promise<void> => editCells(path, [[row, header, value]]);

describe("docsheet update", () => {
  it("previews with --dry-run, then sends only the changed document and writes the outcome", async () => {
    const rows: unknown[][] = [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"]];
    for (const k of ["a", "b"]) rows.push([k, `CLI update ${k} Co`, "2026-03-01", true, "Pen", 3, 100], [k, null, null, null, "Ink", 2, 12.5]);
    const path = await writeBook(join(s.dir, "update.xlsx"), rows);
    const post = await docsheet(["post", path, "--family", "quotations", ...connection(), "--in-place"]);
    expect(post.code).toBe(0);
    await edit(path, 1, "Unit price", 20);

    const dry = await docsheet(["update", path, "--family", "quotations", ...connection(), "--dry-run"]);
    expect(dry.stdout).toBe([
      "a (row 2): to update: Line 2 unit price, Subtotal, Total after discount, VAT amount, Grand total",
      "  Line 2 unit price: 12.50 → 20.00",
      "  Subtotal: 325.00 → 340.00",
      "  Total after discount: 325.00 → 340.00",
      "  VAT amount: 22.75 → 23.80",
      "  Grand total: 347.75 → 363.80",
      "dry run: 1 to update, 1 unchanged, 0 changed on the service, 0 refused, 0 not sent; nothing was sent",
      "",
    ].join("\n"));
    expect(dry.code).toBe(0);
    const written = join(s.dir, "update.updated.xlsx");
    expect(existsSync(written)).toBe(false);
    const before = await sheetRows(path);
    expect(before[0].result).toBe("created");
    expect((await s.client.documents("quotations").get(before[0].recordId as number)).grandTotal).toBe(347.75);

    const run = await docsheet(["update", path, "--family", "quotations", ...connection()]);
    expect(run.stdout).toMatch(/^a \(row 2\): updated: Line 2 unit price, Subtotal/m);
    expect(run.stdout).toMatch(/^1 updated, 1 unchanged, 0 changed on the service, 0 refused, 0 not sent; wrote .*update\.updated\.xlsx$/m);
    expect(run.code).toBe(0);
    const after = await sheetRows(written);
    expect(after[0]).toMatchObject({ status: "awaiting approval", result: "updated: Line 2 unit price, Subtotal, Total after discount, VAT amount, Grand total" });
    expect(after[0].fingerprint).not.toBe(before[0].fingerprint);
    expect(after[2]).toMatchObject({ result: "no changes", fingerprint: before[2].fingerprint });
    expect((await s.client.documents("quotations").get(after[0].recordId as number)).grandTotal).toBe(363.8);

    // The service's copy changes under the sheet: the next correction is not sent.
    const id = after[2].recordId as number;
    const theirs = await s.client.documents("quotations").get(id);
    await s.client.documents("quotations").update(id, asUpdate({ ...theirs, remarks: "Changed elsewhere", documentStructureType: "UpdateSimpleDocument" }));
    await edit(written, 2, "Qty", 9);
    const conflict = await runCli(["update", written, "--family", "quotations", ...connection(), "--lang", "th", "--in-place"]);
    expect(conflict.stdout).toContain("b (แถว 4): ไม่ได้ส่ง: เอกสารบนระบบถูกแก้ไขหลังจากที่ชีตเห็นครั้งล่าสุด (หมายเหตุ) ดึงข้อมูลใหม่เพื่อดูฉบับบนระบบ");
    expect(conflict.stdout).toContain("  จำนวนของรายการที่ 1: 3 → 9");
    expect(conflict.stdout).toMatch(/^แก้ไข 0, ไม่เปลี่ยน 1, ถูกแก้บนระบบ 1, ปฏิเสธ 0, ไม่ได้ส่ง 0; เขียน .* แล้ว$/m);
    expect(conflict.code).toBe(1);
    expect((await s.client.documents("quotations").get(id)).remarks).toBe("Changed elsewhere");
  });
});
