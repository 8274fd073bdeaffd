// The 50 ทวิ's fixed rows (pure): every income type DocSheet knows, and every incomeType the service
// takes, falls on the row of the form that names its section; the book of a serial numbered per month;
// the total in words, Thai and English.
import { Decimal } from "../../src/rules/money";
import { INCOME_TYPES } from "../../src/rules/certificate-forms";
import { bahtText, bahtTextEn } from "../../src/service/pdf/bahttext";
import { INCOME_ROWS, bookOfSerial, rowOfIncomeType } from "../../src/service/pdf/certificate-form";

const rowOf = (code: number): string => INCOME_ROWS[rowOfIncomeType(code)].th;

it("puts each income type on the form's row of its section", () => {
  expect(Object.fromEntries(INCOME_TYPES.map((t) => [t.id, rowOf(t.incomeType).split(" ")[0]]))).toEqual({
    salary: "1.", commission: "2.", royalties: "3.", interest: "4.", dividends: "(1.1)",
    rent: "5.", professional: "5.", hire: "5.", services: "5.", advertising: "5.", transport: "5.", insurance: "5.", prizes: "5.", other: "6.",
  });
  // The dividend cases of 40(4)(ข) by the service's codes, and a code the form has no row for on 6 (others).
  expect([11, 13, 15, 17, 19, 21, 23, 25].map((c) => rowOf(c).split(" ")[0])).toEqual(["(1.1)", "(1.2)", "(1.3)", "(2.1)", "(2.2)", "(2.3)", "(2.4)", "(2.5)"]);
  expect(rowOf(9)).toBe("6. อื่น ๆ (ระบุ)");
  // Each row names its section as printed.
  expect(rowOf(1)).toContain("มาตรา 40 (1)");
  expect(rowOf(3)).toContain("มาตรา 40 (2)");
  expect(rowOf(27)).toContain("มาตรา 3 เตรส");
});

it("takes the book (เล่มที่) from a serial numbered per month, none from another", () => {
  expect(bookOfSerial("WT2026110003")).toBe("WT202611");
  expect(bookOfSerial("50ทวิ-7")).toBe("");
});

it("writes the English certificate's total in words, as the Thai one is in Thai words", () => {
  const words = (v: string) => bahtTextEn(new Decimal(v));
  expect(words("5150.50")).toBe("Five thousand one hundred fifty baht and fifty satang");
  expect(words("485.03")).toBe("Four hundred eighty-five baht and three satang");
  expect(words("1000")).toBe("One thousand baht only");
  expect(words("0.50")).toBe("Fifty satang");
  expect(words("12345678.99")).toBe("Twelve million three hundred forty-five thousand six hundred seventy-eight baht and ninety-nine satang");
  expect(words("2000021")).toBe("Two million twenty-one baht only");
  expect(bahtText(new Decimal("5150.50"))).toBe("ห้าพันหนึ่งร้อยห้าสิบบาทห้าสิบสตางค์");
});
