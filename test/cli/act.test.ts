// `docsheet act --action upgrade|attach|pdf|email|share` end to end: real
// .xlsx files posted and acted on by the command (its main in the file's runner process, runner.js; a refused
// attach through the real bin, for its exit code) against the real local service;
// the outcome is read back from the workbook and from the service.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { JsonBody } from "../../src/api";
import { RULES_EN } from "../../src/sheet/i18n/en";
import { makePng } from "../fixtures/files/make";
import { pdfText } from "../service/pdf-readback";
import { cliRunner, runCli } from "./run";
import { cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("act");
const docsheet = cliRunner();
const connection = (): string[] => ["--base-url", s.service.root, ...s.auth];

/** A workbook of two-line documents, one per key (with the contact's e-mail when given), posted as `family` through the bin. */
async function postedBook(name: string, family: string, keys: string[], emails: Record<string, string> = {}): Promise<string> {
  const rows: unknown[][] = [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "Email"]];
  for (const k of keys) rows.push([k, `CLI act ${k} Co`, "2026-03-01", true, "Pen", 3, 100, emails[k] ?? null], [k, null, null, null, "Ink", 2, 12.5, null]);
  const path = await writeBook(join(s.dir, name), rows);
  const post = await docsheet(["post", path, "--family", family, ...connection(), "--in-place"]);
  // Tax invoices without the buyer's address print the s.86/4 warnings before the counts.
  expect(post.stdout).toMatch(new RegExp(`^${keys.length} created`, "m"));
  expect(post.code).toBe(0);
  return path;
}

describe("docsheet act --action upgrade", () => {
  it("makes the --to document from each posted row, writes it back, and a second run makes nothing", async () => {
    const path = await postedBook("upgrade.xlsx", "quotations", ["u1", "u2"]);
    const invoicesBefore = (await s.client.documents("tax-invoices").list({ pageSize: 1 })).total;

    const up = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "upgrade", "--to", "tax-invoices", "--rows", "2-3", ...connection()]);
    expect(up.stdout).toMatch(/upgrade: 1 done, 0 skipped, 0 failed; wrote /);
    expect(up.code).toBe(0);
    const rows = await sheetRows(path);
    const [first, second] = [rows[0], rows[1]];
    // The quotation's status as people say it (approvedandprocessed on the service).
    expect(first).toMatchObject({ upgradedTo: "tax-invoices", status: "processed" });
    expect(second).toMatchObject({ upgradedTo: "tax-invoices", upgradedRecordId: first.upgradedRecordId, upgradedSerial: first.upgradedSerial });
    expect(first.result).toBe(`upgraded to tax invoice ${String(first.upgradedSerial)}`);
    expect(rows[2].upgradedRecordId ?? null).toBeNull(); // u2 was not among --rows

    const invoice = await s.client.documents("tax-invoices").get(first.upgradedRecordId as number);
    expect(invoice).toMatchObject({ contactName: "CLI act u1 Co", documentSerial: first.upgradedSerial, grandTotal: 347.75 });
    expect(invoice.referencedByMe).toEqual([expect.objectContaining({ referenceId: first.recordId })]);

    // The upgrade's columns are fields of the sheet: check reads the worked book without a warning.
    const check = await docsheet(["check", path, "--family", "quotations", "--json"]);
    expect(JSON.parse(check.stdout)).toEqual([]);

    const again = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "upgrade", "--to", "tax-invoices", "--rows", "2", ...connection()]);
    expect(again.stdout).toMatch(/upgrade: 0 done, 1 skipped, 0 failed/);
    expect(again.code).toBe(0);
    expect((await s.client.documents("tax-invoices").list({ pageSize: 1 })).total).toBe(invoicesBefore + 1);
  });

  it("refuses a --to the family cannot become, or none, before touching the service", async () => {
    const path = await postedBook("upgrade-bad.xlsx", "quotations", ["b1"]);
    const wrong = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "upgrade", "--to", "receipts", ...connection()]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--to: a quotation cannot be upgraded to "receipts"; choose billing-notes or tax-invoices or cash-invoices or purchases-orders');
    const none = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "upgrade", ...connection()]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--to is required");
    expect((await sheetRows(path))[0].upgradedRecordId).toBeUndefined();
  });
});

describe("docsheet act --action attach", () => {
  it("attaches the --file to the documents of the rows; a refused file is reported in the row, exit 1", async () => {
    const path = await postedBook("attach.xlsx", "tax-invoices", ["a1", "a2"]);
    const png = makePng();
    const scan = join(s.dir, "scan.png");
    writeFileSync(scan, png);

    const ok = await docsheet(["act", path, "--in-place", "--family", "tax-invoices", "--action", "attach", "--file", scan, ...connection()]);
    expect(ok.stdout).toMatch(/attach: 2 done, 0 skipped, 0 failed; wrote /);
    expect(ok.code).toBe(0);
    const rows = await sheetRows(path);
    expect(rows.map((r) => r.result)).toEqual(["attached scan.png", "attached scan.png", "attached scan.png", "attached scan.png"]);
    for (const id of new Set(rows.map((r) => r.recordId as number))) {
      const attachments = ((await s.client.documents("tax-invoices").get(id)) as JsonBody).attachments as JsonBody[];
      expect(attachments).toEqual([expect.objectContaining({ attachmentName: "scan.png", orderNumber: 1 })]);
      const download = await fetch(String(attachments[0].attachmentPath));
      expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    }

    // PNG bytes under a .pdf name: the service refuses them, the row says why.
    const fake = join(s.dir, "bill.pdf");
    writeFileSync(fake, png);
    const refused = await runCli(["act", path, "--in-place", "--family", "tax-invoices", "--action", "attach", "--file", fake, "--rows", "4", ...connection()]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/attach: 0 done, 0 skipped, 1 failed/);
    const after = await sheetRows(path);
    expect(String(after[3].result)).toContain(RULES_EN.attachmentExtensionMismatch);
    expect(after[0].result).toBe("attached scan.png");
  });

  it("a --file that cannot be read, or none, is a usage error", async () => {
    const path = await postedBook("attach-bad.xlsx", "tax-invoices", ["m1"]);
    const missing = await docsheet(["act", path, "--in-place", "--family", "tax-invoices", "--action", "attach", "--file", join(s.dir, "nowhere.png"), ...connection()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--file: cannot read .*nowhere\.png: ENOENT/);
    const none = await docsheet(["act", path, "--in-place", "--family", "tax-invoices", "--action", "attach", ...connection()]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--file is required");
  });
});

describe("docsheet act --action pdf", () => {
  it("saves one real PDF per document in --pdf-dir, named by its serial, and writes the file into the rows", async () => {
    const path = await postedBook("pdf.xlsx", "tax-invoices", ["f1", "f2"]);
    const dir = join(s.dir, "pdfs");
    const run = await docsheet(["act", path, "--in-place", "--family", "tax-invoices", "--action", "pdf", "--pdf-dir", dir, "--culture", "en", ...connection()]);
    expect(run.stdout).toMatch(/pdf: 2 done, 0 skipped, 0 failed; wrote /);
    expect(run.code).toBe(0);
    const rows = await sheetRows(path);
    const serials = [rows[0].documentSerial, rows[2].documentSerial] as string[];
    expect(readdirSync(dir).sort()).toEqual(serials.map((x) => `${x}.pdf`).sort());
    for (const [i, serial] of serials.entries()) {
      const file = join(dir, `${serial}.pdf`);
      expect(rows[2 * i]).toMatchObject({ pdfFile: file, result: "PDF exported" });
      expect(rows[2 * i + 1]).toMatchObject({ pdfFile: file });
      const pdf = readFileSync(file);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(await pdfText(pdf)).toContain(serial);
    }
  });

  it("without --pdf-dir the PDFs go beside the output workbook", async () => {
    const path = await postedBook("pdf-beside.xlsx", "quotations", ["g1"]);
    const out = join(s.dir, "beside", "out.xlsx");
    const run = await docsheet(["act", path, "--family", "quotations", "--action", "pdf", "--out", out, ...connection()]);
    expect(run.code).toBe(0);
    const [row] = await sheetRows(out);
    expect(row.pdfFile).toBe(join(s.dir, "beside", `${String(row.documentSerial)}.pdf`));
    expect(existsSync(row.pdfFile as string)).toBe(true);
  });
});

interface OutboxMessage { documentId: number | null; from: string; to: string[]; subject: string; attachments: Array<{ filename: string; contentType: string; base64: string }> }
const outbox = async (): Promise<{ total: number; list: OutboxMessage[] }> => (await s.client.outbox({ pageSize: 200 })) as { total: number; list: OutboxMessage[] };

describe("docsheet act --action email", () => {
  it("sends each document to its row's address with its PDF; a row without an address is told so, exit 1", async () => {
    const path = await postedBook("email.xlsx", "tax-invoices", ["m1", "m2", "m3"], { m1: "one@customer.example", m3: "three@customer.example" });
    const before = (await outbox()).total;
    const run = await docsheet(["act", path, "--in-place", "--family", "tax-invoices", "--action", "email", "--from", "accounts@demo.example", ...connection()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/email: 2 done, 0 skipped, 1 failed; wrote /);
    expect(run.stdout).toContain("m2 (row 4): not sent: no e-mail address (fill in the Email column)");
    const rows = await sheetRows(path);
    expect(rows.map((r) => r.result)).toEqual([
      "e-mailed to one@customer.example", "e-mailed to one@customer.example",
      "not sent: no e-mail address (fill in the Email column)", "not sent: no e-mail address (fill in the Email column)",
      "e-mailed to three@customer.example", "e-mailed to three@customer.example",
    ]);
    const box = await outbox();
    expect(box.total).toBe(before + 2);
    expect(box.list.filter((m) => m.documentId === rows[2].recordId)).toEqual([]);
    for (const [row, to] of [[rows[0], "one@customer.example"], [rows[4], "three@customer.example"]] as const) {
      const mine = box.list.filter((m) => m.documentId === row.recordId);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ from: "accounts@demo.example", to: [to], subject: `Tax invoice ${String(row.documentSerial)}` });
      expect(mine[0].attachments).toEqual([expect.objectContaining({ filename: `${String(row.documentSerial)}.pdf`, contentType: "application/pdf" })]);
      const pdf = Buffer.from(mine[0].attachments[0].base64, "base64");
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(await pdfText(pdf)).toContain(String(row.documentSerial));
    }
  });

  it("--to and --subject override the row; without --from it is a usage error and nothing is sent", async () => {
    const path = await postedBook("email-to.xlsx", "quotations", ["n1"], { n1: "row@customer.example" });
    const before = (await outbox()).total;
    const none = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "email", ...connection()]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--from is required");
    expect((await outbox()).total).toBe(before);

    const run = await docsheet(["act", path, "--in-place", "--family", "quotations", "--action", "email", "--from", "accounts@demo.example", "--to", "boss@customer.example", "--subject", "Our quotation", ...connection()]);
    expect(run.code).toBe(0);
    const [row] = await sheetRows(path);
    expect(row.result).toBe("e-mailed to boss@customer.example");
    expect((await outbox()).list.filter((m) => m.documentId === row.recordId)).toEqual([expect.objectContaining({ to: ["boss@customer.example"], subject: "Our quotation" })]);
  });
});

describe("docsheet act --action share", () => {
  it("writes a link that opens the document without a token; a second run writes the same link", async () => {
    const path = await postedBook("share.xlsx", "cash-invoices", ["h1"]);
    const run = await docsheet(["act", path, "--in-place", "--family", "cash-invoices", "--action", "share", ...connection()]);
    expect(run.stdout).toMatch(/share: 1 done, 0 skipped, 0 failed; wrote /);
    expect(run.code).toBe(0);
    const rows = await sheetRows(path);
    const link = rows[0].shareLink as string;
    expect(rows[1].shareLink).toBe(link);
    expect(link.startsWith(`${s.service.origin}/share/`)).toBe(true);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain(String(rows[0].documentSerial));

    const again = await docsheet(["act", path, "--in-place", "--family", "cash-invoices", "--action", "share", ...connection()]);
    expect(again.code).toBe(0);
    expect((await sheetRows(path)).map((r) => r.shareLink)).toEqual([link, link]);
  });
});

describe("docsheet act --action payment", () => {
  it("takes the tax the payer withheld and the deductions as options; parts that do not settle are refused naming the option", async () => {
    // Each document: 325.00 before VAT, 347.75 due; 3 % withheld is 9.75.
    const path = await postedBook("payment.xlsx", "tax-invoices", ["w1", "w2"]);
    const pay = (...more: string[]) => docsheet(["act", path, "--in-place", "--family", "tax-invoices", "--action", "payment", "--payment-method", "1", ...more, ...connection()]);
    const rate = await pay("--withheld-percentage", "4");
    expect(rate.code).toBe(2);
    expect(rate.stderr).toContain("--withheld-percentage must be one of 0, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 15, or -1 with --withheld-amount");

    const short = await pay("--rows", "2", "--withheld-percentage", "3", "--collected", "347.75", "--lang", "th");
    expect(short.code).toBe(1);
    expect(short.stdout).toContain("--collected: ยอดรับชำระ 347.75 ภาษีที่ถูกหัก ณ ที่จ่าย 9.75 และยอดหัก 0.00 รวมเป็น 357.50 ไม่เท่ากับยอดที่ต้องชำระ 347.75");
    const [first] = await sheetRows(path);
    expect((await s.client.documents("tax-invoices").get(first.recordId as number)).statusString).toBe("awaiting");

    // w1 paid 0.25 over (cash over, a negative difference); w2 collected what settles it.
    const over = await pay("--rows", "2", "--withheld-percentage", "3", "--collected", "338.25", "--remaining-type", "51", "--remaining-collected=-0.25");
    expect(over.code).toBe(0);
    const paid = await pay("--rows", "4", "--withheld-percentage", "3");
    expect(paid.stdout).toMatch(/payment: 1 done, 0 skipped, 0 failed; wrote /);
    expect(paid.code).toBe(0);
    const rows = await sheetRows(path);
    expect(rows.map((r) => r.result)).toEqual(["paid 338.25, tax withheld 9.75", "paid 338.25, tax withheld 9.75", "paid 338, tax withheld 9.75", "paid 338, tax withheld 9.75"]);
    const overPaid = await s.client.documents("tax-invoices").get(rows[0].recordId as number);
    expect(overPaid.payments).toMatchObject({ collected: 338.25, withheldAmount: 9.75, remainingCollectedType: 51, remainingCollected: -0.25 });
    const doc = await s.client.documents("tax-invoices").get(rows[2].recordId as number);
    expect(doc.payments).toMatchObject({ paymentMethod: 1, collected: 338, withheldPercentage: 3, withheldAmount: 9.75, remainingCollected: 0 });
  });
});
