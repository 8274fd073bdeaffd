// The sheet a post wrote to, as its undo finds it. The post's record keeps the sheet's name, which
// a rename changes; the record ids the post wrote back into the rows do not change. So: the named
// sheet when it holds any of the run's record ids; else the one sheet that holds most of them (the
// sheet renamed, or its rows moved to a new sheet); else, when no sheet holds them, the named
// sheet if it is still there (its rows cleared by hand: undo still reverses the run). A sheet
// neither named nor found stops undo before anything is changed, saying which sheet it expected.
import { resultMsg } from "../sheet/i18n/results";
import type { ReadResult } from "../sheet/read";
import type { SheetFamily } from "../rules/codes";
import { LISTS_SHEET, type Block, type WorkbookPort } from "../workbook/port";
import { RECORDS_SHEET } from "../workbook/records";
import { NothingToUndoError } from "./undo-error";

/** The record ids a read sheet's rows hold. */
function idsIn(read: ReadResult): number[] {
  return read.documents.map((d) => Number(d.fields.recordId?.value)).filter((id) => Number.isInteger(id) && id > 0);
}

/** The run's sheet, read: `sheet` is where undo writes (and what the record is to name from now on). */
export async function runSheet(
  port: WorkbookPort, family: SheetFamily, recorded: string, runIds: Iterable<number>, readAs: (block: Block) => ReadResult,
): Promise<{ sheet: string; block: Block; read: ReadResult }> {
  const ids = new Set(runIds);
  const held = (read: ReadResult): number => idsIn(read).filter((id) => ids.has(id)).length;
  const names = await port.sheetNames();
  let named: { sheet: string; block: Block; read: ReadResult } | undefined;
  if (names.includes(recorded)) {
    const block = await port.read({ sheet: recorded });
    named = { sheet: recorded, block, read: readAs(block) };
    if (ids.size === 0 || held(named.read) > 0) return named;
  }
  let best: { sheet: string; block: Block; read: ReadResult; n: number } | undefined;
  let tie = false;
  for (const sheet of names) {
    if (sheet === recorded || sheet === LISTS_SHEET || sheet === RECORDS_SHEET) continue;
    const block = await port.read({ sheet });
    const read = readAs(block);
    const n = held(read);
    if (n === 0 || (best && n < best.n)) continue;
    tie = best?.n === n;
    best = { sheet, block, read, n };
  }
  if (best && !tie) return best;
  if (named) return named;
  throw new NothingToUndoError(family, resultMsg(best ? "undoSheetAmbiguous" : "undoSheetMissing", { sheet: recorded }));
}
