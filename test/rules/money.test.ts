import DecimalJs from "decimal.js";
import {
  Decimal, PRECISION, formatMoney, parseDecimal, placesOf, roundField, roundHalfUp, toWireNumber,
} from "../../src/rules";

describe("parseDecimal", () => {
  test.each<[unknown, string | null]>([
    [0.1, "0.1"],
    [1234.5, "1234.5"],
    [-0, "0"],
    [1e21, "1000000000000000000000"],
    ["0.1", "0.1"],
    ["1,234.50", "1234.5"],
    ["1,234,567.891", "1234567.891"],
    ["  42  ", "42"],
    ["1 234.50", "1234.5"], // spaces as separators are removed
    ["1\u00a0234", "1234"], // non-breaking space from a spreadsheet
    ["+3", "3"],
    ["-3.25", "-3.25"],
    ["(1,234.50)", "-1234.5"],
    ["฿1,234.50", "1234.5"],
    ["1,234.50฿", "1234.5"],
    ["THB 1,234.50", "1234.5"],
    ["1,234.50 THB", "1234.5"],
    ["thb5", "5"],
    ["-฿5", "-5"],
    ["฿-5", "-5"],
    ["(฿5)", "-5"],
    [".5", "0.5"],
    ["5.", "5"],
    ["1e3", "1000"],
  ])("reads %p as %p", (input, expected) => {
    const d = parseDecimal(input);
    expect(d === null ? null : d.toString()).toBe(expected);
  });

  test.each<unknown>([
    "", "   ", "abc", "1,2,3", "12,34", "1,2345", "1.2.3", "--5", "+-5", "(-5)", "(5", "5)", "$5", "5%", "0x10",
    "Infinity", "NaN", NaN, Infinity, -Infinity, null, undefined, true, false, {}, [], [1], () => 1, Symbol("x"),
    "1".repeat(200),
  ])("gives null for %p", (input) => {
    expect(parseDecimal(input)).toBeNull();
  });

  test("keeps decimal precision where floating point would not", () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004
    expect(parseDecimal(0.1)!.plus(parseDecimal(0.2)!).toString()).toBe("0.3");
    expect(parseDecimal("12345678901234567890.1234")!.toString()).toBe("12345678901234567890.1234");
  });

  test("reads decimal.js values of any clone", () => {
    expect(parseDecimal(new DecimalJs("1.5"))!.toString()).toBe("1.5");
    expect(parseDecimal(new DecimalJs(NaN))).toBeNull();
  });
});

describe("rounding", () => {
  test.each<[string, number, string]>([
    ["2.345", 2, "2.35"],
    ["2.344", 2, "2.34"],
    ["2.5", 0, "3"],
    ["3.5", 0, "4"],
    ["-2.5", 0, "-3"], // half away from zero
    ["1.005", 2, "1.01"],
    ["0.105", 2, "0.11"], // banker's rounding would give 0.10
    ["1.00005", 4, "1.0001"],
    ["1.23", 4, "1.23"],
  ])("roundHalfUp(%s, %d) = %s", (value, places, expected) => {
    expect(roundHalfUp(value, places).toString()).toBe(expected);
  });

  test("the private clone does not follow the global decimal.js config", () => {
    const before = DecimalJs.rounding;
    DecimalJs.set({ rounding: DecimalJs.ROUND_HALF_EVEN });
    try {
      expect(roundHalfUp("0.125", 2).toString()).toBe("0.13");
      expect(new Decimal("0.125").toDecimalPlaces(2).toString()).toBe("0.13");
    } finally {
      DecimalJs.set({ rounding: before });
    }
  });
});

describe("precision table (spec, Calculation rules 3)", () => {
  test.each([
    "subTotal", "discountAmount", "totalAfterDiscount", "grandTotal", "documentWithholdingTaxAmount", "vatAmount",
    "exemptAmount", "vatableAmount", "total", "collected", "withheldAmount", "paymentDeductionAmount", "remainingCollected",
  ])("%s has 2 decimals", (field) => {
    expect(PRECISION[field]).toBe(2);
    expect(roundField(field, "1.005").toString()).toBe("1.01");
  });

  test.each(["discountPercentage", "pricePerUnit", "quantity", "withheldPercentage", "paymentCharge"])(
    "%s has 4 decimals",
    (field) => {
      expect(PRECISION[field]).toBe(4);
      expect(roundField(field, "1.00005").toString()).toBe("1.0001");
    },
  );

  test("line paths use the field name; unknown fields take 2 decimals", () => {
    expect(placesOf("items.3.pricePerUnit")).toBe(4);
    expect(placesOf("items.3.total")).toBe(2);
    expect(roundField("somethingElse", "9.999")).toEqual(new Decimal("10"));
    expect(placesOf("toString")).toBe(2); // not fooled by Object.prototype
  });
});

describe("wire numbers and formatting", () => {
  test("toWireNumber gives the exact JSON number", () => {
    expect(toWireNumber(new Decimal("0.1").plus("0.2"))).toBe(0.3);
    expect(toWireNumber(new Decimal("1070.00"))).toBe(1070);
    expect(toWireNumber(new Decimal("-12.3456"))).toBe(-12.3456);
  });
  test.each<[string, string]>([
    ["1070", "1,070.00"],
    ["1234567.891", "1,234,567.89"],
    ["-1234.5", "-1,234.50"],
    ["0.005", "0.01"],
    ["999", "999.00"],
  ])("formatMoney(%s) = %s", (value, expected) => {
    expect(formatMoney(new Decimal(value))).toBe(expected);
  });
});
