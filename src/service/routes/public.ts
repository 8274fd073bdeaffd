// What opens without a token, outside the /v1 and /test roots: the page of a share link, its PDF,
// and attachment downloads. Keys are checked for their shape before any lookup; anything unknown,
// revoked (document deleted) or malformed is the same 404.
import type { Hono } from "hono";
import type { AppEnv, ServiceContext } from "../http/context";
import { notFound } from "../envelope";
import { isShareToken, renderSharePage } from "../share";
import { sharedDocument } from "../share/links";
import { attachmentBlobDir, attachmentByKey } from "../attachments/table-store";
import { documentPdf, pdfFileName, printableDocument } from "../exports/document-pdf";
import { FILES_PREFIX, isAccessKey, SHARE_PREFIX } from "./public-links";

const PRIVATE = {
  "cache-control": "private, no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-robots-tag": "noindex, nofollow",
};

const contentDisposition = (kind: "inline" | "attachment", name: string): string =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function registerPublicRoutes(app: Hono<AppEnv>, ctx: ServiceContext): void {
  const db = ctx.store.db;
  const shared = async (token: string) => {
    const hit = isShareToken(token) ? await sharedDocument(db, token) : null;
    if (!hit) throw notFound();
    return { ...hit, printable: await printableDocument(db, hit.row) };
  };

  app.get(`${SHARE_PREFIX}/:token`, async (c) => {
    const token = c.req.param("token");
    const { printable, culture } = await shared(token);
    const html = renderSharePage({ ...printable, culture, pdfUrl: `${SHARE_PREFIX}/${token}/pdf` });
    return c.html(html, 200, { ...PRIVATE, "x-frame-options": "DENY" });
  });

  app.get(`${SHARE_PREFIX}/:token/pdf`, async (c) => {
    const { printable, culture } = await shared(c.req.param("token"));
    const pdf = await documentPdf(printable, culture, ["original"]);
    return c.body(new Uint8Array(pdf), 200, {
      ...PRIVATE, "content-type": "application/pdf", "content-disposition": contentDisposition("inline", pdfFileName(printable)),
    });
  });

  app.get(`${FILES_PREFIX}/:key/:name`, async (c) => {
    const key = c.req.param("key");
    const file = isAccessKey(key) ? await attachmentByKey(db, key, attachmentBlobDir(ctx.store.kind, ctx.options.dataDir)) : null;
    if (!file) throw notFound();
    return c.body(new Uint8Array(file.bytes), 200, {
      ...PRIVATE, "content-type": file.mime, "content-disposition": contentDisposition("attachment", file.name),
      "content-security-policy": "default-src 'none'; sandbox",
    });
  });
}
