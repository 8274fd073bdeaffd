// The local service the job tests run against (a child process, started once per test file) and
// a client of its demo company; the jobs' clock is fixed so dates in the sheets stay valid.
import { createClient, type DocSheetClient } from "../../src/api";
import { fieldForHeader } from "../../src/sheet/fields";
import type { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { LOCAL_STORE, startTestService, type StoreKind, type TestService } from "../helpers/service";

export interface JobsService {
  service: TestService;
  client: DocSheetClient;
}

/** Call at the top of a test file: filled once beforeAll has run, stopped in afterAll. */
export function jobsService(store: StoreKind = LOCAL_STORE): JobsService {
  const svc = {} as JobsService;
  beforeAll(async () => {
    svc.service = await startTestService({ store });
    svc.client = createClient({ root: svc.service.root, clientId: "demo", clientSecret: "demo-secret" });
  });
  afterAll(() => svc.service?.stop());
  return svc;
}

export const now = (): Date => new Date("2026-03-05T10:00:00");

/** Column of a header text in row 0 of sheet S, or of the header naming the same field (a column a
 * job added, headed by its label: "Record id" for recordId); throws with the header when it is missing. */
export function col(wb: MemoryWorkbook, name: string): number {
  const header = wb.sheet("S").values[0];
  let c = header.indexOf(name);
  const key = fieldForHeader(name)?.key;
  if (c < 0 && key) c = header.findIndex((h) => typeof h === "string" && fieldForHeader(h)?.key === key);
  if (c < 0) throw new Error(`no column ${name} in ${JSON.stringify(wb.sheet("S").values[0])}`);
  return c;
}

/** The value under a header in a row of sheet S. */
export const cell = (wb: MemoryWorkbook, row: number, name: string): CellValue => wb.sheet("S").values[row][col(wb, name)] ?? null;
