// Share links carry a token that cannot be guessed: 256 random bits, URL-safe. The core stores it
// with the document, so deleting the document revokes the link.
import { randomBytes } from "node:crypto";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh share token: 32 bytes from the system CSPRNG as base64url (43 characters). */
export function newShareToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether text has the shape of a share token (check before any lookup). */
export function isShareToken(text: unknown): text is string {
  return typeof text === "string" && TOKEN.test(text);
}
