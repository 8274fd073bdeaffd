// The template job against the real local service: the company's lookup lists land on the hidden
// lists sheet (in the in-memory grid and through the Excel port), a refresh reads them again, and a
// template filled by picking from them posts with the right contact and channel ids.
import { bookKeys } from "../../src/sheet/books/sheet";
import { checkJob } from "../../src/jobs/check";
import { postJob } from "../../src/jobs/post";
import { refreshListsJob, templateJob } from "../../src/jobs/template";
import { templateKeys } from "../../src/sheet/template";
import { ExcelPort } from "../../src/workbook/excel";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { LISTS_SHEET } from "../../src/workbook/port";
import { FakeExcel } from "../workbook/excel-fake";
import { jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

describe("templateJob", () => {
  it("without a client: a template with no lookup lists", async () => {
    const wb = new MemoryWorkbook();
    const out = await templateJob(wb, { family: "tax-invoices", lang: "th", now });
    expect(out).toEqual({ sheet: "ใบกำกับภาษี", columns: templateKeys("tax-invoices").length, lists: undefined });
    expect(wb.sheets.has(LISTS_SHEET)).toBe(false);
    expect(wb.sheet("ใบกำกับภาษี").values[0].slice(0, 3)).toEqual(["เลขที่เอกสาร", "ชื่อลูกค้า", "เลขประจำตัวผู้เสียภาษี"]);
  });

  it("with a client: the company's lists on the hidden sheet; a refresh brings a new contact in", async () => {
    const wb = new MemoryWorkbook();
    const out = await templateJob(wb, { family: "cash-invoices", client: svc.client, now });
    expect(out.lists).toEqual({ contacts: 3, products: 2, bankAccounts: 1, cheques: 1, creditCards: 1, pettyCash: 1, otherChannels: 1, expenseCategories: 4, accounts: 12 });
    const keys = templateKeys("cash-invoices");
    expect(wb.sheet(LISTS_SHEET).hidden).toBe(true);
    expect(wb.dropDown(out.sheet, keys.indexOf("contactName"))).toEqual(["Acme Trading Co., Ltd.", "Supply Partner Co., Ltd.", "Walk-in customer"]);
    expect(wb.dropDown(out.sheet, keys.indexOf("bankAccountId"))).toEqual(["Bangkok Bank 123-4-56789-0"]);
    expect(wb.dropDown(out.sheet, keys.indexOf("otherChannelId"))).toEqual(["PromptPay QR"]);

    await svc.client.contacts.create({ contactName: "Template Refresh Co., Ltd.", contactGroup: 3, contactType: 3 });
    const counts = await refreshListsJob(wb, svc.client);
    expect(counts.contacts).toBe(4);
    expect(wb.dropDown(out.sheet, keys.indexOf("contactName"))).toContain("Template Refresh Co., Ltd.");
  });

  it("a journal voucher template picks its accounts from the chart of accounts on the lists sheet, and checks clean against it", async () => {
    const wb = new MemoryWorkbook();
    const out = await templateJob(wb, { family: "journal-entries", client: svc.client, lang: "th", now });
    const keys = bookKeys("journal-entries");
    expect(wb.dropDown(out.sheet, keys.indexOf("item.accountCode"))).toContain("41111 รายได้จากการขาย");
    expect(wb.dropDown(out.sheet, keys.indexOf("documentType"))).toContain("ใบสำคัญจ่าย (PV)");
    const checked = await checkJob(wb, { family: "journal-entries", target: { sheet: out.sheet } });
    expect(checked.findings).toEqual([]);
  });

  it("through the Excel port: one Excel.run writes the lists, hidden, then the table whose drop-downs refer to them", async () => {
    const excel = new FakeExcel("1.18", ["Sheet1"]);
    const port = new ExcelPort(excel.host());
    const runs = excel.runs;
    const out = await templateJob(port, { family: "receipts", client: svc.client, lang: "en", now });
    expect(excel.runs).toBe(runs + 1);
    expect(excel.sheet(LISTS_SHEET).visibility).toBe("Hidden");
    expect(excel.sheet(LISTS_SHEET).value(1, 0)).toBe("Acme Trading Co., Ltd.");
    const sheet = excel.sheet(out.sheet);
    const keys = templateKeys("receipts");
    const letter = String.fromCharCode(65 + keys.indexOf("contactName"));
    expect(sheet.validation.get(`${letter}2`)).toMatch(/^=OFFSET\('DocSheet lists'!\$A\$2,/);
    expect(sheet.tables).toHaveLength(1);
    await refreshListsJob(port, svc.client);
    expect(excel.syncsOfRun()).toBeGreaterThanOrEqual(2);
  });

  it("a template filled by picking from the lists posts with the customer's contact id and the bank account's id", async () => {
    const wb = new MemoryWorkbook();
    const { sheet } = await templateJob(wb, { family: "cash-invoices", client: svc.client, now });
    const keys = templateKeys("cash-invoices");
    const row = (values: Record<string, unknown>) => keys.map((k) => (values[k] ?? null) as never);
    // The example rows make way for the user's own document.
    wb.sheet(sheet).values.length = 1;
    await wb.write(sheet, [{ row: 1, col: 0, values: [row({
      documentKey: "T-1", contactName: "Acme Trading Co., Ltd.", publishedOn: "2026-03-05", isVat: "Yes", isVatInclusive: "No",
      internalNotes: "Paid at the counter", "item.name": "Consulting hour", "item.quantity": 1, "item.pricePerUnit": 1500,
      paymentMethod: "Transfer", bankAccountId: "Bangkok Bank 123-4-56789-0",
    })] }]);
    const outcome = await postJob(wb, svc.client, { family: "cash-invoices", now, target: { sheet } });
    expect(outcome.results.map((r) => [r.key, r.kind])).toEqual([["T-1", "created"]]);
    const doc = await svc.client.documents("cash-invoices").get(outcome.results[0].recordId!);
    const acme = (await svc.client.contacts.list()).list.find((c) => c.contactName === "Acme Trading Co., Ltd.")!;
    expect(doc.contactId).toBe(acme.id);
    expect(doc.contactCode).toBe("C0001"); // the contact itself, not a new one made from the name
    const bank = (await svc.client.bankAccounts.list()).find((b) => b.bankAccountNumber === "123-4-56789-0")!;
    expect(doc.payments).toMatchObject({ paymentMethod: 5, bankAccountId: bank.bankAccountId, bankAccountNumber: "123-4-56789-0" });
    expect(String(doc.internalNotes)).toMatch(/^Paid at the counter\ndocsheet:[0-9a-z]+:T-1$/);
  });
});
