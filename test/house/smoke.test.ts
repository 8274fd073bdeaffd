import Decimal from "decimal.js";
test("decimal adds without float error", () => { expect(new Decimal("0.1").plus("0.2").toString()).toBe("0.3"); });
