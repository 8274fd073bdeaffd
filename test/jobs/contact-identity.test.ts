// Who a contact or product is, as the jobs compare it (sheet/books/identity.ts) against the real
// local service, on a workbook as the pane holds it: a tax invoice to a contact a contacts post made
// (branch 00001, which the service keeps as "สาขา 00001"; the tax id typed with dashes) is sent with
// that contact's id rather than making a second one, and two rows of one contact or product code
// with other details are errors at both rows, in check and in post alike, before anything is sent.
import { checkBookJob, postBookJob } from "../../src/jobs/books";
import { postJob } from "../../src/jobs/post";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();
type Json = Record<string, unknown>;

it("a tax invoice to a contact a contacts post made is that contact's, whatever way its branch and tax id are typed", async () => {
  const contacts = new MemoryWorkbook({ Contacts: [["Code", "Name", "Type", "Tax id", "Branch"], ["CI-1", "Identity Buyer Co., Ltd.", "customer", "0105560000077", "00001"]] });
  const posted = await postBookJob(contacts, svc.client, { family: "contacts", now });
  const contactId = posted.results[0].recordId!;
  expect(await svc.client.contacts.get(contactId)).toMatchObject({ contactBranch: "สาขา 00001" });
  const sheet = new MemoryWorkbook({ S: [
    ["documentKey", "contactName", "contactTaxId", "contactBranch", "contactAddress", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"],
    ["i1", "Identity Buyer Co., Ltd.", "0-1055-60000-07-7", "สาขาที่ 1", "9 Rama IV Road", "2026-03-02", true, "Pen", 1, 100],
    // Another branch of the same company: not this contact, made by the service as before.
    ["i2", "Identity Buyer Co., Ltd.", "0105560000077", "00002", "9 Rama IV Road", "2026-03-02", true, "Pen", 1, 100],
  ] });
  const sent = await postJob(sheet, svc.client, { family: "tax-invoices", now });
  expect(sent.counts.created).toBe(2);
  const [first, second] = sent.results.sort((a, b) => a.rows[0] - b.rows[0]);
  expect(await svc.client.documents("tax-invoices").get(first.recordId!)).toMatchObject({ contactId, contactBranch: "00001" });
  expect(Number((await svc.client.documents("tax-invoices").get(second.recordId!)).contactId)).not.toBe(contactId);
});

it("two rows of one code with other details are errors at both rows, in check and post alike; nothing of them is sent", async () => {
  const rows = [["Product code", "Product name", "Sell price", "VAT"], ["CI-P1", "Paper", 135, "7%"], ["CI-P1", "Ink", 450, "7%"]];
  const checked = await checkBookJob(new MemoryWorkbook({ P: rows }), { family: "products" });
  expect(checked.findings.filter((f) => f.severity === "error").map((f) => [f.cell, f.msg.key])).toEqual([["A2", "sheet.productCodeClash"], ["A3", "sheet.productCodeClash"]]);
  const posted = await postBookJob(new MemoryWorkbook({ P: rows }), svc.client, { family: "products", now });
  expect(posted.results.map((r) => r.kind)).toEqual(["invalid", "invalid"]);
  const listed = (await svc.client.products.list({ pageSize: 200 })).list as unknown as Json[];
  expect(listed.filter((p) => p.code === "CI-P1")).toEqual([]);
});
