// Serial numbers under 50 concurrent creates, and data surviving a restart, on each store.
import { startTestService, storesUnderTest, type TestService } from "../helpers/service";
import { clientFor, simpleBody, tokenFor, client } from "./support";

jest.setTimeout(180_000);

describe.each(storesUnderTest)("concurrency and restart (%s)", (store) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ store });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it("gives 50 concurrent creates 50 different consecutive serials", async () => {
    const api = await clientFor(svc.root);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      api.post(i % 2 === 0 ? "/tax-invoices" : "/tax-invoices/inline", simpleBody({ publishedOn: "2026-03-15", contactName: "Concurrent Buyer" }))));
    expect(answers.map((a) => a.http)).toEqual(Array(50).fill(200));
    const serials = answers.map((a) => a.body.data.documentSerial as string).sort();
    expect(serials).toEqual(Array.from({ length: 50 }, (_, i) => `INV202603${String(i + 1).padStart(4, "0")}`));
    // One new contact for the one new name, however many documents named it at once.
    expect(new Set(answers.map((a) => a.body.data.contactId)).size).toBe(1);
  });

  it("keeps documents, contacts, counters and tokens across a restart", async () => {
    const token = await tokenFor(svc.root);
    const api = client(svc.root, token);
    const doc = (await api.post("/quotations", simpleBody({ publishedOn: "2026-04-02", contactName: "Durable Buyer" }))).body.data;
    await svc.restart();
    const again = client(svc.root, token);
    const read = await again.get(`/quotations/${doc.recordId}`);
    expect(read.http).toBe(200);
    expect(read.body.data.list[0]).toMatchObject({ documentSerial: doc.documentSerial, grandTotal: 1070, contactName: "Durable Buyer" });
    expect((await again.get(`/contacts/${doc.contactId}`)).body.data.list[0].contactName).toBe("Durable Buyer");
    const next = (await again.post("/quotations", simpleBody({ publishedOn: "2026-04-09", contactName: "Durable Buyer" }))).body.data;
    expect(next.documentSerial).toBe("QT2026040002");
    expect(next.contactId).toBe(doc.contactId);
    // The demo companies are not created twice.
    expect((await again.get("/contacts?searchString=Walk-in")).body.data.total).toBe(1);
  });
});
