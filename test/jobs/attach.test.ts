// The act job's attach action (shared by the pane and the CLI) on the in-memory grid against the
// real local service: a real PNG lands on the document, a file whose bytes do not match its name
// is refused with the service's message in the row, an empty file never leaves the sheet.
import type { JsonBody } from "../../src/api";
import { actJob } from "../../src/jobs/act";
import { mimeType } from "../../src/jobs/attach";
import { postJob } from "../../src/jobs/post";
import { RULES_EN } from "../../src/sheet/i18n/en";
import { attachToRows } from "../../src/taskpane/attach";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { makePng } from "../fixtures/files/make";
import { jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

const png = new Uint8Array(makePng());

async function postedInvoices(keys: string[]): Promise<MemoryWorkbook> {
  const rows: CellValue[][] = [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"]];
  for (const k of keys) rows.push([k, `Attach ${k} Co`, "2026-03-01", true, "Pen", 1, 100]);
  const wb = new MemoryWorkbook({ S: rows });
  expect((await postJob(wb, svc.client, { family: "tax-invoices", now })).counts.created).toBe(keys.length);
  return wb;
}

const at = (wb: MemoryWorkbook, row: number, name: string): CellValue => wb.sheet("S").values[row][wb.sheet("S").values[0].indexOf(name)] ?? null;
const attachmentsOf = async (id: number) => ((await svc.client.documents("tax-invoices").get(id)) as JsonBody).attachments as JsonBody[] | undefined;

describe("act attach", () => {
  it("names the MIME type from the extension", () => {
    expect(mimeType("Scan.PNG")).toBe("image/png");
    expect(mimeType("bill.pdf")).toBe("application/pdf");
    expect(mimeType("notes")).toBe("application/octet-stream");
  });

  it("attaches a real PNG to the documents of the selected rows, and the pane's entry goes through the job", async () => {
    const wb = await postedInvoices(["a1", "a2"]);
    const out = await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "attach", file: { name: "scan.png", bytes: png } }, rows: [1], now });
    expect(out).toMatchObject({ done: 1, failed: 0 });
    expect(at(wb, 1, "result")).toBe("attached scan.png");
    expect(at(wb, 2, "result")).toBe("created");
    const first = await attachmentsOf(at(wb, 1, "recordId") as number);
    expect(first).toEqual([expect.objectContaining({ attachmentName: "scan.png", orderNumber: 1 })]);
    const download = await fetch(String(first![0].attachmentPath));
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);
    expect(await attachmentsOf(at(wb, 2, "recordId") as number)).toBeUndefined();

    const pane = await attachToRows(wb, svc.client, { family: "tax-invoices", file: { name: "second.png", bytes: png } });
    expect(pane).toEqual({ ok: 2, skipped: 0, failed: 0 });
    expect((await attachmentsOf(at(wb, 1, "recordId") as number))!.map((a) => a.attachmentName)).toEqual(["scan.png", "second.png"]);
  });

  it("a file whose content does not match its extension is refused, with the reason in the row", async () => {
    const wb = await postedInvoices(["w1"]);
    const out = await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "attach", file: { name: "bill.pdf", bytes: png } }, now });
    expect(out).toMatchObject({ done: 0, failed: 1 });
    expect(String(at(wb, 1, "result"))).toContain(RULES_EN.attachmentExtensionMismatch);
    expect(await attachmentsOf(at(wb, 1, "recordId") as number)).toBeUndefined();
  });

  it("a type the service does not take and an empty file are refused in the row", async () => {
    const wb = await postedInvoices(["t1"]);
    const exe = await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "attach", file: { name: "tool.exe", bytes: png } }, now });
    expect(exe).toMatchObject({ failed: 1 });
    expect(String(at(wb, 1, "result"))).toMatch(/tool\.exe is not allowed/);
    const empty = await actJob(wb, svc.client, { family: "tax-invoices", action: { kind: "attach", file: { name: "empty.png", bytes: new Uint8Array() } }, now });
    expect(empty).toMatchObject({ failed: 1 });
    expect(at(wb, 1, "result")).toBe("not attached: empty.png is empty");
  });
});
