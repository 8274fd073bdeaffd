// Contact rules of a document body: contactId below 0, and contactId or contactName.
import { finding, type Finding } from "../findings";
import { ruleMsg } from "../messages";
import { parseDecimal } from "../money";
import { absent, type Obj } from "./read";

/** "ContactId cannot be less than 0" (also used by partial receipts). */
export function contactIdFindings(body: Obj): Finding[] {
  const id = parseDecimal(body.contactId);
  return id !== null && id.isNegative() && !id.isZero() ? [finding("contactId", ruleMsg("contactIdNegative"))] : [];
}

export function contactFindings(body: Obj): Finding[] {
  const out = contactIdFindings(body);
  if (absent(body.contactId) && absent(body.contactName)) out.push(finding("contactName", ruleMsg("contactRequired")));
  return out;
}
