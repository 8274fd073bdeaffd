// `docsheet act --action upgrade --to FAMILY` and `--action attach --file PATH` end to end: real
// .xlsx files posted and acted on by the real bin (child process) against the real local service;
// the outcome is read back from the workbook and from the service.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { JsonBody } from "../../src/api";
import { MESSAGES } from "../../src/rules/messages";
import { makePng } from "../fixtures/files/make";
import { runCli } from "./run";
import { AUTH, cliSession, sheetRows, writeBook } from "./session";

jest.setTimeout(240_000);

const s = cliSession("act");
const connection = (): string[] => ["--base-url", s.service.root, ...AUTH];

/** A workbook of two-line documents, one per key, posted as `family` through the bin. */
async function postedBook(name: string, family: string, keys: string[]): Promise<string> {
  const rows: unknown[][] = [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"]];
  for (const k of keys) rows.push([k, `CLI act ${k} Co`, "2026-03-01", true, "Pen", 3, 100], [k, null, null, null, "Ink", 2, 12.5]);
  const path = await writeBook(join(s.dir, name), rows);
  const post = await runCli(["post", path, "--family", family, ...connection()]);
  expect(post.stdout).toMatch(new RegExp(`created ${keys.length}`));
  expect(post.code).toBe(0);
  return path;
}

describe("docsheet act --action upgrade", () => {
  it("makes the --to document from each posted row, writes it back, and a second run makes nothing", async () => {
    const path = await postedBook("upgrade.xlsx", "quotations", ["u1", "u2"]);
    const invoicesBefore = (await s.client.documents("tax-invoices").list({ pageSize: 1 })).total;

    const up = await runCli(["act", path, "--family", "quotations", "--action", "upgrade", "--to", "tax-invoices", "--rows", "2-3", ...connection()]);
    expect(up.stdout).toMatch(/upgrade: 1 done, 0 failed; wrote /);
    expect(up.code).toBe(0);
    const rows = await sheetRows(path);
    const [first, second] = [rows[0], rows[1]];
    expect(first).toMatchObject({ upgradedTo: "tax-invoices", status: "approvedandprocessed" });
    expect(second).toMatchObject({ upgradedTo: "tax-invoices", upgradedRecordId: first.upgradedRecordId, upgradedSerial: first.upgradedSerial });
    expect(first.result).toBe(`upgraded to tax invoice ${String(first.upgradedSerial)}`);
    expect(rows[2].upgradedRecordId ?? null).toBeNull(); // u2 was not among --rows

    const invoice = await s.client.documents("tax-invoices").get(first.upgradedRecordId as number);
    expect(invoice).toMatchObject({ contactName: "CLI act u1 Co", documentSerial: first.upgradedSerial, grandTotal: 347.75 });
    expect(invoice.referencedByMe).toEqual([expect.objectContaining({ referenceId: first.recordId })]);

    // The upgrade's columns are fields of the sheet: check reads the worked book without a warning.
    const check = await runCli(["check", path, "--family", "quotations", "--json"]);
    expect(JSON.parse(check.stdout)).toEqual([]);

    const again = await runCli(["act", path, "--family", "quotations", "--action", "upgrade", "--to", "tax-invoices", "--rows", "2", ...connection()]);
    expect(again.stdout).toMatch(/upgrade: 0 done, 0 failed, 1 skipped/);
    expect(again.code).toBe(0);
    expect((await s.client.documents("tax-invoices").list({ pageSize: 1 })).total).toBe(invoicesBefore + 1);
  });

  it("refuses a --to the family cannot become, or none, before touching the service", async () => {
    const path = await postedBook("upgrade-bad.xlsx", "quotations", ["b1"]);
    const wrong = await runCli(["act", path, "--family", "quotations", "--action", "upgrade", "--to", "receipts", ...connection()]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--to: a quotation cannot be upgraded to "receipts"; choose billing-notes or tax-invoices or cash-invoices or purchases-orders');
    const none = await runCli(["act", path, "--family", "quotations", "--action", "upgrade", ...connection()]);
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

    const ok = await runCli(["act", path, "--family", "tax-invoices", "--action", "attach", "--file", scan, ...connection()]);
    expect(ok.stdout).toMatch(/attach: 2 done, 0 failed; wrote /);
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
    const refused = await runCli(["act", path, "--family", "tax-invoices", "--action", "attach", "--file", fake, "--rows", "4", ...connection()]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/attach: 0 done, 1 failed/);
    const after = await sheetRows(path);
    expect(String(after[3].result)).toContain(MESSAGES.attachmentExtensionMismatch);
    expect(after[0].result).toBe("attached scan.png");
  });

  it("a --file that cannot be read, or none, is a usage error", async () => {
    const path = await postedBook("attach-bad.xlsx", "tax-invoices", ["m1"]);
    const missing = await runCli(["act", path, "--family", "tax-invoices", "--action", "attach", "--file", join(s.dir, "nowhere.png"), ...connection()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--file: cannot read .*nowhere\.png: ENOENT/);
    const none = await runCli(["act", path, "--family", "tax-invoices", "--action", "attach", ...connection()]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--file is required");
  });
});
