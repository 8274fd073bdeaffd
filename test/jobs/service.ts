// The local service the job tests run against (a child process, started once per test file) and
// a client of its demo company; the jobs' clock is fixed so dates in the sheets stay valid.
import { createClient, type DocSheetClient } from "../../src/api";
import { startTestService, type TestService } from "../helpers/service";

export interface JobsService {
  service: TestService;
  client: DocSheetClient;
}

/** Call at the top of a test file: filled once beforeAll has run, stopped in afterAll. */
export function jobsService(): JobsService {
  const svc = {} as JobsService;
  beforeAll(async () => {
    svc.service = await startTestService();
    svc.client = createClient({ root: svc.service.root, clientId: "demo", clientSecret: "demo-secret" });
  });
  afterAll(() => svc.service?.stop());
  return svc;
}

export const now = (): Date => new Date("2026-03-05T10:00:00");
