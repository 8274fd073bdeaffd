import { computeTotals, type ComputedTotals } from "../../src/rules";

type Expected = Partial<Record<Exclude<keyof ComputedTotals, "lines" | "vatComputed">, string>> & { lines?: string[] };

function expectTotals(t: ComputedTotals, expected: Expected) {
  const { lines, ...fields } = expected;
  for (const [key, value] of Object.entries(fields)) {
    expect([key, t[key as keyof Expected & keyof ComputedTotals]!.toString()]).toEqual([key, value]);
  }
  if (lines) expect(t.lines.map((l) => l.total.toFixed(2))).toEqual(lines);
}

describe("calculation rule 1: simple, isManualVat true, isVatInclusive true", () => {
  test("subTotal = Σ qty × price; totalAfterDiscount = subTotal − discount; VAT from the request; grandTotal = totalAfterDiscount", () => {
    // lines: 2 × 500 = 1000, 1 × 70 = 70 → subTotal 1070; − discount 70 → 1000;
    // vatAmount 65.42 as sent; grandTotal = totalAfterDiscount = 1000.
    const t = computeTotals({
      isManualVat: true, isVatInclusive: true, isVat: true, discountAmount: 70, vatAmount: 65.42,
      items: [{ quantity: 2, pricePerUnit: 500 }, { quantity: 1, pricePerUnit: 70 }],
    });
    expectTotals(t, { subTotal: "1070", discountAmount: "70", totalAfterDiscount: "1000", vatAmount: "65.42", grandTotal: "1000", lines: ["1000.00", "70.00"] });
    expect(t.vatComputed).toBe(false);
  });

  test("manual VAT is rounded to 2 dp half-up", () => {
    const t = computeTotals({ isManualVat: true, isVatInclusive: true, isVat: true, vatAmount: "6.545", items: [{ quantity: 1, pricePerUnit: 100 }] });
    expectTotals(t, { vatAmount: "6.55", grandTotal: "100" });
  });
});

describe("calculation rule 2: inline, isManualVat true, isVatInclusive false", () => {
  test("line totals, line discounts, exempt and vatable amounts, grandTotal = exempt + vatable + VAT", () => {
    // line 1: 2 × 100 − 20 = 180 (vat 7); line 2: 1 × 50 − 0 = 50 (zero rate);
    // line 3: 3 × 10 − 5 = 25 (exempt). subTotal = 200 + 50 + 30 = 280; discount = 20 + 5 = 25;
    // totalAfterDiscount = 255; exempt = 50 + 25 = 75; vatable = 255 − 75 = 180; VAT 12.60 as sent;
    // grandTotal = 75 + 180 + 12.60 = 267.60.
    const t = computeTotals(
      {
        isManualVat: true, isVatInclusive: false, vatAmount: 12.6,
        items: [
          { quantity: 2, pricePerUnit: 100, discountAmount: 20, vatRate: 7 },
          { quantity: 1, pricePerUnit: 50, vatRate: 0 },
          { quantity: 3, pricePerUnit: 10, discountAmount: 5, vatRate: -1 },
        ],
      },
      { structure: "inline" },
    );
    expectTotals(t, {
      subTotal: "280", discountAmount: "25", totalAfterDiscount: "255", exemptAmount: "75", vatableAmount: "180",
      vatAmount: "12.6", grandTotal: "267.6", lines: ["180.00", "50.00", "25.00"],
    });
  });
});

describe("VAT from the formula (isManualVat not true)", () => {
  test.each<[string, Record<string, unknown>, "simple" | "inline", Expected]>([
    [
      // 3 × 33.3333 = 99.9999 → subTotal 100.00; VAT 7% = 7.00; grandTotal 107.00
      "simple, VAT exclusive",
      { isVat: true, items: [{ quantity: 3, pricePerUnit: 33.3333 }] }, "simple",
      { subTotal: "100", totalAfterDiscount: "100", vatAmount: "7", grandTotal: "107", lines: ["100.00"] },
    ],
    [
      // prices include VAT: VAT = 1070 × 7 / 107 = 70.00; grandTotal = totalAfterDiscount = 1070
      "simple, VAT inclusive",
      { isVat: true, isVatInclusive: true, items: [{ quantity: 1, pricePerUnit: 1070 }] }, "simple",
      { vatAmount: "70", grandTotal: "1070", withholdingBase: "1000" },
    ],
    [
      // 100 × 7 / 107 = 6.5420… → 6.54
      "simple, VAT inclusive, rounding",
      { isVat: true, isVatInclusive: true, items: [{ quantity: 1, pricePerUnit: 100 }] }, "simple",
      { vatAmount: "6.54", grandTotal: "100" },
    ],
    [
      // 1.50 × 7% = 0.105 → half-up 0.11 (banker's rounding would say 0.10)
      "simple, half-up at the cent",
      { isVat: true, items: [{ quantity: 1, pricePerUnit: 1.5 }] }, "simple",
      { vatAmount: "0.11", grandTotal: "1.61" },
    ],
    [
      // 10% of 1234.56 = 123.456 → 123.46; 1111.10 × 7% = 77.777 → 77.78; grandTotal 1188.88
      "simple, discount percentage",
      { isVat: true, discountPercentage: 10, discountAmount: 999, items: [{ quantity: 1, pricePerUnit: 1234.56 }] }, "simple",
      { subTotal: "1234.56", discountAmount: "123.46", totalAfterDiscount: "1111.1", vatAmount: "77.78", grandTotal: "1188.88" },
    ],
    [
      // no VAT: VAT 0, grandTotal = totalAfterDiscount = 500 − 50 = 450; all of it is exempt
      "simple, no VAT",
      { isVat: false, discountAmount: 50, items: [{ quantity: 5, pricePerUnit: 100 }] }, "simple",
      { vatAmount: "0", grandTotal: "450", exemptAmount: "450", vatableAmount: "0" },
    ],
    [
      // 0.1 × 3 is 0.3 exactly (floating point gives 0.30000000000000004)
      "simple, decimal not floating point",
      { items: [{ quantity: 3, pricePerUnit: 0.1 }] }, "simple",
      { subTotal: "0.3", grandTotal: "0.3" },
    ],
    [
      // quantity 1.00005 → 1.0001 (4 dp half-up) × 100 = 100.01
      "inputs rounded to their precision first",
      { items: [{ quantity: 1.00005, pricePerUnit: 100 }] }, "simple",
      { subTotal: "100.01" },
    ],
    [
      // three lines of 1 × 0.3335: each line total 0.3335 → 0.33; subTotal rounds the exact sum
      // once: 1.0005 → 1.00 (not 0.33 + 0.33 + 0.33 = 0.99)
      "subTotal is the rounded sum of exact products",
      { items: [{ quantity: 1, pricePerUnit: 0.3335 }, { quantity: 1, pricePerUnit: 0.3335 }, { quantity: 1, pricePerUnit: 0.3335 }] }, "simple",
      { subTotal: "1", lines: ["0.33", "0.33", "0.33"] },
    ],
    [
      // line 1: 10 × 99.99 = 999.90 at 7%; line 2: 100 exempt. subTotal 1099.90, exempt 100,
      // vatable 999.90, VAT 69.993 → 69.99, grandTotal 100 + 999.90 + 69.99 = 1169.89
      "inline, VAT exclusive, exempt line",
      { items: [{ quantity: 10, pricePerUnit: 99.99, vatRate: 7 }, { quantity: 1, pricePerUnit: 100, vatRate: -1 }] }, "inline",
      { subTotal: "1099.9", exemptAmount: "100", vatableAmount: "999.9", vatAmount: "69.99", grandTotal: "1169.89" },
    ],
    [
      // inclusive: vatable 107 holds VAT 7.00; zero-rated 20; grandTotal = 20 + 107 = 127
      "inline, VAT inclusive",
      { isVatInclusive: true, items: [{ quantity: 1, pricePerUnit: 107 }, { quantity: 1, pricePerUnit: 20, vatRate: 0 }] }, "inline",
      { exemptAmount: "20", vatableAmount: "107", vatAmount: "7", grandTotal: "127" },
    ],
    [
      // vatRate absent counts as 7: 200 − 10 = 190 → VAT 13.30, grandTotal 203.30
      "inline, vatRate absent is standard rate",
      { items: [{ quantity: 2, pricePerUnit: 100, discountAmount: 10 }] }, "inline",
      { discountAmount: "10", totalAfterDiscount: "190", vatAmount: "13.3", grandTotal: "203.3", lines: ["190.00"] },
    ],
    [
      // isVat false on an inline document: no VAT at all
      "inline, isVat false",
      { isVat: false, items: [{ quantity: 1, pricePerUnit: 100, vatRate: 7 }] }, "inline",
      { vatAmount: "0", grandTotal: "100" },
    ],
  ])("%s", (_name, doc, structure, expected) => {
    const t = computeTotals(doc, { structure });
    expectTotals(t, expected);
    expect(t.vatComputed).toBe(true);
  });
});

describe("withholding tax (document level, on the pre-VAT amount)", () => {
  test.each<[string, Record<string, unknown>, string]>([
    // 1000 + 7% VAT; 3% of 1000 = 30.00
    ["VAT exclusive", { isVat: true, documentWithholdingTaxPercentage: 3, items: [{ quantity: 1, pricePerUnit: 1000 }] }, "30"],
    // 1070 including VAT 70: base 1000, 3% = 30.00
    ["VAT inclusive", { isVat: true, isVatInclusive: true, documentWithholdingTaxPercentage: 3, items: [{ quantity: 1, pricePerUnit: 1070 }] }, "30"],
    // 333.33 × 1.5% = 4.99995 → 5.00
    ["rounding", { documentWithholdingTaxPercentage: 1.5, items: [{ quantity: 1, pricePerUnit: 333.33 }] }, "5"],
    ["no percentage", { items: [{ quantity: 1, pricePerUnit: 1000 }] }, "0"],
  ])("%s", (_name, doc, expected) => {
    expect(computeTotals(doc).documentWithholdingTaxAmount.toString()).toBe(expected);
  });
});

describe("tolerant input", () => {
  test.each<unknown>([null, undefined, 5, "x", [], { items: "nope" }, { items: [null, 3, "a", { quantity: "abc" }] }])(
    "%p gives zero totals without throwing",
    (doc) => {
      const t = computeTotals(doc as never);
      expect(t.grandTotal.toString()).toBe("0");
    },
  );
  test("text numbers with separators are read", () => {
    expect(computeTotals({ items: [{ quantity: "1,000", pricePerUnit: "฿1.50" }] }).subTotal.toString()).toBe("1500");
  });
});
