// Warnings where a value has more decimals than the service keeps (it rounds them half-up).
import { finding, type Finding } from "../findings";
import { MESSAGES, formatMessage } from "../messages";
import { parseDecimal, placesOf, roundHalfUp } from "../money";
import { isObject, itemsOf, type Obj } from "./read";

const DOCUMENT_PRECISION_FIELDS = [
  "subTotal", "discountPercentage", "discountAmount", "totalAfterDiscount", "vatAmount", "exemptAmount",
  "vatableAmount", "grandTotal", "documentWithholdingTaxAmount", "collected", "withheldAmount", "withheldPercentage",
  "paymentDeductionAmount", "remainingCollected", "paymentCharge",
];
const LINE_PRECISION_FIELDS = ["quantity", "pricePerUnit", "total", "discountAmount", "partialAmount", "withHeldPerItemValue"];

export function precisionWarnings(body: Obj): Finding[] {
  const out: Finding[] = [];
  const check = (path: string, v: unknown) => {
    if (typeof v !== "number" && typeof v !== "string") return;
    // Fast path for JSON numbers: their shortest form shows the places (no exponent below 1e21).
    if (typeof v === "number") {
      const text = String(v);
      if (!text.includes("e")) {
        const dot = text.indexOf(".");
        if (dot < 0 || text.length - dot - 1 <= placesOf(path)) return;
      }
    }
    const d = parseDecimal(v);
    if (d === null) return;
    const places = placesOf(path);
    if (d.decimalPlaces() > places) {
      out.push(finding(path, formatMessage(MESSAGES.precisionRounded, {
        field: path.slice(path.lastIndexOf(".") + 1), places, rounded: roundHalfUp(d, places).toFixed(places),
      }), "warning"));
    }
  };
  for (const field of DOCUMENT_PRECISION_FIELDS) check(field, body[field]);
  itemsOf(body).forEach((raw, i) => {
    if (isObject(raw)) for (const field of LINE_PRECISION_FIELDS) check(`items.${i}.${field}`, raw[field]);
  });
  return out;
}
