// Payments as Thai customers pay, through the jobs on the memory grid against the real local
// service: the tax the payer withheld and the deductions, from the row's payment columns or from
// the action's values, settled against the service's amount before anything is sent; a payment
// that does not settle is refused with the message at its cell (or option), in English and Thai.
import { actJob } from "../../src/jobs/act";
import { checkJob } from "../../src/jobs/check";
import { postJob } from "../../src/jobs/post";
import { translate } from "../../src/sheet/i18n/translate";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { cell, col, jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

const HEADER = ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"];
/** 10 × 100 with 7 % VAT: 1,000.00 before VAT, 1,070.00 due; 3 % withheld is 30.00. */
const row = (key: string): CellValue[] => [key, `WHT ${key} Co`, "2026-03-01", true, "Service", 10, 100];

/** Posted tax invoices, one per key, then the payment columns added at the right with each row's values. */
async function postedWith(keys: string[], columns: string[], values: CellValue[][]): Promise<MemoryWorkbook> {
  const wb = new MemoryWorkbook({ S: [HEADER, ...keys.map(row)] });
  expect((await postJob(wb, svc.client, { family: "tax-invoices", now })).counts.created).toBe(keys.length);
  const s = wb.sheet("S").values;
  const width = s[0].length;
  columns.forEach((name, i) => {
    s[0][width + i] = name;
    keys.forEach((_, r) => (s[r + 1][width + i] = values[r]?.[i] ?? null));
  });
  return wb;
}

const onService = (wb: MemoryWorkbook, r: number) => svc.client.documents("tax-invoices").get(cell(wb, r, "recordId") as number);

describe("a payment with withholding tax", () => {
  it("from the row's columns: the rate gives the amount withheld and the amount collected; parts that do not settle are refused at their cell", async () => {
    const wb = await postedWith(["r1", "r2", "r3"], ["Payment method", "Withheld %", "Collected"], [["cash", 3, null], ["cash", 3, 1070], ["cash", 3, 1040]]);
    const out = await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "payment" }, now });
    expect(out).toMatchObject({ done: 2, failed: 1 });
    expect(cell(wb, 1, "result")).toBe("paid 1040, tax withheld 30");
    expect((await onService(wb, 1)).payments).toMatchObject({ paymentMethod: 1, collected: 1040, withheldPercentage: 3, withheldAmount: 30 });
    // Row 3 forgot the withholding in its Collected: the message names the Collected cell.
    const at = `${String.fromCharCode(65 + col(wb, "Collected"))}3`;
    expect(cell(wb, 2, "result")).toBe(`no payment: ${at}: The amount collected 1,070.00, the tax withheld 30.00 and the deductions 0.00 come to 1,100.00, not the amount due 1,070.00`);
    expect((await onService(wb, 2)).statusString).toBe("awaiting");
    expect((await onService(wb, 3)).payments).toMatchObject({ collected: 1040, withheldAmount: 30 });
  });

  it("from the action's values (the CLI's options): named by the option when they do not settle, in Thai too", async () => {
    const wb = await postedWith(["o1", "o2"], [], []);
    const origins = { collected: "--collected", withheldPercentage: "--withheld-percentage" };
    const refused = await actJob(wb, svc.client, {
      family: "tax-invoices", rows: [1], lang: "th", now,
      action: { kind: "payment", paymentMethod: 1, fields: { withheldPercentage: 3, collected: 1070 }, origins },
    });
    expect(refused).toMatchObject({ done: 0, failed: 1 });
    expect(cell(wb, 1, "result")).toMatch(/--collected: ยอดรับชำระ 1,070\.00 ภาษีที่ถูกหัก ณ ที่จ่าย 30\.00 .* ไม่เท่ากับยอดที่ต้องชำระ 1,070\.00$/);
    const paid = await actJob(wb, svc.client, {
      family: "tax-invoices", now,
      action: { kind: "payment", paymentMethod: 1, fields: { withheldPercentage: 1, paymentDeductionType: 7, paymentDeductionAmount: 0.5 }, origins },
    });
    expect(paid).toMatchObject({ done: 2, failed: 0 });
    // 1 % of 1,000.00 withheld, 0.50 rounded off: 1,059.50 collected.
    for (const r of [1, 2]) {
      expect((await onService(wb, r)).payments).toMatchObject({ collected: 1059.5, withheldPercentage: 1, withheldAmount: 10, paymentDeductionType: 7, paymentDeductionAmount: 0.5 });
    }
  });

  it("post with payment: the row's withholding settles the paid document; Check pins a payment that does not settle to its cell", async () => {
    const wb = new MemoryWorkbook({ S: [
      [...HEADER, "Payment method", "Withheld %", "Collected"],
      [...row("p1"), "cash", 3, null],
      [...row("p2"), "cash", 3, 1070],
    ] });
    const check = await checkJob(wb, { family: "tax-invoices", now });
    const errors = check.findings.filter((f) => f.severity === "error");
    expect(errors.map((f) => [f.cell, translate(f.message, "en")])).toEqual([
      ["J3", "The amount collected 1,070.00, the tax withheld 30.00 and the deductions 0.00 come to 1,100.00, not the amount due 1,070.00"],
    ]);
    expect(translate(errors[0].message, "th")).toBe("ยอดรับชำระ 1,070.00 ภาษีที่ถูกหัก ณ ที่จ่าย 30.00 และยอดหัก 0.00 รวมเป็น 1,100.00 ไม่เท่ากับยอดที่ต้องชำระ 1,070.00");
    const post = await postJob(wb, svc.client, { family: "tax-invoices", now });
    expect(post.counts.created).toBe(1);
    const paid = await onService(wb, 1);
    expect(paid).toMatchObject({ statusString: "paid", payments: expect.objectContaining({ collected: 1040, withheldPercentage: 3, withheldAmount: 30 }) });
    expect(cell(wb, 2, "recordId")).toBeNull();
  });
});

describe("a document partly paid by a receipt", () => {
  it("the rest is refused at the row before anything is sent, in English and Thai: the service takes it on a receipt only", async () => {
    const wb = await postedWith(["q1"], [], []);
    const id = cell(wb, 1, "recordId") as number;
    const part = new MemoryWorkbook({ P: [["documentKey", "publishedOn", "item.documentId", "item.partialAmount"], ["pq1", "2026-03-05", id, 70]] });
    expect((await postJob(part, svc.client, { family: "receipts", now })).counts.created).toBe(1);
    const receipt = String(part.sheet("P").values[1][part.sheet("P").values[0].indexOf("documentSerial")]);
    for (const lang of ["en", "th"] as const) {
      const out = await actJob(wb, svc.client, { family: "tax-invoices", lang, now, action: { kind: "payment", paymentMethod: 1, fields: { collected: 1000 } } });
      expect(out).toMatchObject({ done: 0, failed: 1 });
      expect(String(cell(wb, 1, "result"))).toContain(lang === "en" ? `Receipts ${receipt} were made from this document: collect the 1,000.00 still due with a receipt` : `มีใบเสร็จรับเงิน ${receipt} ออกจากเอกสารนี้แล้ว`);
    }
    expect((await onService(wb, 1)).payments).toBeFalsy();
    // What the job spared the accountant: the service's own refusal.
    await expect(svc.client.documents("tax-invoices").pay(id, { paymentMethod: 1, paymentDate: "2026-03-06", collected: 1000 } as never)).rejects.toThrow(/partial receipts/);
  });
});
