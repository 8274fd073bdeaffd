// Test sheets state their VAT (a sheet that does not is refused: src/sheet/vat-treatment.ts). This
// adds the VAT columns a sheet lacks at its right, so the cells a test names keep their addresses:
// VAT yes/no (`isVat`) and Prices include VAT (`isVatInclusive`), filled on every row that holds
// anything (a later row of a document repeats its first row's value, which reading allows).
import type { CellValue } from "../../src/workbook/port";

export interface VatColumns {
  /** VAT yes/no of every document; undefined: leave the sheet's own (or none). */
  isVat?: boolean;
  /** Prices include VAT of every document; undefined: leave the sheet's own (or none). */
  isVatInclusive?: boolean;
}

export function withVat(rows: CellValue[][], vat: VatColumns = { isVat: true, isVatInclusive: false }): CellValue[][] {
  const [head, ...body] = rows;
  const add: [string, boolean][] = [];
  if (vat.isVat !== undefined) add.push(["isVat", vat.isVat]);
  if (vat.isVatInclusive !== undefined) add.push(["isVatInclusive", vat.isVatInclusive]);
  const width = head.length;
  const pad = (r: CellValue[]): CellValue[] => [...r, ...Array<CellValue>(Math.max(0, width - r.length)).fill(null)];
  return [
    [...head, ...add.map(([h]) => h)],
    ...body.map((r) => (r.some((v) => v !== null && v !== undefined && v !== "") ? [...pad(r), ...add.map(([, v]) => v)] : r)),
  ];
}
