// Every operation of the client against the real local service (embedded store), with every body
// checked against openapi-2020.yaml at the end.
import { NotFoundError, UnsupportedOperationError, ValidationError } from "../../src/api/errors";
import type { DocumentRecord } from "../../src/api/types";
import { FAMILIES, FAMILY_INFO } from "../../src/rules/codes";
import { bodyProblems, recorded, recordedClient } from "./helpers/client";
import { serviceSession } from "./helpers/session";

const s = serviceSession();

describe("documents", () => {
  it("creates, reads, lists, updates, changes status of and deletes a quotation", async () => {
    const q = s.c.documents("quotations");
    const created = await q.create(s.simpleBody({ projectName: "Client test" }));
    expect(created.recordId).toBeGreaterThan(0);
    expect(created.documentSerial).toMatch(/^QT/);
    const got = await q.get(created.recordId);
    expect(got).toMatchObject({ recordId: created.recordId, documentSerial: created.documentSerial, grandTotal: 214 });

    const page = await q.list({ currentPage: 1, pageSize: 10, searchString: created.documentSerial });
    expect(page.total).toBe(1);
    expect(page.list[0].recordId).toBe(created.recordId);

    const updated = await q.update(created.recordId, s.simpleBody({ documentStructureType: "UpdateSimpleDocument", recordId: created.recordId, remarks: "edited", companyName: "Demo Co., Ltd.", companyBranch: "สำนักงานใหญ่" }));
    expect(updated.remarks).toBe("edited");

    const approved = await q.setStatus(created.recordId, "approved");
    expect(approved.statusString).toBe("approved");
    await q.setStatus(created.recordId, "awaiting");
    await q.delete(created.recordId);
    await expect(q.get(created.recordId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("creates an inline document", async () => {
    const d = await s.c.documents("billing-notes").createInline(s.inlineBody());
    expect(d.documentSerial).toMatch(/^BL/);
    expect((await s.c.documents("billing-notes").get(d.recordId)).grandTotal).toBe(303.3);
  });

  it("creates a simple document of every family that has plain creation", async () => {
    for (const family of FAMILIES) {
      const api = s.c.documents(family);
      if (!api.has("create") || family === "expenses") continue;
      const d = await api.create(s.simpleBody());
      expect(d.documentSerial.startsWith(FAMILY_INFO[family].serialPrefix)).toBe(true);
    }
  });

  it("turns the service's refusal into ValidationError with the spec's message", async () => {
    const err = (await s.c.documents("tax-invoices").create(s.simpleBody({ isVat: false })).catch((e: unknown) => e)) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.message).toBe("isVatInclusive, isVat and vatAmount doesn't match");
    expect(err.code).toBe(207400);
    expect(err.validationErrors).toContain("isVatInclusive, isVat and vatAmount doesn't match");
  });

  it("another company's document does not exist for this client", async () => {
    const d = await s.c.documents("quotations").create(s.simpleBody());
    const other = recordedClient(s.service.root, s.other);
    await expect(other.documents("quotations").get(d.recordId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("an operation the family lacks is refused before any request", async () => {
    await expect(s.c.documents("quotations").pay(1, { paymentMethod: 1, paymentDate: "2026-01-01", collected: 1 })).rejects.toBeInstanceOf(UnsupportedOperationError);
    await expect(s.c.documents("receipts").create(s.simpleBody())).rejects.toThrow("receipts have no create operation");
  });

  it("pages through every document, sequentially and in parallel, with the same result", async () => {
    const api = s.c.documents("purchases-orders");
    await Promise.all(Array.from({ length: 23 }, () => api.create(s.simpleBody())));
    const read = async (concurrency: number) => {
      const ids: number[] = [];
      for await (const p of api.listAll({}, { pageSize: 5, concurrency })) ids.push(...p.list.map((d: DocumentRecord) => d.recordId));
      return ids;
    };
    const seq = await read(1);
    const par = await read(4);
    expect(seq.length).toBeGreaterThanOrEqual(23);
    expect(new Set(seq).size).toBe(seq.length);
    expect(par).toEqual(seq);
  });

  it("sends sortBy and filter given as terms, or as the service's own text, and lists in that order", async () => {
    const q = s.c.documents("billing-notes");
    for (const [contactName, price] of [["Sort Client B", 300], ["Sort Client A", 100], ["Other Sort Co", 200]] as const) {
      await q.create(s.simpleBody({
        contactId: undefined, contactName, subTotal: price, totalAfterDiscount: price, vatAmount: price * 0.07, grandTotal: price * 1.07, total: price * 1.07,
        items: [{ documentStructureType: "SimpleDocument", type: 1, name: "Pen", quantity: 1, unitName: "pcs", pricePerUnit: price, total: price }],
      }));
    }
    const names = (page: { list: DocumentRecord[] }) => page.list.map((d) => d.contactName);
    const filter = [{ columnName: "Contact.NameLocal", columnValue: "sort client" }] as const;
    expect(names(await q.list({ sortBy: [{ name: "Contact.NameLocal", sortOrder: "asc" }], filter }))).toEqual(["Sort Client A", "Sort Client B"]);
    expect(names(await q.list({ sortBy: "[{'name':'Value','sortOrder':'desc'}]", searchString: "sort" }))).toEqual(["Sort Client B", "Other Sort Co", "Sort Client A"]);
    await expect(q.list({ sortBy: [{ name: "Colour", sortOrder: "asc" }] })).rejects.toBeInstanceOf(ValidationError);
    const contacts = await s.c.contacts.list({ sortBy: [{ name: "namelocal", sortOrder: "desc" }], pageSize: 200 });
    const contactNames = contacts.list.map((c) => String(c.contactName));
    expect(contactNames).toEqual([...contactNames].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it("pageSize above 200 is the service's HTTP 400 validation answer", async () => {
    await expect(s.c.documents("quotations").list({ pageSize: 201 })).rejects.toMatchObject({ name: "ValidationError", httpStatus: 400, message: "pageSize must not exceed 200" });
  });
});

describe("master data", () => {
  it("contacts: create, get, update, list, delete", async () => {
    const made = await s.c.contacts.create({ contactName: "Client Test Co.", contactType: 3, contactGroup: 3, contactEmail: "a@example.com" });
    expect(made.id).toBeGreaterThan(0);
    expect((await s.c.contacts.get(made.id)).contactName).toBe("Client Test Co.");
    const upd = await s.c.contacts.update(made.id, { contactName: "Client Test Co. 2", contactType: 3, contactGroup: 3 });
    expect(upd.contactName).toBe("Client Test Co. 2");
    const all = [];
    for await (const p of s.c.contacts.listAll()) all.push(...p.list);
    expect(all.some((x) => x.id === made.id)).toBe(true);
    await s.c.contacts.delete(made.id);
    await expect(s.c.contacts.get(made.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("products: create, get, update, list, delete", async () => {
    const made = await s.c.products.create({ productStructureType: "ProductService", type: 1, name: "Audit", code: `AUD${Date.now() % 100000}`, unitName: "job", sellPrice: 5000, sellVatType: 3 });
    expect((await s.c.products.get(made.id)).name).toBe("Audit");
    expect((await s.c.products.update(made.id, { productStructureType: "ProductService", type: 1, name: "Audit 2", unitName: "job" })).name).toBe("Audit 2");
    expect((await s.c.products.list()).list.some((p) => p.id === made.id)).toBe(true);
    await s.c.products.delete(made.id);
  });

  it("company: read and update", async () => {
    const info = await s.c.company.get();
    expect(info.compnayName).toBe("Demo Co., Ltd.");
    const upd = await s.c.company.update({ compnayName: "Demo Co., Ltd.", companyPhone: "02-111-1111" });
    expect(upd.companyPhone).toBe("02-111-1111");
  });

  it("bank accounts and payment channels", async () => {
    const before = await s.c.bankAccounts.list();
    const made = await s.c.bankAccounts.create({ bankAccountNumber: "987-6-54321-0", bankAccountName: "Demo", bankAccountType: 1, bankBranch: "Siam", bankId: 2 });
    expect(made.bankAccountId).toBeGreaterThan(0);
    expect((await s.c.bankAccounts.list()).length).toBe(before.length + 1);
    for (const list of [s.c.bankAccounts.cheques, s.c.bankAccounts.creditCards, s.c.bankAccounts.pettyCash, s.c.bankAccounts.otherChannels]) {
      expect((await list()).length).toBeGreaterThan(0);
    }
  });

  it("expense categories and chart of accounts", async () => {
    expect((await s.c.expenseCategories.business())[0]).toHaveProperty("systemCode");
    expect((await s.c.expenseCategories.accounting()).length).toBeGreaterThan(0);
    expect((await s.c.chartOfAccounts.list()).length).toBeGreaterThan(0);
  });
});

it("sent only bodies that validate against openapi-2020.yaml", () => {
  expect(recorded.length).toBeGreaterThan(20);
  expect(bodyProblems()).toEqual([]);
});
