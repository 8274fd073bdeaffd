// What the command-line tests share: the local service (child process) with a client of its demo
// company and a scratch directory, once per test file; the bin's connection options; .xlsx files
// written and read back with ExcelJS.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { createClient, type DocSheetClient } from "../../src/api";
import { fieldForHeader } from "../../src/sheet/fields";
import { LOCAL_STORE, startTestService, type StoreKind, type TestService } from "../helpers/service";

export const AUTH = ["--client-id", "demo", "--client-secret", "demo-secret"];

export interface CliSession {
  service: TestService;
  client: DocSheetClient;
  dir: string;
}

/** Call at the top of a test file: filled once beforeAll has run, cleaned up in afterAll. The
 * service runs on LOCAL_STORE (these tests are about the command, not the store) unless told. */
export function cliSession(name: string, store: StoreKind = LOCAL_STORE): CliSession {
  const s = {} as CliSession;
  beforeAll(async () => {
    s.dir = mkdtempSync(join(tmpdir(), `docsheet-${name}-`));
    s.service = await startTestService({ store });
    s.client = createClient({ root: s.service.root, clientId: "demo", clientSecret: "demo-secret" });
  });
  afterAll(async () => {
    await s.service?.stop();
    if (s.dir) rmSync(s.dir, { recursive: true, force: true });
  });
  return s;
}

/** A one-sheet workbook of these rows (the first is the header). */
export async function writeBook(path: string, rows: unknown[][], sheet = "Sales"): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet(sheet).addRows(rows);
  await wb.xlsx.writeFile(path);
  return path;
}

/** The data rows of a sheet (the first one by default) keyed by their header; a written-back column
 * headed by its label ("Record id") is under its key too (recordId). */
export async function sheetRows(path: string, sheet?: string): Promise<Record<string, unknown>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = sheet === undefined ? wb.worksheets[0] : wb.getWorksheet(sheet)!;
  const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const out: Record<string, unknown>[] = [];
  ws.eachRow((row, i) => {
    if (i <= 1) return;
    const entries = header.map((h, c): [string, unknown] => [h, row.getCell(c + 1).value]);
    const results = entries.flatMap(([h, v]): [string, unknown][] => {
      const def = typeof h === "string" ? fieldForHeader(h) : undefined;
      return def?.level === "result" && def.key !== h && !header.includes(def.key) ? [[def.key, v]] : [];
    });
    out.push(Object.fromEntries([...entries, ...results]));
  });
  return out;
}

/** The data rows of a sheet keyed by the field each header names (labels in either language, wire
 * names), other headers as they are: a pulled sheet read the way DocSheet reads it. */
export async function fieldRows(path: string, sheet?: string): Promise<Record<string, unknown>[]> {
  return (await sheetRows(path, sheet)).map((row) => Object.fromEntries(Object.entries(row).map(([h, v]) => [fieldForHeader(h)?.key ?? h, v])));
}

/** Sets cells of data rows (0-based, under the header row) of the first sheet, by header. */
export async function editCells(path: string, cells: ReadonlyArray<[number, string, ExcelJS.CellValue]>, sheet?: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = sheet === undefined ? wb.worksheets[0] : wb.getWorksheet(sheet)!;
  for (const [row, header, value] of cells) {
    const col = (ws.getRow(1).values as unknown[]).indexOf(header);
    if (col < 1) throw new Error(`no column ${header}`);
    ws.getRow(row + 2).getCell(col).value = value;
  }
  await wb.xlsx.writeFile(path);
}
