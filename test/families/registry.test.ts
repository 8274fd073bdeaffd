// The family registry: every family a sheet can hold has one entry, found by its name and by the
// words people use, with its texts in both languages, and a store that reads its records on the
// real local service (a record made through the API is listed, read back and named); every family's
// template and the acts its card offers run through the one template and act jobs.
import { generalUsage } from "../../src/cli/args";
import { ACT_ORDER, CODE_FAMILIES, FAMILY_ENTRIES, familyCard, familyEntry, familyNamed, findFamily, recordIdOf } from "../../src/families";
import { FAMILY_INFO, isSheetFamily, upgradeTargets } from "../../src/rules/codes";
import { actJob } from "../../src/jobs/act";
import { OtherCompanyError, sheetCompany } from "../../src/jobs/company";
import { createClient } from "../../src/api";
import { postJob } from "../../src/jobs/post";
import { rememberedSheetFamily } from "../../src/jobs/sheet-family";
import { templateJob } from "../../src/jobs/template";
import { statusText } from "../../src/sheet/i18n/status";
import { FIELD_BY_KEY, fieldLabel } from "../../src/sheet/fields";
import { MemoryWorkbook } from "../../src/workbook/memory";
import { jobsService, now } from "../jobs/service";
import { SAMPLES, sampleSheet } from "./samples";
import { eachFamily } from "./support";

jest.setTimeout(60_000);
const svc = jobsService();

describe("the registry", () => {
  test("every family a sheet can hold has exactly one entry, and nothing else has one", () => {
    const names = FAMILY_ENTRIES.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...CODE_FAMILIES].sort());
    for (const n of names) expect(isSheetFamily(n)).toBe(true);
    expect(findFamily("invoices")).toBeUndefined();
  });

  test.each(FAMILY_ENTRIES.map((e) => [e.name, e] as const))("%s: labels in both languages, words that find it", (name, entry) => {
    expect(entry.label.en.trim()).not.toBe("");
    expect(entry.label.th).toMatch(/[\u0E00-\u0E7F]/);
    expect(familyEntry(name)).toBe(entry);
    for (const w of entry.words) expect(familyNamed(w)?.name).toBe(name);
    expect(familyNamed(entry.label.th)?.name).toBe(name);
    expect(familyNamed(entry.label.en.toUpperCase())?.name).toBe(name);
  });

  test("a document family's acts follow the service's operations", () => {
    expect(familyEntry("quotations").acts).not.toContain("payment");
    expect(familyEntry("tax-invoices").acts).toContain("payment");
    for (const e of FAMILY_ENTRIES.filter((f) => f.kind === "document")) {
      const info = FAMILY_INFO[e.name as keyof typeof FAMILY_INFO];
      expect(e.acts.includes("payment")).toBe(info.payment);
      expect(e.acts.includes("upgrade")).toBe(upgradeTargets(info.family).length > 0);
    }
    expect(familyEntry("withholding-taxes").acts).toEqual(["status", "delete", "pdf"]);
  });

  test("the acts are the cards' (the pane's first paint and --help read them without an entry), in one order", () => {
    for (const e of FAMILY_ENTRIES) {
      expect(familyCard(e.name).acts).toBe(e.acts);
      expect(ACT_ORDER.filter((k) => e.acts.includes(k))).toEqual(e.acts);
    }
    // FAMILY names every family (each takes every command that takes one), and says which take fewer acts.
    expect(generalUsage("en")).toContain(`FAMILY: ${FAMILY_ENTRIES.map((e) => e.name).join(", ")} (journal-entries, contacts, products: no act; withholding-taxes: act status|delete|pdf only)`);
  });

  test("undo knows a record by a marker only where its post writes one there, and by a fingerprint that tells a change", () => {
    for (const e of FAMILY_ENTRIES) {
      if (e.proof.marker !== undefined) expect({ family: e.name, recovery: e.recovery }).toEqual({ family: e.name, recovery: { by: "marker", field: e.proof.marker } });
      const copy = { recordId: 7, id: 7, documentSerial: "X-1", code: "X-1", contactName: "X Co", name: "x" };
      expect({ family: e.name, none: e.proof.changed("typed over", copy) }).not.toEqual({ family: e.name, none: false });
    }
  });

  test("a family without a delete is never undone by deleting, and its race loser is reported", () => {
    for (const e of FAMILY_ENTRIES) {
      const store = e.store(svc.client);
      expect(store.delete === undefined).toBe(e.undo === "keep");
      if (e.undo === "keep") expect(e.raceLoser).toBe("report");
    }
  });
});

describe("stores on the local service", () => {
  test("a contact and a product made through the API are listed, read back and named", async () => {
    const c = svc.client;
    const contact = recordIdOf((await c.contacts.create({ contactName: "Registry Trading", contactCode: "REG-1", contactType: 3, contactGroup: 3 } as never)) as never);
    const product = recordIdOf((await c.products.create({ name: "Registry widget", code: "REG-P1", sellPrice: 10, type: 1 } as never)) as never);
    const cases = [["contacts", contact, "REG-1"], ["products", product, "REG-P1"]] as const;
    for (const [family, id, name] of cases) {
      const store = familyEntry(family).store(c);
      const ids: number[] = [];
      for await (const page of store.listAll()) ids.push(...page.list.map((r) => recordIdOf(r as never)));
      expect(ids).toContain(id);
      const read = await store.get(id);
      expect(familyEntry(family).nameOf(read)).toBe(name);
    }
  });

  test("a book the service updates is updated through its entry, the whole body over its copy; one it cannot has no update", async () => {
    const c = svc.client;
    for (const e of FAMILY_ENTRIES.filter((f) => f.kind === "book")) expect(e.updateBook !== undefined).toBe(e.updates);
    const contact = recordIdOf((await c.contacts.create({ contactName: "Registry Update Co", contactCode: "REG-U1", contactType: 3, contactGroup: 3 } as never)) as never);
    const product = recordIdOf((await c.products.create({ name: "Registry update widget", code: "REG-U2", sellPrice: 10, type: 1 } as never)) as never);
    const cases = [["contacts", contact, { contactName: "Registry Updated Co", contactCode: "REG-U1b", contactType: 3, contactGroup: 3 }, "REG-U1b"],
      ["products", product, { name: "Registry updated widget", code: "REG-U2b", sellPrice: 12, type: 1 }, "REG-U2b"]] as const;
    for (const [family, id, body, name] of cases) {
      const entry = familyEntry(family);
      await entry.updateBook!(c, id, { ...body }, {});
      expect(entry.nameOf(await entry.store(c).get(id))).toBe(name);
    }
  });

  test("what differs is said by the entries: products' accounts are on their masters, contacts are named by other records, purchases and expenses certify their withholding", () => {
    expect(FAMILY_ENTRIES.filter((e) => e.accountsOnMaster).map((e) => e.name)).toEqual(["products"]);
    expect(FAMILY_ENTRIES.filter((e) => e.namedByOthers).map((e) => e.name)).toEqual(["contacts"]);
    // The month's returns look for a certificate of what these documents' lines withheld.
    expect(FAMILY_ENTRIES.filter((e) => e.lineWithholdingCertified).map((e) => e.name)).toEqual(["purchases", "expenses"]);
    // Said by every card (the jobs read these, not the kind): a buying family's sheet names its contact as the supplier.
    for (const e of FAMILY_ENTRIES) for (const k of ["buying", "owing", "sharedIds"] as const) expect([e.name, k, typeof e[k]]).toEqual([e.name, k, "boolean"]);
    expect(FAMILY_ENTRIES.filter((e) => e.buying).map((e) => e.name)).toEqual(["purchases-orders", "purchases", "expenses"]);
    const contact = FIELD_BY_KEY.get("contactName")!;
    for (const e of FAMILY_ENTRIES) expect([e.name, fieldLabel(contact, "en", e.name) === "Supplier"]).toEqual([e.name, e.buying]);
  });
});

describe("identities", () => {
  test("a family found again by identity names what that identity is; contacts are one per tax id and branch, or code", () => {
    for (const e of FAMILY_ENTRIES) if (e.recovery.by === "identity") expect(e.identities.length).toBeGreaterThan(0);
    expect(familyEntry("contacts").identities).toEqual([["contactTaxId", "contactBranch"], ["contactCode"]]);
    expect(familyEntry("products").identities).toEqual([["code"]]);
  });
});

describe("the one template and act jobs", () => {
  eachFamily("its template, then the PDF, status and delete its card offers on posted records", () => true, async (family, entry, index) => {
    const template = new MemoryWorkbook({});
    const made = await templateJob(template, { family, client: svc.client, now });
    expect(made.columns).toBeGreaterThan(0);
    expect(await rememberedSheetFamily(template, made.sheet)).toBe(family);
    expect(await sheetCompany(template, made.sheet)).toMatchObject({ name: "Demo Co., Ltd.", by: "template" });

    const prefix = `A${index}`;
    await SAMPLES[family].before?.(svc.client, prefix, 2);
    const book = new MemoryWorkbook({ S: sampleSheet(family, prefix, 2) as never });
    expect((await postJob(book, svc.client, { family, target: { sheet: "S" }, now })).counts.created).toBe(2);
    const store = entry.store(svc.client);
    const cell = (row: number, key: string): unknown => book.sheet("S").values[row][book.sheet("S").values[0].findIndex((h) => new RegExp(`^${key}$`, "i").test(String(h)))];
    const act = (row: number, action: Parameters<typeof actJob>[2]["action"]) => actJob(book, svc.client, { family, action, target: { sheet: "S" }, rows: [row], now });
    // As the service keeps them: a record owed on is read with its amounts; one whose ids the other
    // such families share is not found as theirs (records-truth looks for a missing id there).
    const posted = Number(cell(1, "record ?id"));
    if (entry.owing) expect(await store.get(posted)).toHaveProperty("grandTotal");
    const sharing = FAMILY_ENTRIES.find((e) => e.sharedIds && e.name !== family)!;
    if (entry.sharedIds) await expect(sharing.store(svc.client).get(posted)).rejects.toThrow(/not found/i);
    if (entry.acts.length === 0) {
      // Nothing offered, nothing done: refused before the sheet is read.
      await expect(act(1, { kind: "status", statusId: "void" })).rejects.toThrow(/not an act/);
      return;
    }
    const first = Number(cell(1, "record ?id"));
    // The same rows in a workbook without their company's stamp, acted on by another company: its
    // record ids are read on the connected company first, and refused before anything is done.
    const unbound = new MemoryWorkbook({ S: book.sheet("S").values as never });
    const other = createClient({ root: svc.service.root, ...svc.other });
    await expect(actJob(unbound, other, { family, action: { kind: "status", statusId: entry.statuses[0] }, target: { sheet: "S" }, rows: [1], now })).rejects.toThrow(OtherCompanyError);
    if (entry.acts.includes("pdf")) {
      const saved = new Map<string, string>();
      const pdf = await act(1, { kind: "exportPdf", save: async (name, base64) => (saved.set(name, base64), `saved/${name}`) });
      // Named by its serial, as the PDF files have always been.
      const name = `${String(cell(1, "document ?serial"))}.pdf`;
      expect([pdf.done, [...saved.keys()]]).toEqual([1, [name]]);
      expect(Buffer.from(saved.get(name)!, "base64").subarray(0, 5).toString()).toBe("%PDF-");
      expect(cell(1, "pdf ?file")).toBe(`saved/${name}`);
    }
    if (entry.acts.includes("status")) {
      // Its cancel (void, or rejected for a quotation): the last of its statuses.
      const word = entry.statuses[entry.statuses.length - 1];
      expect((await act(1, { kind: "status", statusId: word })).done).toBe(1);
      expect((await store.get(first)).statusString).toBe(word);
      expect(cell(1, "status")).toBe(statusText(word, "en", family));
    }
    if (entry.acts.includes("delete")) {
      const second = Number(cell(2, "record ?id"));
      // The service deletes awaiting records only: a certificate is made processed, and moved back first.
      if ((await store.get(second)).statusString !== "awaiting") expect((await act(2, { kind: "status", statusId: "awaiting" })).done).toBe(1);
      expect((await act(2, { kind: "delete" })).done).toBe(1);
      expect(cell(2, "result")).toBe("deleted");
      await expect(store.get(second)).rejects.toThrow(/not found/i);
    }
  });
});
