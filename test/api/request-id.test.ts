// A 500 from the real local service carries a request id (its X-Request-Id, also in its message)
// that an accountant quotes to support: the client keeps it on the error, the CLI's message (the
// error's own) says it, and the pane's message says it in English and Thai. The fault: on the
// embedded store the attachments folder is replaced by a file, so storing an upload fails.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "../../src/api/client";
import { ServerError } from "../../src/api/errors";
import { describeError } from "../../src/taskpane/errors";
import { translator } from "../../src/taskpane/i18n";
import { makePng } from "../fixtures/files/make";
import { startTestService, type TestService } from "../helpers/service";
import { simpleBody } from "../service/support";
import { DEMO } from "./helpers/client";

jest.setTimeout(120_000);

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ store: "pglite" });
});
afterAll(() => svc?.stop());

async function serverError(): Promise<ServerError> {
  const client = createClient({ root: svc.root, ...DEMO, fetch: globalThis.fetch });
  const quotations = client.documents("quotations");
  const doc = await quotations.create(simpleBody());
  const folder = join(svc.dataDir, "attachments");
  rmSync(folder, { recursive: true, force: true });
  writeFileSync(folder, "not a folder");
  const png = makePng();
  const err = await quotations.attach(doc.recordId, { name: "receipt.png", type: "image/png", data: new Uint8Array(png) }).then(
    () => { throw new Error("the upload was stored: no fault was made"); },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServerError);
  return err as ServerError;
}

it("a 500's request id is on the error and in the CLI's and the pane's messages, in English and Thai", async () => {
  const err = await serverError();
  expect(err.httpStatus).toBe(500);
  expect(err.requestId).toMatch(/^[\w.:-]{8,64}$/);
  const id = err.requestId!;
  // The CLI prints the error's message: the id appears once.
  expect(err.message).toBe(`service error (HTTP 500): Internal server error (request id ${id})`);
  expect(describeError(err, translator("en"))).toBe(`The service failed (500). Try again later; if it keeps failing, quote request id ${id} to support.`);
  expect(describeError(err, translator("th"))).toBe(`บริการขัดข้อง (500) โปรดลองใหม่ภายหลัง หากยังขัดข้องอยู่ โปรดแจ้งรหัสคำขอ ${id} แก่ฝ่ายสนับสนุน`);
});
