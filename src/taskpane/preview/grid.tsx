// A small spreadsheet view of the memory workbook: sheet tabs, column letters, row numbers, marked
// cells in red with their message, a selection made by click or shift+click (or the arrow keys),
// paste of rows copied from Excel, and cells typed into as in Excel (type or F2 or a double click to
// edit, Enter/Tab to keep, Escape to leave, Delete to clear). Every row of the sheet can be reached:
// only the rows in view are drawn (a sheet of 100,000 rows scrolls like one of 30), and the columns
// are as wide as their table's widest value, so an amount is never cut or wrapped; a text spills
// into the empty cells right of it, as in Excel (column-widths.ts). Keys go to one input that sits
// on the selected cell, unseen until it is typed into: an input method (Thai on a phone, a composing
// keyboard) composes into it, so the first word typed into a selected cell is kept, and the same
// input is the cell's editor. Hidden columns are not drawn (their letters skipped, as in Excel).
// A DOCSHEET formula typed, pasted or opened in a workbook is calculated (formulas.ts); editing its cell shows
// the formula, and an error's message is the cell's tooltip.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { cellAddress, columnLetters } from "../../workbook/address";
import { presentKeys } from "../../workbook/memory";
import { isDateFormat } from "../../sheet/values";
import { isCellError, type CellValue } from "../../workbook/port";
import { columnWidths, isNumber, spillWidth } from "./column-widths";
import type { Lang, Translate } from "../i18n";
import type { PreviewWorkbook } from "./workbook";
import type { PreviewFormulas } from "./formulas";
import { parseTsv, toValue } from "./tsv";
import { loadXlsx } from "./xlsx-load";
import { XlsxReadError } from "../../workbook/xlsx-read";
import { renderError } from "../../sheet/i18n/render";

const MIN_ROWS = 30;
const MIN_COLS = 12;
/** Columns drawn at most: a stray cell at XFD would otherwise draw 16,384. */
const MAX_COLS = 200;
/** Excel's last row: the grid ends there however far a stray cell sits. */
const MAX_ROWS = 1_048_576;
/** Every row is this tall (CSS below), so the rows in view follow from the scroll position alone. */
export const ROW_H = 22;
/** Rows drawn above and below the view, so a fast scroll shows no blank band. */
const OVERSCAN = 12;
const ROW_HEAD_W = 48;

function serialToIso(serial: number): string {
  return new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

/** A date as its format shows it where that matters: day/month/year for a format that starts with
 * the day (a report's dd/mm/yyyy, as Excel shows the file), with Buddhist-era years for bbbb (Thai
 * reports); any other date as YYYY-MM-DD. */
function showDate(iso: string, format: string): string {
  const [y, m, d] = iso.split("-");
  if (/b{4}/i.test(format)) return `${d}/${m}/${Number(y) + 543}`;
  if (/^d{1,2}[/.-]m{1,2}[/.-]y{4}$/i.test(format.replace(/\[[^\]]*\]|"[^"]*"|;.*$/g, "").trim())) return `${d}/${m}/${y}`;
  return iso;
}

export function showValue(v: CellValue, format = "General"): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return showDate(v.toISOString().slice(0, 10), format);
  if (isCellError(v)) return v.error;
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "number" && isDateFormat(format)) return showDate(serialToIso(v), format);
  if (typeof v === "number" && /0\.00/.test(format)) return v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return String(v);
}

/** The sheet's row count worth drawing: its rows and a few empty ones below, at least a screenful. */
function rowCount(values: CellValue[][]): number {
  return Math.min(MAX_ROWS, Math.max(MIN_ROWS, values.length + 5));
}

function columnCount(values: CellValue[][]): number {
  let cols = MIN_COLS;
  for (const k of presentKeys(values)) cols = Math.max(cols, (values[Number(k)]?.length ?? 0) + 1);
  return Math.min(MAX_COLS, cols);
}

interface Editing {
  row: number;
  col: number;
  text: string;
}

/** Is this key event part of an input method's composition (its Enter confirms the word, not the cell)? */
const composing = (e: KeyboardEvent): boolean => e.isComposing || e.keyCode === 229;

export function Grid(props: { workbook: PreviewWorkbook; formulas?: PreviewFormulas; t: Translate; lang?: Lang; status?: string; onNew?: () => void }) {
  const { workbook, formulas, t } = props;
  const [, redraw] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditingState] = useState<Editing | null>(null);
  // The keys' input: on the selected cell, and its editor once typed into.
  const keysRef = useRef<HTMLInputElement>(null);
  // What is being typed, also where handlers of an older draw read it (an input's blur after Escape).
  const editRef = useRef<Editing | null>(null);
  const setEditing = (e: Editing | null) => {
    editRef.current = e;
    setEditingState(e);
    // The input is not controlled: a value written into it mid-composition would end the composition.
    if (!e && keysRef.current) keysRef.current.value = "";
  };
  const [confirmNew, setConfirmNew] = useState(false);
  const [view, setView] = useState({ top: 0, height: 800 });
  const anchor = useRef<{ row: number; col: number } | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusKeys = () => keysRef.current?.focus({ preventScroll: true });
  useEffect(() => workbook.onChange(() => redraw((n) => n + 1)), [workbook]);

  const m = workbook.memory;
  const name = m.active;
  const sheet = m.sheet(name);
  const rows = rowCount(sheet.values);
  const cols = useMemo(() => columnCount(sheet.values), [sheet, workbook.version]);
  const hidden = sheet.hiddenColumns;
  // A hidden column takes no room: its width is 0 and its cells are not drawn.
  const widths = useMemo(() => columnWidths(sheet.values, sheet.formats, cols).map((w, c) => (hidden.has(c) ? 0 : w)), [sheet, workbook.version, cols]);
  const shownCols = useMemo(() => Array.from({ length: cols }, (_, c) => c).filter((c) => !hidden.has(c)), [sheet, workbook.version, cols]);
  const lefts = useMemo(() => widths.reduce<number[]>((acc, w, i) => [...acc, acc[i] + w], [ROW_HEAD_W]), [widths]);
  const sel = workbook.selection && workbook.selection.sheet === name ? workbook.selection : null;
  const inSel = (r: number, c: number) => sel !== null && r >= sel.top && r <= sel.bottom && c >= sel.left && c <= sel.right;

  // The rows in view, from the scroll position.
  const first = Math.max(0, Math.floor(view.top / ROW_H) - OVERSCAN);
  const last = Math.min(rows - 1, Math.ceil((view.top + view.height) / ROW_H) + OVERSCAN);

  function onScroll() {
    const g = gridRef.current;
    if (g) setView({ top: g.scrollTop, height: g.clientHeight });
  }
  useLayoutEffect(onScroll, [name]);

  // The selected cell is scrolled into view, whoever moved it (the keys, a click on a finding).
  const selKey = sel ? `${name}:${sel.top}:${sel.left}` : "";
  useEffect(() => {
    const g = gridRef.current;
    if (!g || !sel) return;
    const y = sel.top * ROW_H;
    const head = ROW_H;
    if (y < g.scrollTop) g.scrollTop = y;
    else if (y + ROW_H > g.scrollTop + g.clientHeight - head) g.scrollTop = y + ROW_H - g.clientHeight + head;
    const x0 = lefts[Math.min(sel.left, cols - 1)] - ROW_HEAD_W;
    const x1 = lefts[Math.min(sel.left + 1, cols)];
    if (x0 < g.scrollLeft) g.scrollLeft = x0;
    else if (x1 > g.scrollLeft + g.clientWidth) g.scrollLeft = x1 - g.clientWidth;
  }, [selKey]);

  function choose(row: number, col: number, extend: boolean) {
    const from = extend && anchor.current ? anchor.current : { row, col };
    if (!extend) anchor.current = { row, col };
    workbook.select({ sheet: name, top: Math.min(from.row, row), left: Math.min(from.col, col), bottom: Math.max(from.row, row), right: Math.max(from.col, col) });
  }

  function startEdit(row: number, col: number, text?: string) {
    const cell = sheet.values[row]?.[col] ?? null;
    const shown = text ?? formulas?.formulaAt(name, row, col) ?? (typeof cell === "number" && !isDateFormat(sheet.formats[row]?.[col] ?? "General") ? String(cell) : showValue(cell, sheet.formats[row]?.[col]));
    setEditing({ row, col, text: shown });
    const el = keysRef.current;
    if (el) {
      el.value = shown;
      focusKeys();
      el.setSelectionRange(shown.length, shown.length);
    }
  }

  /** The next shown column from `col` by `step` (hidden ones are passed over), or `col` at the edge. */
  function nextCol(col: number, step: number): number {
    if (step === 0) return col;
    for (let c = col + step; c >= 0 && c < MAX_COLS; c += step) if (!hidden.has(c)) return c;
    return col;
  }

  /** Text came into the keys' input while no cell was being edited (a key, an input method's first
   * letters): the selected cell is typed over with it, as Excel does, and nothing of it is lost. */
  function typedOver(text: string) {
    const at = sel ? { row: sel.top, col: sel.left } : { row: 0, col: 0 };
    if (!sel) choose(at.row, at.col, false);
    setEditing({ row: at.row, col: at.col, text });
  }

  /** Keeps what was typed (a number as a number, as Excel takes it), then moves as Enter or Tab do. */
  async function commit(move: [number, number] | null) {
    const e = editRef.current;
    if (!e) return;
    setEditing(null);
    formulas?.forget(name, { top: e.row, left: e.col, bottom: e.row, right: e.col });
    if (!formulas?.typed(name, e.row, e.col, e.text)) {
      await m.write(name, [{ row: e.row, col: e.col, values: [[toValue(e.text.trim() === "" ? "" : e.text, sheet.formats[e.row]?.[e.col])]] }]);
    }
    workbook.edited();
    if (move) choose(Math.max(0, e.row + move[0]), nextCol(e.col, move[1]), false);
    focusKeys();
  }

  function cancel() {
    setEditing(null);
    focusKeys();
  }

  async function clearSelection() {
    if (!sel) return;
    const values = Array.from({ length: sel.bottom - sel.top + 1 }, () => new Array<CellValue>(sel.right - sel.left + 1).fill(null));
    formulas?.forget(name, sel);
    await m.write(name, [{ row: sel.top, col: sel.left, values }]);
    workbook.edited();
  }

  function onKey(e: KeyboardEvent) {
    if (editRef.current || composing(e)) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
      Enter: [e.shiftKey ? -1 : 1, 0], Tab: [0, e.shiftKey ? -1 : 1],
    };
    const at = sel ? { row: sel.top, col: sel.left } : { row: 0, col: 0 };
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      void clearSelection();
      return;
    }
    if (e.key === "F2") {
      e.preventDefault();
      startEdit(at.row, at.col);
      return;
    }
    // A printable key starts typing over the cell, as in Excel: the keys' input takes it (onKeysInput),
    // as it takes an input method's composition. Pressed on the grid itself, it goes there first.
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (e.target !== keysRef.current) {
        e.preventDefault();
        if (!sel) choose(at.row, at.col, false);
        startEdit(at.row, at.col, e.key);
      }
      return;
    }
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    const from = e.shiftKey && (e.key.startsWith("Arrow")) && sel ? { row: sel.bottom, col: sel.right } : at;
    choose(Math.max(0, from.row + move[0]), nextCol(from.col, move[1]), e.shiftKey && e.key.startsWith("Arrow"));
  }

  /** A click on a cell: what was being typed is kept (as a click elsewhere in Excel does), the cell
   * is selected, and the keys go to it. */
  function pressed(e: MouseEvent, row: number, col: number) {
    e.preventDefault();
    if (editRef.current) void commit(null);
    choose(row, col, e.shiftKey);
    focusKeys();
  }

  function onKeysInput(e: Event) {
    const text = (e.currentTarget as HTMLInputElement).value;
    const now = editRef.current;
    if (now) setEditing({ ...now, text });
    else if (text !== "") typedOver(text);
  }

  function onEditKey(e: KeyboardEvent) {
    if (!editRef.current) return; // the grid's keys (onKey, where it bubbles)
    e.stopPropagation();
    if (composing(e)) return;
    if (e.key === "Enter") {
      e.preventDefault();
      void commit([e.shiftKey ? -1 : 1, 0]);
    } else if (e.key === "Tab") {
      e.preventDefault();
      void commit([0, e.shiftKey ? -1 : 1]);
    } else if (e.key === "Escape") {
      e.preventDefault();
      cancel();
    }
  }

  async function onPaste(e: ClipboardEvent) {
    if (editing) return;
    const text = e.clipboardData?.getData("text/plain");
    if (!text) return;
    e.preventDefault();
    const top = sel?.top ?? 0;
    const left = sel?.left ?? 0;
    const values = parseTsv(text, (r, c) => sheet.formats[top + r]?.[left + c]);
    formulas?.forget(name, { top, left, bottom: top + values.length - 1, right: left + Math.max(0, ...values.map((r) => r.length - 1)) });
    await m.write(name, [{ row: top, col: left, values }]);
    // Formulas copied as text (from a text file, a page) are formulas here, as Excel takes them.
    values.forEach((r, i) => r.forEach((v, j) => { if (typeof v === "string") formulas?.typed(name, top + i, left + j, v); }));
    workbook.edited();
  }

  async function open(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    try {
      const sheets = await loadXlsx(await file.arrayBuffer());
      if (sheets.length === 0) throw new XlsxReadError("noSheets");
      m.sheets.clear();
      // Its DOCSHEET formulas are calculated again once the edit below is told and the pane is
      // connected (formulas.ts); until then they show the values the file holds.
      for (const s of sheets) Object.assign(m.setSheet(s.name, s.values, s.formats), { formulas: s.formulas, spills: s.spills });
      m.active = sheets[0].name;
      workbook.selection = null;
      formulas?.opened();
      workbook.edited();
    } catch (err) {
      // The reader's refusal (too large, damaged) in the pane's language.
      setError(t("loadError", { message: renderError(err, props.lang ?? "en") }));
    } finally {
      input.value = "";
    }
  }

  const selFormula = sel ? formulas?.formulaAt(name, sel.top, sel.left) : undefined;

  // Where the keys' input sits: on the cell being edited, else on the selected one.
  const keysAt = editing ? { row: editing.row, col: editing.col } : sel ? { row: sel.top, col: Math.min(sel.left, cols - 1) } : null;

  const rowsDrawn = [];
  for (let r = first; r <= last; r++) {
    rowsDrawn.push(
      <tr key={r}>
        <th>{r + 1}</th>
        {shownCols.map((c) => {
          if (editing && editing.row === r && editing.col === c) return <td key={c} class="editing" data-cell={cellAddress(r, c)} />;
          const v = sheet.values[r]?.[c] ?? null;
          const f = sheet.formats[r]?.[c];
          const mark = sheet.marks.get(`${r},${c}`);
          // Problems, warnings and notes each in their own colour, as the Excel port fills them.
          const tone = mark ? sheet.tones.get(`${r},${c}`) : undefined;
          const text = showValue(v, f);
          // A text wider than its column runs over the empty cells to its right (not into a cell being typed in).
          const room = text.length * 8 + 16 > widths[c] ? spillWidth(sheet.values[r], c, widths, f, editing?.row === r && editing.col > c ? editing.col : cols) : widths[c];
          const spill = room > widths[c];
          const cls = [mark ? "marked" : "", tone && tone !== "error" ? tone : "", inSel(r, c) ? "sel" : "", isNumber(v, f) ? "num" : "", spill ? "spill" : ""].filter(Boolean).join(" ");
          return (
            <td key={c} class={cls || undefined} title={mark ?? formulas?.messageAt(name, r, c) ?? (text.length * 8 + 16 > room ? text : undefined)} data-cell={cellAddress(r, c)}
              onMouseDown={(e) => pressed(e, r, c)} onDblClick={() => startEdit(r, c)}>
              {spill ? <span style={{ maxWidth: `${room - 12}px` }}>{text}</span> : text}
            </td>
          );
        })}
      </tr>,
    );
  }

  return (
    <section class="grid-wrap" aria-label={t("sheet")} lang={props.lang}>
      <div class="grid-tools">
        <label class="file">{t("openXlsx")}<input type="file" accept=".xlsx" onChange={(e) => void open(e.currentTarget)} /></label>
        <button type="button" onClick={() => { m.setSheet(name, []); workbook.selection = null; workbook.edited(); }}>{t("clearSheet")}</button>
        {props.onNew && <button type="button" class="new-book" onClick={() => setConfirmNew(true)}>{t("newWorkbook")}</button>}
        <span class="help">{t("pasteHere")}</span>
      </div>
      {confirmNew && (
        <div class="confirm" role="alertdialog" aria-labelledby="ds-new-text">
          <span id="ds-new-text">{t("newWorkbookConfirm")}</span>
          <button type="button" class="danger" onClick={() => { setConfirmNew(false); setEditing(null); props.onNew?.(); }}>{t("newWorkbookYes")}</button>
          <button type="button" onClick={() => setConfirmNew(false)}>{t("newWorkbookNo")}</button>
        </div>
      )}
      {error && <p class="msg error" role="alert">{error}</p>}
      <div class="tabs" role="tablist">
        {[...m.sheets.keys()].filter((s) => !m.sheets.get(s)?.hidden).map((s) => (
          <button key={s} role="tab" aria-selected={s === name} class={s === name ? "tab on" : "tab"}
            onClick={() => { setEditing(null); m.active = s; workbook.select(null); }}>{s}</button>
        ))}
        {/* The selected cell's DOCSHEET formula, where Excel's formula bar would show it. */}
        {selFormula && <span class="formula" data-cell={cellAddress(sel!.top, sel!.left)}><b>{cellAddress(sel!.top, sel!.left)}</b> {selFormula}</span>}
        {props.status && <span class="saved" role="status">{props.status}</span>}
      </div>
      <div class="grid" ref={gridRef} tabIndex={0} onKeyDown={onKey} onFocus={(e) => { if (e.target === gridRef.current && sel) focusKeys(); }} onPaste={(e) => void onPaste(e)} onScroll={onScroll}
        aria-label={`${t("sheet")} ${name}`} data-rows={rows}
        data-selection={sel ? `${cellAddress(sel.top, sel.left)}:${cellAddress(sel.bottom, sel.right)}` : ""}>
        <table style={{ width: `${lefts[cols]}px` }}>
          <colgroup>
            <col style={{ width: `${ROW_HEAD_W}px` }} />
            {shownCols.map((c) => <col key={c} style={{ width: `${widths[c]}px` }} />)}
          </colgroup>
          <thead>
            <tr><th />{shownCols.map((c) => <th key={c}>{columnLetters(c)}</th>)}</tr>
          </thead>
          <tbody>
            {first > 0 && <tr class="spacer" style={{ height: `${first * ROW_H}px` }} aria-hidden="true"><td colSpan={shownCols.length + 1} /></tr>}
            {rowsDrawn}
            {last < rows - 1 && <tr class="spacer" style={{ height: `${(rows - 1 - last) * ROW_H}px` }} aria-hidden="true"><td colSpan={shownCols.length + 1} /></tr>}
          </tbody>
        </table>
        <input ref={keysRef} class={editing ? "cell-edit on" : "cell-edit"} aria-label={keysAt ? cellAddress(keysAt.row, keysAt.col) : t("sheet")}
          autoComplete="off" spellcheck={false}
          style={keysAt ? { top: `${ROW_H * (keysAt.row + 1)}px`, left: `${lefts[keysAt.col]}px`, width: `${widths[keysAt.col]}px` } : undefined}
          onInput={onKeysInput} onKeyDown={onEditKey} onBlur={() => { if (editRef.current) void commit(null); }}
          onCompositionStart={(e) => { if (!editRef.current) typedOver(e.currentTarget.value); }}
          onCompositionEnd={onKeysInput} />
      </div>
    </section>
  );
}

export const GRID_CSS = `
body{margin:0;background:#faf9f8}
.preview{display:flex;height:100vh;font-family:"Segoe UI",-apple-system,Roboto,"Noto Sans Thai",sans-serif;font-size:13px}
.grid-wrap{flex:1;display:flex;flex-direction:column;min-width:0;padding:8px;contain:strict}
.grid-tools{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.grid-tools button,.grid-tools .file{font:inherit;font-weight:600;padding:4px 10px;border:1px solid #d1d1d1;border-radius:4px;background:#fff;cursor:pointer}
.grid-tools .file input{position:absolute;opacity:0;width:1px;height:1px}
.grid-tools .file:focus-within{outline:2px solid #000}
.grid-tools .help{color:#616161}
.tabs .saved{color:#107c41;margin-left:auto;align-self:center}
.tabs .formula{align-self:center;margin-left:12px;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-family:Consolas,"DejaVu Sans Mono",monospace;color:#323130}
.tabs .formula b{font-family:"Segoe UI",-apple-system,Roboto,sans-serif;color:#616161;margin-right:6px}
.grid-wrap .confirm{display:flex;gap:8px;align-items:center;margin-top:6px;padding:6px 8px;border:1px solid #eeacb2;border-radius:4px;background:#fdf3f4}
.grid-wrap .confirm button{font:inherit;font-weight:600;padding:3px 10px;border:1px solid #d1d1d1;border-radius:4px;background:#fff;cursor:pointer}
.grid-wrap .confirm button.danger{background:#c50f1f;border-color:#c50f1f;color:#fff}
.tabs{display:flex;gap:2px;margin-top:6px;flex-wrap:wrap}
.tab{font:inherit;border:1px solid #d1d1d1;border-bottom:0;border-radius:4px 4px 0 0;background:#f0f0f0;padding:3px 10px;cursor:pointer;white-space:nowrap}
.tab.on{background:#fff;color:#107c41;font-weight:600}
.grid{flex:1;overflow:auto;position:relative;border:1px solid #d1d1d1;background:#fff;outline:none;overflow-anchor:none}
.grid:focus-visible{outline:2px solid #000}
.grid table{border-collapse:separate;border-spacing:0;table-layout:fixed;font-variant-numeric:tabular-nums}
.grid th{background:#f3f2f1;color:#616161;font-weight:400;border:0;border-right:1px solid #e1dfdd;border-bottom:1px solid #e1dfdd;padding:0 6px;height:${ROW_H}px;box-sizing:border-box;white-space:nowrap;position:sticky;top:0;z-index:2}
.grid thead th:first-child{left:0;z-index:3}
.grid tbody th{position:sticky;top:auto;left:0;z-index:1;text-align:right}
.grid td{border:0;border-right:1px solid #e1dfdd;border-bottom:1px solid #e1dfdd;padding:0 6px;height:${ROW_H}px;box-sizing:border-box;line-height:${ROW_H - 2}px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;cursor:cell}
.grid td.num{text-align:right;text-overflow:clip}
.grid td.spill{overflow:visible}
.grid td.spill>span{display:inline-block;vertical-align:top;position:relative;z-index:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;background:#fff}
.grid td.marked.spill>span{background:inherit}
.grid tr.spacer td{border:0;padding:0}
.grid td.marked{background:#ffc7ce}
.grid td.marked.warning{background:#ffeb9c}
.grid td.marked.note{background:#ddebf7}
.grid td.sel{outline:2px solid #107c41;outline-offset:-2px}
.grid td.editing{padding:0}
.grid input.cell-edit{position:absolute;top:${ROW_H}px;left:${ROW_HEAD_W}px;width:72px;height:${ROW_H}px;border:0;padding:0 6px;font:inherit;box-sizing:border-box;outline:none;background:#fff;opacity:0;pointer-events:none;z-index:1}
.grid input.cell-edit.on{opacity:1;pointer-events:auto;outline:2px solid #107c41;outline-offset:-2px}
.pane{width:380px;flex:0 0 380px;overflow:auto;border-left:1px solid #d1d1d1;background:#fff;contain:strict}
`;
