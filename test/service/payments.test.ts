// Payments over real HTTP on the embedded store: POST {family}/{id}/payment and the with-payment creates
// make documents paid; the fields each method needs on sell and buy documents (the spec's exact
// messages); channels must be the company's own; the payment is kept and shown; void and paid
// documents are not paid again.
import { DOCUMENT_ROUTES } from "../../src/api/routes";
import { FAMILIES, FAMILY_INFO, type Family } from "../../src/rules/codes";
import { MESSAGES, formatMessage } from "../../src/rules/messages";
import { oneStore } from "../helpers/service";
import { serviceForFile, expectValidation, type Client } from "./support";
import { CASH, bodyFor, inlineBodyFor, make, read, type Doc } from "./flows-support";

jest.setTimeout(180_000);

const PAYABLE = FAMILIES.filter((f) => DOCUMENT_ROUTES[f].payment);
const WITH_PAYMENT = FAMILIES.filter((f) => DOCUMENT_ROUTES[f].createWithPayment);
/** Receipts cannot be created plainly: they come from upgrades of tax invoices. */
const REFERENCE = (doc: Doc) => ({ recordId: doc.recordId, referenceDocumentSerial: doc.documentSerial, referenceDocumentType: doc.documentType });

describe.each(oneStore("pglite"))("payments (%s)", (store) => {
  const ctx = serviceForFile(store);
  let demo: Client;
  let other: Client;
  /** The demo company's channel ids by kind, and the other company's. */
  const ids: Record<string, number> = {};
  const theirs: Record<string, number> = {};
  beforeAll(async () => {
    ({ demo, other } = ctx);
    const lists: Array<[string, string]> = [
      ["bank", "/bank-accounts"], ["cheque", "/bank-channel/cheque"], ["card", "/bank-channel/credit-card"],
      ["petty", "/bank-channel/petty-cash"], ["other", "/bank-channel/other-channels"],
    ];
    for (const [kind, path] of lists) {
      ids[kind] = (await demo.get(path)).body.data[0].id;
      theirs[kind] = (await other.get(path)).body.data[0].id;
    }
  });

  const unpaid = async (family: Family): Promise<Doc> => {
    if (family !== "receipts") return make(demo, family);
    const invoice = await make(demo, "tax-invoices");
    const a = await demo.post("/upgrade/receipts", { ...bodyFor("receipts"), documentReference: [REFERENCE(invoice)] });
    return a.body.data;
  };

  it.each(PAYABLE)("pays a %s: paid, payments kept and shown on every read", async (family) => {
    const doc = await unpaid(family);
    const a = await demo.post(`/${family}/${doc.recordId}/payment`, {
      paymentStructureType: FAMILY_INFO[family].side === "sell" ? "PaymentReceivingCash" : "PaymentPaidCash", documentId: doc.recordId,
      ...CASH, collected: 1039.999, withheldPercentage: 3, paymentRemarks: "first and only",
    });
    expect(a.http).toBe(200);
    expect(a.body.data).toMatchObject({ recordId: doc.recordId, statusString: "paid", status: 5, allowDelete: false, grandTotal: 1070 });
    // 3 % withheld of the 1000 before VAT; collected rounded half-up; nothing left to collect.
    expect(a.body.data.payments).toEqual({
      paymentMethod: 1, paymentChannel: "Cash", paymentDate: CASH.paymentDate, collected: 1040, withheldPercentage: 3, withheldAmount: 30,
      paymentDeductionAmount: 0, remainingCollected: 0, paymentCharge: 0, paymentRemarks: "first and only",
      // The rest of the description's payments fields, empty for a cash payment.
      paymentDeductionType: 0, remainingCollectedType: 0, bankAccountType: 0, bankAccountName: "", bankAccountNumber: "",
      chequeDate: null, chequeNumber: "", creditCardBankAccountId: 0,
    });
    expect(await read(demo, family, doc.recordId)).toEqual(a.body.data);
    const listed = (await demo.get(`${DOCUMENT_ROUTES[family].list!.path}?searchString=${doc.documentSerial}`)).body.data.list[0];
    expect(listed).toEqual(a.body.data);
  });

  it.each(WITH_PAYMENT.flatMap((f) => [[f, "simple"], [f, "inline"]] as Array<[Family, "simple" | "inline"]>))(
    "creates a paid %s (%s) with payment",
    async (family, structure) => {
      const base = structure === "inline" ? inlineBodyFor(family) : bodyFor(family);
      const route = structure === "inline" ? DOCUMENT_ROUTES[family].createInlineWithPayment! : DOCUMENT_ROUTES[family].createWithPayment!;
      const a = await demo.post(route.path, { ...base, paymentMethod: 5, paymentDate: "2026-11-16", collected: base.grandTotal, bankAccountId: ids.bank, transferBankAccountId: 2, paymentCharge: 12.12345 });
      expect(a.http).toBe(200);
      expect(a.body.data).toMatchObject({ statusString: "paid", grandTotal: base.grandTotal, documentStructureType: structure === "inline" ? "InlineDocument" : "SimpleDocument" });
      expect(a.body.data.payments).toMatchObject({
        paymentMethod: 5, collected: base.grandTotal, bankAccountId: ids.bank, transferBankAccountId: 2, paymentCharge: 12.1235,
        bankAccountNumber: "123-4-56789-0", paymentChannel: "Bangkok Bank 123-4-56789-0", remainingCollected: 0,
      });
      // The payment fields are the payment's, not the document's.
      expect(a.body.data.bankAccountId).toBeUndefined();
      expect(await read(demo, family, a.body.data.recordId)).toEqual(a.body.data);
    },
  );

  it("refuses plain receipts with payment as obsolete", async () => {
    expectValidation(await demo.post("/receipts/with-payment", { ...bodyFor("receipts"), ...CASH }), MESSAGES.receiptObsoleted);
  });

  const payTax = async (payment: Record<string, unknown>) => demo.post(`/tax-invoices/${(await make(demo, "tax-invoices")).recordId}/payment`, { ...CASH, ...payment });
  const payPurchase = async (payment: Record<string, unknown>) => demo.post(`/purchases/${(await make(demo, "purchases")).recordId}/payment`, { ...CASH, ...payment });
  const errorsOf = (a: { http: number; body: any }) => {
    expect(a.http).toBe(400);
    return [...a.body.data.validationErrors].sort();
  };

  it("sell documents: the fields each method needs (rule table 3, exact messages)", async () => {
    expect(errorsOf(await payTax({ paymentMethod: 3 }))).toEqual([MESSAGES.paymentChequeBankAccountId, MESSAGES.paymentChequeDate].sort());
    expect(errorsOf(await payTax({ paymentMethod: 5 }))).toEqual([MESSAGES.paymentTransferBankAccountId]);
    expect(errorsOf(await payTax({ paymentMethod: 13, otherChannelId: 0 }))).toEqual([MESSAGES.paymentOtherChannelId]);
    for (const ok of [
      { paymentMethod: 1 },
      { paymentMethod: 3, chequeBankAccountId: ids.bank, chequeDate: "2026-11-30", chequeNumber: "0012345" },
      { paymentMethod: 5, bankAccountId: ids.bank },
      { paymentMethod: 7 },
      { paymentMethod: 13, otherChannelId: ids.other },
    ]) {
      const a = await payTax(ok);
      expect([a.http, a.body.data?.statusString]).toEqual([200, "paid"]);
    }
  });

  it("buy documents: the fields each method needs (rule table 3, exact messages)", async () => {
    expect(errorsOf(await payPurchase({ paymentMethod: 3 }))).toEqual([
      MESSAGES.paymentChequeBankAccountId, MESSAGES.paymentChequeDate, MESSAGES.paymentChequeBankAccountIdBuy, MESSAGES.paymentChequeBankChequeId,
    ].sort());
    expect(errorsOf(await payPurchase({ paymentMethod: 5, bankAccountId: "" }))).toEqual([MESSAGES.paymentTransferBankAccountId]);
    expect(errorsOf(await payPurchase({ paymentMethod: 7 }))).toEqual([MESSAGES.paymentCreditCardBankAccountId, MESSAGES.paymentCreditCardId].sort());
    expect(errorsOf(await payPurchase({ paymentMethod: 11 }))).toEqual([MESSAGES.paymentPettyCashId]);
    expect(errorsOf(await payPurchase({ paymentMethod: 13 }))).toEqual([MESSAGES.paymentOtherChannelId]);
    const expense = await make(demo, "expenses");
    expectValidation(await demo.post(`/expenses/${expense.recordId}/payment`, { ...CASH, paymentMethod: 11 }), MESSAGES.paymentPettyCashId);
    for (const ok of [
      { paymentMethod: 3, chequeBankAccountId: ids.bank, chequeDate: "2026-11-30", bankAccountId: ids.bank, bankChequeId: ids.cheque },
      { paymentMethod: 7, creditCardBankAccountId: ids.bank, creditCardId: ids.card },
      { paymentMethod: 11, pettyCashId: ids.petty },
      { paymentMethod: 13, otherChannelId: String(ids.other) },
    ]) {
      const a = await payPurchase(ok);
      expect([a.http, a.body.data?.statusString]).toEqual([200, "paid"]);
    }
    const petty = await payPurchase({ paymentMethod: 11, pettyCashId: ids.petty });
    expect(petty.body.data.payments).toMatchObject({ pettyCashId: ids.petty, paymentChannel: "Office petty cash" });
  });

  it("refuses channels that are unknown, of another company or of another kind, naming each (rule table 2)", async () => {
    const refused = (method: string, field: string) => formatMessage(MESSAGES.paymentChannelNotConfigured, { method, field });
    expectValidation(await payTax({ paymentMethod: 5, bankAccountId: 999999 }), refused("Transfer", "bankAccountId"));
    expectValidation(await payTax({ paymentMethod: 5, bankAccountId: theirs.bank }), refused("Transfer", "bankAccountId"));
    expectValidation(await payTax({ paymentMethod: 5, bankAccountId: "ABC" }), refused("Transfer", "bankAccountId"));
    // The cheque channel's id is not a bank account.
    expectValidation(await payTax({ paymentMethod: 5, bankAccountId: ids.cheque }), refused("Transfer", "bankAccountId"));
    expectValidation(await payTax({ paymentMethod: 13, otherChannelId: theirs.other }), refused("OtherChannel", "otherChannelId"));
    const cheque = await payPurchase({ paymentMethod: 3, chequeDate: "2026-11-30", chequeBankAccountId: theirs.bank, bankAccountId: ids.bank, bankChequeId: theirs.cheque });
    expect(errorsOf(cheque)).toEqual([refused("Cheque", "chequeBankAccountId"), refused("Cheque", "bankChequeId")].sort());
    expectValidation(await payPurchase({ paymentMethod: 7, creditCardBankAccountId: ids.bank, creditCardId: theirs.card }), refused("CreditCard", "creditCardId"));
    expectValidation(await payPurchase({ paymentMethod: 11, pettyCashId: theirs.petty }), refused("PettyCash", "pettyCashId"));
    // A channel named beside the method's own is checked too.
    expectValidation(await payTax({ paymentMethod: 1, bankAccountId: theirs.bank }), refused("Cash", "bankAccountId"));
    // With-payment creates check the same way, and create nothing when refused.
    const before = (await demo.get("/purchases")).body.data.total;
    expectValidation(await demo.post("/purchases/with-payment", { ...bodyFor("purchases"), ...CASH, paymentMethod: 11, pettyCashId: theirs.petty }), refused("PettyCash", "pettyCashId"));
    expect((await demo.get("/purchases")).body.data.total).toBe(before);
  });

  it("a refused payment leaves the document as it was", async () => {
    const doc = await make(demo, "cash-invoices");
    expectValidation(await demo.post(`/cash-invoices/${doc.recordId}/payment`, { ...CASH, paymentMethod: 5, bankAccountId: theirs.bank }),
      formatMessage(MESSAGES.paymentChannelNotConfigured, { method: "Transfer", field: "bankAccountId" }));
    expect(await read(demo, "cash-invoices", doc.recordId)).toEqual(doc);
  });

  it("checks the payment body itself: required fields, methods, rates", async () => {
    const doc = await make(demo, "tax-invoices");
    const missing = await demo.post(`/tax-invoices/${doc.recordId}/payment`, {});
    expect(missing.http).toBe(400);
    expect(missing.body.data.validationErrors.join(" ")).toMatch(/paymentMethod/);
    expectValidation(await demo.post(`/tax-invoices/${doc.recordId}/payment`, { ...CASH, paymentMethod: 4 }), MESSAGES.paymentMethodUnknown);
    expectValidation(await demo.post(`/tax-invoices/${doc.recordId}/payment`, { ...CASH, withheldPercentage: 4 }), MESSAGES.withheldPercentage);
    expect((await demo.post(`/tax-invoices/${doc.recordId}/payment`, "not json")).http).toBe(400);
    expect((await read(demo, "tax-invoices", doc.recordId)).statusString).toBe("awaiting");
  });

  it("does not pay a void or an already paid document, nor one of another company", async () => {
    const voided = await make(demo, "tax-invoices");
    await demo.post(`/tax-invoices/${voided.recordId}/status/void`);
    expectValidation(await demo.post(`/tax-invoices/${voided.recordId}/payment`, CASH), formatMessage(MESSAGES.paymentDocumentVoid, { serial: voided.documentSerial }));
    const doc = await make(demo, "expenses");
    expect((await demo.post(`/expenses/${doc.recordId}/payment`, CASH)).http).toBe(200);
    expectValidation(await demo.post(`/expenses/${doc.recordId}/payment`, CASH), formatMessage(MESSAGES.paymentAlreadyPaid, { serial: doc.documentSerial }));
    expect((await other.post(`/tax-invoices/${(await make(demo, "tax-invoices")).recordId}/payment`, CASH)).http).toBe(404);
    // Families without payments have no payment path.
    expect((await demo.post(`/quotations/${(await make(demo, "quotations")).recordId}/payment`, CASH)).http).toBe(404);
  });

  it("a paid document is no longer edited or deleted", async () => {
    const doc = (await demo.post("/tax-invoices/with-payment", { ...bodyFor("tax-invoices"), ...CASH })).body.data;
    expect((await demo.put(`/tax-invoices/${doc.recordId}`, { ...bodyFor("tax-invoices"), documentStructureType: "UpdateSimpleDocument" })).http).toBe(400);
    expect((await demo.del(`/tax-invoices/${doc.recordId}`)).http).toBe(400);
    expect(await read(demo, "tax-invoices", doc.recordId)).toEqual(doc);
  });

  it("takes the tax the payer withheld (3 % of the amount before VAT) and the deductions, and settles the document", async () => {
    // make(): 1,000.00 before VAT, 1,070.00 due.
    const doc = await make(demo, "tax-invoices");
    const a = await demo.post(`/tax-invoices/${doc.recordId}/payment`, { ...CASH, collected: 1040, withheldPercentage: 3 });
    expect([a.http, a.body.data.statusString]).toEqual([200, "paid"]);
    expect(a.body.data.payments).toMatchObject({ collected: 1040, withheldPercentage: 3, withheldAmount: 30, paymentDeductionAmount: 0, remainingCollected: 0 });
    expect((await read(demo, "tax-invoices", doc.recordId)).payments).toEqual(a.body.data.payments);
    // A deduction (rounding) and a difference (bank fee) take their part of the amount.
    const b = await payTax({ collected: 1025, withheldPercentage: -1, withheldAmount: 30, paymentDeductionType: 7, paymentDeductionAmount: 10, remainingCollectedType: 55, remainingCollected: 5 });
    expect([b.http, b.body.data.statusString]).toEqual([200, "paid"]);
    expect(b.body.data.payments).toMatchObject({
      collected: 1025, withheldPercentage: -1, withheldAmount: 30, paymentDeductionType: 7, paymentDeductionAmount: 10, remainingCollectedType: 55, remainingCollected: 5,
    });
    // A purchase paid by transfer: the bank fee is the payer's, outside the settlement.
    const c = await payPurchase({ paymentMethod: 5, bankAccountId: ids.bank, collected: 1060, withheldPercentage: 1, paymentCharge: 25 });
    expect(c.body.data.payments).toMatchObject({ collected: 1060, withheldAmount: 10, paymentCharge: 25 });
    // With-payment creates settle the same way.
    const d = await demo.post("/tax-invoices/with-payment", { ...bodyFor("tax-invoices"), ...CASH, collected: 1040, withheldPercentage: 3 });
    expect([d.http, d.body.data.payments?.withheldAmount]).toEqual([200, 30]);
  });

  it("refuses a payment whose parts do not settle the document, or whose deductions and charges are not the payment's, and leaves it unpaid", async () => {
    const doc = await make(demo, "tax-invoices");
    const pay = (payment: Record<string, unknown>) => demo.post(`/tax-invoices/${doc.recordId}/payment`, { ...CASH, ...payment });
    // Withholding forgotten in the amount collected: 1,070 + 30 is not 1,070.
    expectValidation(await pay({ collected: 1070, withheldPercentage: 3 }), formatMessage(MESSAGES.paymentNotSettled, {
      collected: "1,070.00", withheld: "30.00", deductions: "0.00", sum: "1,100.00", due: "1,070.00",
    }));
    // An amount short with no difference stated.
    expectValidation(await pay({ collected: 1000 }), formatMessage(MESSAGES.paymentNotSettled, {
      collected: "1,000.00", withheld: "0.00", deductions: "0.00", sum: "1,000.00", due: "1,070.00",
    }));
    expectValidation(await pay({ collected: 1039, withheldPercentage: 3, withheldAmount: 31 }), formatMessage(MESSAGES.withheldAmountMismatch, {
      given: "31.00", rate: "3", base: "1,000.00", expected: "30.00",
    }));
    expectValidation(await pay({ collected: 1040, withheldPercentage: -1 }), MESSAGES.withheldAmountRequired);
    expectValidation(await pay({ collected: 1060, paymentDeductionAmount: 10 }), MESSAGES.paymentDeductionType);
    expectValidation(await pay({ collected: 1065, remainingCollected: 5 }), MESSAGES.remainingCollectedType);
    expectValidation(await pay({ paymentCharge: 10 }), MESSAGES.paymentChargeMethod);
    expectValidation(await pay({ collected: 1100, withheldAmount: -30 }), formatMessage(MESSAGES.paymentAmountNegative, { field: "withheldAmount" }));
    expectValidation(await payPurchase({ collected: 1060, paymentDeductionType: 1, paymentDeductionAmount: 10 }), MESSAGES.paymentDeductionBuy);
    expect((await read(demo, "tax-invoices", doc.recordId)).statusString).toBe("awaiting");
    // A with-payment create that does not settle creates nothing.
    const before = (await demo.get("/tax-invoices")).body.data.total;
    expectValidation(await demo.post("/tax-invoices/with-payment", { ...bodyFor("tax-invoices"), ...CASH, withheldPercentage: 3 }), formatMessage(MESSAGES.paymentNotSettled, {
      collected: "1,070.00", withheld: "30.00", deductions: "0.00", sum: "1,100.00", due: "1,070.00",
    }));
    expect((await demo.get("/tax-invoices")).body.data.total).toBe(before);
  });

  it("pays each document once when the same payment is sent many times at once", async () => {
    const doc = await make(demo, "tax-invoices");
    const answers = await Promise.all(Array.from({ length: 10 }, () => demo.post(`/tax-invoices/${doc.recordId}/payment`, CASH)));
    expect(answers.filter((a) => a.http === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.http === 400)).toHaveLength(9);
  });
});
