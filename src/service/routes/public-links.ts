// Links the service hands out that open without a token: share pages and attachment downloads.
// They start with the service's configured public URL (never the Host a caller sent: a forged Host
// would hand out links to someone else's server) and carry a random key that cannot be guessed; the
// key is checked for its shape before any lookup.
import type { Ctx } from "../http/context";

/** The public URL links start with, e.g. http://127.0.0.1:8787 (set per request by the app). */
export const serviceOrigin = (c: Ctx): string => c.get("publicUrl");

/**
 * A public URL as given (--public-url, DOCSHEET_PUBLIC_URL) checked and without its trailing slash;
 * it may carry a path when a proxy serves the service under one. Undefined when none is given.
 */
export function checkedPublicUrl(given: string | undefined): string | undefined {
  if (given === undefined || given.trim() === "") return undefined;
  let url: URL | undefined;
  try {
    url = new URL(given.trim());
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    // Not echoed: it may carry credentials.
    throw new Error("the public URL (--public-url, DOCSHEET_PUBLIC_URL) must be an http(s) URL such as https://docsheet.example.com, without credentials, query or fragment");
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** The listening address as a URL; a wildcard address (all interfaces) is reached at 127.0.0.1. */
export function listeningUrl(host: string, port: number): string {
  const reachable = host === "0.0.0.0" || host === "::" || host === "" ? "127.0.0.1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

export const SHARE_PREFIX = "/share";
export const FILES_PREFIX = "/attachments";

export const shareUrl = (origin: string, token: string): string => `${origin}${SHARE_PREFIX}/${token}`;

export const attachmentUrl = (origin: string, accessKey: string, name: string): string =>
  `${origin}${FILES_PREFIX}/${accessKey}/${encodeURIComponent(name)}`;

/** The shape of an attachment access key (24 random bytes as base64url). */
export const isAccessKey = (text: string): boolean => /^[A-Za-z0-9_-]{32}$/.test(text);
