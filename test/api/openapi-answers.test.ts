// Every operation of the real service's 2020 OpenAPI description, called on the local service over
// real HTTP (PostgreSQL), with its answer checked against the description's 200 response: every
// field present with its type (see helpers/openapi-answers.ts for what the spec overrules).
import { DOCUMENT_ROUTES } from "../../src/api/routes";
import { FAMILIES, FAMILY_INFO, type Family } from "../../src/rules/codes";
import { makePng } from "../fixtures/files/make";
import { oneStore } from "../helpers/service";
import { sharedServiceFor, type Answer as HttpAnswer, type Client } from "../service/support";
import { bodyFor, inlineBodyFor, referenceTo, sourceFamilyOf, type Doc } from "../service/flows-support";
import { exampleBodies } from "./helpers/openapi";
import { allOperations, checkAnswer, operationOf, type Answer } from "./helpers/openapi-answers";

jest.setTimeout(240_000);

/** Operations of the description the local service answers otherwise on purpose, and why. */
const NOT_WALKED: Record<string, string> = {
  "POST /receipts/with-payment": "service-facts §7.3 (2): plain receipt creation is obsolete; receipts come from /upgrade/receipts/with-payment, walked instead",
  "POST /receipts/inline/with-payment": "the same: walked as /upgrade/receipts/inline/with-payment",
  "POST /withholding-taxes/{id}/attachment": "the local service has no attachments, e-mail or share for certificates yet (operations, not answers)",
  "POST /withholding-taxes/email-document": "the same",
  "POST /withholding-taxes/sharedocument": "the same",
};

const STATUS_TO: Record<Family | "withholding-taxes", string> = {
  quotations: "approved", "billing-notes": "approved", "tax-invoices": "invoicedelivered", receipts: "void",
  "cash-invoices": "invoicedelivered", "purchases-orders": "approved", purchases: "approved", expenses: "received",
  "withholding-taxes": "processed",
};

const certificate = {
  contactName: "Freelance Designer", contactTaxId: "1100100000001", publishedOn: "2026-11-15", entity: 1, taxPayment: 1,
  withholdingTaxItems: [{ incomeType: 3, description: "ค่าออกแบบ", taxRate: 3, taxAmount: 10000 }],
};

describe.each(oneStore("postgres"))("answers against openapi-2020.yaml (%s)", (store) => {
  const ctx = sharedServiceFor(store);
  const answers: Answer[] = [];
  let demo: Client;
  let bankAccountId: number;

  const call = async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<HttpAnswer> => {
    const a = method === "GET" ? await demo.get(path) : method === "DELETE" ? await demo.del(path)
      : method === "PUT" ? await demo.put(path, body) : await demo.post(path, body);
    answers.push({ method, path, http: a.http, body: a.body });
    return a;
  };
  const dataOf = (a: HttpAnswer): Doc => {
    if (a.http !== 200) throw new Error(`${a.http} ${JSON.stringify(a.body).slice(0, 300)}`);
    return a.body.data;
  };

  beforeAll(async () => {
    demo = ctx.demo;
    bankAccountId = (await demo.get("/bank-accounts")).body.data[0].bankAccountId;
  });

  /** A new document of the family, made the way the family allows (receipts by upgrade). */
  const made = async (family: Family, structure: "simple" | "inline" = "simple"): Promise<Doc> => {
    const body = structure === "inline" ? inlineBodyFor(family) : bodyFor(family);
    if (family !== "receipts") return dataOf(await call("POST", structure === "inline" ? `/${family}/inline` : `/${family}`, body));
    const source = await made(sourceFamilyOf(family));
    const path = structure === "inline" ? "/upgrade/receipts/inline" : "/upgrade/receipts";
    return dataOf(await call("POST", path, { ...body, documentReference: [referenceTo(source)] }));
  };

  const transfer = (grandTotal: unknown) => ({ paymentMethod: 5, paymentDate: "2026-11-16", collected: grandTotal, bankAccountId, transferBankAccountId: 2 });

  it.each(FAMILIES)("walks every operation of %s", async (family) => {
    const routes = DOCUMENT_ROUTES[family];
    const simple = await made(family);
    const inline = await made(family, "inline");
    await call("GET", `/${family}/${simple.recordId}`);
    await call("GET", `/${family}/${inline.recordId}`);
    await call("GET", `/${family}?currentPage=1&pageSize=5`);
    if (family === "receipts") {
      const invoice = await made("tax-invoices");
      const partial = { contactName: invoice.contactName, isBatchDocument: true, partialPaymentMethod: 11, creditType: 3, grandTotal: 100 };
      const line = { documentId: invoice.recordId, documentType: 7, partialAmount: 100 };
      const receipt = dataOf(await call("POST", "/receipts", { ...partial, items: [line] }));
      await call("PUT", `/receipts/${receipt.recordId}`, {
        ...partial, grandTotal: 90, contactId: invoice.contactId, documentStructureType: "UpdateSimpleDocument", documentReference: [],
        items: [{ ...line, partialAmount: 90 }],
      });
    }
    if (routes.createWithPayment) {
      const s = bodyFor(family);
      const i = inlineBodyFor(family);
      await call("POST", `/${family}/with-payment`, { ...s, ...transfer(s.grandTotal) });
      await call("POST", `/${family}/inline/with-payment`, { ...i, ...transfer(i.grandTotal) });
    }
    if (routes.upgradeWithPayment) {
      const source = await made(sourceFamilyOf(family));
      const s = bodyFor(family);
      await call("POST", `/upgrade/${family}/with-payment`, { ...s, ...transfer(s.grandTotal), documentReference: [referenceTo(source)] });
      const source2 = await made(sourceFamilyOf(family));
      const i = inlineBodyFor(family);
      await call("POST", `/upgrade/${family}/inline/with-payment`, { ...i, ...transfer(i.grandTotal), documentReference: [referenceTo(source2)] });
    }
    if (family !== "receipts") {
      await call("PUT", `/${family}/${simple.recordId}`, bodyFor(family, { documentStructureType: "UpdateSimpleDocument", remarks: "edited" }));
    }
    if (routes.payment) {
      const side = FAMILY_INFO[family].side === "sell" ? "PaymentReceiving" : "PaymentPaid";
      await call("POST", `/${family}/${inline.recordId}/payment`, {
        paymentStructureType: `${side}Cash`, documentId: inline.recordId, paymentMethod: 1, paymentDate: "2026-11-16", collected: inline.grandTotal,
      });
    }
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(makePng())], { type: "image/png" }), "scan.png");
    const attached = await demo.raw(`/${family}/${simple.recordId}/attachment`, { method: "POST", body: form });
    answers.push({ method: "POST", path: `/${family}/${simple.recordId}/attachment`, http: attached.http, body: attached.body });
    await call("POST", `/${family}/email-document`, {
      documentId: simple.recordId, fromemail: "accounts@demo.example", toemail: "buyer@customer.example", subject: "Document", message: "Attached.",
    });
    await call("POST", `/${family}/sharedocument`, { documentId: simple.recordId, culture: "en" });
    await call("POST", `/${family}/${simple.recordId}/status/${STATUS_TO[family]}`);
    const doomed = await made(family);
    await call("DELETE", `/${family}/${doomed.recordId}`);
  });

  it("walks withholding-tax certificates", async () => {
    const wht = dataOf(await call("POST", "/withholding-taxes", certificate));
    await call("GET", `/withholding-taxes/${wht.recordId}`);
    await call("GET", "/withholding-taxes?currentPage=1&pageSize=5");
    await call("POST", `/withholding-taxes/${wht.recordId}/status/awaiting`);
    await call("PUT", `/withholding-taxes/${wht.recordId}`, { ...certificate, remarks: "edited" });
    await call("POST", `/withholding-taxes/${wht.recordId}/status/${STATUS_TO["withholding-taxes"]}`);
    const doomed = dataOf(await call("POST", "/withholding-taxes", certificate));
    await call("POST", `/withholding-taxes/${doomed.recordId}/status/awaiting`);
    await call("DELETE", `/withholding-taxes/${doomed.recordId}`);
  });

  it("walks the master data, the company and the token", async () => {
    const contact = dataOf(await call("POST", "/contacts", { contactName: "Answer Check Co.", contactType: 3, contactGroup: 3, contactTaxId: "0105550000023" }));
    const contactId = contact.list?.[0]?.id ?? contact.id;
    await call("GET", `/contacts/${contactId}`);
    await call("GET", "/contacts?currentPage=1&pageSize=5");
    await call("PUT", `/contacts/${contactId}`, { contactName: "Answer Check Co. 2", contactType: 3, contactGroup: 3 });
    await call("DELETE", `/contacts/${contactId}`);

    const product = dataOf(await call("POST", "/products", {
      productStructureType: "ProductService", type: 1, name: "Answer audit", code: `ANS${store}`, unitName: "job", sellPrice: 5000, sellVatType: 3,
    }));
    const productId = product.list?.[0]?.id ?? product.id;
    await call("GET", `/products/${productId}`);
    await call("GET", "/products?currentPage=1&pageSize=5");
    await call("PUT", `/products/${productId}`, { productStructureType: "ProductService", type: 1, name: "Answer audit 2", unitName: "job" });
    await call("DELETE", `/products/${productId}`);

    await call("GET", "/bank-accounts");
    await call("POST", "/bank-accounts", { bankAccountNumber: "987-6-54321-0", bankAccountName: "Demo", bankAccountType: 1, bankBranch: "Siam", bankId: 2 });
    await call("GET", "/company/info");
    await call("PUT", "/company/info", { compnayName: "Demo Co., Ltd.", companyPhone: "02-111-1111" });
    await call("GET", "/expenses/categories/business");
    await call("GET", "/expenses/categories/accounting");

    const r = await fetch(`${ctx.svc.root}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: ctx.companies.demo.clientId, client_secret: ctx.companies.demo.clientSecret, scope: "flowaccount-api" }),
    });
    answers.push({ method: "POST", path: "/token", http: r.status, body: await r.json() });
  });

  it("walked every operation of the description, and every answer has its fields and types", () => {
    const walked = new Set(answers.map(operationOf));
    const missed = allOperations().filter((op) => !walked.has(op) && !NOT_WALKED[op]);
    expect(missed).toEqual([]);
    expect(answers.flatMap(checkAnswer)).toEqual([]);
  });

  // Bodies as the description's users write them, with its own example values: whatever else the
  // local service says of them (an unknown contact, totals that do not add up), never that a value
  // is written the wrong way (issue 23: accept what the real service accepts).
  it("takes every JSON body of the description written with its own example values, as to how values are written", async () => {
    const wrongForm = /must be (a date|a real date|a number|a whole number|true or false|text)\b/;
    const refused: string[] = [];
    for (const { method, path, body } of exampleBodies()) {
      const concrete = path.replace(/\{[^}]+\}/g, (p) => (p === "{statusId}" ? "awaiting" : "1"));
      const a = method === "PUT" ? await demo.put(concrete, body) : await demo.post(concrete, body);
      const errors: string[] = a.http === 400 ? (a.body?.data?.validationErrors ?? [a.body?.message]) : [];
      for (const e of errors) if (wrongForm.test(String(e))) refused.push(`${method} ${path}: ${e}`);
    }
    expect(refused).toEqual([]);
  });
});
