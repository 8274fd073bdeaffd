// The pane's Check on the strict Excel fake: the read, the mapping saved for the sheet, the marks
// and what the workbook remembers of the sheet (its id, the family its records name) cost at most
// 3 syncs, the first time and again: the records and the setting ride along with the read.
import { rememberFamily } from "../../src/jobs/sheet-family";
import { createServices } from "../../src/taskpane/services";
import { ExcelPort } from "../../src/workbook/excel";
import { FakeExcel, LIMIT_BYTES } from "../workbook/excel-fake";
import { invoiceRows } from "../workbook/invoice-rows";

function pane(values: (string | number | boolean)[][]): { excel: FakeExcel; port: ExcelPort; check: () => Promise<{ syncs: number; findings: number; otherFamily?: unknown }> } {
  const excel = new FakeExcel("1.18");
  const sheet = excel.sheet("Sheet1");
  sheet.fill(values);
  excel.select(sheet, 0, 0, values.length, values[0].length);
  const port = new ExcelPort(excel.host());
  const services = createServices({ port, relayBase: null });
  return {
    excel, port,
    check: async () => {
      const from = excel.syncLog.length;
      const out = await services.check("tax-invoices", {});
      for (const s of excel.syncLog.slice(from)) expect([s.bytes, s.response].every((b) => b <= LIMIT_BYTES)).toBe(true);
      return { syncs: excel.syncLog.length - from, findings: out.findings.length, ...(out.otherFamily ? { otherFamily: out.otherFamily } : {}) };
    },
  };
}

test("Check of a 5 MB selection with 3,900 cells to mark: 3 syncs, the first time and again", async () => {
  const values = invoiceRows(3_900);
  for (let i = 0; i < 40; i++) values[1 + i * 7][7] = "abc";
  const { excel, check } = pane(values);
  const first = await check();
  expect(first.findings).toBeGreaterThan(3_900);
  expect(first.syncs).toBe(3);
  expect(await check()).toEqual(first);
  expect(excel.sheet("Sheet1").notes.size).toBe(first.findings);
}, 180_000);

test("the family the workbook remembers for the sheet is read with the range, and still follows a rename", async () => {
  const { excel, port, check } = pane(invoiceRows(3));
  await rememberFamily(port, "Sheet1", "quotations");
  const remembered = { otherFamily: { remembered: "quotations", checked: "tax-invoices" } };
  expect(await check()).toMatchObject({ syncs: 3, ...remembered });
  // Renamed in Excel: the records follow the sheet's id (saved through the port, then read again).
  excel.sheet("Sheet1").name = "Sales";
  expect(await check()).toMatchObject(remembered);
  expect(await check()).toMatchObject({ syncs: 3, ...remembered });
});
