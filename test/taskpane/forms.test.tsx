// Every action form acts on what it shows (jsdom, the real pane services against the real local
// service): the form follows the selection (the preview grid's selection, Excel's selection-changed
// events on the strict fake) and the payment lands on the invoice the form showed; an invoice with
// a receipt made from it asks only what is still due, and more is refused at the field; another
// company's sheet gets the company message in every form, the one Run gives. English and Thai.
import { createClient, type DocSheetClient } from "../../src/api/client";
import { actJob } from "../../src/jobs/act";
import { postJob } from "../../src/jobs/post";
import { ruleMsg } from "../../src/rules/messages";
import { render } from "../../src/sheet/i18n/render";
import { describeError } from "../../src/taskpane/errors";
import { translator, type Lang } from "../../src/taskpane/i18n";
import { formatMoney } from "../../src/taskpane/money";
import { PreviewWorkbook } from "../../src/taskpane/preview/workbook";
import { ActionsSection } from "../../src/taskpane/sections/actions";
import { createServices } from "../../src/taskpane/services";
import type { PaneServices, SelectionInfo } from "../../src/taskpane/views";
import { ExcelPort } from "../../src/workbook/excel";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { WorkbookPort } from "../../src/workbook/port";
import { FakeExcel } from "../workbook/excel-fake";
import { bridgedFetch, choose, clickWhenReady, localService, mountPane, typeInto, until } from "./support";

jest.setTimeout(180_000);

const local = localService();
const HEADER = ["documentKey", "contactName", "publishedOn", "isVat", "item.name", "item.quantity", "item.pricePerUnit"];

const client = (as: "demo" | "other" = "demo"): DocSheetClient => createClient({ root: local.service.root, ...local[as], fetch: bridgedFetch });

async function connected(port: WorkbookPort, selection: () => Promise<SelectionInfo | null>, watch?: (l: () => void) => () => void, as: "demo" | "other" = "demo"): Promise<PaneServices> {
  const services = createServices({ port, relayBase: null, fetch: bridgedFetch, selection, watchSelection: watch });
  await services.connect({ environment: "custom", customRoot: local.service.root, ...local[as] });
  return services;
}

function actionsPane(services: PaneServices, lang: Lang): HTMLElement {
  return mountPane(<ActionsSection t={translator(lang)} lang={lang} services={services} family="tax-invoices" connected />);
}

const text = (root: HTMLElement, selector: string): string => root.querySelector(selector)?.textContent ?? "";
const resultLine = (root: HTMLElement) => text(root, "#actions .msg.ok") || text(root, "#actions .msg.error") || text(root, "#actions .msg.info");
/** Each row's record id and serial, as the post wrote them. */
const posted = (values: unknown[][]) => values.slice(1).map((r) => ({ id: r[values[0].indexOf("recordId")] as number, serial: String(r[values[0].indexOf("documentSerial")]) }));
const rows3 = (tag: string) => [HEADER, [`${tag}1`, `${tag} One Co`, "2026-03-04", true, "Pen", 1, 2000], [`${tag}2`, `${tag} Two Co`, "2026-03-04", true, "Ink", 2, 1500],
  [`${tag}3`, `${tag} Three Co`, "2026-03-04", true, "Paper", 5, 5000]];

afterEach(() => {
  document.body.innerHTML = "";
});

/**
 * The payment form with the first invoice selected, then the third: the form shows the third as the
 * service has it, and Run records the payment (3 % withheld, the rest collected) on it alone.
 */
async function paysTheShownInvoice(root: HTMLElement, lang: Lang, tag: string, docs: { id: number; serial: string }[], selectThird: () => void): Promise<void> {
  const t = translator(lang);
  const due = () => text(root, "#ds-pay-due");
  choose(root, "#ds-action", "payment");
  const money = (v: number) => formatMoney(v, lang);
  await until(() => due().includes(t("payDueOne", { serial: docs[0].serial, customer: `${tag} One Co`, due: money(2140), base: money(2000) })), "the first invoice shown");
  selectThird();
  await until(() => due().includes(t("payDueOne", { serial: docs[2].serial, customer: `${tag} Three Co`, due: money(26750), base: money(25000) })), "the third invoice shown");
  choose(root, "#ds-pay-wht-rate", "3");
  expect(text(root, "#ds-pay-settles")).toBe(t("paySettles", { withheld: money(750), collected: money(26000) }));
  await clickWhenReady(root, t("runAction"));
  await until(() => resultLine(root) === t("actDone", { ok: 1, skipped: 0, failed: 0 }), "the payment");
  const invoices = client().documents("tax-invoices");
  expect(await invoices.get(docs[2].id)).toMatchObject({ statusString: "paid", payments: expect.objectContaining({ collected: 26000, withheldAmount: 750 }) });
  for (const other of [docs[0], docs[1]]) expect((await invoices.get(other.id)).statusString).toBe("awaiting");
  // After the run the form reads the invoice again: paid, nothing left to collect on it.
  await until(() => due().includes(t("payDuePaid", { serial: docs[2].serial, customer: `${tag} Three Co`, total: money(26750) })), "the form read again");
  expect(text(root, "#ds-pay-amount-msg")).toBe(render(ruleMsg("paymentAlreadyPaid", { serial: docs[2].serial }), lang));
}

describe("the payment form follows the selection", () => {
  test.each<Lang>(["en", "th"])("in the preview (%s): the grid's selection moves the form, and the payment lands on the invoice shown", async (lang) => {
    const book = new PreviewWorkbook(new MemoryWorkbook({ S: rows3(`${lang}F`) }));
    expect((await postJob(book.port(), client(), { family: "tax-invoices" })).counts.created).toBe(3);
    const docs = posted(book.memory.sheet("S").values);
    book.select({ sheet: "S", top: 1, left: 0, bottom: 1, right: 0 });
    const root = actionsPane(await connected(book.port(), () => book.selectionInfo(), (l) => book.onSelect(l)), lang);
    await paysTheShownInvoice(root, lang, `${lang}F`, docs, () => book.select({ sheet: "S", top: 3, left: 1, bottom: 3, right: 1 }));
  });

  test("in Excel: the worksheets' selection-changed events move the form (the strict fake)", async () => {
    const excel = new FakeExcel("1.9", ["S"]);
    const sheet = excel.sheet("S");
    sheet.fill(rows3("XlF") as (string | number | boolean)[][]);
    const port = new ExcelPort(excel.host());
    excel.select(sheet, 0, 0, 4, HEADER.length);
    expect((await postJob(port, client(), { family: "tax-invoices" })).counts.created).toBe(3);
    const block = await port.read({ sheet: "S", whole: true });
    const docs = posted(block.values);
    excel.select(sheet, 1, 0);
    const root = actionsPane(await connected(port, () => port.selectionInfo(), (l) => port.watchSelection(l)), "en");
    await paysTheShownInvoice(root, "en", "XlF", docs, () => excel.select(sheet, 3, 2));
    expect(excel.events.selectionChanged).toHaveLength(1);
  });

  test("a selection changed with no event: Run asks first, naming what it now holds; Not now does nothing", async () => {
    const book = new MemoryWorkbook({ S: rows3("Ask") });
    expect((await postJob(book, client(), { family: "tax-invoices" })).counts.created).toBe(3);
    const docs = posted(book.sheet("S").values);
    let rows = [1];
    const root = actionsPane(await connected(book, async () => ({ sheet: "S", rows, region: undefined })), "th");
    const th = translator("th");
    choose(root, "#ds-action", "status");
    choose(root, "#ds-status", "invoicedelivered");
    await until(() => text(root, "#ds-shown") === th("shownOne", { serial: docs[0].serial, customer: "Ask One Co", due: "2,140.00" }), "the first invoice shown");
    rows = [2];
    await clickWhenReady(root, th("runAction"));
    await until(() => root.querySelector("[role=alertdialog]") !== null, "the question");
    expect(text(root, "[role=alertdialog] p")).toBe(th("selectionMoved", { n: 1, serials: docs[1].serial }));
    // The form already shows what the selection holds now.
    await until(() => text(root, "#ds-shown").startsWith(docs[1].serial), "the form moved");
    await clickWhenReady(root, th("selectionMovedNo"));
    expect(root.querySelector("[role=alertdialog]")).toBeNull();
    const invoices = client().documents("tax-invoices");
    expect((await invoices.get(docs[1].id)).statusString).toBe("awaiting");
    // Run again: the form shows what is selected, so it runs at once, on that invoice alone.
    await clickWhenReady(root, th("runAction"));
    await until(() => resultLine(root) === th("actDone", { ok: 1, skipped: 0, failed: 0 }), "the status set");
    expect((await invoices.get(docs[1].id)).statusString).toBe("invoicedelivered");
    expect((await invoices.get(docs[0].id)).statusString).toBe("awaiting");
  });
});

describe("money settles once", () => {
  test.each<Lang>(["en", "th"])("an invoice with a receipt made from it asks only what is still due; more is refused at the field (%s)", async (lang) => {
    const t = translator(lang);
    const money = (v: number) => formatMoney(v, lang);
    const book = new MemoryWorkbook({ S: [HEADER, [`R${lang}1`, "Receipted Co", "2026-03-04", true, "Desk", 1, 2000], [`R${lang}2`, "Part Paid Co", "2026-03-04", true, "Desk", 1, 2000]] });
    const c = client();
    expect((await postJob(book, c, { family: "tax-invoices" })).counts.created).toBe(2);
    const docs = posted(book.sheet("S").values);
    // The first becomes a receipt (an upgrade); a partial receipt pays 1,000.00 of the second.
    expect((await actJob(book, c, { family: "tax-invoices", action: { kind: "upgrade", to: "receipts" }, rows: [1] })).done).toBe(1);
    const receipt = String(book.sheet("S").values[1][book.sheet("S").values[0].indexOf("upgradedSerial")]);
    const part = new MemoryWorkbook({ P: [["documentKey", "publishedOn", "item.documentId", "item.partialAmount"], ["p1", "2026-03-05", docs[1].id, 1000]] });
    expect((await postJob(part, c, { family: "receipts" })).counts.created).toBe(1);
    const partial = String(part.sheet("P").values[1][part.sheet("P").values[0].indexOf("documentSerial")]);
    // The invoice stays pending on the service: it is the receipt that gets paid, never both.
    expect((await c.documents("tax-invoices").get(docs[0].id)).statusString).toBe("awaiting");

    let rows = [1];
    const root = actionsPane(await connected(book, async () => ({ sheet: "S", rows, region: undefined })), lang);
    choose(root, "#ds-action", "payment");
    const due = () => text(root, "#ds-pay-due");
    await until(() => due().includes(t("payDueOwing", { serial: docs[0].serial, customer: "Receipted Co", due: money(0), base: money(0), total: money(2140), receipts: receipt })), "what is still due");
    const settled = render(ruleMsg("paymentSettledByReceipts", { receipts: receipt }), lang);
    await until(() => text(root, "#ds-pay-amount-msg") === settled, "the refusal at the amount field");
    await clickWhenReady(root, t("runAction"));
    await until(() => text(root, "#actions .body > p.msg.error:not([id])") === settled, "Run's refusal");
    expect((await c.documents("tax-invoices").get(docs[0].id)).statusString).toBe("awaiting");
    // The service refuses it too.
    await expect(c.documents("tax-invoices").pay(docs[0].id, { paymentMethod: 1, paymentDate: "2026-03-06", collected: 2140 } as never)).rejects.toThrow(receipt);

    rows = [2];
    click2(root, "#ds-pay-reread");
    await until(() => due().includes(t("payDueOwing", { serial: docs[1].serial, customer: "Part Paid Co", due: money(1140), base: money(1065.42), total: money(2140), receipts: partial })), "the part still due");
    // Even the exact rest: the service takes no payment on a document a receipt was made from (the
    // rest is collected with another receipt), so the form says so at the field instead of sending.
    typeInto(root, "#ds-pay-amount", "1,140");
    expect(text(root, "#ds-pay-amount-msg")).toBe(render(ruleMsg("paymentRestOnReceipt", { receipts: partial, due: "1,140.00" }), lang));
    await clickWhenReady(root, t("runAction"));
    await until(() => text(root, "#actions .body > p.msg.error:not([id])") === text(root, "#ds-pay-amount-msg"), "Run's refusal");
    expect((await c.documents("tax-invoices").get(docs[1].id)).payments).toBeFalsy();
    await expect(c.documents("tax-invoices").pay(docs[1].id, { paymentMethod: 1, paymentDate: "2026-03-06", collected: 1140 } as never)).rejects.toThrow(docs[1].serial);
  });
});

function click2(root: HTMLElement, selector: string): void {
  (root.querySelector(selector) as HTMLButtonElement).click();
}

describe("another company's sheet", () => {
  test.each<Lang>(["en", "th"])("every form says the company message, the one Run gives (%s)", async (lang) => {
    const t = translator(lang);
    const book = new MemoryWorkbook({ S: rows3(`Oc${lang}`) });
    expect((await postJob(book, client(), { family: "tax-invoices" })).counts.created).toBe(3);
    const services = await connected(book, async () => ({ sheet: "S", rows: [1], region: undefined }), undefined, "other");
    const refusal = await services.act("tax-invoices", { kind: "status", status: "awaiting" }, { lang }).then(() => "ran", (err: unknown) => describeError(err, t));
    expect(refusal).toContain("Other Co., Ltd.");
    const root = actionsPane(services, lang);
    for (const kind of ["status", "payment", "upgrade", "email", "share", "attach"]) {
      choose(root, "#ds-action", kind);
      await until(() => text(root, "#actions .msg.error") === refusal, `the company message in the ${kind} form`);
      expect(root.textContent).not.toContain("not found");
    }
    choose(root, "#ds-action", "payment");
    await clickWhenReady(root, t("runAction"));
    await until(() => text(root, "#actions .msg.error") === refusal && !root.querySelector("[role=alertdialog]"), "Run's refusal");
    expect((await client().documents("tax-invoices").get(posted(book.sheet("S").values)[0].id)).statusString).toBe("awaiting");
  });
});
