// preview.html: the task pane beside an in-browser grid, so DocSheet can be tried without Excel.
// The grid is the in-memory port, kept in the browser's IndexedDB (store.ts): a reload finds the
// workbook as it was left; a first visit starts with a tax-invoice template to check right away.
import { render } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { MemoryWorkbook } from "../../workbook/memory";
import { App } from "../app";
import { pickLanguage, translator, type Lang } from "../i18n";
import { createServices, loadEngine, today } from "../services";
import { injectStyles } from "../styles";
import { PreviewWorkbook } from "./workbook";
import { PreviewFormulas } from "./formulas";
import { GRID_CSS, Grid } from "./grid";
import { WorkbookStore } from "./store";
import { sampleSheet } from "./sample";

function Page(props: { workbook: PreviewWorkbook; store: WorkbookStore; lang: Lang; storage: Storage | null }) {
  const { workbook, store } = props;
  // The pane's language is the grid's too: picking Thai in the pane redraws the toolbar and hints.
  const [lang, setLang] = useState<Lang>(props.lang);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    store.onSaved = () => setSaved(true);
    return workbook.onEdit((sheets) => {
      setSaved(false);
      store.schedule(workbook.memory, sheets);
    });
  }, [workbook, store]);
  // The grid's DOCSHEET formulas, calculated in the pane's language; "Refresh figures" calculates them again.
  const langRef = useRef(lang);
  langRef.current = lang;
  const [formulas] = useState(() => new PreviewFormulas(workbook, () => langRef.current));
  useEffect(() => formulas.watch(), [formulas]);
  const [services] = useState(() => createServices({
    port: { ...workbook.port(), recalculate: () => formulas.calculate() }, relayBase: `${window.location.origin}/relay`, selection: () => workbook.selectionInfo(), watchSelection: (listener) => workbook.onSelect(listener),
    watchSheet: (listener) => {
      listener(workbook.memory.active);
      return workbook.onSelect(() => listener(workbook.memory.active));
    },
  }));
  // A new workbook is one empty sheet, as Excel opens one; kept at once so a reload does not bring the old one back.
  const startOver = () => {
    const m = workbook.memory;
    m.sheets.clear();
    m.settings.clear();
    m.setSheet("Sheet1", []);
    m.active = "Sheet1";
    workbook.selection = null;
    workbook.edited();
    void store.save(m);
  };
  const t = translator(lang);
  return (
    <div class="preview">
      <Grid workbook={workbook} formulas={formulas} t={t} lang={lang} onNew={startOver} status={saved && store.available ? t("savedInBrowser") : undefined} />
      <aside class="pane"><App services={services} lang={props.lang} storage={props.storage} onLang={setLang} /></aside>
    </div>
  );
}

async function start(): Promise<void> {
  injectStyles();
  const style = document.createElement("style");
  style.textContent = GRID_CSS;
  document.head.appendChild(style);

  const params = new URLSearchParams(window.location.search);
  const lang = pickLanguage(params.get("lang") ?? navigator.language);
  const memory = new MemoryWorkbook({ Sheet1: [] });
  const store = await WorkbookStore.open();
  if (!(await store.load(memory))) {
    const sample = sampleSheet(today(), lang);
    memory.setSheet("Sheet1", sample.rows, sample.formats);
  }
  const workbook = new PreviewWorkbook(memory);
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  render(<Page workbook={workbook} store={store} lang={lang} storage={storage} />, document.getElementById("app")!);
  setTimeout(() => void loadEngine().catch(() => undefined), 0);
}

void start();
