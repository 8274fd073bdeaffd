// Hostile values in the shared rules: numbers out of range or rounding to nothing, text the store
// cannot keep, texts and lists over their limits, bodies nested too deep. The add-in's check and
// the service refuse the same bodies, each finding at its field.
import * as z from "zod/mini";
import {
  ContactSchema, ITEMS_MAX, JSON_DEPTH_MAX, LONG_TEXT_MAX, MESSAGES, OUT_OF_RANGE, SimpleDocumentSchema, TOO_DEEP,
  UNIT_NAME_MAX, UNSTORABLE_TEXT, checkAttachments, checkDocument, checkListQuery, checkPartialReceipt, checkPayment,
  formatMessage, jsonLimitFindings, parseDecimal, wireNumber, type Finding,
} from "../../src/rules";
import fc from "fast-check";
import { quickAccept } from "../../src/rules/checks/quick-accept";
import { UNSTORABLE, isStorableText } from "../../src/rules/schemas/wire";

const errors = (fs: Finding[]) => fs.filter((f) => f.severity === "error").map((f) => [f.path, f.message]);
const create = { family: "quotations", structure: "simple", operation: "create" } as const;

function doc(over: Record<string, unknown> = {}, item: Record<string, unknown> = {}) {
  return {
    contactName: "Siam Trading Co., Ltd.", publishedOn: "2026-03-01", isVatInclusive: false, isVat: true,
    totalAfterDiscount: 1000, vatAmount: 70, grandTotal: 1070,
    items: [{ name: "Consulting", quantity: 2, unitName: "hour", pricePerUnit: 500, ...item }],
    ...over,
  };
}

describe("numbers: finite and within ±NUMBER_MAX", () => {
  const schema = z.object({ n: wireNumber() });
  test.each<[unknown, number | string]>([
    ["5", 5], [999_999_999_999.99, 999_999_999_999.99], [-999_999_999_999.99, -999_999_999_999.99], ["1e3", 1000], [1e-300, 1e-300],
    ["1e400", OUT_OF_RANGE], ["-1e400", OUT_OF_RANGE], [Infinity, OUT_OF_RANGE], [-Infinity, OUT_OF_RANGE], [1e12, OUT_OF_RANGE],
    [-1e12, OUT_OF_RANGE], ["1" + "0".repeat(400), OUT_OF_RANGE], [NaN, "must be a number"], ["NaN", "must be a number"],
  ])("%p", (value, expected) => {
    const r = schema.safeParse({ n: value });
    if (typeof expected === "number") expect(r.success && r.data.n).toBe(expected);
    else expect(r.error?.issues.map((i) => i.message)).toEqual([expected]);
  });

  test("a quantity or price out of range is an error at its cell, text or JSON number alike", () => {
    expect(errors(checkDocument(doc({}, { quantity: "1e400" }), create))).toEqual([["items.0.quantity", `quantity ${OUT_OF_RANGE}`]]);
    expect(errors(checkDocument(doc({}, { quantity: Infinity }), create))).toEqual([["items.0.quantity", `quantity ${OUT_OF_RANGE}`]]);
    expect(errors(checkDocument(doc({}, { pricePerUnit: "-1e400" }), create))).toEqual([["items.0.pricePerUnit", `pricePerUnit ${OUT_OF_RANGE}`]]);
  });

  test("quantity and price each in range, their product not: the line and document totals say so", () => {
    const found = errors(checkDocument(doc({ isVat: false, vatAmount: 0 }, { quantity: 1_000_000, pricePerUnit: 100_000_000 }), create));
    const say = (field: string) => formatMessage(MESSAGES.computedOutOfRange, { field, value: "100,000,000,000,000.00", max: "1,000,000,000,000" });
    expect(found).toEqual([["items.0.total", say("Line 1 total")], ["subTotal", say("subTotal")], ["grandTotal", say("grandTotal")]]);
  });

  test("quickAccept lets zod judge what is out of range", () => {
    expect(quickAccept(SimpleDocumentSchema, doc())).toBe(true);
    expect(quickAccept(SimpleDocumentSchema, doc({}, { quantity: 1e12 }))).toBe(false);
    expect(quickAccept(SimpleDocumentSchema, doc({}, { quantity: -1e12 }))).toBe(false);
  });

  test("numbers written with huge exponents are unreadable, at once", () => {
    const started = Date.now();
    expect(parseDecimal("1e99999999")).toBeNull();
    expect(parseDecimal(1e300)).toBeNull();
    expect(checkDocument(doc({}, { quantity: "1e99999999", total: 5 }), { ...create, arithmetic: true }).length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("amounts the spec wants above 0 must stay above 0 at 2 decimals", () => {
  const line = (partialAmount: unknown) => ({ documentId: 5, documentType: 7, partialAmount });
  const receipt = (partialAmount: unknown, grandTotal: unknown = 0) =>
    ({ isBatchDocument: true, partialPaymentMethod: 11, creditType: 3, grandTotal, items: [line(partialAmount)] });

  test.each<[unknown, string]>([
    [0.004, formatMessage(MESSAGES.partialAmountRoundsToZero, { given: "0.004" })],
    [1e-300, formatMessage(MESSAGES.partialAmountRoundsToZero, { given: "1e-300" })],
    [0, MESSAGES.partialAmountPositive],
    ["1e400", `partialAmount ${OUT_OF_RANGE}`],
  ])("partialAmount %p", (amount, message) => {
    expect(errors(checkPartialReceipt(receipt(amount), "create"))).toContainEqual(["items.0.partialAmount", message]);
  });
  test("partialAmount 0.005 is kept as 0.01", () => {
    expect(errors(checkPartialReceipt(receipt(0.005, 0.01), "create"))).toEqual([]);
  });

  test.each([0, -5, 0.004, "0.001"])("collected %p", (collected) => {
    const payment = { paymentMethod: 1, paymentDate: "2026-03-01", collected };
    expect(errors(checkPayment(payment, "sell"))).toEqual([["collected", MESSAGES.collectedPositive]]);
  });
  test("collected 0.005 is kept as 0.01", () => {
    expect(errors(checkPayment({ paymentMethod: 1, paymentDate: "2026-03-01", collected: 0.005 }, "sell"))).toEqual([]);
  });

  test("a vatAmount of 0.004 is no VAT: isVat true refuses it", () => {
    const found = errors(checkDocument(doc({ vatAmount: 0.004, isManualVat: true, grandTotal: 1000 }), create));
    expect(found).toContainEqual(["isVat", MESSAGES.vatCombination]);
  });
});

describe("text: characters the store can keep, within each field's limit", () => {
  test.each([
    ["a NUL", "Acme\u0000"], ["a lone high surrogate", "Acme\ud800"], ["a lone low surrogate", "\udc00Acme"],
    ["surrogates in the wrong order", "\udc00\ud800"], ["a control character (U+0001)", "Acme\u0001"], ["an escape", "\u001b[31mAcme"],
    ["a delete", "Acme\u007f"],
  ])("%s is refused", (_what, text) => {
    expect(errors(checkDocument(doc({ remarks: text }), create))).toEqual([["remarks", `remarks ${UNSTORABLE_TEXT}`]]);
    expect(errors(checkDocument(doc({}, { name: text }), create))).toEqual([["items.0.name", `name ${UNSTORABLE_TEXT}`]]);
  });

  test("emoji (surrogate pairs), right-to-left marks, tabs, line breaks and Thai are kept", () => {
    expect(errors(checkDocument(doc({ remarks: "😀 \u202eRTL\u202c \u200f \t ใบเสนอราคา\r\nบรรทัดสอง" }), create))).toEqual([]);
  });

  test("limits: remarks 5,000, names 250, unitName 7, lines 500", () => {
    expect(LONG_TEXT_MAX).toBe(5_000);
    expect(errors(checkDocument(doc({ remarks: "x".repeat(LONG_TEXT_MAX) }), create))).toEqual([]);
    expect(errors(checkDocument(doc({ remarks: "x".repeat(LONG_TEXT_MAX + 1) }), create)))
      .toEqual([["remarks", "remarks must be at most 5000 characters"]]);
    expect(errors(checkDocument(doc({ contactName: "x".repeat(251) }), create)))
      .toEqual([["contactName", "contactName must be at most 250 characters"]]);
    expect(errors(checkDocument(doc({}, { unitName: "x".repeat(UNIT_NAME_MAX + 1) }), create)))
      .toEqual([["items.0.unitName", MESSAGES.unitNameTooLong]]);
    const lines = Array.from({ length: ITEMS_MAX + 1 }, () => ({ name: "A", quantity: 1, pricePerUnit: 1 }));
    const many = errors(checkDocument(doc({ isVat: false, vatAmount: 0, totalAfterDiscount: 501, grandTotal: 501, items: lines }), create));
    expect(many).toEqual([["items", "items must have at most 500 entries"]]);
  });

  test("a 5 MB name is refused with the limit, once", () => {
    const r = ContactSchema.safeParse({ contactName: "x".repeat(5_000_000), contactGroup: 1, contactType: 3 });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["contactName", "must be at most 250 characters"]]);
  });

  test("hosts without String.prototype.isWellFormed judge text the same by the pattern", () => {
    const text = fc.string({ unit: fc.oneof(fc.constantFrom("\u0000", "\ud800", "\udc00", "a", "ก"), fc.string({ unit: "binary", maxLength: 1 })), maxLength: 8 });
    fc.assert(fc.property(text, (t) => isStorableText(t) === !UNSTORABLE.test(t)), { numRuns: 2000 });
  });

  test("list query texts: searchString with NUL or over 250 characters", () => {
    expect(errors(checkListQuery({ searchString: "\u0000" }))).toEqual([["searchString", `searchString ${UNSTORABLE_TEXT}`]]);
    expect(errors(checkListQuery({ searchString: "x".repeat(251) }))).toEqual([["searchString", "searchString must be at most 250 characters"]]);
    expect(errors(checkListQuery({ searchString: "100%_\\" }))).toEqual([]);
  });

  test("attachment file names, multipart ones included", () => {
    const facts = (fileName: string) => [{ fileName, sizeBytes: 10, detectedExtension: "pdf" }];
    expect(errors(checkAttachments(facts("a\u0000.pdf")))).toEqual([["0.fileName", `fileName ${UNSTORABLE_TEXT}`]]);
    expect(errors(checkAttachments(facts("x".repeat(300) + ".pdf")))).toEqual([["0.fileName", "fileName must be at most 250 characters"]]);
    expect(errors(checkAttachments(facts("scan.pdf")))).toEqual([]);
  });
});

describe("jsonLimitFindings: any body, unknown fields included", () => {
  const nested = (depth: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };
  test(`nesting up to ${JSON_DEPTH_MAX} levels passes, deeper is refused without recursion`, () => {
    expect(jsonLimitFindings({ x: nested(JSON_DEPTH_MAX - 1) })).toEqual([]);
    expect(errors(jsonLimitFindings({ x: nested(JSON_DEPTH_MAX) }))).toEqual([["", TOO_DEEP]]);
    expect(errors(jsonLimitFindings(JSON.parse("[".repeat(100_000) + "]".repeat(100_000))))).toEqual([["", TOO_DEEP]]);
  });
  test("unstorable text in unknown fields and keys, named by path", () => {
    expect(errors(jsonLimitFindings({ items: [{ note: ["ok", "\u0000"] }] }))).toEqual([["items.0.note.1", `note 2 ${UNSTORABLE_TEXT}`]]);
    expect(errors(jsonLimitFindings({ items: ["\ud800"] }))).toEqual([["items.0", `Line 1 ${UNSTORABLE_TEXT}`]]);
    expect(errors(jsonLimitFindings({ extra: { "a\u0000": 1 } }))).toEqual([["extra", `A field name ${UNSTORABLE_TEXT}`]]);
    expect(errors(jsonLimitFindings("\ud800"))).toEqual([["", `The request body ${UNSTORABLE_TEXT}`]]);
    expect(jsonLimitFindings({ a: "😀", b: [1, true, null, { c: "ok" }] })).toEqual([]);
  });
  test("a body full of bad text gives a bounded answer", () => {
    expect(jsonLimitFindings(Array.from({ length: 10_000 }, () => "\u0000")).length).toBe(20);
  });
});
