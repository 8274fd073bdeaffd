// The pane's Update (jsdom, the real pane services against the real local service): the preview
// shows each changed document field by field (service value → sheet value) and sends nothing; the
// send button sends only the changed documents; a document changed on the service in between is
// listed as not sent, with what changed there; the preview speaks Thai.
import { createClient, type DocSheetClient } from "../../src/api/client";
import { postJob } from "../../src/jobs/post";
import { translator, type Lang } from "../../src/taskpane/i18n";
import { UpdateSection } from "../../src/taskpane/sections/update";
import { createServices } from "../../src/taskpane/services";
import { type PaneServices } from "../../src/taskpane/views";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { bridgedFetch, click, localService, mountPane, until } from "./support";
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
    ["U1", "Line 1 quantity", "2", "3"],
    ["Subtotal", "200.00", "300.00"],
    ["Total after discount", "200.00", "300.00"],
    ["VAT amount", "14.00", "21.00"],
    ["Grand total", "214.00", "321.00"],
    ["U2", "Remarks", "as posted", "changed in the sheet"],
  ]);
  expect(listed(root)).toEqual(["Row 4U3: not sent: changed on the service since the sheet last saw it (Project); pull it again to see the service's copy"]);
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

test("the preview in Thai", async () => {
  const book = await postedBook("T");
  book.sheet("S").values[1][at(book, "item.pricePerUnit")] = 120;
  const root = pane(await connected(book), "th");
  click(root, "ดูตัวอย่างการแก้ไข");
  await until(() => summaryLine(root) !== "", "the preview");
  expect(summaryLine(root)).toBe("จะแก้ไข 1, ไม่เปลี่ยน 2, ถูกแก้บนระบบ 0, ปฏิเสธ 0, ไม่ได้ส่ง 0");
  expect(table(root)[0]).toEqual(["T1", "ราคาต่อหน่วยของรายการที่ 1", "100.00", "120.00"]);
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
  expect(listed(root)).toEqual([expect.stringMatching(/^Row 3F2: refused: record id \d+ is QT\S+ on the service, not QT\S+ as the row says/)]);
});

