// The preview grid's column widths and Excel-like overflow (pure): a header block above a table
// (a report's form header) widens a column only by a label with its value beside it (the label
// fits); its titles spill into empty cells to the right.
import { columnWidths, spillWidth, tableTop } from "../../src/taskpane/preview/column-widths";
import type { CellValue } from "../../src/workbook/port";

const BLOCK: CellValue[][] = [
  ["Output tax report"],
  ["Taxpayer identification no.", "0105559000000"],
  [null],
  ["No.", "Date", "Document no.", "Customer"],
  [1, "2026-03-03", "INV2026030001", "VAT Exclusive Co"],
  ["Total", null, null, null],
];

it("sizes each column by the table's values and the header block's labels, not its titles", () => {
  expect(tableTop(BLOCK)).toBe(3);
  const widths = columnWidths(BLOCK, [], 5);
  // The label beside its value fits; the title above (no value beside it) spills instead.
  expect(widths[0]).toBe("Taxpayer identification no.".length * 8 + 16);
  expect(columnWidths([["A title of the whole report, long"], [null], ...BLOCK.slice(3)], [], 5)[0]).toBe(72);
  // The block's long tax id (nothing beside it) does not widen the Date column.
  expect(widths[1]).toBe(Math.max(72, "2026-03-03".length * 8 + 16));
  // A sheet that starts with its table is sized by all its rows.
  expect(tableTop(BLOCK.slice(3))).toBe(0);
  expect(columnWidths([["A much longer customer name", "x"]], [], 2)[0]).toBe(27 * 8 + 16);
});

it("lets a text run over the empty cells to its right, up to the first that holds a value", () => {
  const widths = [72, 96, 100, 120, 72];
  expect(spillWidth(BLOCK[0], 0, widths)).toBe(72 + 96 + 100 + 120 + 72);
  expect(spillWidth(BLOCK[1], 0, widths)).toBe(72);
  expect(spillWidth(BLOCK[5], 0, widths)).toBe(72 + 96 + 100 + 120 + 72);
  // Up to a cell being typed in; a number never spills.
  expect(spillWidth(BLOCK[0], 0, widths, undefined, 2)).toBe(72 + 96);
  expect(spillWidth(BLOCK[4], 0, widths)).toBe(72);
});
