// Warnings where a value has more decimals than the service keeps (it rounds them half-up).
import { finding, type Finding } from "../findings";
import { ruleMsg } from "../messages";
import { parseDecimal, placesOf, roundHalfUp } from "../money";
import { isObject, itemsOf, type Obj } from "./read";

// [field, decimal places the service keeps]
const withPlaces = (fields: string[]) => fields.map((f) => [f, placesOf(f)] as const);
const DOCUMENT_PRECISION_FIELDS = withPlaces([
  "subTotal", "discountPercentage", "discountAmount", "totalAfterDiscount", "vatAmount", "exemptAmount",
  "vatableAmount", "grandTotal", "documentWithholdingTaxAmount", "collected", "withheldAmount", "withheldPercentage",
  "paymentDeductionAmount", "remainingCollected", "paymentCharge",
]);
const LINE_PRECISION_FIELDS = withPlaces(["quantity", "pricePerUnit", "total", "discountAmount", "partialAmount", "withHeldPerItemValue"]);

/** True when a JSON number surely has at most `places` decimals: its shortest form shows them. */
function numberWithin(v: number, places: number): boolean {
  if (Number.isInteger(v)) return true;
  const text = String(v);
  if (text.includes("e")) return false; // let the Decimal tell
  return text.length - text.indexOf(".") - 1 <= places;
}

/** A warning at `prefix + field` when the value has more decimals than `places`; the path is built only then. */
function check(out: Finding[], prefix: string, field: string, places: number, v: unknown): void {
  if (typeof v === "number" ? numberWithin(v, places) : typeof v !== "string") return;
  const d = parseDecimal(v);
  if (d === null || d.decimalPlaces() <= places) return;
  out.push(finding(prefix + field, ruleMsg("precisionRounded", {
    field, places, rounded: roundHalfUp(d, places).toFixed(places),
  }), "warning"));
}

export function precisionWarnings(body: Obj): Finding[] {
  const out: Finding[] = [];
  for (const [field, places] of DOCUMENT_PRECISION_FIELDS) check(out, "", field, places, body[field]);
  const items = itemsOf(body);
  for (let i = 0; i < items.length; i++) {
    const raw = items[i];
    if (isObject(raw)) for (const [field, places] of LINE_PRECISION_FIELDS) check(out, `items.${i}.`, field, places, raw[field]);
  }
  return out;
}
