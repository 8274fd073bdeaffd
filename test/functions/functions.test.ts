// The worksheet functions (the entries the Excel runtime and `docsheet calc` call) against the local
// service: the figures equal the reports' and the lists', months and dates as the pane takes them,
// errors in cells that name the argument or say what to do, one read shared by many cells, and
// nothing but reads sent.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, type DocSheetClient, type DocumentRecord } from "../../src/api";
import { figureReads, type FigureReads } from "../../src/jobs/figures";
import { readVatReport } from "../../src/jobs/vat-report";
import { callFunction, type FunctionSession } from "../../src/functions/run";
import { FunctionError, renderFunctionText } from "../../src/functions/texts";
import { FUNCTIONS } from "../../src/functions/table";
import * as excel from "../../src/functions/excel";
import { connectFunctions, refreshFigures } from "../../src/functions/connection";
import { columnFor } from "../../src/sheet/columns";
import { jobsService } from "../jobs/service";
import { seedVatMonth, simpleDoc, type VatMonth } from "../helpers/vat-month";
import { upgradeBody } from "../../src/jobs/upgrade";

jest.setTimeout(180_000);

const svc = jobsService();
/** Every request the functions' client sent, as "METHOD path"; the lists' spans asked, as "path start..end". */
const sent: string[] = [];
const spans: string[] = [];
let client: DocSheetClient;
let month: VatMonth;
let reads: FigureReads;
let overdue: DocumentRecord;
const session = (over: Partial<FunctionSession> = {}): FunctionSession => ({ reads, lang: "en", today: () => "2026-03-31", ...over });
const call = (name: string, ...args: (string | number | null)[]) => callFunction(name, args, session());

async function failure(p: Promise<unknown>): Promise<{ code: string; en: string; th: string }> {
  const err = await p.then(() => null, (e: unknown) => e);
  if (!(err instanceof FunctionError)) throw new Error(`expected a cell error, got ${String(err)}`);
  return { code: err.code, en: renderFunctionText(err.message_, "en"), th: renderFunctionText(err.message_, "th") };
}

beforeAll(async () => {
  const seeding = createClient({ root: svc.service.root, ...svc.demo });
  month = await seedVatMonth(seeding, "FN");
  overdue = await seeding.documents("tax-invoices").create(simpleDoc("2026-01-05", "FN Late Co", 2000, "exclusive", { dueDate: "2026-01-20" }));
  const cert = (name: string, taxId: string, entity: number, taxAmount: number) => seeding.withholdingTaxes.create({
    contactName: name, contactTaxId: taxId, contactBranch: entity === 3 ? "00000" : "", publishedOn: "2026-03-09", entity, taxPayment: 1,
    withholdingTaxItems: [{ incomeType: 27, description: "ค่าบริการ (ม.40(8))", taxRate: 3, taxAmount }],
  });
  await cert("นาย สมชาย ใจดี", "1101700123456", 1, 1000);
  await cert("Gamma Co., Ltd.", "0107537002443", 3, 2500);
  client = createClient({
    root: svc.service.root, ...svc.demo,
    fetch: (input, init) => {
      const url = new URL(String(input));
      sent.push(`${init?.method ?? "GET"} ${url.pathname}`);
      if (url.searchParams.get("currentPage") === "1") spans.push(`${url.pathname.split("/").pop()} ${url.searchParams.get("startDate") ?? ""}..${url.searchParams.get("endDate") ?? ""}`);
      return fetch(input, init);
    },
  });
  reads = figureReads(client);
});

beforeEach(() => {
  reads.clear();
  sent.length = 0;
  spans.length = 0;
});

const excelSerial = (iso: string): number => Date.parse(iso) / 86_400_000 + 25569;

describe("figures", () => {
  it("TOTAL sums the month's documents, void ones left out, by field, contact and status", async () => {
    // March's tax invoices: 1,070 (paid by its receipt), 100 and 500; the void one not counted.
    expect(await call("TOTAL", "tax-invoices", "grand total", "2026-03", "2026-03")).toBe(1670);
    expect(await call("DOCSHEET.TOTAL", "Tax invoice", "VAT", "03/2569", "03/2569")).toBe(76.54);
    expect(await call("TOTAL", "ใบกำกับภาษี", "ยอดรวม", excelSerial("2026-03-01"), excelSerial("2026-03-31"))).toBe(1600);
    expect(await call("TOTAL", "tax invoices", "grand total", "2026-03", "2026-03", "FN Inclusive Co")).toBe(100);
    expect(await call("TOTAL", "tax invoices", "grand total", "2026-03", "2026-03", null, "void")).toBe(321);
    // Still due: the one paid by its receipt owes nothing.
    expect(await call("TOTAL", "tax invoices", "amount due", "2026-03", "2026-03")).toBe(600);
  });

  it("VAT answers the VAT report's figures, the month as the pane takes it", async () => {
    const report = await readVatReport(client, { month: "2026-03" });
    const out = report.figures.output.cellVat.toNumber();
    const inp = report.figures.input.cellVat.toNumber();
    expect(await call("VAT", "2026-03", "output tax")).toBe(out);
    expect(await call("VAT", "03/2569", "ภาษีซื้อ")).toBe(inp);
    expect(await call("VAT", excelSerial("2026-03-15"))).toBe(Math.max(0, Math.round((out - inp) * 100) / 100));
    expect(await call("VAT", "2026-03", "overpaid")).toBe(Math.max(0, Math.round((inp - out) * 100) / 100));
    expect(await call("VAT", "2026-03", "sales")).toBe(report.figures.output.cellBase.toNumber());
  });

  it("WHT answers the withholding report's tax, by form or both", async () => {
    expect(await call("WHT", "2026-03", "PND3")).toBe(30);
    expect(await call("WHT", "03/2569", "ภ.ง.ด.53")).toBe(75);
    expect(await call("WHT", "2026-03")).toBe(105);
    expect(await call("WHT", "2026-04")).toBe(0);
  });

  it("DOCUMENT answers one field of one document by its number", async () => {
    const serial = month.output[1].documentSerial;
    expect(await call("DOCUMENT", serial, "grand total")).toBe(100);
    expect(await call("DOCUMENT", serial, "Status")).toBe(await call("DOCUMENT", serial, "status"));
    expect(await call("DOCUMENT", serial, "due date")).toBe("2026-03-10");
    expect(await call("DOCUMENT", serial, "amount due")).toBe(100);
    expect(await call("DOCUMENT", month.output[0].documentSerial, "amount due")).toBe(0);
    expect(await failure(call("DOCUMENT", "INV1999120099", "status"))).toMatchObject({ code: "#N/A", en: "no document INV1999120099 on the service" });
  });

  it("DUE and AGING: what customers still owe, by days past due", async () => {
    expect(await call("DUE", "FN Inclusive Co", "2026-03-31")).toBe(100);
    expect(await call("DUE", "FN Exclusive Co", "31/03/2569")).toBe(0);
    expect(await call("DUE", "FN Late Co")).toBe(2140);
    // Not yet issued as of February's end.
    expect(await call("DUE", "FN Inclusive Co", "2026-02-28")).toBe(0);
    const aging = (await call("AGING", "2026-04-30")) as (string | number)[][];
    expect(aging[0]).toEqual(["Customer", "Current", "1-30 days", "31-60 days", "61-90 days", "Over 90 days", "Total"]);
    expect(aging.find((r) => r[0] === "FN Inclusive Co")).toEqual(["FN Inclusive Co", 0, 0, 100, 0, 0, 100]);
    expect(aging.find((r) => r[0] === "FN Late Co")).toEqual(["FN Late Co", 0, 0, 0, 0, 2140, 2140]);
    expect(aging.find((r) => r[0] === "FN Exclusive Co")).toBeUndefined();
    const th = (await callFunction("AGING", ["2026-04-30"], session({ lang: "th" }))) as string[][];
    expect(th[0][0]).toBe("ลูกค้า");
    void overdue;
  });

  it("DUE and AGING as of a date: receipts and payments made after it still owed then", async () => {
    const seeding = createClient({ root: svc.service.root, ...svc.demo });
    const tis = seeding.documents("tax-invoices");
    // All due 31 January: 1,070 issued 10 January, 500 of it received 15 February; 214 issued 12
    // January, paid 5 March; 535 issued 15 January, received whole on its receipt of 25 February.
    const partly = await tis.create(simpleDoc("2026-01-10", "FN AsOf Co", 1000, "exclusive", { creditDays: 21 }));
    await seeding.documents("receipts").partialReceipt({
      contactName: "FN AsOf Co", publishedOn: "2026-02-15", dueDate: "2026-02-15", documentStructureType: "SimpleDocument", isBatchDocument: true, partialPaymentMethod: 11,
      creditType: 3, documentReference: [], totalAfterDiscount: 500, grandTotal: 500, total: 500,
      items: [{ documentStructureType: "SimpleDocument", type: 1, name: `Payment of ${partly.documentSerial}`, quantity: 1, unitName: "", pricePerUnit: 500, total: 500, documentId: partly.recordId, documentType: 7, partialAmount: 500 }],
    });
    const paidLater = await tis.create(simpleDoc("2026-01-12", "FN AsOf Co", 200, "exclusive", { creditDays: 19 }));
    await tis.pay(paidLater.recordId, { paymentStructureType: "PaymentReceivingCash", documentId: paidLater.recordId, paymentMethod: 1, paymentDate: "2026-03-05", collected: 214 });
    const received = await tis.create(simpleDoc("2026-01-15", "FN AsOf Co", 500, "exclusive", { creditDays: 16 }));
    await seeding.documents("receipts").upgrade(upgradeBody(await tis.get(received.recordId), "receipts", "2026-02-25"));
    expect(await call("DUE", "FN AsOf Co", "2026-01-09")).toBe(0);
    expect(await call("DUE", "FN AsOf Co", "2026-01-31")).toBe(1819);
    expect(await call("DUE", "FN AsOf Co", "2026-02-20")).toBe(1319);
    expect(await call("DUE", "FN AsOf Co", "2026-02-28")).toBe(784);
    expect(await call("DUE", "FN AsOf Co", "2026-03-31")).toBe(570);
    expect(await call("DUE", "FN AsOf Co")).toBe(570);
    const row = async (asOf: string) => ((await call("AGING", asOf)) as (string | number)[][]).find((r) => r[0] === "FN AsOf Co");
    expect(await row("2026-02-20")).toEqual(["FN AsOf Co", 0, 1319, 0, 0, 0, 1319]);
    expect(await row("2026-03-04")).toEqual(["FN AsOf Co", 0, 0, 784, 0, 0, 784]);
    expect(await row("2026-03-31")).toEqual(["FN AsOf Co", 0, 0, 570, 0, 0, 570]);
  });

  it("DOCUMENTS spills the list with a header row in the workbook's language", async () => {
    const en = (await call("DOCUMENTS", "tax-invoices", "2026-03", "2026-03")) as (string | number)[][];
    const th = (await callFunction("DOCUMENTS", ["tax-invoices", "2026-03", "2026-03"], session({ lang: "th" }))) as (string | number)[][];
    const serials = en.slice(1).map((r) => r[en[0].indexOf("Document serial")]).sort();
    expect(serials).toEqual([month.output[0], month.output[1], month.excluded[0]].map((d) => d.documentSerial).sort());
    expect(en.length).toBe(4);
    expect(en[0]).toContain("Grand total");
    expect(th[0][en[0].indexOf("Grand total")]).toBe(columnFor("grandTotal", "tax-invoices", { lang: "th" }).header);
    expect(th[0][en[0].indexOf("Grand total")]).toMatch(/^[\u0E00-\u0E7F ]+$/);
    expect(en.slice(1).map((r) => r[en[0].indexOf("Grand total")]).sort()).toEqual([100, 1070, 500].sort());
    const one = (await call("DOCUMENTS", "tax-invoices", "2026-03", "2026-03", null, "FN Inclusive Co")) as unknown[][];
    expect(one).toHaveLength(2);
  });

  it("CONTACTS, PRODUCTS and ACCOUNTS spill the company's lists", async () => {
    const contacts = (await call("CONTACTS")) as unknown[][];
    const products = (await call("PRODUCTS")) as unknown[][];
    const accounts = (await call("ACCOUNTS")) as unknown[][];
    let n = 0;
    for await (const p of client.contacts.listAll()) n += p.list.length;
    expect(contacts).toHaveLength(n + 1);
    expect(products[0]).toEqual(["Code", "Name", "Unit", "Selling price", "Buying price"]);
    expect(products.length).toBeGreaterThan(1);
    expect(accounts.length).toBe((await client.chartOfAccounts.list()).length + 1);
    expect(accounts[0]).toEqual(["Code", "Name", "Name (English)"]);
  });
});

describe("errors in cells", () => {
  it("a bad argument is #VALUE! naming it", async () => {
    expect(await failure(call("TOTAL", "invoices of mine", "grand total"))).toMatchObject({ code: "#VALUE!", en: expect.stringMatching(/^family: "invoices of mine" is no document type/) });
    expect(await failure(call("TOTAL", "tax-invoices", "profit"))).toMatchObject({ code: "#VALUE!", en: expect.stringMatching(/^field: "profit" is not one of/) });
    expect(await failure(call("VAT", "13/2569"))).toMatchObject({ code: "#VALUE!", en: "month: \"13/2569\" is no month (2026-11, 11/2569)", th: "month: \"13/2569\" ไม่ใช่เดือน (2026-11, 11/2569)" });
    expect(await failure(call("TOTAL", "tax-invoices", "VAT", "2026-05", "2026-04"))).toMatchObject({ code: "#VALUE!", en: "from: after the end date" });
    expect(await failure(call("DUE", ""))).toMatchObject({ code: "#VALUE!", en: "contact: required" });
    expect(await failure(call("DOCUMENTS", "tax-invoices", "2026-03", "2026-03", "sleeping"))).toMatchObject({ code: "#VALUE!", en: "status: \"sleeping\" is no status" });
  });

  it("not connected, or another company's workbook, is #N/A saying so", async () => {
    expect(await failure(callFunction("TOTAL", ["tax-invoices", "VAT"], { lang: "en" }))).toMatchObject({ code: "#N/A", en: expect.stringContaining("not connected") });
    const other = await figureReads(createClient({ root: svc.service.root, ...svc.other })).company();
    const bound = await failure(callFunction("VAT", ["2026-03"], session({ bound: other })));
    expect(bound.code).toBe("#N/A");
    expect(bound.en).toContain(`This workbook is ${other.name}'s`);
    expect(await callFunction("VAT", ["2026-03", "output tax"], session({ bound: await reads.company() }))).toBeGreaterThan(0);
  });

  it("a service that does not answer ends in #N/A saying what to do, not a cell busy for ever", async () => {
    const held: ServerResponse[] = [];
    const silent = createServer((_req, res) => held.push(res));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const root = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/test`;
      const slow = figureReads(createClient({ root, clientId: "demo", clientSecret: "demo-secret", maxRetries: 0, timeoutMs: 300 }));
      const err = await failure(callFunction("TOTAL", ["tax-invoices", "VAT", "2026-03", "2026-03"], session({ reads: slow })));
      expect(err.code).toBe("#N/A");
      expect(err).toEqual({ code: "#N/A", en: "the service did not answer: check the connection in the DocSheet pane and refresh the figures", th: "ระบบไม่ตอบกลับ: ตรวจสอบการเชื่อมต่อในแผง DocSheet แล้วรีเฟรชตัวเลข" });
      expect(held.length).toBeGreaterThan(0);
    } finally {
      for (const res of held) res.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it("a service that refuses is #N/A saying what to do", async () => {
    const wrong = figureReads(createClient({ root: svc.service.root, clientId: "demo", clientSecret: "wrong", maxRetries: 0 }));
    const err = await failure(callFunction("TOTAL", ["tax-invoices", "VAT"], session({ reads: wrong })));
    expect(err.code).toBe("#N/A");
    expect(err.en).toMatch(/Check the connection in the DocSheet pane/);
  });
});

describe("reads", () => {
  it("a thousand cells share one read per list; refresh reads again; nothing but reads is sent", async () => {
    const cells = [];
    for (let i = 0; i < 1000; i++) {
      const m = `2026-${String((Math.floor(i / 3) % 12) + 1).padStart(2, "0")}`;
      cells.push(call("TOTAL", ["tax-invoices", "purchases", "expenses"][i % 3], ["grand total", "VAT", "subtotal"][i % 3], m, m));
    }
    const values = await Promise.all(cells);
    expect(values[6]).toBe(await call("TOTAL", "tax-invoices", "grand total", "2026-03", "2026-03"));
    const lists = sent.filter((s) => s.startsWith("GET"));
    // One list per family, of the twelve months asked, each a page.
    expect(lists).toHaveLength(3);
    expect(spans.sort()).toEqual(["expenses 2026-01-01..2026-12-31", "purchases 2026-01-01..2026-12-31", "tax-invoices 2026-01-01..2026-12-31"]);
    expect(sent.filter((s) => !s.startsWith("GET") && !s.endsWith("/token"))).toEqual([]);
    await call("TOTAL", "tax-invoices", "grand total", "2026-03", "2026-03");
    expect(sent.filter((s) => s.startsWith("GET"))).toHaveLength(3);
    reads.clear();
    await call("TOTAL", "tax-invoices", "grand total", "2026-03", "2026-03");
    expect(sent.filter((s) => s.startsWith("GET"))).toHaveLength(4);
  });

  it("spans asked together are read at once, from the first day to the last; a span inside one read is not read again", async () => {
    const [march, april] = await Promise.all([call("TOTAL", "tax-invoices", "VAT", "2026-03", "2026-03"), call("TOTAL", "tax-invoices", "VAT", "04/2569", "04/2569")]);
    expect(spans).toEqual(["tax-invoices 2026-03-01..2026-04-30"]);
    expect(await call("TOTAL", "tax-invoices", "VAT", "2026-03-01", "2026-04-30")).toBe(Math.round((march as number + (april as number)) * 100) / 100);
    expect(await call("DOCUMENTS", "tax-invoices", "2026-04-01", "2026-04-15")).toEqual(expect.any(Array));
    expect(spans).toHaveLength(1);
    // Outside it: read.
    await call("TOTAL", "tax-invoices", "VAT", "2026-05", "2026-05");
    expect(spans).toEqual(["tax-invoices 2026-03-01..2026-04-30", "tax-invoices 2026-05-01..2026-05-31"]);
    // A read that failed is not kept: the next call reads again.
    let down = true;
    const flaky = figureReads(createClient({ root: svc.service.root, ...svc.demo, maxRetries: 0, fetch: (input, init) => (down ? Promise.reject(new TypeError("network down")) : fetch(input, init)) }));
    await expect(callFunction("TOTAL", ["tax-invoices", "VAT", "2026-03", "2026-03"], session({ reads: flaky }))).rejects.toMatchObject({ code: "#N/A" });
    down = false;
    expect(await callFunction("TOTAL", ["tax-invoices", "VAT", "2026-03", "2026-03"], session({ reads: flaky }))).toBe(march);
  });

  it("every function reads only", async () => {
    const args: Record<string, (string | number)[]> = {
      DOCUMENTS: ["receipts"], TOTAL: ["receipts", "amount due"], DOCUMENT: [month.output[1].documentSerial, "amount due"], VAT: ["2026-03"],
      WHT: ["2026-03"], DUE: ["FN Inclusive Co"], AGING: [], CONTACTS: [], PRODUCTS: [], ACCOUNTS: [],
    };
    for (const f of FUNCTIONS) await callFunction(f.name, args[f.name], session());
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.filter((s) => !s.startsWith("GET") && !(s.startsWith("POST") && s.endsWith("/token")))).toEqual([]);
  });
});

describe("the functions Excel registers (src/functions/excel.ts) over the pane's connection", () => {
  class CellError extends Error {
    constructor(readonly code: string, message: string) {
      super(message);
    }
  }
  beforeAll(() => {
    (globalThis as Record<string, unknown>).CustomFunctions = { associate: () => undefined, Error: CellError, ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" } };
  });
  afterAll(() => {
    delete (globalThis as Record<string, unknown>).CustomFunctions;
  });

  it("answers through the connection the pane set, Excel's errors otherwise; a refresh reads again", async () => {
    connectFunctions(null);
    await expect(excel.vat("2026-03")).rejects.toMatchObject({ code: "#N/A", message: expect.stringContaining("not connected") });
    connectFunctions({ client, bound: async () => null });
    expect(await excel.total("tax-invoices", "grand total", "2026-03", "2026-03")).toBe(1670);
    expect(await excel.documentField(month.output[1].documentSerial, "grand total")).toBe(100);
    await expect(excel.vat("2026-13")).rejects.toMatchObject({ code: "#VALUE!", message: expect.stringMatching(/^month: /) });
    const before = sent.length;
    await excel.total("tax-invoices", "grand total", "2026-03", "2026-03");
    expect(sent.length).toBe(before);
    refreshFigures();
    await excel.total("tax-invoices", "grand total", "2026-03", "2026-03");
    expect(sent.length).toBeGreaterThan(before);
    const other = await figureReads(createClient({ root: svc.service.root, ...svc.other })).company();
    connectFunctions({ client, bound: async () => other });
    await expect(excel.wht("2026-03")).rejects.toMatchObject({ code: "#N/A", message: expect.stringContaining(other.name) });
    connectFunctions(null);
  });

  it("a recalculation's calls read the workbook's company once, and their months in one list", async () => {
    // As in Excel, reading the workbook takes a round trip of its own (a later task).
    let boundReads = 0;
    connectFunctions({ client, bound: () => { boundReads++; return new Promise((r) => setTimeout(() => r(null), 0)); } });
    spans.length = 0;
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`);
    await Promise.all(months.map((m) => excel.total("purchases", "VAT", m, m)));
    expect(boundReads).toBe(1);
    expect(spans).toEqual(["purchases 2026-01-01..2026-12-31"]);
    connectFunctions(null);
  });
});
