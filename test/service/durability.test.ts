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

  it("resolves new contacts of creates arriving together as one create after the other would: one contact per name, made from one of its documents, none for a refused body", async () => {
    // On the embedded store such creates share one commit, their contacts looked up and made in
    // their batch (insert-queue.ts): what comes out must be what separate creates give.
    const api = await clientFor(svc.root);
    const plan = Array.from({ length: 40 }, (_, i) => ({ name: `Together Buyer ${i % 12}`, address: `${i} Sukhumvit Rd`, refused: i === 1 || i === 7 }));
    // Two bodies are refused (creditDays past what the store keeps), one of them the only one to
    // name its contact: a refused body makes no contact.
    plan[7].name = "Together Buyer 11";
    plan[39] = { name: "Only Refused Buyer", address: "nowhere", refused: true };
    await Promise.all(plan.map(() => api.get("/contacts?pageSize=1")));
    const answers = await Promise.all(plan.map((p) => api.post("/tax-invoices", simpleBody({
      publishedOn: "2026-05-20", contactName: p.name, contactAddress: p.address, creditDays: p.refused ? 10_000 : 15,
    }))));
    expect(answers.map((a) => a.http)).toEqual(plan.map((p) => (p.refused ? 400 : 200)));
    // Which document's fields a new contact takes depends on which create came first: one of them.
    const addresses = new Map<string, string[]>();
    plan.forEach((p) => {
      if (!p.refused) addresses.set(p.name, [...(addresses.get(p.name) ?? []), p.address]);
    });
    const contactOf = new Map<string, number>();
    plan.forEach((p, i) => {
      if (p.refused) return;
      const d = answers[i].body.data;
      expect(d.contactName).toBe(p.name);
      // The document keeps its own address.
      expect(d.contactAddress).toBe(p.address);
      if (contactOf.has(p.name)) expect(d.contactId).toBe(contactOf.get(p.name));
      else contactOf.set(p.name, d.contactId);
    });
    expect(new Set(contactOf.values()).size).toBe(contactOf.size);
    for (const [name, id] of contactOf) {
      const c = (await api.get(`/contacts/${id}`)).body.data.list[0];
      expect([c.contactName, c.contactCode]).toEqual([name, ""]);
      expect(addresses.get(name)).toContain(c.contactAddress);
      const same = (await api.get(`/contacts?searchString=${encodeURIComponent(name)}`)).body.data.list.filter((x: { contactName: string }) => x.contactName === name);
      expect(same).toHaveLength(1);
    }
    // No contact for a name only a refused body gave.
    expect((await api.get(`/contacts?searchString=${encodeURIComponent("Only Refused Buyer")}`)).body.data.total).toBe(0);
    const reads = await Promise.all(plan.map((p, i) => (p.refused ? undefined : api.get(`/tax-invoices/${answers[i].body.data.recordId}`))));
    reads.forEach((r, i) => {
      if (r) expect(r.body.data.list[0]).toEqual(answers[i].body.data);
    });
  });

  it("answers each of 60 concurrent creates of a known contact with its own document, serials consecutive per family and month", async () => {
    // Creates naming a known contact are written together when they arrive together (the embedded
    // store's group commit): each answer must still be its own document, under its own serial.
    const api = await clientFor(svc.root);
    const plan = Array.from({ length: 60 }, (_, i) => ({
      family: i % 3 === 0 ? "quotations" : "tax-invoices",
      publishedOn: i % 2 === 0 ? "2026-08-10" : "2026-09-10",
      name: `Line of create ${i}`,
    }));
    // The first create makes the contact, the second finds it: from then on the service knows it.
    for (const day of ["05", "06"]) await api.post("/quotations", simpleBody({ publishedOn: `2026-01-${day}`, contactName: "Batch Buyer" }));
    // Sixty open connections first (kept alive), so that the creates arrive together.
    await Promise.all(plan.map(() => api.get("/contacts?pageSize=1")));
    const answers = await Promise.all(plan.map((p, i) => api.post(`/${p.family}`, simpleBody(
      { publishedOn: p.publishedOn, contactName: "Batch Buyer", grandTotal: 1070 + i * 1.07, vatAmount: 70 + i * 0.07, totalAfterDiscount: 1000 + i },
      { name: p.name, pricePerUnit: 500 + i / 2 },
    ))));
    expect(answers.map((a) => a.http)).toEqual(Array(60).fill(200));
    const created = answers.map((a) => a.body.data);
    expect(created.map((d) => [d.items[0].name, d.grandTotal])).toEqual(plan.map((p, i) => [p.name, 1070 + i * 1.07]));
    const reads = await Promise.all(created.map((d, i) => api.get(`/${plan[i].family}/${d.recordId}`)));
    expect(reads.map((r) => r.body.data.list[0])).toEqual(created);
    for (const family of ["quotations", "tax-invoices"]) {
      for (const month of ["08", "09"]) {
        const serials = created.filter((d, i) => plan[i].family === family && d.publishedOn.slice(5, 7) === month)
          .map((d) => d.documentSerial as string).sort();
        const prefix = `${family === "quotations" ? "QT" : "INV"}2026${month}`;
        expect(serials).toEqual(serials.map((_, n) => `${prefix}${String(n + 1).padStart(4, "0")}`));
      }
    }
  });

  it("answers each of 40 status moves arriving together as moves one after the other would: each its own document moved, a second void of one and a void of none answered as alone", async () => {
    // Moves that arrive together share one commit on the embedded store (status-moves.ts): each
    // answer must still be its own document, and what a batch does not move takes the way alone.
    const api = await clientFor(svc.root);
    const made = await Promise.all(Array.from({ length: 36 }, (_, i) => api.post(i % 4 === 0 ? "/quotations" : "/tax-invoices", simpleBody({ publishedOn: "2026-10-06", contactName: "Moved Buyer" }))));
    const docs = made.map((a, i) => ({ family: i % 4 === 0 ? "quotations" : "tax-invoices", id: Number(a.body.data.recordId) }));
    await Promise.all(Array.from({ length: 40 }, () => api.get("/contacts?pageSize=1")));
    // A quotation's move of a tax invoice's id (ids are shared by the families) asked first, before
    // that invoice's own void in the same batch: it must not be answered with the invoice.
    const crossed = { family: "quotations", id: docs[1].id, status: "approved" };
    const moves = [
      ...docs.map((d, i) => ({ ...d, status: d.family === "quotations" ? (i % 8 === 0 ? "approved" : "rejected") : "void" })),
      { ...docs[1], status: "void" }, { family: "tax-invoices", id: 99_999_999, status: "void" }, { ...docs[2], status: "void" }, crossed,
    ];
    const [first, ...answers] = await Promise.all([crossed, ...moves].map((m) => api.post(`/${m.family}/${m.id}/status/${m.status}`)));
    expect(first.http).toBe(404);
    expect(answers.map((a) => a.http)).toEqual([...docs.map(() => 200), 200, 404, 200, 404]);
    answers.slice(0, docs.length).forEach((a, i) => expect([a.body.data.recordId, a.body.data.statusString]).toEqual([docs[i].id, moves[i].status]));
    const reads = await Promise.all(docs.map((d) => api.get(`/${d.family}/${d.id}`)));
    expect(reads.map((r) => r.body.data.list[0].statusString)).toEqual(moves.slice(0, docs.length).map((m) => m.status));
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
