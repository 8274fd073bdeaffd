import {
  FAMILIES, FAMILY_INFO, MESSAGES, checkDocument, type DocumentCheckContext, type Finding,
} from "../../src/rules";

const errors = (fs: Finding[]) => fs.filter((f) => f.severity === "error");
const pairs = (fs: Finding[]) => errors(fs).map((f) => [f.path, f.message]);

/** A clean simple document: 2 × 500 + 7% VAT = 1,070.00. */
function simpleDoc(over: Record<string, unknown> = {}) {
  return {
    contactName: "Siam Trading Co., Ltd.",
    publishedOn: "2026-03-01",
    dueDate: "2026-03-31",
    isVatInclusive: false,
    isVat: true,
    subTotal: 1000,
    discountAmount: 0,
    totalAfterDiscount: 1000,
    vatAmount: 70,
    grandTotal: 1070,
    items: [{ type: 1, name: "Consulting", quantity: 2, unitName: "hour", pricePerUnit: 500, total: 1000 }],
    ...over,
  };
}

/** A clean inline document: 180 at 7% + 50 zero-rated; VAT 12.60; grand total 242.60. */
function inlineDoc(over: Record<string, unknown> = {}) {
  return {
    contactName: "Siam Trading Co., Ltd.",
    publishedOn: "2026-03-01",
    useInlineDiscount: true,
    useInlineVat: true,
    discountType: 3,
    isVatInclusive: false,
    subTotal: 250,
    discountAmount: 20,
    totalAfterDiscount: 230,
    exemptAmount: 50,
    vatableAmount: 180,
    vatAmount: 12.6,
    grandTotal: 242.6,
    items: [
      { name: "A", quantity: 2, pricePerUnit: 100, discountAmount: 20, vatRate: 7, total: 180 },
      { name: "B", quantity: 1, pricePerUnit: 50, discountAmount: 0, vatRate: 0, total: 50 },
    ],
    ...over,
  };
}

const expenseLine = { description: "Taxi", systemCode: "EX01", categoryId: 12, creditId: 21399, debitId: 53029 };
const create = (family: DocumentCheckContext["family"], structure: "simple" | "inline" = "simple"): DocumentCheckContext => ({
  family, structure, operation: "create", arithmetic: true,
});

describe("clean documents give no findings", () => {
  const families = FAMILIES.filter((f) => f !== "receipts");
  test.each(families)("%s simple and inline", (family) => {
    const lineExtra = family === "expenses" ? expenseLine : {};
    const simple = simpleDoc({ items: [{ ...simpleDoc().items[0], ...lineExtra }] });
    const inline = inlineDoc({ items: inlineDoc().items.map((l) => ({ ...l, ...lineExtra })) });
    expect(checkDocument(simple, create(family))).toEqual([]);
    expect(checkDocument(inline, create(family, "inline"))).toEqual([]);
  });
  test("update of a simple document with UpdateSimpleDocument", () => {
    expect(checkDocument(simpleDoc({ documentStructureType: "UpdateSimpleDocument" }), { family: "quotations", structure: "simple", operation: "update", arithmetic: true })).toEqual([]);
  });
  test("upgrade with a document reference", () => {
    const body = simpleDoc({ documentReference: [{ recordId: 12, referenceDocumentSerial: "QT2026030001", referenceDocumentType: 3 }] });
    expect(checkDocument(body, { family: "billing-notes", structure: "simple", operation: "upgrade" })).toEqual([]);
  });
  test("with payment (transfer on a tax invoice)", () => {
    const body = simpleDoc({ paymentMethod: 5, paymentDate: "2026-03-01", collected: 1070, bankAccountId: 3 });
    expect(checkDocument(body, { family: "tax-invoices", structure: "simple", operation: "create", withPayment: true, arithmetic: true })).toEqual([]);
  });
});

describe("contact rules", () => {
  test.each<[string, Record<string, unknown>, [string, string][]]>([
    ["contactId below 0", { contactId: -1 }, [["contactId", MESSAGES.contactIdNegative]]],
    ["contactId as text below 0", { contactId: "-5" }, [["contactId", MESSAGES.contactIdNegative]]],
    ["contactId 0 is not below 0", { contactId: 0 }, []],
    ["contactId without contactName", { contactId: 7, contactName: undefined }, []],
    ["neither contactId nor contactName", { contactName: undefined }, [["contactName", MESSAGES.contactRequired]]],
    ["blank contactName", { contactName: "  " }, [["contactName", MESSAGES.contactRequired]]],
    ["null contactId, empty contactName", { contactId: null, contactName: "" }, [["contactName", MESSAGES.contactRequired]]],
  ])("%s", (_name, over, expected) => {
    expect(pairs(checkDocument(simpleDoc(over), create("quotations")))).toEqual(expected);
  });
});

describe("simple-document VAT rules (spec, Errors, rule table 1)", () => {
  // [isVatInclusive, isVat, vatAmount, totalAfterDiscount, combination allowed, vat below tad]
  test.each<[boolean, boolean, number, number, boolean, boolean]>([
    [false, false, 0, 1000, true, true],
    [false, true, 70, 1000, true, true],
    [true, true, 65.42, 1000, true, true],
    [false, false, 70, 1000, false, true], // VAT on a non-VAT document
    [false, true, 0, 1000, false, true], // VAT document without VAT
    [true, true, 0, 1000, false, true],
    [true, false, 0, 1000, false, true], // any isVat false with inclusive
    [true, false, 70, 1000, false, true],
    [false, true, -5, 1000, false, true], // negative VAT
    [false, true, 1000, 1000, true, false], // vatAmount not below totalAfterDiscount
    [false, true, 1200, 1000, true, false],
    [false, false, 0, 0, true, true], // both 0: exempt from both rules
    [true, false, 0, 0, true, true],
    [false, true, 5, 0, true, false],
  ])("isVatInclusive %p, isVat %p, vatAmount %p, totalAfterDiscount %p", (isVatInclusive, isVat, vatAmount, totalAfterDiscount, combo, below) => {
    const body = simpleDoc({ isVatInclusive, isVat, vatAmount, totalAfterDiscount });
    const found = checkDocument(body, create("tax-invoices"));
    expect(found.some((f) => f.message === MESSAGES.vatCombination && f.path === "isVat")).toBe(!combo);
    expect(found.some((f) => f.message === MESSAGES.totalAfterDiscountLessThanVat && f.path === "totalAfterDiscount")).toBe(!below);
  });

  test("applies on PUT and upgrade-with-payment, not on plain upgrades nor inline documents", () => {
    const bad = { isVat: false, vatAmount: 70 };
    const ref = { documentReference: [{ recordId: 1, referenceDocumentSerial: "QT1", referenceDocumentType: 3 }] };
    const has = (fs: Finding[]) => fs.some((f) => f.message === MESSAGES.vatCombination);
    expect(has(checkDocument(simpleDoc({ ...bad, documentStructureType: "UpdateSimpleDocument" }), { family: "quotations", structure: "simple", operation: "update" }))).toBe(true);
    expect(has(checkDocument(simpleDoc({ ...bad, ...ref, paymentMethod: 1, paymentDate: "2026-03-01", collected: 1070 }), { family: "tax-invoices", structure: "simple", operation: "upgrade", withPayment: true }))).toBe(true);
    expect(has(checkDocument(simpleDoc({ ...bad, ...ref }), { family: "tax-invoices", structure: "simple", operation: "upgrade" }))).toBe(false);
    expect(has(checkDocument(inlineDoc(bad), create("tax-invoices", "inline")))).toBe(false);
  });
});

describe("document structure", () => {
  test("PUT of a simple document requires UpdateSimpleDocument", () => {
    for (const given of [undefined, "SimpleDocument", "UpdateInlineDocument"]) {
      expect(pairs(checkDocument(simpleDoc({ documentStructureType: given }), { family: "quotations", structure: "simple", operation: "update" })))
        .toEqual([["documentStructureType", MESSAGES.updateSimpleRequired]]);
    }
  });
  test("an inline structure on the simple path is a warning", () => {
    const found = checkDocument(simpleDoc({ documentStructureType: "InlineDocument" }), create("quotations"));
    expect(found).toEqual([{ path: "documentStructureType", message: expect.stringContaining("InlineDocument"), severity: "warning" }]);
  });
  test("plain receipt creation is obsolete", () => {
    expect(pairs(checkDocument(simpleDoc(), create("receipts")))).toEqual([["", MESSAGES.receiptObsoleted]]);
  });
  test("a batch receipt body on /receipts is checked as a partial receipt", () => {
    const found = checkDocument({ isBatchDocument: true, items: [] }, create("receipts"));
    expect(found.map((f) => f.message)).toContain(MESSAGES.partialMethod);
    expect(found.map((f) => f.message)).not.toContain(MESSAGES.receiptObsoleted);
  });
  test("upgrade needs a reference of a family the target can come from", () => {
    const ctx: DocumentCheckContext = { family: "tax-invoices", structure: "simple", operation: "upgrade" };
    expect(pairs(checkDocument(simpleDoc(), ctx))).toEqual([["documentReference", MESSAGES.upgradeReferenceRequired]]);
    const wrong = simpleDoc({ documentReference: [{ recordId: 1, referenceDocumentSerial: "PO1", referenceDocumentType: 1 }] });
    expect(pairs(checkDocument(wrong, ctx))).toEqual([
      ["documentReference.0.referenceDocumentType", "referenceDocumentType 1 cannot be upgraded into tax-invoices; allowed: 3, 5"],
    ]);
    expect(FAMILY_INFO["tax-invoices"].upgradeFrom).toEqual([3, 5]);
  });
});

describe("schema findings carry paths and clear messages", () => {
  test.each<[string, unknown, [string, string][]]>([
    ["not an object", [1, 2], [["", MESSAGES.bodyNotObject]]],
    ["null", null, [["", MESSAGES.bodyNotObject]]],
    ["bad price", simpleDoc({ items: [{ name: "x", quantity: 1, pricePerUnit: "abc" }] }), [["items.0.pricePerUnit", "pricePerUnit must be a number"]]],
    ["missing quantity", simpleDoc({ items: [{ name: "x", pricePerUnit: 1000 }] }), [["items.0.quantity", MESSAGES.itemQuantityRequired]]],
    ["line not an object", simpleDoc({ items: [simpleDoc().items[0], "oops"] }), [["items.1", "Line 2 must be an object"]]],
    ["no lines", simpleDoc({ items: [] }), [["items", MESSAGES.itemsRequired]]],
    ["impossible date", simpleDoc({ publishedOn: "2026-02-29" }), [["publishedOn", "publishedOn must be a real date written YYYY-MM-DD"]]],
    ["missing date", simpleDoc({ publishedOn: undefined }), [["publishedOn", "publishedOn is required"]]],
    ["bad boolean", simpleDoc({ isVat: "yes" }), [["isVat", "isVat must be true or false"]]],
    ["bad vatRate", inlineDoc({ items: [{ ...inlineDoc().items[0], vatRate: 10 }, inlineDoc().items[1]] }), [["items.0.vatRate", "vatRate must be one of 7, 0, -1"]]],
  ])("%s", (_name, body, expected) => {
    const structure = _name === "bad vatRate" ? "inline" : "simple";
    expect(pairs(checkDocument(body, { family: "quotations", structure, operation: "create" }))).toEqual(expected);
  });

  test("numbers as numeric text and booleans as text are accepted", () => {
    const body = simpleDoc({ grandTotal: "1070.00", isVat: "true", contactId: "15", items: [{ name: "x", quantity: "2", pricePerUnit: "500", total: "1000" }] });
    expect(checkDocument(body, create("quotations"))).toEqual([]);
  });
});

describe("withholding tax", () => {
  test.each<[Record<string, unknown>, [string, string][]]>([
    [{ documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 3, documentWithholdingTaxAmount: 30 }, []],
    [{ documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 0.75, documentWithholdingTaxAmount: 7.5 }, []],
    [{ documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 4, documentWithholdingTaxAmount: 40 }, [["documentWithholdingTaxPercentage", MESSAGES.withholdingRate]]],
    [{ documentShowWithholdingTax: false, documentWithholdingTaxPercentage: 3 }, [["documentShowWithholdingTax", MESSAGES.withholdingNeedsShow]]],
    [{ documentWithholdingTaxAmount: 30 }, [["documentShowWithholdingTax", MESSAGES.withholdingNeedsShow]]],
    [{ documentShowWithholdingTax: true }, [["documentWithholdingTaxPercentage", MESSAGES.withholdingRateMissing]]],
    [{ documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 3, documentWithholdingTaxAmount: 31 },
      [["documentWithholdingTaxAmount", "documentWithholdingTaxAmount is 31.00 but 3% of 1,000.00 gives 30.00"]]],
  ])("%p", (over, expected) => {
    expect(pairs(checkDocument(simpleDoc(over), create("tax-invoices")))).toEqual(expected);
  });

  const expenseInline = (lines: Record<string, unknown>[], over: Record<string, unknown> = {}) =>
    inlineDoc({ items: inlineDoc().items.map((l, i) => ({ ...l, ...expenseLine, ...lines[i] })), ...over });
  const exp = create("expenses", "inline");

  test.each<[Record<string, unknown>[], [string, string][]]>([
    [[{ withHeldPerItem: 3, withHeldPerItemValue: 5.4 }, {}], []],
    [[{ withHeldPerItem: null, withHeldPerItemValue: null }, {}], []],
    [[{ withHeldPerItem: 2.5 }, {}], [["items.0.withHeldPerItem", MESSAGES.itemWithholdingRate]]],
    [[{ withHeldPerItem: 3, withHeldPerItemValue: -1 }, {}], [["items.0.withHeldPerItemValue", "withHeldPerItemValue must be between 0 and the line total (180.00)"]]],
    [[{}, { withHeldPerItem: 3, withHeldPerItemValue: 50.01 }], [["items.1.withHeldPerItemValue", "withHeldPerItemValue must be between 0 and the line total (50.00)"]]],
    [[{}, { withHeldPerItem: 3, withHeldPerItemValue: 1.5 }], []],
    // The amount is the rate's share of the line before VAT, as a document's own withholding is.
    [[{}, { withHeldPerItem: 3, withHeldPerItemValue: 50 }], [["items.1.withHeldPerItemValue", "withHeldPerItemValue is 50.00 but 3% of the line's 50.00 before VAT gives 1.50"]]],
    [[{ withHeldPerItem: 3, withHeldPerItemValue: 5.41 }, {}], [["items.0.withHeldPerItemValue", "withHeldPerItemValue is 5.41 but 3% of the line's 180.00 before VAT gives 5.40"]]],
  ])("per line %p", (lines, expected) => {
    expect(pairs(checkDocument(expenseInline(lines), exp))).toEqual(expected);
  });

  test("useInlineVat must be true for inline withholding tax on expenses", () => {
    const body = expenseInline([{ withHeldPerItem: 3, withHeldPerItemValue: 5.4 }, {}], { useInlineVat: false });
    expect(pairs(checkDocument(body, exp))).toEqual([["useInlineVat", MESSAGES.useInlineVatRequired]]);
    const noWithholding = expenseInline([{}, {}], { useInlineVat: false });
    expect(pairs(checkDocument(noWithholding, exp))).toEqual([]);
  });
});

describe("expense lines by view (spec, Errors, rule table 4)", () => {
  const line = { name: "x", quantity: 2, pricePerUnit: 500, total: 1000 };
  test.each<[number | undefined, Record<string, unknown>, string[]]>([
    [1, {}, [MESSAGES.itemDescription, MESSAGES.itemCreditId, MESSAGES.itemDebitId]],
    [1, { description: "Fuel", creditId: 1, debitId: 2 }, []],
    [1, { description: "Fuel", creditId: 0, debitId: "" }, [MESSAGES.itemCreditId, MESSAGES.itemDebitId]],
    [3, {}, [MESSAGES.itemDescription, MESSAGES.itemSystemCode, MESSAGES.itemCategoryId, MESSAGES.itemCreditId, MESSAGES.itemDebitId]],
    [3, { description: "Fuel", creditId: 1, debitId: 2 }, [MESSAGES.itemSystemCode, MESSAGES.itemCategoryId]],
    [3, expenseLine, []],
    [undefined, { description: "Fuel", creditId: 1, debitId: 2 }, [MESSAGES.itemSystemCode, MESSAGES.itemCategoryId]], // business view by default
  ])("view %p, line %p", (view, fields, expected) => {
    const body = simpleDoc({ expenseCategoryView: view, items: [{ ...line, ...fields }] });
    const found = errors(checkDocument(body, create("expenses")));
    expect(found.map((f) => f.message)).toEqual(expected);
    expect(found.every((f) => f.path.startsWith("items.0."))).toBe(true);
  });
  test("other families do not need expense fields", () => {
    expect(checkDocument(simpleDoc(), create("purchases"))).toEqual([]);
  });
  test("a view other than 1 and 3 is a schema finding", () => {
    expect(pairs(checkDocument(simpleDoc({ expenseCategoryView: 2, items: [{ ...line, ...expenseLine }] }), create("expenses"))))
      .toEqual([["expenseCategoryView", "expenseCategoryView must be one of 1, 3"]]);
  });
});

describe("payment fields on with-payment bodies", () => {
  const ctx = (family: DocumentCheckContext["family"]): DocumentCheckContext => ({ family, structure: "simple", operation: "create", withPayment: true });
  test("sell cheque", () => {
    const body = simpleDoc({ paymentMethod: 3, paymentDate: "2026-03-01", collected: 1070 });
    expect(pairs(checkDocument(body, ctx("cash-invoices")))).toEqual([
      ["chequeBankAccountId", MESSAGES.paymentChequeBankAccountId], ["chequeDate", MESSAGES.paymentChequeDate],
    ]);
  });
  test("expenses pay like buy documents", () => {
    const body = simpleDoc({ paymentMethod: 11, paymentDate: "2026-03-01", collected: 1070, items: [{ ...simpleDoc().items[0], ...expenseLine }] });
    expect(pairs(checkDocument(body, ctx("expenses")))).toEqual([["pettyCashId", MESSAGES.paymentPettyCashId]]);
  });
  test("payment fields are required", () => {
    expect(pairs(checkDocument(simpleDoc(), ctx("tax-invoices")))).toEqual([
      ["paymentMethod", "paymentMethod is required"], ["paymentDate", "paymentDate is required"], ["collected", "collected is required"],
    ]);
  });
});

describe("arithmetic (totals given against totals computed)", () => {
  const arith = (body: unknown, structure: "simple" | "inline" = "simple") =>
    pairs(checkDocument(body, { family: "quotations", structure, operation: "create", arithmetic: true }));

  test.each<[string, Record<string, unknown>, [string, string][]]>([
    ["grandTotal off by a cent", { grandTotal: 1070.01 }, [["grandTotal", "grandTotal is 1,070.01 but the lines give 1,070.00"]]],
    ["subTotal", { subTotal: 999 }, [["subTotal", "subTotal is 999.00 but the lines give 1,000.00"]]],
    ["totalAfterDiscount", { totalAfterDiscount: 990 }, [["totalAfterDiscount", "totalAfterDiscount is 990.00 but the lines give 1,000.00"]]],
    ["vatAmount", { vatAmount: 71 }, [["vatAmount", "vatAmount is 71.00 but 7% VAT on 1,000.00 gives 70.00"]]],
    ["manual VAT is not recomputed", { vatAmount: 71, isManualVat: true, grandTotal: 1071 }, []],
    ["line total", { items: [{ name: "x", quantity: 2, pricePerUnit: 500, total: 1001 }] },
      [["items.0.total", "total is 1,001.00 but quantity × pricePerUnit gives 1,000.00"]]],
    ["discount percentage", { discountPercentage: 10, discountAmount: 90, totalAfterDiscount: 900, vatAmount: 63, grandTotal: 963 },
      [["discountAmount", "discountAmount is 90.00 but 10% of subTotal 1,000.00 gives 100.00"]]],
    ["sub-cent digits are rounded before comparing", { grandTotal: 1070.004 }, []],
    ["absent totals are not compared", { subTotal: undefined }, []],
  ])("%s", (_name, over, expected) => {
    expect(arith(simpleDoc(over))).toEqual(expected);
  });

  test.each<[string, Record<string, unknown>, [string, string][]]>([
    ["exemptAmount", { exemptAmount: 0 }, [["exemptAmount", "exemptAmount is 0.00 but the lines give 50.00"]]],
    ["vatableAmount", { vatableAmount: 230 }, [["vatableAmount", "vatableAmount is 230.00 but the lines give 180.00"]]],
    ["discountAmount", { discountAmount: 0 }, [["discountAmount", "discountAmount is 0.00 but the lines give 20.00"]]],
    ["line total with discount", { items: [{ ...inlineDoc().items[0], total: 200 }, inlineDoc().items[1]] },
      [["items.0.total", "total is 200.00 but quantity × pricePerUnit − discountAmount gives 180.00"]]],
  ])("inline %s", (_name, over, expected) => {
    expect(arith(inlineDoc(over), "inline")).toEqual(expected);
  });

  test("without arithmetic, wrong totals are not reported", () => {
    expect(checkDocument(simpleDoc({ grandTotal: 5 }), { family: "quotations", structure: "simple", operation: "create" })).toEqual([]);
  });
});

describe("warnings", () => {
  test("more decimals than the service keeps", () => {
    const found = checkDocument(simpleDoc({ items: [{ name: "x", quantity: 2, pricePerUnit: 500.00005, total: 1000 }] }), create("quotations"));
    expect(found).toContainEqual({ path: "items.0.pricePerUnit", message: "pricePerUnit has more than 4 decimals; the service rounds it to 500.0001", severity: "warning" });
  });
});

describe("limits (rules/limits.ts)", () => {
  test("unitName above 7 characters is refused (spec: maxLength 7)", () => {
    const found = checkDocument(simpleDoc({ items: [{ ...simpleDoc().items[0], unitName: "kilogram" }] }), create("quotations"));
    expect(found).toEqual([{ path: "items.0.unitName", message: MESSAGES.unitNameTooLong, severity: "error" }]);
  });
});
