// What the command-line tests share: the local service (the jest worker's shared one) with the
// file's companies and a client of its demo company, and a scratch directory, once per test file; the bin's connection options; .xlsx files
// written and read back with ExcelJS.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { createClient, type DocSheetClient } from "../../src/api";
import { fieldForHeader } from "../../src/sheet/fields";
import { LOCAL_STORE, startTestService, type TestService } from "../helpers/service";
import { fileCompaniesIn, type FileCompany, type SharedService } from "../helpers/shared-service";

export interface CliSession {
  service: SharedService;
  /** A client of `demo`. */
  client: DocSheetClient;
  dir: string;
  /** The file's copies of the demo companies (Demo Co., Ltd. and Other Co., Ltd.). */
  demo: FileCompany;
  other: FileCompany;
  /** The bin's options that connect as `demo`, and as `other`. */
  auth: string[];
  otherAuth: string[];
}

/** The bin's options that connect as this company. */
export const authOf = (c: FileCompany): string[] => ["--client-id", c.clientId, "--client-secret", c.clientSecret];

/** Call at the top of a test file: filled once beforeAll has run, cleaned up in afterAll. The
 * service is the jest worker's shared one (these tests are about the command, not the store or
 * the service's process), with companies of the file's own. */
export function cliSession(name: string): CliSession {
  const s = {} as CliSession;
  beforeAll(async () => {
    s.dir = mkdtempSync(join(tmpdir(), `docsheet-${name}-`));
    Object.assign(s, await fileCompaniesIn());
    s.auth = authOf(s.demo);
    s.otherAuth = authOf(s.other);
    s.client = createClient({ root: s.service.root, ...s.demo });
  });
  afterAll(() => {
    if (s.dir) rmSync(s.dir, { recursive: true, force: true });
  });
  return s;
}

const SEEDED = { demo: { clientId: "demo", clientSecret: "demo-secret" }, other: { clientId: "other", clientSecret: "other-secret" } };

/** cliSession with a service of the file's own (on LOCAL_STORE), for a file that kills it. */
export function cliOwnSession(name: string): CliSession & { service: TestService } {
  const s = { ...SEEDED, auth: authOf(SEEDED.demo), otherAuth: authOf(SEEDED.other) } as CliSession & { service: TestService };
  beforeAll(async () => {
    s.dir = mkdtempSync(join(tmpdir(), `docsheet-${name}-`));
    s.service = await startTestService({ store: LOCAL_STORE });
    s.client = createClient({ root: s.service.root, ...s.demo });
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
