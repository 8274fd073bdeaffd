// Undo after a post in the pane (jsdom, the real pane services against the real local service):
// the Undo button shows what would happen first and changes nothing; "Undo now" voids the post's
// documents, clears their rows and lists each with what became of it; a document paid meanwhile is
// listed as left alone; Thai words throughout in Thai.
import { createClient } from "../../src/api/client";
import { actJob } from "../../src/jobs/act";
import { postJob } from "../../src/jobs/post";
import { loadPostRecord, savePostRecord } from "../../src/jobs/post-record";
import { translator, type Lang } from "../../src/taskpane/i18n";
import { PostSection } from "../../src/taskpane/sections/post";
import { createServices } from "../../src/taskpane/services";
import { type PaneServices } from "../../src/taskpane/views";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { bridgedFetch, buttonNamed, click, localService, mountPane, until } from "./support";

jest.setTimeout(180_000);

const local = localService();
const HEADER = ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"];

async function connected(book: MemoryWorkbook): Promise<PaneServices> {
  const services = createServices({ port: book, relayBase: null, fetch: bridgedFetch });
  await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
  return services;
}

function book(prefix: string): MemoryWorkbook {
  return new MemoryWorkbook({ S: [
    HEADER,
    // A new customer: the service makes a contact for it, which the paid document keeps in use.
    [`${prefix}1`, `Undo Pane ${prefix}`, "2026-03-02", true, "Pen", 2, 100],
    [`${prefix}2`, `Undo Pane ${prefix}`, "2026-03-02", true, "Ink", 1, 50],
  ] });
}

const text = (root: HTMLElement) => root.textContent ?? "";
const listed = (root: HTMLElement) => [...root.querySelectorAll(".undo ul.rows button")].map((b) => b.textContent ?? "");
const col = (b: MemoryWorkbook, name: string) => b.sheet("S").values[0].indexOf(name);

afterEach(() => {
  document.body.innerHTML = "";
});

describe.each<[Lang, Record<string, string>]>([
  ["en", { post: "Post documents", undo: "Undo this post", now: "Undo now", keep: "Keep them", preview: "? 2 to void.", done: "Undone: 1 voided, 1 left as it is.", voided: "Undone: {s} voided; contact Undo Pane UPen stays: used by {p}", paid: "Not undone: {s} was paid after the post" }],
  ["th", { post: "สร้างเอกสาร", undo: "ย้อนกลับการส่งครั้งนี้", now: "ย้อนกลับเลย", keep: "คงไว้", preview: "หรือไม่? จะยกเลิก 2", done: "ย้อนกลับแล้ว: ยกเลิก 1, คงไว้ตามเดิม 1", voided: "ย้อนกลับแล้ว: ยกเลิก {s} แล้ว; คงผู้ติดต่อ Undo Pane UPth ไว้: ใช้อยู่ใน {p}", paid: "ไม่ได้ย้อนกลับ: {s} ได้รับชำระเงินหลังการส่ง" }],
])("Undo in the Post section (%s)", (lang, w) => {
  test("previews, keeps on request, then undoes: voided rows cleared, a paid one left alone and listed", async () => {
    const wb = book(`UP${lang}`);
    const services = await connected(wb);
    const root = mountPane(<PostSection t={translator(lang)} lang={lang} services={services} family="tax-invoices" connected />);
    expect(text(root)).not.toContain(w.undo); // only after a post
    click(root, w.post);
    await until(() => [...root.querySelectorAll("button")].some((b) => b.textContent === w.undo), "the Undo button");
    const serials = [1, 2].map((r) => String(wb.cell("S", r, col(wb, "documentSerial"))));
    const ids = [1, 2].map((r) => Number(wb.cell("S", r, col(wb, "recordId"))));

    // The preview changes nothing; Keep them closes it.
    click(root, w.undo);
    await until(() => root.querySelector("[role=alertdialog]") !== null, "the preview");
    expect(root.querySelector("#ds-undo-text")!.textContent).toContain(w.preview);
    const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
    expect((await client.documents("tax-invoices").get(ids[0])).statusString).toBe("awaiting");
    expect(wb.cell("S", 1, col(wb, "recordId"))).toBe(ids[0]);
    click(root, w.keep);
    expect(root.querySelector("[role=alertdialog]")).toBeNull();

    // Paid meanwhile: left alone.
    await actJob(wb, client, { family: "tax-invoices", action: { kind: "payment", paymentMethod: 1 }, rows: [2] });
    click(root, w.undo);
    await until(() => root.querySelector("[role=alertdialog]") !== null, "the preview again");
    click(root, w.now);
    await until(() => text(root).includes(w.done), "the undo's summary");
    const at = (row: number, key: string) => (lang === "th" ? `แถว ${row} เอกสาร ${key}:` : `Row ${row}, document ${key}:`);
    expect(listed(root)).toEqual([`${at(2, `UP${lang}1`)}${w.voided.replace("{s}", serials[0]).replace("{p}", serials[1])}`, `${at(3, `UP${lang}2`)}${w.paid.replace("{s}", serials[1])}`]);
    expect(wb.cell("S", 1, col(wb, "recordId"))).toBeNull();
    expect(wb.cell("S", 2, col(wb, "recordId"))).toBe(ids[1]);
    expect((await client.documents("tax-invoices").get(ids[0])).statusString).toBe("void");
    // A click on a listed row selects its Result cell.
    buttonNamed(root, listed(root)[0]).click();
    expect(wb.selection).toEqual({ sheet: "S", row: 1, col: col(wb, "result") });
  });
});

test("a record edited by hand: the preview and the outcome count the document refused, and it is not voided", async () => {
  const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
  const other = book("URO");
  await postJob(other, client, { family: "tax-invoices" });
  const stranger = Number(other.cell("S", 1, col(other, "recordId")));
  const wb = book("URH");
  const services = await connected(wb);
  const root = mountPane(<PostSection t={translator("en")} lang="en" services={services} family="tax-invoices" connected />);
  click(root, "Post documents");
  await until(() => [...root.querySelectorAll("button")].some((b) => b.textContent === "Undo this post"), "the Undo button");
  const record = (await loadPostRecord(wb, "tax-invoices"))!;
  record.documents.push({ key: "added", rows: [], recordId: stranger, created: true });
  await savePostRecord(wb, record, "tax-invoices");

  click(root, "Undo this post");
  await until(() => root.querySelector("[role=alertdialog]") !== null, "the preview");
  expect(root.querySelector("#ds-undo-text")!.textContent).toContain("? 2 to void, 1 refused: not verified as this post's.");
  click(root, "Undo now");
  await until(() => text(root).includes("Undone: 2 voided, 1 refused: not verified as this post's."), "the undo's summary");
  expect((await client.documents("tax-invoices").get(stranger)).statusString).toBe("awaiting");
});

