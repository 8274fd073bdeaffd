// The fault log over real HTTP, on real faults: one short line per fault with the request id (also
// in the answer, to quote), the method, the route pattern and the error's classes, and nothing the
// request carried (no contact data, no SQL, no file key or name, no stack); repeats are counted,
// not written again. Embedded store: an attachment whose bytes vanished from disk. PostgreSQL: the
// contacts table renamed under the running service, so the insert fails with its parameters.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { Client as PgClient } from "pg";
import { makePng } from "../fixtures/files/make";
import { startTestService, storesUnderTest, type StoreKind, type TestService } from "../helpers/service";
import { clientFor, simpleBody, tokenFor, type Client } from "./support";

jest.setTimeout(180_000);

const CONTACT = { contactGroup: 3, contactType: 3, contactCode: "SECRET-77", contactName: "Somchai Privatename Co.", contactEmail: "somchai.private@example.com", contactTaxId: "9876543210123" };

interface Provoked {
  /** Sends the faulty request once more. */
  send(): Promise<Response>;
  route: string;
  /** What the request carried: none of it may reach the log. */
  carried: string[];
  done(): Promise<void>;
}

/** The embedded store: the bytes of an attachment are removed from the data dir, so its download fails. */
async function vanishedAttachment(svc: TestService, demo: Client): Promise<Provoked> {
  const doc = (await demo.post("/quotations", simpleBody())).body.data;
  const up = await demo.post(`/quotations/${doc.recordId}/attachment/base64`, { fileName: "payslip-somchai.png", base64Data: makePng().toString("base64") });
  const url: string = up.body.data[0].attachmentPath;
  const key = new URL(url).pathname.split("/")[2];
  rmSync(join(svc.dataDir, "attachments", key));
  return { send: () => fetch(url), route: "GET /attachments/:key/:name", carried: [key, "payslip-somchai", svc.dataDir], done: async () => undefined };
}

/** PostgreSQL: the contacts table is renamed under the running service, so the insert of a contact fails. */
async function missingTable(svc: TestService): Promise<Provoked> {
  const token = await tokenFor(svc.root);
  const pg = new PgClient({ connectionString: svc.databaseUrl });
  await pg.connect();
  await pg.query("alter table contacts rename to contacts_gone");
  return {
    send: () => fetch(`${svc.root}/contacts`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(CONTACT) }),
    route: "POST /test/contacts",
    carried: [CONTACT.contactName, "Somchai", CONTACT.contactEmail, CONTACT.contactTaxId, CONTACT.contactCode, "insert into", "contacts_gone", svc.databaseUrl!],
    done: async () => {
      await pg.query("alter table contacts_gone rename to contacts");
      await pg.end();
    },
  };
}

const PROVOKE: Record<StoreKind, (svc: TestService, demo: Client) => Promise<Provoked>> = { pglite: vanishedAttachment, postgres: missingTable };

describe.each(storesUnderTest)("fault log (%s)", (store) => {
  let svc: TestService;
  let fault: Provoked;
  beforeAll(async () => {
    svc = await startTestService({ store, logs: true });
    fault = await PROVOKE[store](svc, await clientFor(svc.root));
  });
  afterAll(async () => {
    await fault?.done();
    await svc?.stop();
  });

  const faultLines = () => svc.log().split("\n").filter((l) => l.startsWith("service fault"));
  async function lineFor(id: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const line = faultLines().find((l) => l.includes(id));
      if (line) return line;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no log line for ${id} in:\n${svc.log()}`);
  }

  it("one line with the request id the caller got, the route pattern and the error class; nothing the request carried", async () => {
    const res = await fault.send();
    expect(res.status).toBe(500);
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(/^[\w-]{8,64}$/);
    expect(await res.json()).toEqual({ status: false, message: `Internal server error (request id ${id})`, code: 500, data: null });
    const line = await lineFor(id);
    expect(line).toMatch(new RegExp(`^service fault ${id}: ${fault.route.replace(/[/:]/g, "\\$&")} [\\w$.-]+`));
    expect(line.length).toBeLessThanOrEqual(500);
    const log = svc.log();
    for (const value of fault.carried) expect(log).not.toContain(value);
    expect(log).not.toMatch(/\n\s+at /); // no stack
  });

  it("a repeated fault is counted, not written again", async () => {
    const before = faultLines().length;
    for (let i = 0; i < 25; i++) expect((await fault.send()).status).toBe(500);
    await new Promise((r) => setTimeout(r, 300));
    expect(faultLines().length).toBe(before);
    expect(svc.log().length).toBeLessThan(2_000);
  });
});
