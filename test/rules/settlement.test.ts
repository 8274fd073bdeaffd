// How a payment settles a document (rules/settlement.ts): the rate's amount on the amount before
// VAT, the collected amount that settles the rest, the amount form on VAT-per-line documents, and
// the findings when the parts do not settle.
import { MESSAGES, formatMessage } from "../../src/rules/messages";
import { dueOf, settlePayment, settlementFindings } from "../../src/rules/settlement";

const simple = dueOf({ grandTotal: 10700, vatAmount: 700, documentStructureType: "SimpleDocument" })!;
const inline = dueOf({ grandTotal: 1159.3, totalWithoutVat: 1090, documentStructureType: "InlineDocument", useInlineVat: true })!;

describe("settlement", () => {
  test("a rate withholds its % of the amount before VAT; a blank collected amount settles the rest", () => {
    expect(settlePayment({ withheldPercentage: 3 }, simple)).toEqual({ withheldPercentage: 3, withheldAmount: 300, collected: 10400 });
    expect(settlePayment({ withheldPercentage: 3, paymentDeductionAmount: 0.5, remainingCollected: 10 }, simple)).toMatchObject({ withheldAmount: 300, collected: 10389.5 });
    // An amount without a rate is sent as an amount (-1); nothing withheld leaves the grand total.
    expect(settlePayment({ withheldAmount: 250 }, simple)).toEqual({ withheldPercentage: -1, withheldAmount: 250, collected: 10450 });
    expect(settlePayment({}, simple)).toEqual({ collected: 10700 });
    // VAT per line: the service takes withholding only as an amount.
    expect(settlePayment({ withheldPercentage: 3 }, inline)).toEqual({ withheldPercentage: -1, withheldAmount: 32.7, collected: 1126.6 });
  });

  test("findings: parts that do not settle, an amount that is not its rate's, a -1 without an amount, a rate on VAT per line", () => {
    expect(settlementFindings({ collected: 10400, withheldPercentage: 3 }, simple)).toEqual([]);
    expect(settlementFindings({ collected: 10700, withheldPercentage: 3 }, simple)).toEqual([{
      path: "collected", severity: "error",
      message: formatMessage(MESSAGES.paymentNotSettled, { collected: "10,700.00", withheld: "300.00", deductions: "0.00", sum: "11,000.00", due: "10,700.00" }),
    }]);
    expect(settlementFindings({ collected: 10401, withheldPercentage: 3, withheldAmount: 299 }, simple).map((f) => f.message)).toEqual([
      formatMessage(MESSAGES.withheldAmountMismatch, { given: "299.00", rate: "3", base: "10,000.00", expected: "300.00" }),
    ]);
    expect(settlementFindings({ withheldPercentage: -1 }, simple).map((f) => f.path)).toEqual(["withheldAmount"]);
    expect(settlementFindings({ withheldPercentage: 3 }, inline).map((f) => f.message)).toEqual([MESSAGES.withheldPerLineVat]);
    expect(settlementFindings({ collected: 1126.6, withheldPercentage: -1, withheldAmount: 32.7 }, inline)).toEqual([]);
  });
});
