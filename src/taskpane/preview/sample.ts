// The sheet a first visit to the preview opens with: the tax-invoice template's example in the
// page's language (Thai headers, a Thai example and Buddhist-era dates in Thai), its cells
// formatted as the template writes them in Excel. A tax id or branch typed over the example stays
// text, as in Excel's text cells (3101200456789 is no number to show as 3.1012E+12, 00001 keeps its
// zeros), and dates and amounts show as the template shows them.
import { template } from "../../sheet/template";
import { columnFormat } from "../../workbook/memory";
import type { CellValue } from "../../workbook/port";
import type { Lang } from "../i18n";

export function sampleSheet(today: string, lang: Lang): { rows: CellValue[][]; formats: string[][] } {
  const sample = template("tax-invoices", today, { lang });
  const header = sample.columns.map((c) => c.header);
  return {
    rows: [header, ...sample.rows],
    formats: [header.map(() => "General"), ...sample.rows.map(() => sample.columns.map(columnFormat))],
  };
}
