// The size of what an Office.js request carries (the port's reads and writes, the marks).
/** UTF-8 bytes of a text (what a request carries): Thai is 3 bytes a character, not 1. Counted by
 * hand: TextEncoder is missing in older Office webviews (IE11) and in jsdom. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00) {
      bytes += 4; // a surrogate pair: one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes of a value's JSON as sent. */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value));
}
