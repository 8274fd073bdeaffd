// Property tests: nothing a caller sends makes the rules throw, and the totals keep their shape.
import fc from "fast-check";
import {
  FAMILIES, checkAttachments, checkDocument, checkListQuery, checkPartialReceipt, checkPayment, computeTotals, parseDecimal,
  type Finding,
} from "../../src/rules";

const wellFormed = (fs: Finding[]) =>
  Array.isArray(fs) && fs.every((f) => typeof f.path === "string" && typeof f.message === "string" && f.message.length > 0);

const money = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((c) => c / 100);
const line = fc.record({
  quantity: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 10_000)),
  pricePerUnit: fc.integer({ min: 0, max: 100_000_000 }).map((n) => n / 10_000),
  discountAmount: fc.integer({ min: 0, max: 1000 }).map((n) => n / 100),
  vatRate: fc.constantFrom(7, 0, -1),
});
const doc = fc.record({
  isVat: fc.boolean(),
  isVatInclusive: fc.boolean(),
  isManualVat: fc.boolean(),
  vatAmount: money,
  discountPercentage: fc.constantFrom(0, 5, 12.5),
  discountAmount: money,
  documentWithholdingTaxPercentage: fc.constantFrom(0, 0.75, 3, 15),
  items: fc.array(line, { minLength: 0, maxLength: 8 }),
});
// JSON with the field names of the spec, so the rules are reached rather than rejected early.
const keys = fc.constantFrom("items", "quantity", "pricePerUnit", "total", "vatAmount", "isVat", "isVatInclusive", "contactId",
  "contactName", "grandTotal", "paymentMethod", "bankAccountId", "documentId", "partialAmount", "withHeldPerItem",
  "withHeldPerItemValue", "documentReference", "expenseCategoryView", "isBatchDocument", "documentWithholdingTaxPercentage");
const fieldyJson = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.jsonValue(), tie("object"), fc.array(tie("object"), { maxLength: 3 })),
  object: fc.dictionary(fc.oneof(keys, fc.string()), tie("value"), { maxKeys: 8 }),
})).value;
const anything = fc.oneof(fc.anything(), fc.jsonValue(), fieldyJson);

describe("no input throws", () => {
  test("checkDocument", () => {
    fc.assert(fc.property(anything, fc.constantFrom(...FAMILIES), fc.constantFrom("simple", "inline"),
      fc.constantFrom("create", "update", "upgrade"), fc.boolean(), (body, family, structure, operation, withPayment) => {
        expect(wellFormed(checkDocument(body, {
          family, structure: structure as "simple", operation: operation as "create", withPayment, arithmetic: true,
        }))).toBe(true);
      }), { numRuns: 1500 });
  });
  test("checkPayment, checkPartialReceipt, checkListQuery, checkAttachments, computeTotals, parseDecimal", () => {
    fc.assert(fc.property(anything, (body) => {
      expect(wellFormed(checkPayment(body, "sell"))).toBe(true);
      expect(wellFormed(checkPayment(body, "buy"))).toBe(true);
      expect(wellFormed(checkPartialReceipt(body, "create"))).toBe(true);
      expect(wellFormed(checkPartialReceipt(body, "update"))).toBe(true);
      expect(wellFormed(checkListQuery(body as never))).toBe(true);
      expect(wellFormed(checkAttachments(body as never))).toBe(true);
      expect(wellFormed(checkAttachments([body] as never))).toBe(true);
      computeTotals(body as never, { structure: "inline" });
      parseDecimal(body);
    }), { numRuns: 1500 });
  });
  test("arbitrary text never throws in parseDecimal and round-trips plain numbers", () => {
    fc.assert(fc.property(fc.string(), (s) => { parseDecimal(s); }));
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
      // 1e30 and beyond is no amount anyone means (money.ts): unreadable.
      if (Math.abs(n) >= 1e30) expect(parseDecimal(n)).toBeNull();
      else expect(parseDecimal(n)!.toNumber()).toBe(n === 0 ? 0 : n);
    }));
  });
});

describe("totals", () => {
  const TWO_DP = ["subTotal", "discountAmount", "totalAfterDiscount", "exemptAmount", "vatableAmount", "vatAmount", "grandTotal", "documentWithholdingTaxAmount"] as const;
  test("2 dp fields have at most 2 decimals, and the sums hold", () => {
    fc.assert(fc.property(doc, fc.constantFrom("simple", "inline"), (d, structure) => {
      const t = computeTotals(d, { structure: structure as "simple" });
      for (const field of TWO_DP) expect(t[field].decimalPlaces()).toBeLessThanOrEqual(2);
      for (const l of t.lines) expect(l.total.decimalPlaces()).toBeLessThanOrEqual(2);
      expect(t.totalAfterDiscount.equals(t.subTotal.minus(t.discountAmount))).toBe(true);
      expect(t.exemptAmount.plus(t.vatableAmount).equals(t.totalAfterDiscount)).toBe(true);
      if (d.isVatInclusive) expect(t.grandTotal.equals(t.totalAfterDiscount)).toBe(true);
      else expect(t.grandTotal.equals(t.totalAfterDiscount.plus(t.vatAmount))).toBe(true);
      if (structure === "inline") {
        const exempt = t.lines.filter((l) => l.vatRate !== 7).reduce((s, l) => s.plus(l.total), t.exemptAmount.minus(t.exemptAmount));
        expect(exempt.equals(t.exemptAmount)).toBe(true);
      }
    }), { numRuns: 500 });
  });
  test("VAT from the formula is within half a cent of the exact figure", () => {
    fc.assert(fc.property(doc, (d) => {
      const t = computeTotals({ ...d, isManualVat: false, isVat: true }, { structure: "simple" });
      const exact = d.isVatInclusive ? t.vatableAmount.times(7).dividedBy(107) : t.vatableAmount.times(7).dividedBy(100);
      expect(t.vatAmount.minus(exact).abs().lessThanOrEqualTo(0.005)).toBe(true);
    }), { numRuns: 500 });
  });
  test("a document carrying its own computed totals passes the arithmetic check", () => {
    fc.assert(fc.property(doc, fc.constantFrom("simple", "inline"), (d, structure) => {
      const t = computeTotals(d, { structure: structure as "simple" });
      const body = {
        ...d, contactName: "A", publishedOn: "2026-01-01",
        subTotal: t.subTotal.toNumber(), discountAmount: t.discountAmount.toNumber(), totalAfterDiscount: t.totalAfterDiscount.toNumber(),
        exemptAmount: t.exemptAmount.toNumber(), vatableAmount: t.vatableAmount.toNumber(), vatAmount: t.vatAmount.toNumber(),
        grandTotal: t.grandTotal.toNumber(),
        items: d.items.map((l, i) => ({ ...l, name: "x", total: t.lines[i].total.toNumber() })),
      };
      const arithmetic = checkDocument(body, { family: "quotations", structure: structure as "simple", operation: "create", arithmetic: true })
        .filter((f) => / is .* but /.test(f.message));
      expect(arithmetic).toEqual([]);
    }), { numRuns: 300 });
  });
});
