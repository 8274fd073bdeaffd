// The act job's pdf, email and share actions on the in-memory grid against the real local service
// (child process): the PDF handed to `save` is a real PDF of the row's document, the e-mail lands
// in the service's sandbox outbox with its PDF, the share link opens without a token; what the
// pane shows is written into the rows.
import { actJob, type Action } from "../../src/jobs/act";
import { postJob } from "../../src/jobs/post";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { pdfText } from "../service/pdf-readback";
import { jobsService, now, col, cell } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

interface OutboxMessage {
  documentId: number | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; base64: string }>;
}

/** Posted two-line tax invoices, one per key, the contact's e-mail (or none) in an Email column. */
async function postedInvoices(docs: Array<[key: string, email: string | null]>): Promise<MemoryWorkbook> {
  const rows: CellValue[][] = [["documentKey", "Customer", "Email", "Date", "isVat", "Item", "Qty", "Unit price"]];
  for (const [k, email] of docs) rows.push([k, `Files ${k} Co`, email, "2026-03-01", true, "Pen", 3, 100], [k, null, null, null, null, "Ink", 2, 12.5]);
  const wb = new MemoryWorkbook({ S: rows });
  const out = await postJob(wb, svc.client, { family: "tax-invoices", now });
  expect(out.counts.created).toBe(docs.length);
  return wb;
}

const act = (wb: MemoryWorkbook, action: Action) => actJob(wb, svc.client, { family: "tax-invoices", action, now });

async function outbox(): Promise<{ total: number; list: OutboxMessage[] }> {
  return (await svc.client.outbox({ pageSize: 200 })) as { total: number; list: OutboxMessage[] };
}

describe("act pdf", () => {
  it("hands save one real PDF per document, named by its serial, and writes where it went into its rows", async () => {
    const wb = await postedInvoices([["p1", null], ["p2", null]]);
    const saved = new Map<string, Buffer>();
    const out = await act(wb, {
      kind: "exportPdf", culture: "en",
      save: async (fileName, base64) => {
        saved.set(fileName, Buffer.from(base64, "base64"));
        return `saved/${fileName}`;
      },
    });
    expect(out).toMatchObject({ done: 2, failed: 0 });
    const serials = [cell(wb, 1, "documentSerial"), cell(wb, 3, "documentSerial")] as string[];
    expect([...saved.keys()].sort()).toEqual(serials.map((s) => `${s}.pdf`).sort());
    for (const [i, serial] of serials.entries()) {
      const pdf = saved.get(`${serial}.pdf`)!;
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const text = await pdfText(pdf);
      expect(text).toContain(serial);
      expect(text).toContain(`Files p${i + 1} Co`);
      for (const row of [1 + 2 * i, 2 + 2 * i]) {
        expect(cell(wb, row, "pdfFile")).toBe(`saved/${serial}.pdf`);
        expect(cell(wb, row, "result")).toBe("PDF exported");
      }
    }
  });

  it("a save that fails leaves its message in the row", async () => {
    const wb = await postedInvoices([["pf", null]]);
    const out = await act(wb, { kind: "exportPdf", save: async () => { throw new Error("disk full"); } });
    expect(out).toMatchObject({ done: 0, failed: 1 });
    expect(cell(wb, 1, "result")).toContain("disk full");
    expect(cell(wb, 1, "pdfFile")).toBeNull();
  });
});

describe("act email", () => {
  it("sends one message per document to the row's address with its PDF; a row without an address is told so and nothing is sent for it", async () => {
    const wb = await postedInvoices([["e1", "buyer1@customer.example"], ["e2", null], ["e3", "buyer3@customer.example"]]);
    const ids = [1, 3, 5].map((r) => cell(wb, r, "recordId") as number);
    const serials = [1, 3, 5].map((r) => cell(wb, r, "documentSerial") as string);
    const before = (await outbox()).total;

    const out = await act(wb, { kind: "email", fromEmail: "accounts@demo.example" });
    expect(out).toMatchObject({ done: 2, failed: 1 });
    expect(cell(wb, 1, "result")).toBe("e-mailed to buyer1@customer.example");
    expect(cell(wb, 6, "result")).toBe("e-mailed to buyer3@customer.example");
    expect(cell(wb, 3, "result")).toBe("not sent: no e-mail address (fill in the Email column)");
    expect(cell(wb, 4, "result")).toBe("not sent: no e-mail address (fill in the Email column)");

    const box = await outbox();
    expect(box.total).toBe(before + 2);
    expect(box.list.filter((m) => m.documentId === ids[1])).toEqual([]);
    for (const i of [0, 2]) {
      const mine = box.list.filter((m) => m.documentId === ids[i]);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ from: "accounts@demo.example", to: [`buyer${i + 1}@customer.example`], subject: `Tax invoice ${serials[i]}` });
      expect(mine[0].attachments).toEqual([expect.objectContaining({ filename: `${serials[i]}.pdf`, contentType: "application/pdf" })]);
      const pdf = Buffer.from(mine[0].attachments[0].base64, "base64");
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(await pdfText(pdf)).toContain(serials[i]);
    }
  });

  it("toEmail, subject and message override the row; without a sender nothing is sent", async () => {
    const wb = await postedInvoices([["o1", "row@customer.example"]]);
    const id = cell(wb, 1, "recordId") as number;
    const before = (await outbox()).total;

    const none = await act(wb, { kind: "email" });
    expect(none).toMatchObject({ done: 0, failed: 1 });
    expect(cell(wb, 1, "result")).toBe("not sent: no sender address (give the From e-mail)");
    expect((await outbox()).total).toBe(before);

    const out = await act(wb, { kind: "email", fromEmail: "accounts@demo.example", toEmail: "other@customer.example", subject: "Your invoice", message: "Thank you" });
    expect(out).toMatchObject({ done: 1, failed: 0 });
    const mine = (await outbox()).list.filter((m) => m.documentId === id);
    expect(mine).toEqual([expect.objectContaining({ to: ["other@customer.example"], subject: "Your invoice", text: "Thank you" })]);
  });

  it("an address the service refuses is reported in the row", async () => {
    const wb = await postedInvoices([["x1", "not-an-address"]]);
    const before = (await outbox()).total;
    const out = await act(wb, { kind: "email", fromEmail: "accounts@demo.example" });
    expect(out).toMatchObject({ done: 0, failed: 1 });
    expect(cell(wb, 1, "result")).toMatch(/toemail.*e-mail addresses/);
    expect((await outbox()).total).toBe(before);
  });
});

describe("act share", () => {
  it("writes a link that opens the document without a token; running again writes the same link", async () => {
    const wb = await postedInvoices([["s1", null], ["s2", null]]);
    const out = await act(wb, { kind: "share" });
    expect(out).toMatchObject({ done: 2, failed: 0 });
    const links: string[] = [];
    for (const row of [1, 3]) {
      const link = cell(wb, row, "shareLink") as string;
      expect(cell(wb, row + 1, "shareLink")).toBe(link);
      expect(cell(wb, row, "result")).toBe("share link created");
      expect(link.startsWith(`${svc.service.origin}/share/`)).toBe(true);
      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain(cell(wb, row, "documentSerial") as string);
      links.push(link);
    }
    expect(links[0]).not.toBe(links[1]);

    wb.sheet("S").values[1][col(wb, "shareLink")] = null;
    const again = await act(wb, { kind: "share" });
    expect(again).toMatchObject({ done: 2, failed: 0 });
    expect([cell(wb, 1, "shareLink"), cell(wb, 3, "shareLink")]).toEqual(links);
  });
});

describe("act email through a relay that refuses the connection", () => {
  // The service reads SMTP_URL when it starts: a service of this block's own.
  const relay = jobsService({ SMTP_URL: "smtp://127.0.0.1:1" });

  it("the service's ok false is a failed row with its reason, not 'e-mailed'", async () => {
    const wb = new MemoryWorkbook({ S: [
      ["documentKey", "Customer", "Email", "Date", "isVat", "Item", "Qty", "Unit price"],
      ["r1", "Relay Co", "buyer@customer.example", "2026-03-01", true, "Pen", 1, 100],
    ] });
    await postJob(wb, relay.client, { family: "tax-invoices", now });
    const out = await actJob(wb, relay.client, { family: "tax-invoices", action: { kind: "email", fromEmail: "accounts@demo.example" }, now });
    expect(out).toMatchObject({ done: 0, failed: 1 });
    expect(cell(wb, 1, "result")).toMatch(/^not sent: The e-mail could not be relayed: /);
  });
});
