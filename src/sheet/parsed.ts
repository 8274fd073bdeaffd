// What reading a cell gives: a value of its field's kind, or the message for that cell. Apart from
// values.ts so the readers it calls (tax-id.ts) name it without a circle.
export type Parsed = string | number | boolean;
/** `note`: the value was repaired (a leading zero Excel dropped); said at the cell as a warning. */
export type ParseResult = { ok: true; value: Parsed; note?: string } | { ok: false; message: string };
