// The company guard in the jobs (in-memory workbook, the real local service): a row carrying another
// company's contact id is refused by the service with its message said once; the lookup lists of
// another company are refused until refreshed for the connected one, after which the post sends
// none of the other company's ids; an act on another company's sheet is refused before anything.
import { createClient, type DocSheetClient } from "../../src/api";
import { actJob } from "../../src/jobs/act";
import { OtherCompanyError, sheetCompany, sheetCompanyKey } from "../../src/jobs/company";
import { postJob } from "../../src/jobs/post";
import { RULES_EN } from "../../src/sheet/i18n/en";
import { rememberedSheetFamily } from "../../src/jobs/sheet-family";
import { refreshListsJob, templateJob } from "../../src/jobs/template";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { LISTS_SHEET } from "../../src/workbook/port";
import { jobsService, now } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();
let other: DocSheetClient;
beforeAll(() => {
  other = createClient({ root: svc.service.root, ...svc.other });
});

async function contactIds(client: DocSheetClient): Promise<Set<number>> {
  const ids = new Set<number>();
  for await (const page of client.contacts.listAll({})) for (const c of page.list) ids.add(Number(c.id));
  return ids;
}

describe("the company guard in the jobs", () => {
  it("a row with another company's contact id: the service's refusal said once, in the row", async () => {
    const [demoContact] = await contactIds(svc.client);
    const wb = new MemoryWorkbook({ S: [
      ["documentKey", "contactId", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"],
      ["X1", demoContact, "Someone", "2026-03-05", true, "Pen", 1, 100],
    ] });
    const out = await postJob(wb, other, { family: "tax-invoices", now });
    expect(out.counts.failed).toBe(1);
    const message = out.results[0].message;
    expect(message.split(RULES_EN.contactOtherCompany!).length).toBe(2);
    // Posted to Other: the sheet is Other's now, and Demo is refused on it.
    expect(await sheetCompany(wb, "S")).toMatchObject({ name: "Other Co., Ltd.", by: "post" });
    await expect(postJob(wb, svc.client, { family: "tax-invoices", now })).rejects.toThrow("This sheet was posted to Other Co., Ltd.; you are connected to Demo Co., Ltd.");
  });

  it("another company's lookup lists are refused until refreshed; then none of its ids is sent", async () => {
    const wb = new MemoryWorkbook();
    const { sheet } = await templateJob(wb, { family: "cash-invoices", client: svc.client, now });
    expect(await sheetCompany(wb, LISTS_SHEET)).toMatchObject({ name: "Demo Co., Ltd.", by: "lists" });
    const before = (await other.documents("cash-invoices").list({})).total;
    const err = await postJob(wb, other, { family: "cash-invoices", target: { sheet }, now }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OtherCompanyError);
    expect((err as Error).message).toBe("This sheet was made with the lists of Demo Co., Ltd.; you are connected to Other Co., Ltd.");
    // A sheet of no company in that workbook: the lists still name Demo.
    await wb.saveRecord(sheetCompanyKey(sheet), null);
    await expect(postJob(wb, other, { family: "cash-invoices", target: { sheet }, now, lang: "th" }))
      .rejects.toThrow("รายการให้เลือกในสมุดงานนี้อ่านมาจาก Demo Co., Ltd. แต่ตอนนี้เชื่อมต่อกับ Other Co., Ltd.");
    expect((await other.documents("cash-invoices").list({})).total).toBe(before);

    await refreshListsJob(wb, other);
    expect(await sheetCompany(wb, LISTS_SHEET)).toMatchObject({ name: "Other Co., Ltd." });
    const out = await postJob(wb, other, { family: "cash-invoices", target: { sheet }, now });
    expect(out.counts.created).toBe(1);
    const made = await other.documents("cash-invoices").get(out.results[0].recordId!);
    const demo = await contactIds(svc.client);
    expect(demo.has(Number(made.contactId))).toBe(false);
    for (const key of ["bankAccountId", "otherChannelId", "creditCardId", "pettyCashId", "bankChequeId"]) {
      if (made[key] !== undefined && made[key] !== null) expect(String(made[key])).not.toBe("");
    }
  });

  it("a template's sheet posted by its company is that company's posted sheet", async () => {
    const wb = new MemoryWorkbook();
    const { sheet } = await templateJob(wb, { family: "quotations", client: svc.client, now });
    expect(await sheetCompany(wb, sheet)).toMatchObject({ name: "Demo Co., Ltd.", by: "template" });
    expect((await postJob(wb, svc.client, { family: "quotations", target: { sheet }, now })).counts.created).toBe(1);
    expect(await sheetCompany(wb, sheet)).toMatchObject({ name: "Demo Co., Ltd.", by: "post" });
    await expect(actJob(wb, other, { family: "quotations", action: { kind: "share" }, target: { sheet }, now }))
      .rejects.toThrow("This sheet was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.");
  });

  it("a renamed sheet keeps its company and its family: another company's connection and another family are still refused", async () => {
    const rename = (wb: MemoryWorkbook, from: string, to: string): void => {
      wb.sheets.set(to, wb.sheets.get(from)!);
      wb.sheets.delete(from);
    };
    // Renamed right after the template, before any job looked at it.
    const wb = new MemoryWorkbook();
    const { sheet } = await templateJob(wb, { family: "quotations", client: svc.client, now });
    rename(wb, sheet, "Quotes May");
    const target = { sheet: "Quotes May" };
    await expect(postJob(wb, other, { family: "quotations", target, now })).rejects.toThrow("you are connected to Other Co., Ltd.");
    await expect(postJob(wb, svc.client, { family: "tax-invoices", target, now })).rejects.toThrow(`sheet "Quotes May" holds quotation documents, but the document type chosen is tax invoice`);
    expect(await sheetCompany(wb, "Quotes May")).toMatchObject({ name: "Demo Co., Ltd.", by: "template" });
    expect(await wb.loadRecord(sheetCompanyKey(sheet))).toBeNull();
    // Bound by its first post, then renamed twice: still Demo's.
    expect((await postJob(wb, svc.client, { family: "quotations", target, now })).counts.created).toBe(1);
    rename(wb, "Quotes May", "Q2");
    rename(wb, "Q2", "Q3");
    await expect(actJob(wb, other, { family: "quotations", action: { kind: "share" }, target: { sheet: "Q3" }, now }))
      .rejects.toThrow("This sheet was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.");
    // A new sheet given the old name is not the renamed one's: nothing of it is bound.
    wb.setSheet("Quotes May", []);
    expect(await sheetCompany(wb, "Quotes May")).toBeNull();

    // Two sheets that swap names (through a third name, as in Excel) swap their records too.
    const two = new MemoryWorkbook();
    const quotes = (await templateJob(two, { family: "quotations", client: svc.client, now })).sheet;
    const invoices = (await templateJob(two, { family: "tax-invoices", client: other, now })).sheet;
    rename(two, quotes, "swap");
    rename(two, invoices, quotes);
    rename(two, "swap", invoices);
    expect(await rememberedSheetFamily(two, invoices)).toBe("quotations");
    expect(await sheetCompany(two, invoices)).toMatchObject({ name: "Demo Co., Ltd." });
    expect(await rememberedSheetFamily(two, quotes)).toBe("tax-invoices");
    expect(await sheetCompany(two, quotes)).toMatchObject({ name: "Other Co., Ltd." });
  });

  it("an act on another company's sheet is refused before anything is changed", async () => {
    const wb = new MemoryWorkbook({ S: [
      ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"],
      ["A1", "Act Guard Co", "2026-03-05", true, "Pen", 1, 100],
    ] });
    const posted = await postJob(wb, svc.client, { family: "quotations", now });
    const id = posted.results[0].recordId!;
    const sheet = JSON.stringify(wb.sheet("S").values);
    await expect(actJob(wb, other, { family: "quotations", action: { kind: "delete" }, now }))
      .rejects.toThrow("This sheet was posted to Demo Co., Ltd.; you are connected to Other Co., Ltd.");
    expect(JSON.stringify(wb.sheet("S").values)).toBe(sheet);
    expect((await svc.client.documents("quotations").get(id)).statusString).toBe("awaiting");
  });
});
