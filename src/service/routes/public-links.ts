// Links the service hands out that open without a token: share pages and attachment downloads.
// They carry the service's own origin (as the caller reached it) and a random key that cannot be
// guessed; the key is checked for its shape before any lookup.
import type { Ctx } from "../http/context";

/** The origin the caller used to reach the service, e.g. http://127.0.0.1:8787. */
export const serviceOrigin = (c: Ctx): string => new URL(c.req.url).origin;

export const SHARE_PREFIX = "/share";
export const FILES_PREFIX = "/attachments";

export const shareUrl = (origin: string, token: string): string => `${origin}${SHARE_PREFIX}/${token}`;

export const attachmentUrl = (origin: string, accessKey: string, name: string): string =>
  `${origin}${FILES_PREFIX}/${accessKey}/${encodeURIComponent(name)}`;

/** The shape of an attachment access key (24 random bytes as base64url). */
export const isAccessKey = (text: string): boolean => /^[A-Za-z0-9_-]{32}$/.test(text);
