// The task pane inside Excel: the Office.js port, the relay on the pane's own origin, Office's language.
import { render } from "preact";
import { ExcelPort } from "../workbook/excel";
import { App } from "./app";
import { pickLanguage } from "./i18n";
import { createServices, loadEngine } from "./services";
import { injectStyles } from "./styles";

/** Where the pane remembers its connections (never a secret): kept across sessions, so a workbook
 * opened again is offered the connection it was posted with; the session's when that is blocked. */
function safeStorage(): Storage | null {
  for (const get of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      const storage = get();
      if (storage) return storage;
    } catch {
      // some hosts block storage: the pane still works, it just forgets the client id
    }
  }
  return null;
}

Office.onReady(() => {
  injectStyles();
  const port = new ExcelPort();
  const services = createServices({
    port, relayBase: `${window.location.origin}/relay`, selection: () => port.selectionInfo(), watchSelection: (listener) => port.watchSelection(listener),
  });
  render(<App services={services} lang={pickLanguage(Office.context.displayLanguage)} storage={safeStorage()} />, document.getElementById("app")!);
  setTimeout(() => void loadEngine().catch(() => undefined), 0); // warm the heavy chunk once the pane shows
});
