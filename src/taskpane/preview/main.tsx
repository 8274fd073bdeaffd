// preview.html: the task pane beside an in-browser grid, so DocSheet can be tried without Excel.
// The grid is the in-memory port; it starts with a tax-invoice template to check right away.
import { render } from "preact";
import { MemoryWorkbook } from "../../workbook/memory";
import { template } from "../../sheet/template";
import { App } from "../app";
import { pickLanguage, translator } from "../i18n";
import { createServices, loadEngine, today } from "../services";
import { injectStyles } from "../styles";
import { PreviewBook } from "./book";
import { GRID_CSS, Grid } from "./grid";

function start(): void {
  injectStyles();
  const style = document.createElement("style");
  style.textContent = GRID_CSS;
  document.head.appendChild(style);

  const params = new URLSearchParams(window.location.search);
  const lang = pickLanguage(params.get("lang") ?? navigator.language);
  const sample = template("tax-invoices", today());
  const memory = new MemoryWorkbook({ Sheet1: [] });
  memory.setSheet("Sheet1", [sample.columns.map((c) => c.header), ...sample.rows]);
  const book = new PreviewBook(memory);
  const services = createServices({ port: book.port(), relayBase: `${window.location.origin}/relay`, selection: () => book.selectionInfo() });
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  render(
    <div class="preview">
      <Grid book={book} t={translator(lang)} />
      <aside class="pane"><App services={services} lang={lang} storage={storage} /></aside>
    </div>,
    document.getElementById("app")!,
  );
  setTimeout(() => void loadEngine().catch(() => undefined), 0);
}

start();
