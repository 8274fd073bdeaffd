// The withholding tax report under Pull (jsdom, the real pane services against the real local
// service): the RD Prep files offered for download in the references' layouts, or in a layout the
// user typed for a form (the others as usual), and a layout it cannot read refused before anything
// is written.
import { createClient } from "../../src/api/client";
import { translator } from "../../src/taskpane/i18n";
import { PullSection } from "../../src/taskpane/sections/pull";
import { createServices } from "../../src/taskpane/services";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { bridgedFetch, click, downloads, localService, mountPane, typeInto, until } from "./support";

jest.setTimeout(180_000);

const local = localService();

beforeAll(async () => {
  const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
  const cert = (name: string, taxId: string, entity: number, description: string, taxRate: number, taxAmount: number) => client.withholdingTaxes.create({
    contactName: name, contactTaxId: taxId, contactBranch: entity === 3 ? "00001" : "", contactAddress: "1 ถนนสีลม แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500",
    publishedOn: "2026-07-10", entity, taxPayment: 5, withholdingTaxItems: [{ incomeType: 27, description, taxRate, taxAmount }],
  });
  await cert("นาย สมชาย ใจดี", "1101700123456", 1, "ค่าเช่า (ม.40(5))", 5, 1000);
  await cert("บริษัท แกมมา จำกัด", "0107537002443", 3, "ค่าบริการ (ม.40(8))", 3, 2000);
});

afterEach(() => {
  document.body.innerHTML = "";
});

const blobText = (blob: Blob): Promise<string> => new Promise((resolve) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.readAsText(blob);
});

async function reported(book: MemoryWorkbook, layout: string): Promise<HTMLElement> {
  const t = translator("en");
  const services = createServices({ port: book, relayBase: null, fetch: bridgedFetch });
  await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
  const root = mountPane(<PullSection t={t} lang="en" services={services} family="withholding-taxes" connected />);
  typeInto(root, "#ds-wht-month", "2026-07");
  typeInto(root, "#ds-wht-layout", layout);
  click(root, t("runWhtReport"));
  await until(() => root.querySelector("#wht-report table") !== null || root.querySelector("#wht-report .msg.error") !== null, "the report");
  return root;
}

async function files(root: HTMLElement): Promise<Record<string, string[][]>> {
  const out: Record<string, string[][]> = {};
  for (const a of root.querySelectorAll("#wht-report a.download")) {
    const text = await blobText(downloads.get(a.getAttribute("href")!)!);
    out[a.getAttribute("download")!] = text.split("\r\n").filter(Boolean).map((l) => l.split("|"));
  }
  return out;
}

test("offers the RD Prep files in the usual layouts, or in the layout typed for a form", async () => {
  const usual = await files(await reported(new MemoryWorkbook(), ""));
  expect(usual["PND3-2026-07.txt"]).toEqual([[
    "1", "1101700123456", "", "นาย", "สมชาย", "ใจดี", "1 ถนนสีลม", "สีลม", "บางรัก", "กรุงเทพมหานคร", "10500", "10072569", "ค่าเช่า (ม.40(5))", "5", "1000.00", "50.00", "3",
  ]]);
  document.body.innerHTML = "";
  const own = await files(await reported(new MemoryWorkbook(), "# ours\nPND53: taxId|name|line.amount|line.condition\n"));
  // ภ.ง.ด.53's "paid once" is 2 on its legend.
  expect(own["PND53-2026-07.txt"]).toEqual([["0107537002443", "แกมมา จำกัด", "2000.00", "2"]]);
  expect(own["PND3-2026-07.txt"]).toEqual(usual["PND3-2026-07.txt"]);
});

test("refuses a layout it cannot read, at its line, and writes nothing", async () => {
  const book = new MemoryWorkbook();
  const root = await reported(book, "PND3: seq|colour");
  expect(root.querySelector("#wht-report .msg.error")?.textContent).toBe("Layout line 1: colour is not a field of the RD Prep files.");
  expect(root.querySelector("#wht-report .wht-result")).toBeNull();
  expect([...book.sheets.keys()]).toEqual(["Sheet1"]);
});
