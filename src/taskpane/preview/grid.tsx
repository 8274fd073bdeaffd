// A small spreadsheet view of the memory workbook: sheet tabs, column letters, row numbers, marked
// cells in red with their message, a selection made by click or shift+click (or the arrow keys),
// and paste of rows copied from Excel.
import { useEffect, useRef, useState } from "preact/hooks";
import { cellAddress, columnLetters } from "../../workbook/address";
import { isDateFormat } from "../../sheet/values";
import { isCellError, type CellValue } from "../../workbook/port";
import type { Translate } from "../i18n";
import type { PreviewBook } from "./book";
import { parseTsv } from "./tsv";
import { loadXlsx } from "./xlsx-load";

const MIN_ROWS = 30;
const MIN_COLS = 12;
const MAX_ROWS = 500;
/** Columns drawn at most: a stray cell at XFD would otherwise draw 16,384. */
const MAX_COLS = 200;

function serialToIso(serial: number): string {
  return new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

/** A date as its format shows it where that matters: Buddhist-era years (bbbb, Thai reports) as
 * day/month/year; any other date as YYYY-MM-DD. */
function showDate(iso: string, format: string): string {
  if (!/b{4}/i.test(format)) return iso;
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${Number(y) + 543}`;
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

export function Grid(props: { book: PreviewBook; t: Translate }) {
  const { book, t } = props;
  const [, redraw] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const anchor = useRef<{ row: number; col: number } | null>(null);
  useEffect(() => book.onChange(() => redraw((n) => n + 1)), [book]);

  const m = book.memory;
  const name = m.active;
  const sheet = m.sheet(name);
  const rows = Math.min(MAX_ROWS, Math.max(MIN_ROWS, sheet.values.length + 5));
  let cols = MIN_COLS;
  for (let r = 0; r < rows; r++) cols = Math.max(cols, (sheet.values[r]?.length ?? 0) + 1);
  cols = Math.min(MAX_COLS, cols);
  const sel = book.selection && book.selection.sheet === name ? book.selection : null;
  const inSel = (r: number, c: number) => sel !== null && r >= sel.top && r <= sel.bottom && c >= sel.left && c <= sel.right;

  function choose(row: number, col: number, extend: boolean) {
    const from = extend && anchor.current ? anchor.current : { row, col };
    if (!extend) anchor.current = { row, col };
    book.select({ sheet: name, top: Math.min(from.row, row), left: Math.min(from.col, col), bottom: Math.max(from.row, row), right: Math.max(from.col, col) });
  }

  function onKey(e: KeyboardEvent) {
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    const at = sel ? { row: e.shiftKey ? sel.bottom : sel.top, col: e.shiftKey ? sel.right : sel.left } : { row: 0, col: 0 };
    choose(Math.max(0, at.row + move[0]), Math.max(0, at.col + move[1]), e.shiftKey);
  }

  async function onPaste(e: ClipboardEvent) {
    const text = e.clipboardData?.getData("text/plain");
    if (!text) return;
    e.preventDefault();
    await m.write(name, [{ row: sel?.top ?? 0, col: sel?.left ?? 0, values: parseTsv(text) }]);
    book.changed();
  }

  async function open(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    try {
      const sheets = await loadXlsx(await file.arrayBuffer());
      if (sheets.length === 0) throw new Error("no sheets");
      m.sheets.clear();
      for (const s of sheets) m.setSheet(s.name, s.values, s.formats);
      m.active = sheets[0].name;
      book.select(null);
    } catch (err) {
      setError(t("loadError", { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      input.value = "";
    }
  }

  return (
    <section class="grid-wrap" aria-label={t("sheet")}>
      <div class="grid-tools">
        <label class="file">{t("openXlsx")}<input type="file" accept=".xlsx" onChange={(e) => void open(e.currentTarget)} /></label>
        <button type="button" onClick={() => { m.setSheet(name, []); book.select(null); }}>{t("clearSheet")}</button>
        <span class="help">{t("pasteHere")}</span>
      </div>
      {error && <p class="msg error" role="alert">{error}</p>}
      <div class="tabs" role="tablist">
        {[...m.sheets.keys()].filter((s) => !m.sheets.get(s)?.hidden).map((s) => (
          <button key={s} role="tab" aria-selected={s === name} class={s === name ? "tab on" : "tab"} onClick={() => { m.active = s; book.select(null); }}>{s}</button>
        ))}
      </div>
      <div class="grid" tabIndex={0} onKeyDown={onKey} onPaste={(e) => void onPaste(e)} aria-label={`${t("sheet")} ${name}`}
        data-selection={sel ? `${cellAddress(sel.top, sel.left)}:${cellAddress(sel.bottom, sel.right)}` : ""}>
        <table>
          <thead>
            <tr><th />{Array.from({ length: cols }, (_, c) => <th key={c}>{columnLetters(c)}</th>)}</tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, r) => (
              <tr key={r}>
                <th>{r + 1}</th>
                {Array.from({ length: cols }, (_, c) => {
                  const mark = sheet.marks.get(`${r},${c}`);
                  // Problems, warnings and notes each in their own colour, as the Excel port fills them.
                  const tone = mark ? sheet.tones.get(`${r},${c}`) : undefined;
                  const cls = [mark ? "marked" : "", tone && tone !== "error" ? tone : "", inSel(r, c) ? "sel" : ""].join(" ").trim();
                  return (
                    <td key={c} class={cls || undefined} title={mark} data-cell={cellAddress(r, c)}
                      onMouseDown={(e) => choose(r, c, e.shiftKey)}>
                      {showValue(sheet.values[r]?.[c] ?? null, sheet.formats[r]?.[c])}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export const GRID_CSS = `
body{margin:0;background:#faf9f8}
.preview{display:flex;height:100vh;font-family:"Segoe UI",-apple-system,Roboto,"Noto Sans Thai",sans-serif;font-size:13px}
.grid-wrap{flex:1;display:flex;flex-direction:column;min-width:0;padding:8px}
.grid-tools{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.grid-tools button,.grid-tools .file{font:inherit;font-weight:600;padding:4px 10px;border:1px solid #d1d1d1;border-radius:4px;background:#fff;cursor:pointer}
.grid-tools .file input{position:absolute;opacity:0;width:1px;height:1px}
.grid-tools .file:focus-within{outline:2px solid #000}
.grid-tools .help{color:#616161}
.tabs{display:flex;gap:2px;margin-top:6px}
.tab{font:inherit;border:1px solid #d1d1d1;border-bottom:0;border-radius:4px 4px 0 0;background:#f0f0f0;padding:3px 10px;cursor:pointer}
.tab.on{background:#fff;color:#107c41;font-weight:600}
.grid{flex:1;overflow:auto;border:1px solid #d1d1d1;background:#fff;outline:none}
.grid:focus-visible{outline:2px solid #000}
.grid table{border-collapse:collapse;font-variant-numeric:tabular-nums}
.grid th{background:#f3f2f1;color:#616161;font-weight:400;border:1px solid #e1dfdd;padding:1px 6px;position:sticky;top:0;min-width:28px}
.grid tbody th{position:sticky;left:0}
.grid td{border:1px solid #e1dfdd;padding:1px 6px;min-width:72px;max-width:220px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;cursor:cell}
.grid td.marked{background:#ffc7ce}
.grid td.marked.warning{background:#ffeb9c}
.grid td.marked.note{background:#ddebf7}
.grid td.sel{outline:2px solid #107c41;outline-offset:-2px}
.pane{width:380px;flex:0 0 380px;overflow:auto;border-left:1px solid #d1d1d1;background:#fff}
`;
