// jest setupFiles: every test file runs with the guard against programs of the system, and the
// services it starts with a roomy PDF budget.
import { guardSystemPrograms } from "./helpers/system-programs";

guardSystemPrograms();

// The services tests start render PDFs on a machine shared by three test files at once: the
// 10 s budget of a user's service would make a slow first render (fonts, WebAssembly) a 503.
// test/service/pdf-budget-http.test.ts sets its own, small budget.
process.env.DOCSHEET_PDF_BUDGET_MS ??= "60000";
