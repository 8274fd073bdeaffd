// The checker of request bodies against openapi-2020.yaml must itself be able to fail.
import { checkRequest, findPathTemplate } from "./helpers/openapi";

const item = { documentStructureType: "SimpleDocument", name: "Pen", quantity: 2, pricePerUnit: 10, total: 20, unitName: "pcs" };
const simple = {
  contactName: "Acme", documentStructureType: "SimpleDocument", publishedOn: "2026-03-01", dueDate: "2026-03-31",
  total: 20, totalAfterDiscount: 20, grandTotal: 20, items: [item],
};

describe("openapi-2020 body checker", () => {
  it("maps concrete paths to templates", () => {
    expect(findPathTemplate("/quotations/12/status/approved")).toBe("/quotations/{id}/status/{statusId}");
    expect(findPathTemplate("/quotations")).toBe("/quotations");
    expect(findPathTemplate("/upgrade/billing-notes")).toBeUndefined();
  });

  it("accepts a well-formed simple quotation, with newer fields excepted", () => {
    expect(checkRequest({ method: "POST", path: "/quotations", contentType: "application/json", body: { ...simple, contactId: 5, isManualVat: true } })).toEqual([]);
  });

  it("reports missing required fields, wrong types, bad dates, long unit names", () => {
    const body = { ...simple, grandTotal: "20", publishedOn: "01/03/2026", items: [{ ...item, unitName: "boxes-of-ten" }] };
    delete (body as Record<string, unknown>).dueDate;
    const problems = checkRequest({ method: "POST", path: "/quotations", contentType: "application/json", body });
    expect(problems).toEqual(expect.arrayContaining([
      "POST /quotations: body.dueDate: required",
      'POST /quotations: body.grandTotal: expected number, got "20"',
      "POST /quotations: body.publishedOn: not a date YYYY-MM-DD",
      "POST /quotations: body.items[0].unitName: longer than 7",
    ]));
  });

  it("follows the discriminator of oneOf", () => {
    const pay = { paymentStructureType: "PaymentReceivingCash", documentId: 1, paymentMethod: 1, paymentDate: "2026-03-01", collected: 10 };
    expect(checkRequest({ method: "POST", path: "/tax-invoices/1/payment", contentType: "application/json", body: pay })).toEqual([]);
    expect(checkRequest({ method: "POST", path: "/tax-invoices/1/payment", contentType: "application/json", body: { ...pay, paymentStructureType: "Nope" } })[0]).toMatch(/is none of/);
    const { collected: _c, ...noCollected } = pay;
    expect(checkRequest({ method: "POST", path: "/tax-invoices/1/payment", contentType: "application/json", body: noCollected })).toEqual([
      "POST /tax-invoices/1/payment: body.collected: required",
    ]);
  });

  it("checks the token form and the content type", () => {
    const form = { grant_type: "client_credentials", client_id: "a", client_secret: "b", scope: "flowaccount-api" };
    expect(checkRequest({ method: "POST", path: "/token", contentType: "application/x-www-form-urlencoded", body: form })).toEqual([]);
    expect(checkRequest({ method: "POST", path: "/token", contentType: "application/json", body: form })[0]).toMatch(/content type application\/json/);
  });

  it("flags a body sent where the description has none, and ignores operations it lacks", () => {
    expect(checkRequest({ method: "POST", path: "/quotations/1/status/approved", contentType: "application/json", body: {} })[0]).toMatch(/sends a body/);
    expect(checkRequest({ method: "POST", path: "/quotations/1/status/approved" })).toEqual([]);
    expect(checkRequest({ method: "POST", path: "/quotations/1/export-pdf/base64", contentType: "application/json", body: { x: 1 } })).toEqual([]);
  });
});
