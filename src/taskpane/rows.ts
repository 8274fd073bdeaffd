// The rows a job did not do (not sent, failed, skipped), with the reason it wrote into their Result
// cell: the pane lists them, and a click selects that cell.
import type { ActResult } from "../jobs/act";
import type { DocumentResult } from "../jobs/post";
import type { ColumnMapping } from "../sheet/mapping";
import type { FieldTable } from "../sheet/fields";
import type { ResultKey } from "../sheet/writeback";
import type { Block } from "../workbook/port";
import type * as Engine from "./engine";
import type { RowNote } from "./views";

type RowEngine = Pick<typeof Engine, "mapHeaders" | "resultColumns">;

/** The Result column the job wrote into: found by the same rule the job used (at the right of the
 * header when the sheet had none; `keys` are the result columns the job asked for, in its order). */
export function resultColumn(engine: RowEngine, block: Block, mapping: ColumnMapping | undefined, keys: readonly ResultKey[], table?: FieldTable): number {
  const headers = engine.mapHeaders(block.sheet, block.top, block.left, block.values[0] ?? [], mapping, undefined, undefined, table);
  const layout = { sheet: block.sheet, headerRow: block.top, firstDataRow: block.top + 1, lastRow: block.top + block.values.length - 1, headers, values: new Map() };
  return engine.resultColumns(layout, keys).cols.result ?? block.left;
}

function notes(results: ReadonlyArray<{ key: string; rows: number[]; message: string }>, col: number): RowNote[] {
  return results.map((r) => ({ key: r.key, row: Math.min(...r.rows), col, message: r.message })).sort((a, b) => a.row - b.row);
}

/** Every record of a post that was not created or found (made by an earlier run, on the service
 * before, or an earlier row's): not sent, failed, unknown, already posted. */
export function postNotes(results: readonly DocumentResult[], col: number): RowNote[] {
  const given = new Set<DocumentResult["kind"]>(["created", "found", "existing", "repeated"]);
  return notes(results.filter((r) => !given.has(r.kind)), col);
}

/** Every document an action failed on or skipped. */
export function actNotes(results: readonly ActResult[], col: number): RowNote[] {
  return notes(results.filter((r) => !r.ok || r.skipped), col);
}
