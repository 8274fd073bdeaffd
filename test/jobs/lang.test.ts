// The jobs in Thai against the real local service: results and statuses written in Thai (the
// status as people say it for the family), a status change asked in Thai words, problems of a row
// in Thai, a sheet written in Thai read back and posted again, a pull in Thai.
import { actJob } from "../../src/jobs/act";
import { checkJob } from "../../src/jobs/check";
import { postJob } from "../../src/jobs/post";
import { pullJob } from "../../src/jobs/pull";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

const HEADER = ["documentKey", "ชื่อลูกค้า", "วันที่", "isVat", "ชื่อสินค้า", "รายละเอียด", "จำนวน", "ราคาต่อหน่วย", "สถานะ", "ผลลัพธ์"];

function rows(prefix: string): CellValue[][] {
  return [
    HEADER,
    [`${prefix}1`, `ลูกค้า ${prefix} 1`, "2026-03-01", true, "กระดาษ", "A4", 2, 100, null, null],
    [`${prefix}2`, `ลูกค้า ${prefix} 2`, "2026-03-01", true, "หมึก", "ดำ", 1, 50, null, null],
  ];
}

const col = (wb: MemoryWorkbook, name: string): number => wb.sheet("S").values[0].indexOf(name);
const cell = (wb: MemoryWorkbook, row: number, name: string): CellValue => wb.sheet("S").values[row][col(wb, name)];

describe("jobs in Thai", () => {
  it("post writes Thai results and the tax invoice's status as people say it; act takes Thai status words", async () => {
    const wb = new MemoryWorkbook({ S: rows("th") });
    const posted = await postJob(wb, svc.client, { family: "tax-invoices", now, lang: "th" });
    expect(posted.counts.created).toBe(2);
    expect(posted.results.map((r) => r.message)).toEqual(["สร้างแล้ว", "สร้างแล้ว"]);
    expect([cell(wb, 1, "ผลลัพธ์"), cell(wb, 1, "สถานะ")]).toEqual(["สร้างแล้ว", "รอดำเนินการ"]);

    // The row says where to go, in Thai: "awaiting payment" is the service's invoicedelivered.
    wb.sheet("S").values[1][col(wb, "สถานะ")] = "รอเก็บเงิน";
    const acted = await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "status" }, rows: [1], now, lang: "th" });
    expect(acted).toMatchObject({ done: 1, failed: 0 });
    expect([cell(wb, 1, "สถานะ"), cell(wb, 1, "ผลลัพธ์")]).toEqual(["รอเก็บเงิน", "เปลี่ยนสถานะเป็น รอเก็บเงิน แล้ว"]);
    const doc = await svc.client.documents("tax-invoices").get(cell(wb, 1, "recordId") as number);
    expect(doc.statusString).toBe("invoicedelivered");

    // A word the family does not take is refused in Thai, naming the family's words.
    const refused = await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "status", statusId: "อนุมัติแล้ว" }, rows: [2], now, lang: "th" });
    expect(refused.failed).toBe(1);
    expect(cell(wb, 2, "ผลลัพธ์")).toBe('ตั้งสถานะ "อนุมัติแล้ว" ให้ใบกำกับภาษีไม่ได้ ใช้สถานะใดสถานะหนึ่งต่อไปนี้: รอดำเนินการ, รอเก็บเงิน, ยกเลิกแล้ว');

    // The sheet as written (Thai statuses) checks clean and is posted again without duplicates.
    expect((await checkJob(wb, { family: "tax-invoices", now })).findings).toEqual([]);
    const again = await postJob(wb, svc.client, { family: "tax-invoices", now, lang: "th" });
    expect(again.counts).toMatchObject({ created: 0, skipped: 2 });
  });

  it("a row with problems is not sent and says why in Thai, the spec's text kept", async () => {
    const sheet = rows("bad");
    sheet[1][6] = "สอง";
    const wb = new MemoryWorkbook({ S: sheet });
    const posted = await postJob(wb, svc.client, { family: "quotations", now, lang: "th" });
    expect(posted.counts.invalid).toBe(1);
    expect(cell(wb, 1, "ผลลัพธ์")).toBe('ไม่ได้ส่ง: G2: "สอง" ไม่ใช่ตัวเลข');
    expect(cell(wb, 2, "ผลลัพธ์")).toBe("สร้างแล้ว");
    expect(cell(wb, 2, "สถานะ")).toBe("รออนุมัติ");
  });

  it("pull names the sheet and writes statuses in Thai", async () => {
    const wb = new MemoryWorkbook({ S: rows("pull") });
    await postJob(wb, svc.client, { family: "billing-notes", now });
    expect(cell(wb, 1, "สถานะ")).toBe("awaiting billing");
    const pulled = await pullJob(wb, svc.client, { family: "billing-notes", lang: "th" });
    expect(pulled.sheet).toBe("ใบวางบิล");
    const table = wb.sheet("ใบวางบิล").values;
    const status = table[0].findIndex((h) => ["status", "Status", "สถานะ"].includes(String(h)));
    expect(new Set(table.slice(1).map((r) => r[status]))).toEqual(new Set(["รอวางบิล"]));
  });
});
