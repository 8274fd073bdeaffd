// The local service the job tests run against (the jest worker's shared service, with companies
// of the file's own: test/helpers/shared-service.ts) and a client of the file's demo company; the
// jobs' clock is fixed so dates in the sheets stay valid.
import { createClient, type DocSheetClient } from "../../src/api";
import { fieldForHeader } from "../../src/sheet/fields";
import type { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { LOCAL_STORE, startTestService, type TestService } from "../helpers/service";
import { sharedServiceForFile, type FileCompany, type SharedService } from "../helpers/shared-service";

export interface JobsService {
  service: SharedService;
  /** A client of `demo`. */
  client: DocSheetClient;
  /** The file's copy of the demo company (Demo Co., Ltd.). */
  demo: FileCompany;
  /** The file's copy of the other demo company (Other Co., Ltd.). */
  other: FileCompany;
}

/** Call at the top of a test file (or block): filled once beforeAll has run. `env`: a service of
 * the block's own with these environment variables (SMTP_URL, ...), stopped in afterAll. */
export function jobsService(env?: Record<string, string>): JobsService {
  if (env) return ownService(env);
  const shared = sharedServiceForFile();
  const svc = {} as JobsService;
  beforeAll(() => {
    Object.assign(svc, shared);
    svc.client = createClient({ root: shared.service.root, ...shared.demo });
  });
  return svc;
}

const SEEDED = { demo: { clientId: "demo", clientSecret: "demo-secret" }, other: { clientId: "other", clientSecret: "other-secret" } };

function ownService(env: Record<string, string>): JobsService {
  const svc = { ...SEEDED } as JobsService;
  let own: TestService | undefined;
  beforeAll(async () => {
    own = await startTestService({ store: LOCAL_STORE, env });
    svc.service = own;
    svc.client = createClient({ root: own.root, ...svc.demo });
  });
  afterAll(() => own?.stop());
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
