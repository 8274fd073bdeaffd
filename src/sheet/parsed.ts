// What reading a cell gives: a value of its field's kind, or the message for that cell. Apart from
// values.ts so the readers it calls (tax-id.ts) name it without a circle.
import { beside, type Message } from "../rules/message";

export type Parsed = string | number | boolean;
/** `note`: the value was repaired (a leading zero Excel dropped); said at the cell as a warning. */
export type ParseResult =
  | { ok: true; value: Parsed; note?: string; readonly noteMsg?: Message }
  | { ok: false; message: string; readonly msg: Message };

/** A cell that does not read: its message at the cell. */
export const parseFailed = (msg: Message): ParseResult => beside({ ok: false as const, message: msg.text }, "msg", msg);

/** A value read after a repair, with the note that says so. */
export const parseNoted = (value: Parsed, msg: Message): ParseResult => beside({ ok: true as const, value, note: msg.text }, "noteMsg", msg);
