// `docsheet template FAMILY --out BOOK.xlsx`
import { template } from "../sheet/template";
import { localDate } from "../jobs/types";
import { XlsxWorkbook } from "../workbook/xlsx";
import { familyArg, langArg, required, type Parsed } from "./args";
import { words } from "./words";

export async function templateCommand(p: Parsed): Promise<number> {
  const family = familyArg(p.positionals[0]);
  const out = required(p.values, "out");
  const lang = langArg(p.values);
  const t = template(family, localDate(new Date()));
  const book = XlsxWorkbook.empty();
  await book.addTableSheet(t.sheetName, t.columns, t.rows);
  await book.save(out);
  process.stdout.write(`${words(lang).template(out, t.sheetName, t.columns.length)}\n`);
  return 0;
}
