// The pane's Update (jsdom, the real pane services against the real local service): the preview
// shows each changed document field by field (service value → sheet value) and sends nothing; the
// send button sends only the changed documents; a document changed on the service in between is
// listed as not sent, with what changed there; the preview speaks Thai. After Send the rows say what
// the service computed (the due date the credit days moved), so the next preview has nothing to
// send and Refresh finds nothing edited in the sheet; Send on another sheet than the preview's, or
// after the rows were edited, asks for a new preview and sends nothing. A contacts or certificates
// sheet's record is named as its family names it (a contact's code or name, a certificate's serial),
// and so is a certificate's row that Post lists.
import { createClient, type DocSheetClient } from "../../src/api/client";
import { postJob } from "../../src/jobs/post";
import { translator, type Lang } from "../../src/taskpane/i18n";
import { PostSection } from "../../src/taskpane/sections/post";
import { PullSection } from "../../src/taskpane/sections/pull";
import { UpdateSection } from "../../src/taskpane/sections/update";
import { createServices } from "../../src/taskpane/services";
import { type PaneServices } from "../../src/taskpane/views";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { bridgedFetch, buttonNamed, click, localService, mountPane, until } from "./support";
import { fieldForHeader } from "../../src/sheet/fields";
import { render } from "preact";
import { act } from "preact/test-utils";
import { asUpdate } from "../helpers/wire-bodies";

jest.setTimeout(180_000);

const local = localService();
const HEADER = ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit", "remarks"];

function client(): DocSheetClient {
  return createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
}

async function connected(book: MemoryWorkbook): Promise<PaneServices> {
  const services = createServices({ port: book, relayBase: null, fetch: bridgedFetch });
  await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
  return services;
}

/** Three quotations posted from sheet S, each with a recordId and a fingerprint. */
async function postedBook(prefix: string): Promise<MemoryWorkbook> {
  const book = new MemoryWorkbook({ S: [
    HEADER,
    ...[1, 2, 3].map((i) => [`${prefix}${i}`, `${prefix} Update Co ${i}`, "2026-03-02", true, "Pen", 2, 100, "as posted"]),
  ] });
  expect((await postJob(book, client(), { family: "quotations" })).counts.created).toBe(3);
  return book;
}

const at = (book: MemoryWorkbook, key: string) => book.sheet("S").values[0].indexOf(key);
const table = (root: HTMLElement) => [...root.querySelectorAll("table.changes tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));
const summaryLine = (root: HTMLElement) => root.querySelector("#update .msg.ok, #update .msg.error, #update .msg.info")?.textContent ?? "";
const listed = (root: HTMLElement) => [...root.querySelectorAll("ul.rows button")].map((b) => b.textContent ?? "");

function pane(services: PaneServices, lang: Lang = "en"): HTMLElement {
  return mountPane(<UpdateSection t={translator(lang)} lang={lang} services={services} family="quotations" connected />);
}

afterEach(() => {
  document.body.innerHTML = "";
});

test("Update previews field by field, sends nothing until asked, then sends only the changed document", async () => {
  const book = await postedBook("U");
  const s = book.sheet("S").values;
  s[1][at(book, "item.quantity")] = 3;
  s[2][at(book, "remarks")] = "changed in the sheet";
  // U3 is changed on the service under the sheet, and in the sheet too.
  const c = client();
  const u3 = s[3][at(book, "recordId")] as number;
  await c.documents("quotations").update(u3, asUpdate({ ...(await c.documents("quotations").get(u3)), projectName: "Theirs", documentStructureType: "UpdateSimpleDocument" }));
  s[3][at(book, "remarks")] = "mine";

  const root = pane(await connected(book));
  click(root, "Preview changes");
  await until(() => summaryLine(root) !== "", "the preview");
  expect(summaryLine(root)).toBe("2 to update, 0 unchanged, 1 changed on the service, 0 refused, 0 not sent");
  expect(table(root)).toEqual([
    // Each document named as the rows below name theirs: by row and key.
    ["Row 2, document U1", "Line 1 quantity", "2", "3"],
    ["Subtotal", "200.00", "300.00"],
    ["Total after discount", "200.00", "300.00"],
    ["VAT amount", "14.00", "21.00"],
    ["Grand total", "214.00", "321.00"],
    ["Row 3, document U2", "Remarks", "as posted", "changed in the sheet"],
  ]);
  expect(listed(root)).toEqual(["Row 4, document U3:not sent: changed on the service since the sheet last saw it (Project); pull it again to see the service's copy"]);
  // Nothing sent, nothing written.
  expect((await c.documents("quotations").get(s[1][at(book, "recordId")] as number)).grandTotal).toBe(214);
  expect(s[1][at(book, "result")]).toBe("created");

  click(root, "Send 2 changed documents");
  await until(() => summaryLine(root).includes("updated"), "the update");
  expect(summaryLine(root)).toBe("2 updated, 0 unchanged, 1 changed on the service, 0 refused, 0 not sent");
  expect((await c.documents("quotations").get(s[1][at(book, "recordId")] as number)).grandTotal).toBe(321);
  expect((await c.documents("quotations").get(s[2][at(book, "recordId")] as number)).remarks).toBe("changed in the sheet");
  const theirs = await c.documents("quotations").get(u3);
  expect([theirs.projectName, theirs.remarks]).toEqual(["Theirs", "as posted"]);
  expect(s[3][at(book, "result")]).toMatch(/^not sent: changed on the service/);
  expect(root.textContent).not.toContain("Send 2 changed documents");
});

test("a contacts sheet edited in one row: the preview shows that field from the service's value to the sheet's, Send updates it; edited after the preview, Send asks for a new one", async () => {
  const tag = `Pane contact ${Date.now()}`;
  const book = new MemoryWorkbook({ C: [["Name", "Type", "Phone"], [`${tag} 1`, "customer", "02-000-0001"], [`${tag} 2`, "customer", "02-000-0002"]] });
  expect((await postJob(book, client(), { family: "contacts", target: { sheet: "C" } })).counts.created).toBe(2);
  const rows = book.sheet("C").values;
  const id = rows[2][rows[0].indexOf("Record id")] as number;
  const phone = async () => (await client().contacts.get(id)).contactMobile;
  rows[2][2] = "02-999-0002";
  const services = await connected(book);
  // As the app mounts it for a family whose card updates (app.tsx).
  const root = mountPane(<UpdateSection t={translator("en")} lang="en" services={services} family="contacts" connected />);
  click(root, "Preview changes");
  await until(() => summaryLine(root) !== "", "the preview");
  expect(summaryLine(root)).toBe("1 to update, 1 unchanged, 0 changed on the service, 0 refused, 0 not sent");
  expect([...root.querySelectorAll("table.changes th")].map((th) => th.textContent)).toEqual(["Contact", "Field", "On the service", "In the sheet"]);
  expect(table(root)).toEqual([[`Row 3, contact ${tag} 2`, "Phone", "02-000-0002", "02-999-0002"]]);
  expect(await phone()).toBe("02-000-0002");

  // The row edited again after the preview (its name, a column only a contact has): nothing is
  // sent, a new preview is asked for.
  rows[2][0] = `${tag} 2b`;
  click(root, "Send 1 changed contact");
  await until(() => root.querySelector("#update .msg.error") !== null, "the refusal");
  expect(root.querySelector("#update .msg.error")!.textContent).toBe("The rows are not the ones previewed (edited since, or other rows selected): nothing was sent. Preview the changes again.");
  expect(table(root)).toEqual([]);
  expect(await phone()).toBe("02-000-0002");

  click(root, "Preview changes");
  await until(() => root.textContent!.includes("Send 1 changed contact"), "the new preview");
  expect(table(root)).toEqual([[`Row 3, contact ${tag} 2b`, "Name", `${tag} 2`, `${tag} 2b`], ["Phone", "02-000-0002", "02-999-0002"]]);
  click(root, "Send 1 changed contact");
  await until(() => summaryLine(root).includes("updated"), "the update");
  expect(summaryLine(root)).toBe("1 updated, 1 unchanged, 0 changed on the service, 0 refused, 0 not sent");
  expect(table(root)).toEqual([[`Row 3, contact ${tag} 2b`, "Name", `${tag} 2`, `${tag} 2b`], ["Phone", "02-000-0002", "02-999-0002"]]);
  const sent = await client().contacts.get(id);
  expect([sent.contactName, sent.contactMobile]).toEqual([`${tag} 2b`, "02-999-0002"]);
  expect(listed(root)).toEqual([]);
});

test("a certificates sheet: the preview names each certificate by its serial, shows the awaiting one's edited fields from the service's values to the sheet's and lists the processed one as not sent; Send updates the awaiting one", async () => {
  const tag = `Pane cert ${Date.now()}`;
  const book = new MemoryWorkbook({ W: [
    ["Document key", "Payee", "Tax id", "Date paid", "Income type", "Tax rate %", "Income paid", "Tax withheld", "Condition"],
    ...[1, 2].map((i) => [`${tag}-${i}`, `${tag} ${i}`, "1101700123456", "2026-04-05", "Services", 3, 1000, 30, "Withheld at source"]),
  ] });
  expect((await postJob(book, client(), { family: "withholding-taxes", target: { sheet: "W" } })).counts.created).toBe(2);
  const rows = book.sheet("W").values;
  const id = rows[2][rows[0].indexOf("Record id")] as number;
  const serial = (r: number) => String(rows[r][rows[0].findIndex((h) => fieldForHeader(String(h))?.key === "documentSerial")]);
  // Only an awaiting certificate is updated: the first, edited too, is not sent.
  await client().withholdingTaxes.setStatus(id, "awaiting");
  for (const r of [1, 2]) [rows[r][rows[0].indexOf("Income paid")], rows[r][rows[0].indexOf("Tax withheld")]] = [1200, 36];
  const root = mountPane(<UpdateSection t={translator("en")} lang="en" services={await connected(book)} family="withholding-taxes" connected />);
  click(root, "Preview changes");
  await until(() => summaryLine(root) !== "", "the preview");
  expect(summaryLine(root)).toBe("1 to update, 0 unchanged, 0 changed on the service, 1 refused, 0 not sent");
  expect(table(root)).toEqual([[`Row 3, withholding tax certificate ${serial(2)}`, "Income paid", "1,000.00", "1,200.00"], ["Tax withheld", "30.00", "36.00"]]);
  expect(listed(root)).toEqual([`Row 2, withholding tax certificate ${serial(1)}:not sent: only an awaiting withholding tax certificate can be edited, and this one is processed`]);
  click(root, "Send 1 changed withholding tax certificate");
  await until(() => summaryLine(root).includes("updated"), "the update");
  expect(summaryLine(root)).toBe("1 updated, 0 unchanged, 0 changed on the service, 1 refused, 0 not sent");
  const sent = await client().withholdingTaxes.get(id);
  expect(sent.withholdingTaxItems).toEqual([expect.objectContaining({ taxAmount: 1200, withheld: 36 })]);

  // Posted again, Post lists each row by the certificate's word and its key, as Update does.
  document.body.innerHTML = "";
  const post = mountPane(<PostSection t={translator("en")} lang="en" services={await connected(book)} family="withholding-taxes" connected />);
  click(post, "Post withholding tax certificates");
  await until(() => listed(post).length === 2, "the rows not posted");
  expect(listed(post)).toEqual([1, 2].map((i) => `Row ${i + 1}, withholding tax certificate ${tag}-${i}:already posted`));
});

test("the preview in Thai", async () => {
  const book = await postedBook("T");
  book.sheet("S").values[1][at(book, "item.pricePerUnit")] = 120;
  const root = pane(await connected(book), "th");
  click(root, "ดูตัวอย่างการแก้ไข");
  await until(() => summaryLine(root) !== "", "the preview");
  expect(summaryLine(root)).toBe("จะแก้ไข 1, ไม่เปลี่ยน 2, ถูกแก้บนระบบ 0, ปฏิเสธ 0, ไม่ได้ส่ง 0");
  expect(table(root)[0]).toEqual(["แถว 2 เอกสาร T1", "ราคาต่อหน่วยของรายการที่ 1", "100.00", "120.00"]);
  expect([...root.querySelectorAll("table.changes th")].map((th) => th.textContent)).toEqual(["เอกสาร", "ช่องข้อมูล", "บนระบบ", "ในชีต"]);
  expect(root.textContent).toContain("ส่งเอกสารที่แก้ไข 1 รายการ");
});

test("a row without a fingerprint is previewed with a warning; a row whose record id names another document is refused", async () => {
  const book = await postedBook("F");
  const s = book.sheet("S").values;
  s[1][at(book, "fingerprint")] = null;
  s[1][at(book, "remarks")] = "no fingerprint";
  s[2][at(book, "recordId")] = s[3][at(book, "recordId")];
  s[2][at(book, "remarks")] = "typed over";
  const root = pane(await connected(book));
  click(root, "Preview changes");
  await until(() => summaryLine(root) !== "", "the preview");
  expect(summaryLine(root)).toBe("1 to update, 1 unchanged, 0 changed on the service, 1 refused, 0 not sent");
  expect(root.querySelector("table.changes .unchecked")?.textContent)
    .toBe("No fingerprint in the row: changes made on the service since cannot be checked; compare the service's values above.");
  expect(listed(root)).toEqual([expect.stringMatching(/^Row 3, document F2:refused: record id \d+ is QT\S+ on the service, not QT\S+ as the row says/)]);
});


/** A tax invoice of 2026-04-03 on credit of 0 days (due the same day), pulled into a sheet of its own
 * by the pane, with its columns by field. */
async function pulledInvoice(contactName: string, lang: Lang) {
  const made = await client().documents("tax-invoices").create({
    contactName, publishedOn: "2026-04-03", creditDays: 0, isVat: true, items: [{ name: "Pen", quantity: 3, pricePerUnit: 100, total: 300 }],
    subTotal: 300, totalAfterDiscount: 300, vatAmount: 21, grandTotal: 321,
  });
  const book = new MemoryWorkbook();
  const services = await connected(book);
  const pulled = await services.pull("tax-invoices", { perLine: false, search: contactName }, { lang });
  book.active = pulled.sheet;
  const rows = book.sheet(pulled.sheet).values;
  const col = (key: string) => rows[0].findIndex((h) => fieldForHeader(String(h))?.key === key);
  return { book, services, sheet: pulled.sheet, rows, col, recordId: made.recordId };
}

function invoicePane(services: PaneServices, lang: Lang): HTMLElement {
  const t = translator(lang);
  return mountPane(<div>
    <UpdateSection t={t} lang={lang} services={services} family="tax-invoices" connected />
    <PullSection t={t} lang={lang} services={services} family="tax-invoices" connected />
  </div>);
}

describe.each<[Lang, Record<string, string>]>([
  ["en", { preview: "Preview changes", send: "Send 1 changed document", refresh: "Refresh this sheet", days: "Credit days", due: "Due date", was: "2026-04-03", now: "2026-05-03", nothing: "0 to update, 1 unchanged, 0 changed on the service, 0 refused, 0 not sent" }],
  ["th", { preview: "ดูตัวอย่างการแก้ไข", send: "ส่งเอกสารที่แก้ไข 1 รายการ", refresh: "รีเฟรชชีตนี้", days: "จำนวนวันเครดิต", due: "วันครบกำหนด", was: "03/04/2569", now: "03/05/2569", nothing: "จะแก้ไข 0, ไม่เปลี่ยน 1, ถูกแก้บนระบบ 0, ปฏิเสธ 0, ไม่ได้ส่ง 0" }],
])("the row after Send (%s)", (lang, words) => {
  test("credit days 0 → 30: the row takes the due date the service computed; the next preview has nothing to send, Refresh nothing edited", async () => {
    const { services, rows, col, recordId } = await pulledInvoice(`Truth Due ${lang} Co`, lang);
    expect(rows[1][col("dueDate")]).toEqual(new Date(Date.UTC(2026, 3, 3)));
    rows[1][col("creditDays")] = 30;
    const root = invoicePane(services, lang);
    click(root, words.preview);
    await until(() => root.textContent!.includes(words.send), "the preview");
    // The due date the service will set is previewed with the credit days, as the pane shows dates
    // in its language (Thai: day/month/Buddhist-era year).
    expect(table(root).map((r) => r.slice(-3))).toEqual([[words.days, "0", "30"], [words.due, words.was, words.now]]);
    click(root, words.send);
    await until(() => !root.textContent!.includes(words.send) && summaryLine(root) !== "", "the update");
    expect((await client().documents("tax-invoices").get(recordId)).dueDate).toBe("2026-05-03");
    expect(rows[1][col("dueDate")]).toEqual(new Date(Date.UTC(2026, 4, 3)));

    click(root, words.preview);
    await until(() => summaryLine(root) === words.nothing, "the second preview");
    expect(table(root)).toEqual([]);
    expect(root.textContent).not.toContain(words.send.replace(/1/, ""));

    click(root, words.refresh);
    await until(() => root.querySelector("#pull .msg.ok, #pull .msg.info, #pull .msg.error") !== null, "the refresh");
    expect(root.querySelector("#pull .msg.error")).toBeNull();
    expect(root.querySelector("#pull .msg")!.textContent).toMatch(lang === "en" ? /, 1 unchanged, .*, 0 edited in the sheet/ : /ไม่เปลี่ยน 1, .*แก้ไขในชีตแล้วไม่ได้รีเฟรช 0/);
    expect([...root.querySelectorAll("#pull ul.rows button")]).toEqual([]);
  });
});

describe.each<[Lang, Record<string, string>]>([
  ["en", { preview: "Preview changes", send: "Send 1 changed document", stale: "The rows are not the ones previewed (edited since, or other rows selected): nothing was sent. Preview the changes again." }],
  ["th", { preview: "ดูตัวอย่างการแก้ไข", send: "ส่งเอกสารที่แก้ไข 1 รายการ", stale: "แถวไม่ใช่แถวที่ดูตัวอย่างไว้ (ถูกแก้ไขหลังจากนั้น หรือเลือกแถวอื่น) จึงยังไม่ได้ส่งอะไร โปรดดูตัวอย่างการแก้ไขอีกครั้ง" }],
])("Send acts only on what it previewed (%s)", (lang, words) => {
  const other = (previewed: string, sheet: string) => (lang === "en"
    ? `The changes were previewed on sheet “${previewed}”, not on “${sheet}”: nothing was sent. Go back to “${previewed}”, or preview the changes of this sheet.`
    : `ดูตัวอย่างการแก้ไขไว้ที่ชีต “${previewed}” ไม่ใช่ชีต “${sheet}” จึงยังไม่ได้ส่งอะไร กลับไปที่ชีต “${previewed}” หรือดูตัวอย่างการแก้ไขของชีตนี้`);
  const error = (root: HTMLElement) => root.querySelector("#update .msg.error")?.textContent ?? "";

  test("another sheet active at Send: a new preview is asked for, nothing is sent from either sheet", async () => {
    const { book, services, sheet, rows, col, recordId } = await pulledInvoice(`Truth Switch ${lang} Co`, lang);
    rows[1][col("creditDays")] = 30;
    // A column of the user's own beside the pulled ones.
    rows[0].push("My note");
    rows[1].push("first");
    // A second tab holding the same invoice, edited otherwise.
    const second = await services.pull("tax-invoices", { perLine: false, search: `Truth Switch ${lang} Co` }, { lang });
    expect(second.sheet).not.toBe(sheet);
    const rows2 = book.sheet(second.sheet).values;
    rows2[1][col("creditDays")] = 45;
    book.active = sheet;
    const root = invoicePane(services, lang);
    click(root, words.preview);
    await until(() => root.textContent!.includes(words.send), "the preview");

    book.active = second.sheet;
    click(root, words.send);
    await until(() => error(root) !== "", "the refusal");
    expect(error(root)).toBe(other(sheet, second.sheet));
    expect((await client().documents("tax-invoices").get(recordId)).creditDays).toBe(0);
    expect(() => buttonNamed(root, words.send)).toThrow();
    // Back on the previewed sheet, a new preview sends as asked; the user's own column (a formula
    // recalculated) may change meanwhile.
    book.active = sheet;
    click(root, words.preview);
    await until(() => root.textContent!.includes(words.send), "the new preview");
    rows[1][rows[0].length - 1] = "recalculated";
    click(root, words.send);
    await until(() => !root.textContent!.includes(words.send) && summaryLine(root) !== "", "the update");
    expect((await client().documents("tax-invoices").get(recordId)).creditDays).toBe(30);
  });

  test("another document type chosen after the preview: its preview and Send are gone", async () => {
    const { services, rows, col } = await pulledInvoice(`Truth Family ${lang} Co`, lang);
    rows[1][col("creditDays")] = 30;
    const t = translator(lang);
    const root = mountPane(<UpdateSection t={t} lang={lang} services={services} family="tax-invoices" connected />);
    click(root, words.preview);
    await until(() => root.textContent!.includes(words.send), "the preview");
    act(() => render(<UpdateSection t={t} lang={lang} services={services} family="quotations" connected />, root));
    expect(() => buttonNamed(root, words.send)).toThrow();
    expect([summaryLine(root), table(root)]).toEqual(["", []]);
    // Back on the type previewed, the preview holds (Send still checks the rows).
    act(() => render(<UpdateSection t={t} lang={lang} services={services} family="tax-invoices" connected />, root));
    expect(buttonNamed(root, words.send)).toBeTruthy();
  });

  test("rows edited after the preview: a new preview is asked for, nothing is sent", async () => {
    const { services, rows, col, recordId } = await pulledInvoice(`Truth Edited ${lang} Co`, lang);
    rows[1][col("creditDays")] = 30;
    const root = invoicePane(services, lang);
    click(root, words.preview);
    await until(() => root.textContent!.includes(words.send), "the preview");
    rows[1][col("creditDays")] = 60;
    click(root, words.send);
    await until(() => error(root) !== "", "the refusal");
    expect(error(root)).toBe(words.stale);
    expect((await client().documents("tax-invoices").get(recordId)).creditDays).toBe(0);
    expect(table(root)).toEqual([]);
  });
});
