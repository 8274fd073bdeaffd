// `docsheet calc WORKBOOK.xlsx [--out FILE | --in-place]` (with the connection options): every
// `=DOCSHEET.…` formula of the workbook evaluated by the functions' own entries (src/functions)
// against the service, the values stored as the cells' cached results, the formulas kept (each
// named as Excel saves an add-in's function, `_xldudf_DOCSHEET_TOTAL`, the name it binds to the
// add-in when it opens the file): working papers refresh headlessly and open in Excel showing the
// figures. A table is saved as Excel 365 saves a formula that spills (a dynamic array,
// workbook/dynamic-arrays.ts): its anchor over the cells it fills, each holding its value; a
// table whose cells hold other values is #SPILL!, as Excel shows it. Output: WORKBOOK.calculated.xlsx
// beside WORKBOOK.xlsx unless --out or --in-place.
import { promises as fs } from "node:fs";
import type ExcelJS from "exceljs";
import { ApiError, createClient } from "../api";
import { figureReads } from "../jobs/figures";
import { lastCompany, sameCompany } from "../jobs/company";
import { ConnectionError } from "../jobs/stop";
import type { ArgValue } from "../functions/args";
import type { FunctionResult } from "../functions/cells";
import { parseFormula, savedForm, type ArgExpr } from "../functions/formula";
import { callFunction, type FunctionSession } from "../functions/run";
import { FunctionError, msg, renderFunctionText } from "../functions/texts";
import { cellAddress } from "../workbook/address";
import { dynamicArraysOf, withDynamicArrays } from "../workbook/dynamic-arrays";
import type { Parsed } from "./args";
import { connectionFailure } from "./connection";
import { workbookFiles } from "./workbook-run";

interface FormulaCell {
  ws: ExcelJS.Worksheet;
  cell: ExcelJS.Cell;
  formula: string;
  name: string;
  args: ArgExpr[];
}

/** A cell's value as a function's argument: its cached result when it is a formula, a date as its serial. */
function plainValue(v: ExcelJS.CellValue): ArgValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.getTime() / 86_400_000 + 25569;
  if (typeof v === "object") {
    if ("result" in v) return plainValue((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ("richText" in v) return v.richText.map((t) => t.text).join("");
    if ("text" in v) return String(v.text);
    if ("error" in v) return null;
    return null;
  }
  return v as ArgValue;
}

const keyOf = (ws: ExcelJS.Worksheet, address: string): string => `${ws.name}!${address}`;

export async function calcCommand(p: Parsed): Promise<number> {
  const { lang, conn, workbook, out, input } = await workbookFiles(p, "calculated");
  const model = await workbook.model();
  const client = createClient({ ...conn, fetch: globalThis.fetch });
  const reads = figureReads(client);
  const bound = await lastCompany(workbook);
  try {
    // Another company's workbook is refused whole: nothing is written.
    const connected = await reads.company();
    if (bound && !sameCompany(bound, connected)) {
      process.stderr.write(`docsheet: ${renderFunctionText(msg("otherCompany", { bound: bound.name, connected: connected.name }), lang)}\n`);
      return 2;
    }
  } catch (err) {
    if (err instanceof ConnectionError || err instanceof ApiError) {
      process.stderr.write(connectionFailure(err, conn.root, lang, "calc"));
      return 2;
    }
    throw err;
  }
  const session: FunctionSession = { reads, lang, bound };

  const calls = new Map<string, FormulaCell>();
  const others: string[] = [];
  model.eachSheet((ws) => {
    ws.eachRow({ includeEmpty: false }, (row) => row.eachCell({ includeEmpty: false }, (cell) => {
      if (cell.type !== 6 /* ExcelJS.ValueType.Formula */) return;
      const formula = cell.formula;
      if (!formula) return;
      const parsed = parseFormula(formula);
      if (parsed.kind === "call") calls.set(keyOf(ws, cell.address), { ws, cell, formula: savedForm(formula), name: parsed.name, args: parsed.args });
      else if (parsed.kind === "other") others.push(keyOf(ws, cell.address));
    }));
  });

  // Each formula once; a reference to another DOCSHEET cell waits for it (a circle is #VALUE!).
  const results = new Map<string, Promise<FunctionResult>>();
  const evaluate = (key: string, seen: ReadonlySet<string>): Promise<FunctionResult> => {
    const known = results.get(key);
    if (known) return known;
    const f = calls.get(key)!;
    const run = (async () => {
      const args = await Promise.all(f.args.map(async (a): Promise<ArgValue> => {
        if (a.kind === "value") return a.value;
        const ws = a.sheet === undefined ? f.ws : model.getWorksheet(a.sheet);
        if (!ws) return null;
        const target = keyOf(ws, a.address);
        if (calls.has(target)) {
          if (seen.has(target)) throw new FunctionError("#VALUE!", msg("badArgument", { argument: a.address, problem: msg("missing") }));
          const v = await evaluate(target, new Set([...seen, target]));
          return Array.isArray(v) ? (v[0]?.[0] ?? null) : v;
        }
        return plainValue(ws.getCell(a.address).value);
      }));
      return callFunction(f.name, args, session);
    })();
    results.set(key, run);
    return run;
  };
  const keys = [...calls.keys()];
  const settled = await Promise.allSettled(keys.map((k) => evaluate(k, new Set([k]))));

  let errors = 0;
  const say = (key: string, text: string): void => {
    process.stdout.write(`${key}: ${text}\n`);
  };
  /** Sheet → anchor → the range its table fills: saved as dynamic arrays. The file's other dynamic
   * arrays (Excel's own SORT, FILTER, …) stay dynamic, over the range they were saved with. */
  const spilled = new Map<string, Map<string, string>>();
  for (const [sheet, anchors] of dynamicArraysOf(await fs.readFile(input))) {
    const ws = model.getWorksheet(sheet);
    for (const address of anchors.keys()) {
      const v = ws?.getCell(address).value as { shareType?: string; ref?: string } | null | undefined;
      if (calls.has(`${sheet}!${address}`) || v?.shareType !== "array" || !v.ref) continue;
      if (!spilled.has(sheet)) spilled.set(sheet, new Map());
      spilled.get(sheet)!.set(address, v.ref);
    }
  }
  const spills = (f: FormulaCell, range: string): void => {
    if (!spilled.has(f.ws.name)) spilled.set(f.ws.name, new Map());
    spilled.get(f.ws.name)!.set(f.cell.address, range);
  };
  keys.forEach((key, i) => {
    const f = calls.get(key)!;
    const s = settled[i];
    const anchor = f.cell;
    const old = (anchor.value as { shareType?: string; ref?: string } | null)?.shareType === "array" ? (anchor.value as { ref?: string }).ref : undefined;
    if (old) clearRange(f.ws, old, anchor.address);
    if (s.status === "fulfilled" && Array.isArray(s.value)) {
      const table = s.value;
      const top = Number(anchor.row);
      const left = Number(anchor.col);
      const range = `${anchor.address}:${cellAddress(top - 1 + Math.max(1, table.length) - 1, left - 1 + Math.max(1, table[0]?.length ?? 1) - 1)}`;
      const blocked = occupied(f.ws, top, left, table.length, table[0]?.length ?? 1);
      if (blocked) {
        // What Excel stores for a table whose cells are taken: #SPILL! in its cell, the formula kept.
        errors++;
        // exceljs's types know the errors of Excel 2007 only; it writes any.
        anchor.value = { formula: f.formula, result: { error: "#SPILL!" } } as unknown as ExcelJS.CellFormulaValue;
        spills(f, anchor.address);
        say(key, `#SPILL! ${renderFunctionText(msg("spillBlocked", { range }), lang)}`);
        return;
      }
      // The typings leave out fillFormula's fourth argument, the kind of formula ("array": t="array" ref=…).
      (f.ws.fillFormula as (range: string, formula: string, results: unknown[][], shareType: string) => void)(range, f.formula, table, "array");
      spills(f, range);
      return;
    }
    if (s.status === "fulfilled") {
      anchor.value = { formula: f.formula, result: s.value as number | string | boolean } as ExcelJS.CellFormulaValue;
      return;
    }
    errors++;
    const err = s.reason;
    const code = err instanceof FunctionError ? err.code : "#N/A";
    anchor.value = { formula: f.formula, result: { error: code } } as ExcelJS.CellFormulaValue;
    say(key, `${code} ${err instanceof FunctionError ? renderFunctionText(err.message_, lang) : String(err)}`);
  });
  for (const key of others) say(key, renderFunctionText(msg("notACall"), lang));
  await workbook.save(out, (xlsx) => withDynamicArrays(xlsx, spilled));
  process.stdout.write(`${renderFunctionText(msg("calculated", { count: keys.length, errors, out }), lang)}\n`);
  return errors > 0 ? 1 : 0;
}

/** Empties the cells an earlier calc's table filled, but its anchor. */
function clearRange(ws: ExcelJS.Worksheet, ref: string, anchor: string): void {
  const [a, b] = ref.split(":");
  if (!b) return;
  const from = ws.getCell(a);
  const to = ws.getCell(b);
  for (let r = Number(from.row); r <= Number(to.row); r++) {
    for (let c = Number(from.col); c <= Number(to.col); c++) {
      const cell = ws.getCell(r, c);
      if (cell.address !== anchor) cell.value = null;
    }
  }
}

/** Whether a cell of the table's place, but its anchor, holds something. */
function occupied(ws: ExcelJS.Worksheet, top: number, left: number, rows: number, cols: number): boolean {
  for (let r = top; r < top + rows; r++) {
    for (let c = left; c < left + cols; c++) {
      if ((r !== top || c !== left) && ws.getCell(r, c).value !== null && ws.getCell(r, c).value !== undefined) return true;
    }
  }
  return false;
}
