// The VAT report under Pull (jsdom, the real pane services against the real local service): a month
// of mixed documents reported into new sheets of the workbook, the return's figures and the clean
// reconciliation shown, with sales and purchases at 0% and exempt where the month has any; the same
// in Thai with Buddhist-era sheet names; a bad month and no connection refused with a message.
import { createClient } from "../../src/api/client";
import { translator } from "../../src/taskpane/i18n";
import { PullSection } from "../../src/taskpane/sections/pull";
import { lastMonth } from "../../src/taskpane/sections/vat-report";
import { createServices } from "../../src/taskpane/services";
import { type PaneServices } from "../../src/taskpane/views";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { seedVatMonth, seedZeroRatedMonth } from "../helpers/vat-month";
import { bridgedFetch, click, downloads, localService, mountPane, typeInto, until } from "./support";

jest.setTimeout(180_000);

const local = localService();

beforeAll(async () => {
  const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
  await seedVatMonth(client);
  await seedZeroRatedMonth(client);
});

async function connected(book: MemoryWorkbook): Promise<PaneServices> {
  const services = createServices({ port: book, relayBase: null, fetch: bridgedFetch });
  await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
  return services;
}

const texts = (root: HTMLElement, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent ?? "");
const figures = (root: HTMLElement) => [...root.querySelectorAll("#vat-report tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));

/** The pane in `lang`, connected, after it made the report of `month` (typed as asked). */
async function reported(book: MemoryWorkbook, lang: "en" | "th", month: string): Promise<HTMLElement> {
  const t = translator(lang);
  const root = mountPane(<PullSection t={t} lang={lang} services={await connected(book)} family="tax-invoices" connected />);
  typeInto(root, "#ds-vat-month", month);
  click(root, t("runVatReport"));
  await until(() => root.querySelector("#vat-report table") !== null || root.querySelector("#vat-report .msg.error") !== null, "the report");
  return root;
}

/** A Blob's text (jsdom's Blob has no text()). */
const blobText = (blob: Blob): Promise<string> => new Promise((resolve) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.readAsText(blob);
});

afterEach(() => {
  document.body.innerHTML = "";
});

test("reports the month into new sheets and shows the return's figures", async () => {
  const book = new MemoryWorkbook();
  const root = await reported(book, "en", "2026-03");
  expect(root.querySelector("#vat-report h2")?.textContent).toBe("VAT report");
  expect(figures(root)).toEqual([["Output VAT", "279.54"], ["Input VAT", "175.00"], ["VAT payable", "104.54"], ["Exempt sales", "100.00"]]);
  expect(texts(root, "#vat-report .msg.ok")).toEqual([
    "Written to sheets “Output tax 2026-03”, “Input tax 2026-03”, “Void 2026-03”, “VAT summary 2026-03”.",
    "Every total equals the sum of its documents.",
  ]);
  expect(texts(root, "#vat-report .vat-result p.help")).toEqual(["4 output-tax documents, 2 input-tax documents; 1 void document listed apart.", "Files for RD Prep: PP30-2026-03.txt "]);
  expect([...book.sheets.keys()]).toEqual(["Sheet1", "Output tax 2026-03", "Input tax 2026-03", "Void 2026-03", "VAT summary 2026-03", "DocSheet records"]);
  expect(book.sheet("Output tax 2026-03").values[0]).toEqual(["Output tax report"]);
  // Under the form's header block (5 rows and an empty one) and the table's four documents, the
  // printed page's total and the totals row; the sheet prints as the form (A4 landscape, the page's
  // total in bold, no break after the last page).
  const output = book.sheet("Output tax 2026-03");
  expect([output.values[6 + 5][0], output.values[6 + 5][9], output.values[6 + 6][0], output.values[6 + 6][9]]).toEqual(["Page total", 279.54, "Grand total", 279.54]);
  expect(output.print).toEqual({ orientation: "landscape", pageEnds: [], strong: [4], pageHeader: "Page &P of &N" });
  // The ภ.พ.30 file for RD Prep, offered for download: the return's figures, as report vat --rd-prep writes them.
  const link = root.querySelector("#vat-report a.download") as HTMLAnchorElement;
  expect(link.getAttribute("download")).toBe("PP30-2026-03.txt");
  const line = (await blobText(downloads.get(link.getAttribute("href")!)!)).split("|");
  expect(line.slice(4)).toEqual(["4093.46", "0.00", "100.00", "3993.46", "279.54", "2500.00", "175.00", "104.54", "0.00\r\n"]);
});

test("shows the month's sales and purchases at 0% and exempt beside the VAT figures", async () => {
  const root = await reported(new MemoryWorkbook(), "en", "2026-08");
  expect(figures(root)).toEqual([
    ["Output VAT", "140.00"], ["Input VAT", "70.00"], ["VAT payable", "70.00"],
    ["Sales at 0% (zero-rated)", "6,000.00"], ["Exempt sales", "1,700.00"], ["Purchases at 0% (zero-rated)", "300.00"], ["Exempt purchases", "200.00"],
  ]);
  expect(texts(root, "#vat-report .vat-result p.help")).toEqual(["2 output-tax documents, 1 input-tax document; 0 void documents listed apart.", "Files for RD Prep: PP30-2026-08.txt "]);
  expect(texts(root, "#vat-report .msg.ok")[1]).toBe("Every total equals the sum of its documents.");
});

test("in Thai: a Buddhist-era month asked, Thai sheets with Buddhist-era months and dates, Thai figures", async () => {
  const book = new MemoryWorkbook();
  const root = await reported(book, "th", "2569-03");
  expect(figures(root)).toEqual([["ภาษีขาย", "279.54"], ["ภาษีซื้อ", "175.00"], ["ภาษีที่ต้องชำระ", "104.54"], ["ยอดขายที่ได้รับยกเว้น", "100.00"]]);
  expect(texts(root, "#vat-report .msg.ok")[0]).toBe("เขียนลงชีต “ภาษีขาย มี.ค. 2569”, “ภาษีซื้อ มี.ค. 2569”, “ยกเลิก มี.ค. 2569”, “สรุปภาษี มี.ค. 2569” แล้ว");
  expect(book.sheet("ภาษีขาย มี.ค. 2569").formats[6 + 1][1]).toBe("dd/mm/bbbb");
});

test("offers last month, refuses an empty month, and needs a connection", async () => {
  expect(lastMonth(new Date(2026, 0, 15))).toBe("2025-12");
  const services = createServices({ port: new MemoryWorkbook(), relayBase: null, fetch: bridgedFetch });
  const off = mountPane(<PullSection t={translator("en")} lang="en" services={services} family="tax-invoices" connected={false} />);
  const button = [...off.querySelectorAll("#vat-report button")].find((b) => b.textContent === "Make the VAT report") as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  expect(texts(off, "#vat-report .msg.info")).toEqual(["Connect first (section Connect)."]);
  expect((off.querySelector("#ds-vat-month") as HTMLInputElement).value).toBe(lastMonth(new Date()));
  document.body.innerHTML = "";

  const root = mountPane(<PullSection t={translator("en")} lang="en" services={await connected(new MemoryWorkbook())} family="tax-invoices" connected />);
  typeInto(root, "#ds-vat-month", "");
  click(root, "Make the VAT report");
  expect(texts(root, "#vat-report .msg.error")).toEqual(["Choose a month (YYYY-MM)."]);
});
