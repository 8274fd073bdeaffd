// Findings in the words of the document's side: on purchase orders, purchases and expenses the
// contact is the supplier and the payment is paid. The rules' checks are the service's too and name
// no side; here a message that says "customer" or "collected" becomes the buying side's, and every message carries its family so a
// field is named by the label that side's sheets head it with (fields.ts fieldLabel). Pure.
import { formatMessage, isMessageList, type Message, type Param } from "../rules/message";
import { FAMILY_INFO, type Family } from "../rules/codes";
import { SHEET_MESSAGES, type SheetMessageKey } from "./messages";
import type { CellFinding } from "./findings";

/** The rules' messages whose buying-side wording is the sheet's own (same placeholders). */
const BUYING: Readonly<Record<string, SheetMessageKey>> = {
  "rules.contactRequired": "supplierRequired",
  "rules.collectedPositive": "paidPositive",
  "rules.paymentNotSettled": "paidNotSettled",
};

/** `f` in `family`'s words (the same finding on the selling side). */
export function onSide(f: CellFinding, family: Family): CellFinding {
  if (FAMILY_INFO[family].side === "sell") return f;
  const msg = buying(f.msg, family);
  return { ...f, msg, message: msg.text };
}

function buying(msg: Message, family: Family): Message {
  const own = BUYING[msg.key];
  const m: Message = own ? { ...msg, key: `sheet.${own}`, text: formatMessage(SHEET_MESSAGES[own], msg.params) } : msg;
  const params: Record<string, Param> = {};
  for (const [k, v] of Object.entries(m.params)) params[k] = inner(v, family);
  if (params.family === undefined) params.family = family;
  return { ...m, params };
}

function inner(v: Param, family: Family): Param {
  if (typeof v === "string" || typeof v === "number") return v;
  return isMessageList(v) ? v.map((m) => buying(m, family)) : buying(v, family);
}
