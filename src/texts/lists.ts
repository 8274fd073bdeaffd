// The lists of codes some texts name ("one of 1, 1.5, 2, 3, 5, 10, 15"), written as the texts say
// them, from the rules' own lists so a text never names a code the rules do not take.
import { ATTACHMENT_EXTENSIONS, PAYMENT_METHOD_CODES, WITHHOLDING_RATES } from "../rules/codes";
import { FIELD_PHRASES } from "../rules/messages";

export { JSON_DEPTH_MAX } from "../rules/limits";
export const RATES = WITHHOLDING_RATES.join(", ");
/** The rates above 0 (a rate a withholding column can hold). */
export const POSITIVE_RATES = WITHHOLDING_RATES.filter((r) => r > 0).join(", ");
export const TYPES = ATTACHMENT_EXTENSIONS.map((e) => "." + e).join(", ");
export const METHODS = PAYMENT_METHOD_CODES.join(", ");
/** The schemas' phrase for a number out of range, its limits as placeholders, so one phrase covers
 * every limit ("below 1,000,000,000,000" → "below {max}"). */
export const OUT_OF_RANGE = FIELD_PHRASES.outOfRange.replace(/-?[\d,]{5,}/g, (m) => (m.startsWith("-") ? "-{max}" : "{max}"));
export const UNSTORABLE = FIELD_PHRASES.unstorable;
