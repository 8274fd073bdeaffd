// The ribbon's function file. The only button opens the task pane (ShowTaskpane), which needs no
// code; Office still requires the page to load office.js and call onReady.
Office.onReady(() => undefined);
