// Numbers typed as text ("1,234.50", " 7 ") read exactly, without floating point.
import Decimal from "decimal.js";

const GROUPED = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const PLAIN = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** The decimal a text holds, or undefined. Commas are accepted only as thousands separators. */
export function readDecimal(text: string): Decimal | undefined {
  const t = text.trim().replace(/^฿\s*/, "");
  if (GROUPED.test(t)) return new Decimal(t.replace(/,/g, ""));
  if (PLAIN.test(t)) return new Decimal(t);
  return undefined;
}
