// Findings in the words of the document's side: on purchase orders, purchases and expenses the
// contact is the supplier. The rules' checks are the service's too and name no side; here the
// message that says "customer" becomes the supplier's, and every message carries its family so a
// field is named by the label that side's sheets head it with (fields.ts fieldLabel). Pure.
import { isMessageList, type Message, type Param } from "../rules/message";
import { FAMILY_INFO, type Family } from "../rules/codes";
import { sheetMsg } from "./messages";
import type { CellFinding } from "./findings";

/** The rules' messages whose buying-side wording is the sheet's own. */
const BUYING: Readonly<Record<string, () => Message>> = {
  "rules.contactRequired": () => sheetMsg("supplierRequired"),
};

/** `f` in `family`'s words (the same finding on the selling side). */
export function onSide(f: CellFinding, family: Family): CellFinding {
  if (FAMILY_INFO[family].side === "sell") return f;
  const msg = buying(f.msg, family);
  return { ...f, msg, message: msg.text };
}

function buying(msg: Message, family: Family): Message {
  const own = BUYING[msg.key];
  const m = own ? { ...own(), ...(msg.bare ? { bare: true as const } : {}) } : msg;
  const params: Record<string, Param> = {};
  for (const [k, v] of Object.entries(m.params)) params[k] = inner(v, family);
  if (params.family === undefined) params.family = family;
  return { ...m, params };
}

function inner(v: Param, family: Family): Param {
  if (typeof v === "string" || typeof v === "number") return v;
  return isMessageList(v) ? v.map((m) => buying(m, family)) : buying(v, family);
}
