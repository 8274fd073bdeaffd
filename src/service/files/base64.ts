// Strict base64 decoding. Buffer.from(text, "base64") silently skips characters it does not know,
// so a damaged upload would be stored as garbage; we check the alphabet first and size the result
// before decoding, so an oversized upload is refused without allocating its bytes.

export type Base64Decoded =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: "empty" | "invalid" | "too-large"; size?: number };

const DATA_URL_PREFIX = /^data:[^,;]*(;[^,;]*)*;base64,/i;
const WHITESPACE = /\s/;
const WHITESPACE_ALL = /\s+/g;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strips an optional `data:...;base64,` prefix and any line breaks (MIME-style wrapping). */
function normalise(text: string): string {
  const bare = text.replace(DATA_URL_PREFIX, "");
  // Only copy the (possibly 14 MB) string when there is whitespace to remove.
  return WHITESPACE.test(bare) ? bare.replace(WHITESPACE_ALL, "") : bare;
}

/** Bytes the text decodes to, or -1 when its length cannot be base64. */
function decodedSize(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  if (padding > 0 && text.length % 4 !== 0) return -1;
  if (text.length % 4 === 1) return -1;
  return Math.floor((text.length * 3) / 4) - padding;
}

/** The number of bytes a base64 text would decode to (before checking it), or -1 if malformed. */
export function base64DecodedSize(text: string): number {
  return decodedSize(normalise(text));
}

/** Decodes standard base64 (padding optional, line breaks and a data URL prefix allowed). */
export function decodeBase64(text: string, maxBytes = Number.POSITIVE_INFINITY): Base64Decoded {
  const clean = normalise(text);
  if (clean.length === 0) return { ok: false, reason: "empty" };
  const size = decodedSize(clean);
  if (size < 0 || !BASE64.test(clean)) return { ok: false, reason: "invalid" };
  if (size === 0) return { ok: false, reason: "empty" };
  if (size > maxBytes) return { ok: false, reason: "too-large", size };
  return { ok: true, bytes: Buffer.from(clean, "base64") };
}
