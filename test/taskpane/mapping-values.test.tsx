// A value for every row in the Columns section (jsdom, the real pane services against the real
// local service): a tax-invoice sheet with no VAT column is refused at its header row by Check and
// Post sends none of it; VAT set to Yes for every row is saved with the workbook's mapping, shown
// in the pane's language, reused by a new pane, and Check and Post read it: the tax invoice carries
// its VAT. A value its field's cells could not hold is refused at the picker.
import { mappingKey } from "../../src/taskpane/mappings";
import { translator } from "../../src/taskpane/i18n";
import { MappingSection } from "../../src/taskpane/sections/mapping";
import { PostSection } from "../../src/taskpane/sections/post";
import { createServices } from "../../src/taskpane/services";
import { type PaneServices } from "../../src/taskpane/views";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { createClient } from "../../src/api/client";
import { bridgedFetch, choose, click, localService, mountPane, typeInto, until } from "./support";

jest.setTimeout(180_000);

const local = localService();
const SHEET = [
  ["Document no.", "Customer", "Date", "Item", "Qty", "Unit price"],
  ["VAL-1", "Values For Rows Co", "2026-03-02", "Pen", 10, 100],
  ["VAL-2", "Values For Rows Co", "2026-03-02", "Ink", 1, 50],
];

async function connected(book: MemoryWorkbook): Promise<PaneServices> {
  const services = createServices({ port: book, relayBase: null, fetch: bridgedFetch });
  await services.connect({ environment: "custom", customRoot: local.service.root, ...local.demo });
  return services;
}

async function onService(): Promise<Array<{ isVat?: boolean; vatAmount?: number; grandTotal?: number }>> {
  const client = createClient({ root: local.service.root, ...local.demo, fetch: bridgedFetch });
  return (await client.documents("tax-invoices").list({ searchString: "Values For Rows" })).list;
}

afterEach(() => {
  document.body.innerHTML = "";
});

test("VAT for every row: refused without it, saved with the workbook, used by Check and Post", async () => {
  const book = new MemoryWorkbook({ Sheet1: SHEET });
  const services = await connected(book);

  // No VAT column, no value: Check says so at the header row, and Post sends nothing.
  const before = await services.check("tax-invoices", {});
  expect(before.findings.map((f) => [f.cell, f.field])).toEqual([["A1", "isVat"]]);
  expect(before.findings[0].message).toMatch(/^Nothing on this sheet says whether its documents carry VAT/);
  const post = mountPane(<PostSection t={translator("en")} lang="en" services={services} family="tax-invoices" connected />);
  click(post, "Post documents");
  await until(() => /not sent/.test(post.textContent ?? ""), "the refused post");
  expect(post.textContent).toMatch(/0 created/);
  expect(await onService()).toEqual([]);
  document.body.innerHTML = "";

  // The Columns section: VAT is required; Yes is set for every row and saved at once.
  const root = mountPane(<MappingSection t={translator("en")} lang="en" services={services} family="tax-invoices" />);
  click(root, "Read the header row");
  await until(() => root.querySelector("#ds-value-field") !== null, "the mapping");
  expect(root.querySelector("#mapping .msg.error")?.textContent).toMatch(/^Required, not mapped yet: VAT or VAT rate/);
  const usual = [...root.querySelectorAll("#ds-value-field optgroup")][0];
  expect([...usual.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["VAT", "VAT inclusive", "VAT rate", "Payment method"]); // Date has a column
  choose(root, "#ds-value-field", "isVat");
  expect([...root.querySelectorAll("#ds-value-value option")].map((o) => o.textContent)).toEqual(["Yes", "No"]);
  click(root, "Set for every row");
  await until(() => book.settings.has(mappingKey("tax-invoices", "Sheet1")), "the saved mapping");
  expect(JSON.parse(book.settings.get(mappingKey("tax-invoices", "Sheet1"))!)).toMatchObject({ family: "tax-invoices", values: { isVat: true } });
  await until(() => root.querySelector("#mapping .msg.error") === null, "VAT no longer missing");
  expect([...root.querySelectorAll("table.values tbody td")].slice(0, 2).map((td) => td.textContent)).toEqual(["VAT", "Yes"]);
  // A field with a value is no longer offered; a value its cells could not hold is refused.
  expect(root.querySelector("#ds-value-field option[value='isVat']")).toBeNull();
  choose(root, "#ds-value-field", "dueDate");
  typeInto(root, "#ds-value-value", "31/02/2026");
  click(root, "Set for every row");
  expect(root.querySelector(".values .msg.error")?.textContent).toBe('"31/02/2026" is not a possible date.');
  expect(Object.keys(JSON.parse(book.settings.get(mappingKey("tax-invoices", "Sheet1"))!).values)).toEqual(["isVat"]);
  document.body.innerHTML = "";

  // Check and Post read it: 7% VAT on each document.
  const after = await services.check("tax-invoices", {});
  // No problems; with VAT they are full tax invoices, whose missing buyer address is a warning.
  expect(after.findings.filter((f) => f.severity === "error")).toEqual([]);
  expect(after.summaries.map((d) => [d.key, d.vatAmount, d.grandTotal])).toEqual([["VAL-1", "70.00", "1070.00"], ["VAL-2", "3.50", "53.50"]]);
  const again = mountPane(<PostSection t={translator("en")} lang="en" services={services} family="tax-invoices" connected />);
  click(again, "Post documents");
  await until(() => /2 created/.test(again.textContent ?? ""), "the post");
  expect((await onService()).map((d) => [d.isVat, d.vatAmount, d.grandTotal]).sort()).toEqual([[true, 3.5, 53.5], [true, 70, 1070]]);
  document.body.innerHTML = "";

  // A new pane on the same workbook, in Thai: the value is shown and reused.
  const fresh = createServices({ port: book, relayBase: null });
  expect((await fresh.readMapping("tax-invoices")).values).toEqual({ isVat: true });
  const thai = mountPane(<MappingSection t={translator("th")} lang="th" services={fresh} family="tax-invoices" />);
  click(thai, "อ่านแถวหัวตาราง");
  await until(() => thai.querySelector("table.values") !== null, "the Thai mapping");
  expect(thai.textContent).toContain("ค่าสำหรับทุกแถว");
  expect([...thai.querySelectorAll("table.values tbody td")].slice(0, 2).map((td) => td.textContent)).toEqual(["ภาษีมูลค่าเพิ่ม", "ใช่"]);
  // Removed: a new row of the sheet is refused again (the posted ones are not sent again).
  click(thai, "ลบ");
  await until(() => JSON.parse(book.settings.get(mappingKey("tax-invoices", "Sheet1"))!).values === undefined, "the value removed");
  const grid = book.sheet("Sheet1").values;
  grid.push(["VAL-3", "Values For Rows Co", "2026-03-02", "Desk", 1, 500, ...Array(grid[0].length - 6).fill(null)]);
  expect((await fresh.check("tax-invoices", {})).findings.map((f) => f.cell)).toEqual(["A1"]);
});
