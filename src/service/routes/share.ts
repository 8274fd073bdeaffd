// POST {family}/sharedocument answers {link}: a page on this service that shows the document
// without a token (service-facts §3.9). The link's token has 256 random bits.
import { DOCUMENT_ROUTES, type Route } from "../../api/routes";
import { FAMILIES, FAMILY_INFO } from "../../rules/codes";
import { ShareSchema } from "../../rules/schemas";
import { companyOf, type Api, type ServiceContext } from "../http/context";
import { mount } from "../http/mount";
import { ok } from "../envelope";
import { parseWith, readJson } from "../http/validate";
import { shareDocument } from "../share/links";
import { serviceOrigin, shareUrl } from "./public-links";

export function registerShareRoutes(api: Api, ctx: ServiceContext): void {
  const db = ctx.store.db;
  for (const family of FAMILIES) {
    mount(api, DOCUMENT_ROUTES[family].share as Route, async (c) => {
      const body = parseWith(ShareSchema, await readJson(c));
      const token = await shareDocument(db, companyOf(c), family, body.documentId, body.culture);
      return c.json(ok({ link: shareUrl(serviceOrigin(c), token) }));
    }, { summary: "A link that shows the document without a token", tags: [FAMILY_INFO[family].label.en], body: ShareSchema });
  }
}
