// A finding: one thing wrong with a body, tied to the path of its field so the sheet layer can
// point at the cell (items.2.pricePerUnit → the row of line 3, the pricePerUnit column).
import { beside, type Message } from "./message";

export interface Finding {
  /** Dotted path of the field: "vatAmount", "items.2.pricePerUnit", "" for the whole body. */
  path: string;
  /** The spec's exact text where the spec gives one: the English of `msg`, what the service answers. */
  message: string;
  /** "error" blocks the service from accepting the body; "warning" only informs (add-in checks). */
  severity: "error" | "warning";
  /** The message by key, rendered in the reader's language where it is shown (sheet/i18n/render.ts).
   * Not enumerable: a finding's wire form and comparisons stay {path, message, severity}. */
  readonly msg: Message;
}

export function finding(path: string, msg: Message, severity: Finding["severity"] = "error"): Finding {
  return beside({ path, message: msg.text, severity }, "msg", msg);
}
