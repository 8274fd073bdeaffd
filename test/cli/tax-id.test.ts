// Thai tax ids end to end: an .xlsx whose tax id cell Excel turned into a number (leading zero
// lost), through `docsheet` check and post (the command's main, runner.js) to the real local service, read back from
// the service (on PostgreSQL) and from its PDF as the 13-digit text.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type DocSheetClient } from "../../src/api";
import { oneStore } from "../helpers/service";
import { fileCompaniesIn, type SharedService } from "../helpers/shared-service";
import { pdfText } from "../service/pdf-readback";
import { cliRunner } from "./run";
import { authOf, sheetRows, writeBook } from "./session";

const docsheet = cliRunner();

jest.setTimeout(240_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-tax-id-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = ["documentKey", "Customer", "Tax id", "Branch", "Date", "isVat", "Item", "Qty", "Unit price"];
const LOST_ZERO = ["z1", "Zero Lost Co., Ltd.", 105551234567, 1, "2026-01-15", true, "Pen", 2, 100];

describe("tax ids through docsheet check", () => {
  it("restores a leading zero Excel dropped (a note, not a finding) and refuses a wrong check digit at its cell", async () => {
    const clean = await writeBook(join(dir, "clean.xlsx"), [HEADER, LOST_ZERO, ["d1", "Dashed Co", "0-1055-51234-56-7", "สำนักงานใหญ่", "2026-01-15", true, "Pen", 1, 10]]);
    const ok = await docsheet(["check", clean, "--family", "tax-invoices", "--json"]);
    expect(JSON.parse(ok.stdout)).toEqual([]);
    expect(ok.stderr).toContain("Sales!C2 [contactTaxId] note: Leading zero restored: 0105551234567");
    expect(ok.stderr).toContain("Sales!D2 [contactBranch] note: Leading zeros restored: 00001");
    expect(ok.code).toBe(0);

    const bad = await writeBook(join(dir, "bad.xlsx"), [
      HEADER,
      ["b1", "Typo Co", "0105551234568", null, "2026-01-15", true, "Pen", 1, 10],
      ["b2", "Short Co", 105551234568, "Chiang Mai", "2026-01-15", true, "Pen", 1, 10],
    ]);
    const r = await docsheet(["check", bad, "--family", "tax-invoices", "--json"]);
    expect(JSON.parse(r.stdout)).toEqual([
      { sheet: "Sales", cell: "C2", field: "contactTaxId", message: "0105551234568 is not a valid tax id: its last digit does not match the other 12; look for a mistyped digit." },
      { sheet: "Sales", cell: "C3", field: "contactTaxId", message: "105551234568 has 12 digits and with the leading zero Excel drops it is still not a valid tax id; enter the 13 digits as text." },
      { sheet: "Sales", cell: "D3", field: "contactBranch", message: '"Chiang Mai" is not a branch code: use 5 digits (00000 for head office, 00001 for branch 1) or Head office / สำนักงานใหญ่.' },
    ]);
    expect(r.code).toBe(1);
  });
});

describe.each(oneStore("postgres"))("tax ids through docsheet post (%s)", (store) => {
  // The jest worker's shared service (PostgreSQL), with companies of the file's own.
  let service: SharedService;
  let client: DocSheetClient;
  let auth: string[];
  beforeAll(async () => {
    const shared = await fileCompaniesIn();
    service = shared.service;
    client = createClient({ root: service.root, ...shared.demo });
    auth = authOf(shared.demo);
  });

  it("sends the 13-digit text: the service answers it and prints it on the PDF; a broken row lists every problem and is not sent", async () => {
    const path = await writeBook(join(dir, `post-${store}.xlsx`), [
      HEADER,
      LOST_ZERO,
      // A bad date and no customer: both said in one run, and nothing is created.
      ["x1", null, "0105551234567", null, "31/02/2026", true, "Pen", 1, 10],
    ]);
    const out = join(dir, `post-${store}-out.xlsx`);
    const run = await docsheet(["post", path, "--family", "tax-invoices", "--base-url", service.root, ...auth, "--out", out]);
    expect(run.stdout).toMatch(/1 created, 0 found from an earlier run, 0 already posted, 1 not sent/);
    expect(run.code).toBe(1);

    const rows = await sheetRows(out);
    expect(rows[0].result).toBe("created");
    expect(String(rows[1].result)).toBe('not sent: B3: Enter the customer\'s name (or a contact id); E3: "31/02/2026" is not a possible date.');
    expect(rows[1].recordId).toBeNull();

    const api = client.documents("tax-invoices");
    const doc = (await api.get(Number(rows[0].recordId))) as unknown as Record<string, unknown>;
    expect(doc.contactTaxId).toBe("0105551234567");
    expect(doc.contactBranch).toBe("00001");
    const listed: unknown[] = [];
    for await (const page of api.listAll({})) listed.push(...page.list);
    expect(listed).toHaveLength(1);

    const pdf = Buffer.from(await api.exportPdf(Number(rows[0].recordId), { culture: "en" }), "base64");
    const text = await pdfText(pdf);
    expect(text).toContain("0105551234567");
    expect(text).not.toMatch(/(^|\D)105551234567/);
  });
});
