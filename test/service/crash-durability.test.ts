// Every answer with status true survives a SIGKILL of the service, on each store: the documents,
// their serials and totals, the contacts they created, status changes, and the token; ids and
// serials handed out before the crash are never handed out again. On the embedded store, a second
// service on the same data dir is refused while the first runs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FAMILY_INFO, type Family } from "../../src/rules/codes";
import { startTestService, storesUnderTest, type TestService } from "../helpers/service";
import { client, tokenFor, type Client } from "./support";
import { bodyFor, inlineBodyFor, type Doc } from "./flows-support";

jest.setTimeout(180_000);

interface Acknowledged extends Doc {
  family: Family;
}

/** Creates a document; answers it when the service acknowledged it (status true), else undefined
 * (refused, or the connection died with the service). */
async function create(api: Client, family: Family, body: Record<string, unknown>, inline = false): Promise<Acknowledged | undefined> {
  try {
    const a = await api.post(`/${family}${inline ? "/inline" : ""}`, body);
    return a.body?.status === true ? { ...a.body.data, family } : undefined;
  } catch {
    return undefined;
  }
}

async function expectAllThere(api: Client, docs: Acknowledged[]): Promise<void> {
  const read = await Promise.all(docs.map((d) => api.get(`/${d.family}/${d.recordId}`)));
  expect(read.map((r, i) => [docs[i].recordId, r.http])).toEqual(docs.map((d) => [d.recordId, 200]));
  expect(read.map((r) => r.body.data.list[0])).toEqual(docs.map((d) => expect.objectContaining({
    recordId: d.recordId, documentSerial: d.documentSerial, grandTotal: d.grandTotal, contactId: d.contactId, contactName: d.contactName,
  })));
}

describe.each(storesUnderTest)("crash durability (%s)", (store) => {
  let svc: TestService;
  let token: string;
  let api: Client;
  beforeAll(async () => {
    svc = await startTestService({ store });
    token = await tokenFor(svc.root);
    api = client(svc.root, token);
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it("finds every acknowledged document, contact and status change after a SIGKILL right after the last answer", async () => {
    const buyer = `Crash Buyer ${store}`;
    const made: Acknowledged[] = [];
    const plan: Array<[Family, Record<string, unknown>, boolean]> = [
      ["quotations", bodyFor("quotations", { contactName: buyer, publishedOn: "2026-06-03" }), false],
      ["quotations", bodyFor("quotations", { contactName: buyer, publishedOn: "2026-06-04" }), false],
      ["tax-invoices", inlineBodyFor("tax-invoices", { contactName: buyer, publishedOn: "2026-06-05" }), true],
      ["purchases-orders", bodyFor("purchases-orders", { publishedOn: "2026-06-06" }), false],
      ["purchases", bodyFor("purchases", { contactName: `Crash Vendor ${store}`, publishedOn: "2026-06-07" }), false],
      ["expenses", bodyFor("expenses", { publishedOn: "2026-06-08" }), false],
      ["cash-invoices", inlineBodyFor("cash-invoices", { contactName: buyer, publishedOn: "2026-06-09" }), true],
    ];
    for (const [family, body, inline] of plan) {
      const doc = await create(api, family, body, inline);
      expect(doc).toBeDefined();
      made.push(doc!);
    }
    // One new contact for the buyer, shared by every document naming it.
    const buyerIds = new Set(made.filter((d) => d.contactName === buyer).map((d) => d.contactId));
    expect(buyerIds.size).toBe(1);
    const approved = await api.post(`/quotations/${made[0].recordId}/status/approved`);
    expect(approved.body.status).toBe(true);
    const last = await create(api, "billing-notes", bodyFor("billing-notes", { contactName: buyer, publishedOn: "2026-06-10" }));
    expect(last).toBeDefined();
    made.push(last!);

    await svc.crash();

    // The token issued before the crash still works: it was acknowledged too.
    await expectAllThere(api, made);
    expect((await api.get(`/quotations/${made[0].recordId}`)).body.data.list[0].statusString).toBe("approved");
    const [buyerId] = buyerIds;
    expect((await api.get(`/contacts/${buyerId}`)).body.data.list[0].contactName).toBe(buyer);
    // The counters went on from where they were: the next quotation of June is the third.
    const next = await create(api, "quotations", bodyFor("quotations", { contactName: `New Buyer ${store}`, publishedOn: "2026-06-20" }));
    expect(next!.documentSerial).toBe("QT2026060003");
    expect(next!.recordId).toBeGreaterThan(Math.max(...made.map((d) => d.recordId)));
    expect(next!.contactId).toBeGreaterThan(Math.max(...made.map((d) => d.contactId)));
  });

  it("keeps every write acknowledged before a SIGKILL in the middle of concurrent creates, and hands out no id or serial twice", async () => {
    const families: Family[] = ["tax-invoices", "quotations", "purchases"];
    const acknowledged: Acknowledged[] = [];
    const KILL_AFTER = 40;
    let sent = 0;
    let killed: Promise<void> | undefined;
    // Eight clients create without pause; the service is killed when the 40th answer arrives, with
    // the other clients' creates still on their way. An answer that arrives is acknowledged.
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (!killed) {
        const n = sent++;
        const family = families[n % families.length];
        // Every fifth document names a contact of its own (created with the document).
        const contactName = n % 5 === 0 ? `Stream Contact ${store} ${n}` : "Acme Trading Co., Ltd.";
        const doc = await create(api, family, bodyFor(family, { contactName, publishedOn: "2026-07-15" }));
        if (doc) acknowledged.push(doc);
        if (acknowledged.length >= KILL_AFTER && !killed) killed = svc.crash();
      }
    }));
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    await expectAllThere(api, acknowledged);
    const after = (await Promise.all(Array.from({ length: 12 }, (_, n) => {
      const family = families[n % families.length];
      return create(api, family, bodyFor(family, { contactName: `After Crash ${store} ${n}`, publishedOn: "2026-07-15" }));
    }))).map((d) => {
      expect(d).toBeDefined();
      return d!;
    });
    const all = [...acknowledged, ...after];
    const unique = (values: unknown[]): number => new Set(values).size;
    expect(unique(all.map((d) => d.recordId))).toBe(all.length);
    expect(unique(all.map((d) => `${d.family} ${d.documentSerial}`))).toBe(all.length);
    // New contacts: none has an id an acknowledged document's contact had.
    const before = new Set(acknowledged.map((d) => d.contactId));
    expect(after.filter((d) => before.has(d.contactId))).toEqual([]);
    // Each family's July serials, as the service lists them, run 1, 2, 3, ... with no gap and no
    // repeat (a create killed after its commit but before its answer is there too: it is listed).
    for (const family of families) {
      const prefix = `${FAMILY_INFO[family].serialPrefix}202607`;
      const listed = await api.get(`/${family}?pageSize=200&searchString=${prefix}`);
      const serials = (listed.body.data.list as Doc[]).map((d) => String(d.documentSerial)).sort();
      expect(serials).toEqual(Array.from({ length: serials.length }, (_, i) => `${prefix}${String(i + 1).padStart(4, "0")}`));
      expect(serials).toEqual(expect.arrayContaining(all.filter((d) => d.family === family).map((d) => d.documentSerial)));
    }
  });

  if (store === "pglite") {
    it("refuses a second service on the same data dir while the first runs", async () => {
      // The service running now was started by crash() over the lock its killed predecessor left.
      const lock = join(svc.dataDir, "pglite.lock");
      expect(readFileSync(lock, "utf8").trim()).toBe(String(svc.pid));
      // On another port the data dir's lock refuses it; on the same port it is the port that is
      // refused, before the data dir is opened (npm start then uses the service already running
      // there). Both tries at once: neither gets anywhere.
      const port = new URL(svc.origin).port;
      await Promise.all([
        expect(startTestService({ store, dataDir: svc.dataDir })).rejects.toThrow(
          new RegExp(`data dir .* is in use by another service \\(pid ${svc.pid}\\)`),
        ),
        expect(startTestService({ store, dataDir: svc.dataDir, args: ["--port", port] })).rejects.toThrow(/EADDRINUSE/),
      ]);
      // The first one is undisturbed.
      expect((await api.get("/contacts?searchString=Walk-in")).body.data.total).toBe(1);
      expect(readFileSync(lock, "utf8").trim()).toBe(String(svc.pid));
    });
  }
});
